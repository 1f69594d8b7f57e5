"""Who meets whom (RULES.md §1.2, §1.3): pure functions over the waiting registrations. Deterministic:
the same waiting registrations give the same pairings.

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
A wider RP gap than one year is held back (see `Gate`) until the older registration has waited.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from duels.models import DuelFormat, DuelKind, Registration

Team = tuple[Registration, ...]


def age(registration: Registration) -> tuple:
    """Oldest first: the order every tie is broken by."""
    return (registration.created_at, registration.pk)


def _compatible(kind: str, a: Registration, b: Registration) -> bool:
    return kind == DuelKind.RP or a.year == b.year


def _closest(kind: str, anchor: Registration, pool: Sequence[Registration]) -> list[Registration]:
    """Compatible registrations of `pool`, closest year first, then oldest."""
    return sorted(
        (r for r in pool if _compatible(kind, anchor, r)), key=lambda r: (abs(r.year - anchor.year), *age(r))
    )


def year_gap(team1: Team, team2: Team) -> int:
    """The widest year gap between two opponents (RULES.md §1.2: "un an ou moins d'écart")."""
    return max(abs(x.year - y.year) for x in team1 for y in team2)


class Gate:
    """Which pairings may become duels now (§1.2): an RP gap of one year or less at once;
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
    return min(age(r) for r in team)


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
        pool = sorted(solos, key=lambda s: (abs(s.year - middle), *age(s)))
    return [(pool[i], pool[j]) for i in range(len(pool)) for j in range(i + 1, len(pool))]


def _balanced(four: list[Registration]) -> tuple[Team, Team]:
    """Four solo duellists split into balanced teams: sorted by (year, age), 1st+4th vs 2nd+3rd."""
    ordered = sorted(four, key=lambda r: (r.year, *age(r)))
    return (ordered[0], ordered[3]), (ordered[1], ordered[2])


def _newest(pairing: tuple[Team, Team]) -> tuple:
    return max(age(r) for team in pairing for r in team)


def _options_for_solo(kind: str, solo: Registration, solos: list[Registration], teams: list[Team]):
    """Ways a solo duellist gets a duel: with three more solos (balanced teams), or with a solo
    partner (closest year) against a waiting team. Listed so the oldest registrations play first."""
    others = [s for s in solos if s is not solo]
    options = []
    closest = _closest(kind, solo, others)
    if len(closest) >= 3:
        options.append(_balanced([solo, *closest[:3]]))
    for partner in closest:
        pair = tuple(sorted((solo, partner), key=age))
        for team in teams:
            if _teams_face(kind, pair, team):
                options.append(tuple(sorted((pair, team), key=_team_age)))
    return sorted(options, key=lambda o: (year_gap(*o) > 1, _newest(o)))


def _options_for_team(kind: str, team: Team, solos: list[Registration], teams: list[Team]):
    """A free team meets another free team (closest years first), else two solos made a team."""
    others = sorted((t for t in teams if t is not team and _teams_face(kind, team, t)),
                    key=lambda t: (abs(sum(_years(t)) - sum(_years(team))), _team_age(t)))
    options = [(team, other) for other in others]
    options += [(team, tuple(sorted(pair, key=age))) for pair in _solo_pairs_for(kind, team, solos)]
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


def pairings(waiting: list[Registration], now: dt.datetime, wait: dt.timedelta):
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
