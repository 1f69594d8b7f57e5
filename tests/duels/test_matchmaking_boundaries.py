"""matchmaking_run and matchmaking_held at the edges of their choices (RULES.md §1.2, §1.3), found by
mutation testing (issue 18): which team a free team meets, which solos complete a team, which four
solos make a duel, which team is team 1, which held pairings the referee queue shows."""
import datetime as dt

import pytest

from duels.models import Duel, Registration
from duels.services import matchmaking_run
from duels.services.matchmaking import matchmaking_held
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
