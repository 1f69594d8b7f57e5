"""Matchmaking (RULES.md §1.2). Deterministic: the same waiting registrations give the same duels.

Order of work, within each (kind, format):
1. 1v1: registrations that name each other as opponents are paired, whatever their years.
   2v2: registrations that name each other as partners form a team; two teams face each other when a
   member of each names a member of the other as opponent. (A 2v2 registration may name opponents only
   together with a partner, see registration_create.) Registrations naming someone who does not name
   them back keep waiting for that person.
2. The rest, oldest registration first: the oldest picks the closest compatible registration — same year
   for non-RP; smallest RP-year gap for RP, ties to the oldest. 2v2 singles are grouped by four (the
   oldest and the three closest) and split into balanced teams: sorted by (year, age), 1st+4th vs
   2nd+3rd. Unnamed 2v2 teams meet unnamed teams (non-RP: same years; RP: closest total year).
An RP duel whose opponents' years differ by more than one is created with a warning (never refused).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Duellist
from duels.models import (
    Duel,
    DuelFormat,
    DuelKind,
    DuelStatus,
    MatchmakingSettings,
    Participant,
    Registration,
    RegistrationStatus,
)
from duels.services import milestones
from duels.services.errors import DuelError

Team = tuple[Registration, ...]


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


def _age(registration: Registration) -> tuple:
    return (registration.created_at, registration.pk)


def _warning(kind: str, team1: Team, team2: Team) -> str:
    """Shown to the duellists and the referee (before taking the duel): an RP duel between years more
    than one apart (§1.2 advises one year or less), or a non-RP duel between named duellists of
    different years (§1.2: two friends "dans un même niveau")."""
    if kind == DuelKind.RP:
        gap, a, b = max(
            ((abs(x.year - y.year), x, y) for x in team1 for y in team2), key=lambda t: (t[0], _age(t[1]), _age(t[2]))
        )
        if gap <= 1:
            return ""
        return _("Duel RP entre années éloignées : %(a)s (année %(ya)s) contre %(b)s (année %(yb)s), écart de %(gap)d.") % {
            "a": a.duellist.forum_name, "ya": a.year, "b": b.duellist.forum_name, "yb": b.year, "gap": gap,
        }
    everyone = sorted((*team1, *team2), key=lambda r: (r.year, *_age(r)))
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
    milestones.on_duel_matched(duel)  # each duellist learns who they face
    return duel


def _compatible(kind: str, a: Registration, b: Registration) -> bool:
    return kind == DuelKind.RP or a.year == b.year


def _closest(kind: str, anchor: Registration, pool: Sequence[Registration]) -> list[Registration]:
    """Compatible registrations of `pool`, closest year first, then oldest."""
    return sorted(
        (r for r in pool if _compatible(kind, anchor, r)), key=lambda r: (abs(r.year - anchor.year), *_age(r))
    )


def year_gap(team1: Team, team2: Team) -> int:
    """The widest year gap between two opponents (RULES.md §1.2: "un an ou moins d'écart")."""
    return max(abs(x.year - y.year) for x in team1 for y in team2)


class Gate:
    """Which pairings may become duels now (§1.2, issue 11): an RP gap of one year or less at once;
    a wider one only once the older registration has waited `wait`. Pairings held back are kept in
    `held` (the referee may confirm them from the queue)."""

    def __init__(self, kind: str, now: dt.datetime, wait: dt.timedelta):
        self.kind, self.now, self.wait = kind, now, wait
        self.held: list[tuple[Team, Team]] = []

    def allows(self, team1: Team, team2: Team) -> bool:
        if self.kind != DuelKind.RP or year_gap(team1, team2) <= 1:
            return True
        oldest = min(r.created_at for r in (*team1, *team2))
        return self.now - oldest >= self.wait

    def first_allowed(self, candidates: Iterable[tuple[Team, Team]]) -> tuple[Team, Team] | None:
        """The first candidate pairing the gate lets through; the best one held back is remembered."""
        first_held = None
        for team1, team2 in candidates:
            if self.allows(team1, team2):
                return team1, team2
            first_held = first_held or (team1, team2)
        if first_held and not any(_same(first_held, h) for h in self.held):
            self.held.append(first_held)
        return None


def _same(a: tuple[Team, Team], b: tuple[Team, Team]) -> bool:
    return {r.pk for t in a for r in t} == {r.pk for t in b for r in t}


def _match_1v1(kind: str, pool: list[Registration], gate: Gate) -> list[tuple[Team, Team]]:
    pairs: list[tuple[Team, Team]] = []
    by_duellist = {r.duellist_id: r for r in pool}
    used: set[int] = set()
    for reg in pool:
        other = by_duellist.get(reg.named_opponent_id)
        if reg.pk in used or other is None or other.pk in used or other.named_opponent_id != reg.duellist_id:
            continue
        pairs.append(((reg,), (other,)))  # named opponents chose each other: no gate
        used |= {reg.pk, other.pk}
    free = [r for r in pool if r.pk not in used and r.named_opponent_id is None]
    while free:
        reg = free.pop(0)
        chosen = gate.first_allowed(((reg,), (c,)) for c in _closest(kind, reg, free))
        if chosen:
            free.remove(chosen[1][0])
            pairs.append(chosen)
    return pairs


def _team_age(team: Team) -> tuple:
    return min(_age(r) for r in team)


def _years(team: Team) -> list[int]:
    return sorted(r.year for r in team)


def _teams_face(kind: str, a: Team, b: Team) -> bool:
    """Two teams may face each other: any RP years; non-RP, the same years on both sides."""
    return kind == DuelKind.RP or _years(a) == _years(b)


def _named_teams(pool: list[Registration]) -> list[Team]:
    """Registrations that name each other as partners: a team that stays together."""
    by_duellist = {r.duellist_id: r for r in pool}
    teams: list[Team] = []
    in_team: set[int] = set()
    for reg in pool:
        partner = by_duellist.get(reg.named_partner_id)
        if reg.pk in in_team or partner is None or partner.pk in in_team or partner.named_partner_id != reg.duellist_id:
            continue
        teams.append((reg, partner))
        in_team |= {reg.pk, partner.pk}
    return sorted(teams, key=_team_age)


def _named_opponents(teams: list[Team]) -> tuple[list[tuple[Team, Team]], list[Team]]:
    """Teams that name each other as opponents meet (no gate: they chose); the teams left over that
    name nobody are free to meet anyone. Teams naming a team that does not name them back wait."""
    def names(team: Team) -> set[int]:
        return {r.named_opponent_id for r in team if r.named_opponent_id}

    def members(team: Team) -> set[int]:
        return {r.duellist_id for r in team}

    pairs: list[tuple[Team, Team]] = []
    used: set[Team] = set()
    for team in teams:
        if team in used or not names(team):
            continue
        for other in teams:
            if other is not team and other not in used and names(team) & members(other) and names(other) & members(team):
                pairs.append((team, other))
                used |= {team, other}
                break
    return pairs, [t for t in teams if t not in used and not names(t)]


def _solo_pairs_for(kind: str, team: Team, solos: list[Registration]) -> list[Team]:
    """Two solo duellists who could together face `team`, best first: non-RP, both of the team's
    (single) year; RP, the years closest to the team's, then the oldest."""
    if kind != DuelKind.RP:
        years = set(_years(team))
        pool = [s for s in solos if {s.year} == years]
    else:
        middle = sum(r.year for r in team) / len(team)
        pool = sorted(solos, key=lambda s: (abs(s.year - middle), *_age(s)))
    return [(pool[i], pool[j]) for i in range(len(pool)) for j in range(i + 1, len(pool))]


def _balanced(four: list[Registration]) -> tuple[Team, Team]:
    """Four solo duellists split into balanced teams: sorted by (year, age), 1st+4th vs 2nd+3rd."""
    ordered = sorted(four, key=lambda r: (r.year, *_age(r)))
    return (ordered[0], ordered[3]), (ordered[1], ordered[2])


def _newest(pairing: tuple[Team, Team]) -> tuple:
    return max(_age(r) for team in pairing for r in team)


def _options_for_solo(kind: str, solo: Registration, solos: list[Registration], teams: list[Team]):
    """Ways a solo duellist gets a duel: with three more solos (balanced teams), or with a solo
    partner (closest year) against a waiting team. Listed so the oldest registrations play first."""
    others = [s for s in solos if s is not solo]
    options = []
    closest = _closest(kind, solo, others)
    if len(closest) >= 3:
        options.append(_balanced([solo, *closest[:3]]))
    for partner in closest:
        pair = tuple(sorted((solo, partner), key=_age))
        for team in teams:
            if _teams_face(kind, pair, team):
                options.append(tuple(sorted((pair, team), key=_team_age)))
    return sorted(options, key=lambda o: (year_gap(*o) > 1, _newest(o)))


def _options_for_team(kind: str, team: Team, solos: list[Registration], teams: list[Team]):
    """A free team meets another free team (closest years first), else two solos made a team."""
    others = sorted((t for t in teams if t is not team and _teams_face(kind, team, t)),
                    key=lambda t: (abs(sum(_years(t)) - sum(_years(team))), _team_age(t)))
    options = [(team, other) for other in others]
    options += [(team, tuple(sorted(pair, key=_age))) for pair in _solo_pairs_for(kind, team, solos)]
    return options


def _match_2v2(kind: str, pool: list[Registration], gate: Gate) -> list[tuple[Team, Team]]:
    """Named partners stay together; solo duellists (no partner named) are paired into teams to face
    a waiting team or another solo team; the oldest registration is served first (§1.3)."""
    pairs, free_teams = _named_opponents(_named_teams(pool))
    solos = [r for r in pool if r.named_partner_id is None and r.named_opponent_id is None]
    while True:
        for anchor in sorted([*free_teams, *((s,) for s in solos)], key=_team_age):
            if len(anchor) == 2:
                options = _options_for_team(kind, anchor, solos, free_teams)
            else:
                options = _options_for_solo(kind, anchor[0], solos, free_teams)
            chosen = gate.first_allowed(options)
            if chosen:
                break
        else:
            return pairs
        pairs.append(chosen)
        for team in chosen:
            if team in free_teams:
                free_teams.remove(team)
            else:
                for r in team:
                    solos.remove(r)


def _pairings(waiting: list[Registration], now: dt.datetime, wait: dt.timedelta):
    """(kind, format, team1, team2) of every duel allowed now, and the pairings held for a wide RP gap."""
    allowed, held = [], []
    for kind in DuelKind.values:
        for format in DuelFormat.values:
            pool = [r for r in waiting if r.kind == kind and r.format == format]
            gate = Gate(kind, now, wait)
            match = _match_1v1 if format == DuelFormat.ONE_V_ONE else _match_2v2
            allowed += [(kind, format, t1, t2) for t1, t2 in match(kind, pool, gate)]
            held += [(kind, format, t1, t2) for t1, t2 in gate.held]
    return allowed, held


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
    allowed, _held = _pairings(_waiting(lock=True), now or timezone.now(), _wait())
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
    allowed, held = _pairings(waiting, now, wait)
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
