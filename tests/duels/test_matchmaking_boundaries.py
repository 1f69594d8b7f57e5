"""matchmaking_run and matchmaking_held at the edges of their choices (RULES.md §1.2, §1.3), found by
mutation testing: which team a free team meets, which solos complete a team, which four
solos make a duel, which team is team 1, which held pairings the referee queue shows."""
import datetime as dt

import pytest

from accounts.models import Duellist
from duels.models import Duel, Registration
from duels.services import matchmaking_run
from duels.services.matchmaking import engine_id_for, matchmaking_held
from tests.factories.duels import DuellistFactory, RegistrationFactory

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 3, 10, 12, tzinfo=dt.UTC)
LONG_AGO = NOW - dt.timedelta(days=30)  # waited longer than the wide-gap delay: no pairing is held


def solo(minute: int, year: int, *, kind: str = "rp", fmt: str = "2v2", since=LONG_AGO) -> Registration:
    return RegistrationFactory(kind=kind, format=fmt, year=year, created_at=since + dt.timedelta(minutes=minute))


def team(minute: int, years: tuple[int, int], *, kind: str = "rp", since=LONG_AGO) -> tuple[Registration, ...]:
    """Two registrations naming each other as partners (and no opponent)."""
    a, b = DuellistFactory(), DuellistFactory()
    at = since + dt.timedelta(minutes=minute)
    return (RegistrationFactory(kind=kind, format="2v2", year=years[0], duellist=a, named_partner=b, created_at=at),
            RegistrationFactory(kind=kind, format="2v2", year=years[1], duellist=b, named_partner=a,
                                created_at=at + dt.timedelta(seconds=1)))


def sides(duel: Duel) -> list[set[int]]:
    return [set(duel.participants.filter(team=t).values_list("registration_id", flat=True)) for t in (1, 2)]


def ids(*registrations) -> set[int]:
    return {r.pk for r in registrations}


def test_a_free_rp_team_meets_the_team_of_closest_total_year_not_the_oldest():
    first = team(0, (5, 5))
    team(1, (1, 1))  # older than `close` but 8 years further in total
    close = team(2, (5, 6))
    (duel,) = matchmaking_run(now=NOW).duels
    assert sides(duel) == [ids(*first), ids(*close)]


def test_a_team_completed_by_rp_solos_takes_the_two_closest_to_its_years():
    first = team(0, (5, 5))
    a, b = solo(1, 5), solo(2, 5)
    solo(3, 6)
    solo(4, 4)
    (duel,) = matchmaking_run(now=NOW).duels
    assert sides(duel) == [ids(*first), ids(a, b)]


def test_rp_solos_older_than_a_team_are_team_1_against_it():
    oldest, second = solo(0, 3), solo(1, 4)
    pair = team(2, (4, 4))
    (duel,) = matchmaking_run(now=NOW).duels
    assert sides(duel) == [ids(oldest, second), ids(*pair)]


def test_four_solos_are_the_oldest_and_its_three_closest_years_in_balanced_teams():
    s0, s1, s2, s3 = (solo(minute, 3) for minute in range(4))
    late = solo(4, 2)  # one year off the oldest: a fifth, left waiting
    (duel,) = matchmaking_run(now=NOW).duels
    assert sides(duel) == [ids(s0, s3), ids(s1, s2)]
    late.refresh_from_db()
    assert late.status == "waiting"


def test_a_held_pairing_taken_over_in_this_run_does_not_hide_the_next_one():
    recent = NOW - dt.timedelta(hours=1)
    solo(0, 1, fmt="1v1", since=recent)  # held with the year-4 one (gap 3)...
    solo(1, 4, fmt="1v1", since=recent)  # ...who is paired with the year-5 one in this run
    solo(2, 5, fmt="1v1", since=recent)
    wide = [solo(3 + i, year, since=recent) for i, year in enumerate((1, 1, 5, 5))]  # 2v2, gap 4: held
    held = matchmaking_held(now=NOW)
    assert [(h.format, h.gap, set(h.registration_ids)) for h in held] == [("2v2", 4, ids(*wide))]


def test_a_solo_pair_against_a_team_is_chosen_by_gap_first_then_age():
    # The oldest solo could join the balanced four (one year apart at most) or pair with the year-3 solo
    # against the newer year-3 team (no gap at all): gaps of one year or less are equal, the older wins.
    s0, p = solo(0, 3), solo(5, 3)
    s1, s2 = solo(1, 4), solo(2, 4)
    team(10, (3, 3))
    (duel,) = matchmaking_run(now=NOW).duels
    assert sides(duel) == [ids(s0, s2), ids(p, s1)]


def test_a_two_year_gap_goes_after_every_closer_pairing_even_an_older_one():
    s0, p = solo(0, 3), solo(20, 3)
    solo(1, 5)
    solo(2, 5)
    pair = team(10, (3, 3))
    (duel,) = matchmaking_run(now=NOW).duels
    assert sides(duel) == [ids(s0, p), ids(*pair)]


def test_a_team_completed_by_rp_solos_prefers_close_years_to_an_older_far_solo():
    first = team(0, (5, 5))
    solo(1, 2)  # waited as long, but three years off
    b, c = solo(2, 5), solo(3, 6)
    (duel,) = matchmaking_run(now=NOW).duels
    assert sides(duel) == [ids(*first), ids(b, c)]


def test_an_rp_gap_of_two_years_is_held_then_created_with_its_warning():
    recent = NOW - dt.timedelta(hours=1)
    low, high = solo(0, 3, fmt="1v1", since=recent), solo(1, 5, fmt="1v1", since=recent)
    assert matchmaking_run(now=NOW).duels == []
    assert [h.gap for h in matchmaking_held(now=NOW)] == [2]
    (duel,) = matchmaking_run(now=NOW + dt.timedelta(days=7)).duels
    assert duel.matchmaking_warning == (
        f"Duel RP entre années éloignées : {low.duellist.forum_name} (année 3) contre "
        f"{high.duellist.forum_name} (année 5), écart de 2.")


def test_the_rp_warning_of_a_2v2_names_the_newest_pair_at_the_widest_gap():
    a, b = team(0, (1, 1))
    c, d = team(5, (4, 4))
    (duel,) = matchmaking_run(now=NOW).duels
    assert duel.matchmaking_warning == (
        f"Duel RP entre années éloignées : {b.duellist.forum_name} (année 1) contre "
        f"{d.duellist.forum_name} (année 4), écart de 3.")


@pytest.mark.parametrize(("forum_name", "engine_id"), [
    ("  Hermione ", "Hermione"),
    ("x" * 100, "x" * 100),
    ("A#1", "d4242"),  # '#' is kept for creatures
    ("   ", "d4242"),
])
def test_the_engine_id_is_the_forum_name_unless_it_cannot_be(forum_name, engine_id):
    assert engine_id_for(Duellist(forum_name=forum_name, forum_id=4242)) == engine_id


def test_non_rp_teams_of_mixed_years_are_flagged_from_the_lowest_to_the_highest_year():
    low, _a4 = team(0, (2, 4), kind="non_rp")
    _b2, high = team(5, (2, 4), kind="non_rp")
    (duel,) = matchmaking_run(now=NOW).duels
    assert duel.matchmaking_warning == (
        f"Duel non-RP entre niveaux différents : {low.duellist.forum_name} (année 2) et "
        f"{high.duellist.forum_name} (année 4).")


def test_a_prodigium_member_is_recorded_as_such_in_the_duel():
    member = RegistrationFactory(duellist=DuellistFactory(prodigium=True))
    other = RegistrationFactory()
    (duel,) = matchmaking_run(now=NOW).duels
    assert duel.participants.get(registration=member).prodigium
    assert not duel.participants.get(registration=other).prodigium


# --- named opponents and partners: only a naming returned binds ---------------------------------

def reg(minute: int, *, fmt: str = "2v2", **kwargs) -> Registration:
    return RegistrationFactory(kind="non_rp", format=fmt, year=3, created_at=LONG_AGO + dt.timedelta(minutes=minute),
                               **kwargs)


def waiting(*registrations) -> bool:
    return all(r.status == "waiting" for r in Registration.objects.filter(pk__in=ids(*registrations)))


def test_1v1_a_naming_not_returned_waits_while_the_named_one_meets_someone_else():
    b = DuellistFactory()
    a = reg(0, fmt="1v1", named_opponent=b)
    rb, rc = reg(1, fmt="1v1", duellist=b), reg(2, fmt="1v1")
    (duel,) = matchmaking_run(now=NOW).duels
    assert sides(duel) == [ids(rb), ids(rc)] and waiting(a)


def test_1v1_named_pairs_registered_interleaved_give_one_duel_each():
    a1, b1, a2, b2 = (DuellistFactory() for _ in range(4))
    r_a1, r_a2 = reg(0, fmt="1v1", duellist=a1, named_opponent=b1), reg(1, fmt="1v1", duellist=a2, named_opponent=b2)
    r_b1, r_b2 = reg(2, fmt="1v1", duellist=b1, named_opponent=a1), reg(3, fmt="1v1", duellist=b2, named_opponent=a2)
    duels = matchmaking_run(now=NOW).duels
    assert [sides(d) for d in duels] == [[ids(r_a1), ids(r_b1)], [ids(r_a2), ids(r_b2)]]


def test_2v2_a_partner_naming_not_returned_waits_and_the_named_one_plays_solo():
    b = DuellistFactory()
    a = reg(0, named_partner=b)
    solos = [reg(1, duellist=b), reg(2), reg(3), reg(4)]
    (duel,) = matchmaking_run(now=NOW).duels
    assert set().union(*sides(duel)) == ids(*solos) and waiting(a)


def test_2v2_named_teams_registered_interleaved_give_one_duel():
    a1, b1, a2, b2 = (DuellistFactory() for _ in range(4))
    regs = [reg(0, duellist=a1, named_partner=b1), reg(1, duellist=a2, named_partner=b2),
            reg(2, duellist=b1, named_partner=a1), reg(3, duellist=b2, named_partner=a2)]
    (duel,) = matchmaking_run(now=NOW).duels
    assert sides(duel) == [ids(regs[0], regs[2]), ids(regs[1], regs[3])]


def named_team(minute: int, *, opponents=(None, None)) -> tuple[Registration, Registration]:
    a, b = DuellistFactory(), DuellistFactory()
    return (reg(minute, duellist=a, named_partner=b, named_opponent=opponents[0]),
            reg(minute, duellist=b, named_partner=a, named_opponent=opponents[1]))


def test_2v2_a_team_naming_a_team_that_does_not_name_it_back_waits():
    c, d = DuellistFactory(), DuellistFactory()
    first = named_team(0, opponents=(c, None))
    reg(1, duellist=c, named_partner=d)
    reg(1, duellist=d, named_partner=c, named_opponent=DuellistFactory())  # names someone not registered
    assert matchmaking_run(now=NOW).duels == [] and waiting(*first)


def test_2v2_named_opponents_meet_even_after_an_older_free_team():
    free = named_team(0)
    c, d, e, f = (DuellistFactory() for _ in range(4))
    one = (reg(2, duellist=c, named_partner=d, named_opponent=e), reg(2, duellist=d, named_partner=c))
    two = (reg(3, duellist=e, named_partner=f, named_opponent=c), reg(3, duellist=f, named_partner=e))
    (duel,) = matchmaking_run(now=NOW).duels
    assert sides(duel) == [ids(*one), ids(*two)] and waiting(*free)


def test_2v2_a_team_named_by_two_teams_meets_the_older_one_only():
    a1, a2, c, d, e, f = (DuellistFactory() for _ in range(6))
    first = (reg(0, duellist=a1, named_partner=a2, named_opponent=c), reg(0, duellist=a2, named_partner=a1))
    second = (reg(1, duellist=c, named_partner=d, named_opponent=a1),
              reg(1, duellist=d, named_partner=c, named_opponent=f))
    third = (reg(2, duellist=e, named_partner=f), reg(2, duellist=f, named_partner=e, named_opponent=d))
    (duel,) = matchmaking_run(now=NOW).duels
    assert sides(duel) == [ids(*first), ids(*second)] and waiting(*third)


def test_2v2_a_team_already_met_is_not_met_again_after_other_named_pairings():
    a1, a2, c, d, e, f, g, h, i, j = (DuellistFactory() for _ in range(10))
    first = (reg(0, duellist=a1, named_partner=a2, named_opponent=c),
             reg(0, duellist=a2, named_partner=a1, named_opponent=i))
    second = (reg(1, duellist=c, named_partner=d, named_opponent=a1), reg(1, duellist=d, named_partner=c))
    third = (reg(2, duellist=e, named_partner=f, named_opponent=g), reg(2, duellist=f, named_partner=e))
    fourth = (reg(3, duellist=g, named_partner=h, named_opponent=e), reg(3, duellist=h, named_partner=g))
    fifth = (reg(4, duellist=i, named_partner=j, named_opponent=a2), reg(4, duellist=j, named_partner=i))
    duels = matchmaking_run(now=NOW).duels
    assert [sides(d) for d in duels] == [[ids(*first), ids(*second)], [ids(*third), ids(*fourth)]]
    assert waiting(*fifth)


def test_the_oldest_registration_is_served_first_whatever_order_it_was_stored_in():
    stored_first = reg(5, fmt="1v1")
    oldest, second = reg(0, fmt="1v1"), reg(1, fmt="1v1")
    (duel,) = matchmaking_run(now=NOW).duels
    assert sides(duel) == [ids(oldest), ids(second)] and waiting(stored_first)
