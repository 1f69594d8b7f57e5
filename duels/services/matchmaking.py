"""Matchmaking (RULES.md §1.2): the waiting registrations become duels. Who meets whom is decided by
`pairing.pairings` (pure, deterministic); this module locks the registrations, creates the duels with
their warning, and lets a referee confirm a pairing held back for a wide RP year gap.
An RP duel whose opponents' years differ by more than one is created with a warning (never refused).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Duellist
from duels.events import DuelMatched, emit
from duels.models import (
    Duel,
    DuelKind,
    DuelStatus,
    MatchmakingSettings,
    Participant,
    Registration,
    RegistrationStatus,
)
from duels.services.errors import DuelError
from duels.services.pairing import Team, age, pairings, year_gap


@dataclass
class MatchmakingReport:
    duels: list[Duel] = field(default_factory=list)

    @property
    def warnings(self) -> dict[int, str]:
        return {d.pk: d.matchmaking_warning for d in self.duels if d.matchmaking_warning}


def engine_id_for(duellist: Duellist) -> str:
    """The rules engine's id for a duellist: their forum name (readable in the engine's event texts),
    or `d<forum id>` when the name holds '#' (reserved for creature ids like `A#1`). Stored on the
    Participant when the duel is created, so a later rename on the forum changes nothing."""
    name = duellist.forum_name.strip()
    if not name or "#" in name or len(name) > 100:
        return f"d{duellist.forum_id}"
    return name


def _warning(kind: str, team1: Team, team2: Team) -> str:
    """Shown to the duellists and the referee (before taking the duel): an RP duel between years more
    than one apart (§1.2 advises one year or less), or a non-RP duel between named duellists of
    different years (§1.2: two friends "dans un même niveau")."""
    if kind == DuelKind.RP:
        gap, a, b = max(
            ((abs(x.year - y.year), x, y) for x in team1 for y in team2), key=lambda t: (t[0], age(t[1]), age(t[2]))
        )
        if gap <= 1:
            return ""
        return _("Duel RP entre années éloignées : %(a)s (année %(ya)s) contre %(b)s (année %(yb)s), écart de %(gap)d.") % {
            "a": a.duellist.forum_name, "ya": a.year, "b": b.duellist.forum_name, "yb": b.year, "gap": gap,
        }
    everyone = sorted((*team1, *team2), key=lambda r: (r.year, *age(r)))
    low, high = everyone[0], everyone[-1]
    if low.year == high.year:
        return ""
    return _("Duel non-RP entre niveaux différents : %(a)s (année %(ya)s) et %(b)s (année %(yb)s).") % {
        "a": low.duellist.forum_name, "ya": low.year, "b": high.duellist.forum_name, "yb": high.year,
    }


def _duel_create(kind: str, format: str, team1: Team, team2: Team) -> Duel:
    duel = Duel.objects.create(
        kind=kind, format=format, status=DuelStatus.MATCHED, matchmaking_warning=_warning(kind, team1, team2)[:300],
        created_at=timezone.now(),
    )
    for team_number, team in ((1, team1), (2, team2)):
        for registration in team:
            Participant.objects.create(
                duel=duel, duellist=registration.duellist, registration=registration,
                engine_id=engine_id_for(registration.duellist), team=team_number, year=registration.year,
                prodigium=registration.duellist.prodigium,
            )
            registration.status = RegistrationStatus.MATCHED
            registration.duel = duel
            registration.save(update_fields=["status", "duel"])
    emit(DuelMatched(duel=duel))  # each duellist learns who they face
    return duel


def _wait() -> dt.timedelta:
    return dt.timedelta(days=MatchmakingSettings.current().wide_gap_wait_days)


def _waiting(lock: bool) -> list[Registration]:
    rows = Registration.objects.filter(status=RegistrationStatus.WAITING).select_related("duellist")
    if lock:
        rows = rows.select_for_update(of=("self",))
    return list(rows.order_by("created_at", "pk"))


@transaction.atomic
def matchmaking_run(*, now: dt.datetime | None = None) -> MatchmakingReport:
    """Create every duel that the waiting registrations allow. Safe to run concurrently (rows locked)."""
    allowed, _held = pairings(_waiting(lock=True), now or timezone.now(), _wait())
    report = MatchmakingReport()
    for kind, format, team1, team2 in allowed:
        report.duels.append(_duel_create(kind, format, team1, team2))
    return report


@dataclass(frozen=True)
class HeldPairing:
    """An RP pairing held back for its year gap (> 1): it becomes a duel once the older registration
    has waited the staff-set delay, or when a referee confirms it from the queue."""
    kind: str
    format: str
    team1: Team
    team2: Team
    gap: int
    release_at: dt.datetime  # when matchmaking will make it a duel without a referee

    @property
    def registration_ids(self) -> list[int]:
        return sorted(r.pk for team in (self.team1, self.team2) for r in team)

    @property
    def key(self) -> str:
        return ",".join(map(str, self.registration_ids))


def _held(waiting: list[Registration], now: dt.datetime, wait: dt.timedelta) -> list[HeldPairing]:
    allowed, held = pairings(waiting, now, wait)
    taken = {r.pk for *_kf, t1, t2 in allowed for r in (*t1, *t2)}
    out = []
    for kind, format, team1, team2 in held:
        if taken & {r.pk for r in (*team1, *team2)}:
            continue  # one of them gets another duel in this run
        oldest = min(r.created_at for r in (*team1, *team2))
        out.append(HeldPairing(kind, format, team1, team2, year_gap(team1, team2), oldest + wait))
    return out


def matchmaking_held(*, now: dt.datetime | None = None) -> list[HeldPairing]:
    """The pairings matchmaking holds back now for a wide RP year gap (referee queue, dashboards)."""
    return _held(_waiting(lock=False), now or timezone.now(), _wait())


@transaction.atomic
def matchmaking_confirm(*, key: str, by, now: dt.datetime | None = None) -> Duel:
    """A referee confirms a held wide-gap pairing: it becomes a duel at once (with the gap warning).
    Refused when the pairing is no longer proposed (someone withdrew or was paired meanwhile)."""
    if not getattr(by, "is_referee", False):
        raise DuelError("not-a-referee")
    for pairing in _held(_waiting(lock=True), now or timezone.now(), _wait()):
        if pairing.key == key:
            return _duel_create(pairing.kind, pairing.format, pairing.team1, pairing.team2)
    raise DuelError("pairing-gone", _("Cet appariement n'est plus proposé : une inscription a changé entre-temps."))
