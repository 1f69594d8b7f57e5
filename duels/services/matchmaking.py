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

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Duellist
from duels.models import Duel, DuelFormat, DuelKind, DuelStatus, Participant, Registration, RegistrationStatus

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


def _rp_warning(kind: str, team1: Team, team2: Team) -> str:
    if kind != DuelKind.RP:
        return ""
    gap, a, b = max(
        ((abs(x.year - y.year), x, y) for x in team1 for y in team2), key=lambda t: (t[0], _age(t[1]), _age(t[2]))
    )
    if gap <= 1:
        return ""
    return _("Duel RP entre années éloignées : %(a)s (année %(ya)s) contre %(b)s (année %(yb)s), écart de %(gap)d.") % {
        "a": a.duellist.forum_name, "ya": a.year, "b": b.duellist.forum_name, "yb": b.year, "gap": gap,
    }


def _duel_create(kind: str, format: str, team1: Team, team2: Team) -> Duel:
    duel = Duel.objects.create(
        kind=kind, format=format, status=DuelStatus.MATCHED, matchmaking_warning=_rp_warning(kind, team1, team2),
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
    return duel


def _compatible(kind: str, a: Registration, b: Registration) -> bool:
    return kind == DuelKind.RP or a.year == b.year


def _closest(kind: str, anchor: Registration, pool: Sequence[Registration]) -> list[Registration]:
    """Compatible registrations of `pool`, closest year first, then oldest."""
    return sorted(
        (r for r in pool if _compatible(kind, anchor, r)), key=lambda r: (abs(r.year - anchor.year), *_age(r))
    )


def _match_1v1(kind: str, pool: list[Registration]) -> list[tuple[Team, Team]]:
    pairs: list[tuple[Team, Team]] = []
    by_duellist = {r.duellist_id: r for r in pool}
    used: set[int] = set()
    for reg in pool:
        other = by_duellist.get(reg.named_opponent_id)
        if reg.pk in used or other is None or other.pk in used or other.named_opponent_id != reg.duellist_id:
            continue
        pairs.append(((reg,), (other,)))
        used |= {reg.pk, other.pk}
    free = [r for r in pool if r.pk not in used and r.named_opponent_id is None]
    while free:
        reg = free.pop(0)
        candidates = _closest(kind, reg, free)
        if candidates:
            free.remove(candidates[0])
            pairs.append(((reg,), (candidates[0],)))
    return pairs


def _team_age(team: Team) -> tuple:
    return min(_age(r) for r in team)


def _match_2v2(kind: str, pool: list[Registration]) -> list[tuple[Team, Team]]:
    pairs: list[tuple[Team, Team]] = []
    by_duellist = {r.duellist_id: r for r in pool}
    teams: list[Team] = []
    in_team: set[int] = set()
    for reg in pool:
        partner = by_duellist.get(reg.named_partner_id)
        if reg.pk in in_team or partner is None or partner.pk in in_team or partner.named_partner_id != reg.duellist_id:
            continue
        teams.append((reg, partner))
        in_team |= {reg.pk, partner.pk}
    teams.sort(key=_team_age)

    def names(team: Team) -> set[int]:
        return {r.named_opponent_id for r in team if r.named_opponent_id}

    def members(team: Team) -> set[int]:
        return {r.duellist_id for r in team}

    used: set[Team] = set()
    for team in teams:
        if team in used or not names(team):
            continue
        for other in teams:
            if other is not team and other not in used and names(team) & members(other) and names(other) & members(team):
                pairs.append((team, other))
                used |= {team, other}
                break
    free_teams = [t for t in teams if t not in used and not names(t)]
    while free_teams:
        team = free_teams.pop(0)
        years = sorted(r.year for r in team)
        candidates = [
            t for t in free_teams if kind == DuelKind.RP or sorted(r.year for r in t) == years
        ]
        if candidates:
            best = min(candidates, key=lambda t: (abs(sum(r.year for r in t) - sum(years)), _team_age(t)))
            free_teams.remove(best)
            pairs.append((team, best))
    singles = [r for r in pool if r.named_partner_id is None and r.named_opponent_id is None]
    while singles:
        reg = singles.pop(0)
        closest = _closest(kind, reg, singles)[:3]
        if len(closest) < 3:
            continue
        for r in closest:
            singles.remove(r)
        four = sorted([reg, *closest], key=lambda r: (r.year, *_age(r)))
        pairs.append(((four[0], four[3]), (four[1], four[2])))
    return pairs


@transaction.atomic
def matchmaking_run() -> MatchmakingReport:
    """Create every duel that the waiting registrations allow. Safe to run concurrently (rows locked)."""
    waiting = list(
        Registration.objects.select_for_update(of=("self",))
        .filter(status=RegistrationStatus.WAITING)
        .select_related("duellist")
        .order_by("created_at", "pk")
    )
    report = MatchmakingReport()
    for kind in DuelKind.values:
        for format in DuelFormat.values:
            pool = [r for r in waiting if r.kind == kind and r.format == format]
            match = _match_1v1 if format == DuelFormat.ONE_V_ONE else _match_2v2
            for team1, team2 in match(kind, pool):
                report.duels.append(_duel_create(kind, format, team1, team2))
    return report
