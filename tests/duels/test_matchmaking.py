"""matchmaking_run (RULES.md §1.2): named pairs, same year non-RP, closest RP year, oldest first, 2v2."""
import datetime as dt

import pytest

from duels.models import Duel, Registration
from duels.services import matchmaking_run
from tests.factories.duels import DuellistFactory, RegistrationFactory
from tests.support.clock import T0

pytestmark = pytest.mark.django_db


def reg(minutes: int, year: int = 3, **kwargs) -> Registration:
    return RegistrationFactory(year=year, created_at=T0 + dt.timedelta(minutes=minutes), **kwargs)


def teams(duel: Duel) -> list[set[int]]:
    return [set(duel.participants.filter(team=t).values_list("registration_id", flat=True)) for t in (1, 2)]


def opponents(duel: Duel) -> set[int]:
    return set(duel.participants.values_list("registration_id", flat=True))


def test_mutually_named_opponents_are_paired_before_older_registrations():
    old = reg(0)
    a, b = DuellistFactory(), DuellistFactory()
    ra = reg(5, duellist=a, named_opponent=b, year=2)
    rb = reg(6, duellist=b, named_opponent=a, year=4)
    duels = matchmaking_run().duels
    assert len(duels) == 1 and opponents(duels[0]) == {ra.pk, rb.pk}
    old.refresh_from_db()
    assert old.status == "waiting"


def test_a_one_sided_naming_waits_for_the_named_duellist():
    b = DuellistFactory()
    lonely = reg(0, named_opponent=b)
    reg(1)
    assert matchmaking_run().duels == []
    lonely.refresh_from_db()
    assert lonely.status == "waiting"


def test_non_rp_needs_the_same_year_and_the_oldest_registration_picks_first():
    r1, r2, r3, r4 = reg(0, year=3), reg(1, year=4), reg(2, year=3), reg(3, year=3)
    duels = matchmaking_run().duels
    assert len(duels) == 1 and opponents(duels[0]) == {r1.pk, r3.pk}
    assert duels[0].participants.get(registration=r1).team == 1
    for r in (r2, r4):
        r.refresh_from_db()
        assert r.status == "waiting"


def test_rp_takes_the_closest_year_and_warns_only_beyond_one_year():
    r1 = reg(0, year=5, kind="rp")
    reg_far = reg(1, year=2, kind="rp")
    reg_near = reg(2, year=6, kind="rp")
    duels = matchmaking_run().duels
    assert opponents(duels[0]) == {r1.pk, reg_near.pk} and duels[0].matchmaking_warning == ""
    reg_far.refresh_from_db()
    assert reg_far.status == "waiting"
    r4 = reg(3, year=5, kind="rp")
    duel = matchmaking_run().duels[0]
    assert opponents(duel) == {reg_far.pk, r4.pk}
    assert "écart de 3" in duel.matchmaking_warning


def test_kinds_and_formats_never_mix():
    reg(0, kind="rp")
    reg(1, kind="non_rp")
    reg(2, format="2v2")
    assert matchmaking_run().duels == []


def test_2v2_singles_form_balanced_teams_oldest_first():
    regs = [reg(0, year=2, kind="rp", format="2v2"), reg(1, year=3, kind="rp", format="2v2"),
            reg(2, year=4, kind="rp", format="2v2"), reg(3, year=3, kind="rp", format="2v2"),
            reg(4, year=8, kind="rp", format="2v2")]
    duels = matchmaking_run().duels
    assert len(duels) == 1
    # the oldest (year 2) and the three closest years (3, 3, 4): 2+4 against 3+3
    assert teams(duels[0]) == [{regs[0].pk, regs[2].pk}, {regs[1].pk, regs[3].pk}]
    assert duels[0].matchmaking_warning == ""  # opposing years differ by at most 1
    assert duels[0].participants.count() == 4


def test_2v2_named_teams_meet_the_team_they_name():
    a, b, c, d = (DuellistFactory() for _ in range(4))
    reg(0, format="2v2")  # an older single keeps waiting: named teams come first
    ra = reg(1, duellist=a, format="2v2", named_partner=b, named_opponent=c)
    rb = reg(2, duellist=b, format="2v2", named_partner=a)
    rc = reg(3, duellist=c, format="2v2", named_partner=d, named_opponent=a)
    rd = reg(4, duellist=d, format="2v2", named_partner=c)
    duel = matchmaking_run().duels[0]
    assert teams(duel) == [{ra.pk, rb.pk}, {rc.pk, rd.pk}]


def test_2v2_unnamed_teams_meet_each_other():
    a, b, c, d = (DuellistFactory() for _ in range(4))
    ra = reg(0, duellist=a, format="2v2", named_partner=b)
    rb = reg(1, duellist=b, format="2v2", named_partner=a)
    rc = reg(2, duellist=c, format="2v2", named_partner=d)
    rd = reg(3, duellist=d, format="2v2", named_partner=c)
    duel = matchmaking_run().duels[0]
    assert teams(duel) == [{ra.pk, rb.pk}, {rc.pk, rd.pk}]


def test_matchmaking_is_deterministic_and_a_second_run_does_nothing():
    regs = [reg(minute, year=3) for minute in range(5)]
    first = matchmaking_run().duels
    assert [opponents(d) for d in first] == [{regs[0].pk, regs[1].pk}, {regs[2].pk, regs[3].pk}]
    assert matchmaking_run().duels == []
    regs[4].refresh_from_db()
    assert regs[4].status == "waiting"
