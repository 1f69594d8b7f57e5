"""Helpers to drive duels through the services in tests, and finished duels made directly."""
from __future__ import annotations

import datetime as dt

import pytest

from duels.models import Duel, DuelFormat, DuelKind, DuelStatus, Participant, Phase, Registration
from duels.services import (
    DuelError,
    declaration_prepare,
    declaration_publish,
    duel_start,
    magic_types_choose,
    matchmaking_run,
    post_submit,
    referee_assign,
    registration_create,
)
from duels.services.dice import roll_derive
from tests.factories.duels import (
    TEST_SPELLS,
    DuelFactory,
    DuellistFactory,
    RefereeFactory,
    UserFactory,
    magic_type,
)

RP_TEXT = " ".join(["Baguette"] * 60 + ["levée,"] * 40)  # exactly 100 words


def bet_for(duel: Duel, *, order: int, step: int = 0, win: bool, phase: str | None = None) -> str:
    """The bet that wins (or loses) the die the server will roll at this place of the duel."""
    duel.refresh_from_db()
    phase = phase or (Phase.DEFENCE if duel.status in ("defence", "awaiting_second") else Phase.ACTION)
    roll = roll_derive(seed=duel.seed, turn=duel.turn, phase=phase, post_order=order, step_index=step)
    low = roll <= 3
    return "123" if low == win else "456"


def matched_duel(*, format: str = DuelFormat.ONE_V_ONE, years=(3, 3), kind: str | None = None) -> Duel:
    """Register one duellist per year and run matchmaking (RP when the years differ, non-RP otherwise)."""
    kind = kind or (DuelKind.NON_RP if len(set(years)) == 1 else DuelKind.RP)
    registry = [magic_type(slug) for slug in ("malefices", "soins")]
    for year in years:
        duellist = DuellistFactory(homework_year=max(year, 5), rp_year=year)
        duellist.magic_types.add(*registry)
        registration_create(duellist=duellist, kind=kind, format=format, year=year)
    report = matchmaking_run()
    assert len(report.duels) == 1
    return report.duels[0]


def started_duel(*, format: str = DuelFormat.ONE_V_ONE, years=(3, 3), types=None, spells=None, now=None):
    """A duel through matchmaking, referee, types and start. Returns (duel, referee, participants by team)."""
    duel = matched_duel(format=format, years=years)
    referee = RefereeFactory()
    referee_assign(duel=duel, referee=referee, by=referee)
    participants = list(duel.participants.select_related("duellist__user").order_by("team", "pk"))
    for index, participant in enumerate(participants):
        chosen = (types or {}).get(index) or (["malefices"] if participant.year <= 5 else ["malefices", "soins"])
        magic_types_choose(participant=participant, types=chosen, by=participant.duellist.user)
    duel = duel_start(duel=duel, by=referee, spells=spells or TEST_SPELLS, now=now)
    return duel, referee, participants


def post(duel: Duel, participant: Participant, steps: list[dict], text: str = RP_TEXT, now=None):
    return post_submit(duel=duel, user=participant.duellist.user, rp_text=text, steps=steps, now=now)


def declare(duel: Duel, referee, comment: str = "", now=None):
    draft = declaration_prepare(duel=duel, by=referee, now=now)
    published = declaration_publish(declaration=draft, by=referee, comment=comment, now=now)
    duel.refresh_from_db()
    return published


def miss_windows(duel: Duel, referee, absent: Participant, count: int = 3) -> None:
    """`absent` misses `count` windows in a row while the others pass at once: the sweep, run at each
    deadline, gives the absence faults (the third disqualifies); the referee declares in between."""
    from duels.services import window_expire_overdue

    for _ in range(count):
        duel.refresh_from_db()
        window = duel.windows.get(state="open")
        for other in duel.participants.exclude(pk=absent.pk).select_related("duellist__user"):
            if window.slots.filter(participant=other, status="waiting").exists():
                post(duel, other, [], now=window.opened_at)
        window.refresh_from_db()
        window_expire_overdue(now=window.due_at, window_id=window.pk)
        duel.refresh_from_db()
        if duel.is_running:
            declare(duel, referee, now=window.due_at)


def pf(duel: Duel, participant: Participant) -> int:
    duel.refresh_from_db()
    return next(d["pf"] for d in duel.state["duellists"] if d["id"] == participant.engine_id)


def code_of(call, **kwargs) -> str:
    """The error code a service refuses with (fails the test when it does not refuse)."""
    with pytest.raises(DuelError) as caught:
        call(**kwargs)
    return caught.value.code


def duel_after(turns: int):
    """A duel where both duellists pass `turns - 1` times: it is then in turn `turns`, with a post
    waiting and a full history."""
    duel, referee, (a, b) = started_duel()
    for _ in range(turns - 1):
        post(duel, a, [])
        post(duel, b, [])
        declare(duel, referee)
    post(duel, b, [])  # one post in the open phase, a still expected
    return duel, referee, a, b


def refusal(**kwargs) -> DuelError:
    kwargs.setdefault("kind", DuelKind.NON_RP)
    kwargs.setdefault("format", DuelFormat.ONE_V_ONE)
    with pytest.raises(DuelError) as caught:
        registration_create(**kwargs)
    assert Registration.objects.filter(duellist=kwargs["duellist"], status="waiting").count() <= 1
    return caught.value


def finished_duel(duellist=None, *, at: dt.datetime) -> Duel:
    duel = DuelFactory(status=DuelStatus.FINISHED, finished_at=at, started_at=at, seed_sha256="x" * 64,
                       winner_team=1, referee=UserFactory())
    if duellist is not None:
        Participant.objects.create(duel=duel, duellist=duellist, engine_id=duellist.forum_name, team=1, year=3)
    return duel


def knock_out(duel, referee, a, b):
    """Turns until A knocks B out (the sequence of tests/duels/test_full_duels.py)."""
    post(duel, a, [{"move": 5}, {"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, step=1, win=True)}])
    post(duel, b, [{"cast": "spark", "target": a.engine_id, "bet": bet_for(duel, order=2, win=True)}])
    declare(duel, referee)
    post(duel, a, [{"dodge": bet_for(duel, order=1, win=False)}])
    post(duel, b, [{"nothing": True}], text="")
    declare(duel, referee)
    for spell in ("fireball", "bolt"):
        post(duel, a, [{"cast": spell, "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
        post(duel, b, [])
        declare(duel, referee)
        post(duel, b, [{"nothing": True}], text="")
        declare(duel, referee)
    duel.refresh_from_db()
    assert duel.status == "finished"
