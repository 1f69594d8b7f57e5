"""The public tournament page's content: the bracket as columns of matches, the groups' or the Swiss
standings with names, the current round's matches, the rules written down (tie-breaks, draws), the
forum copies, and a version that changes whenever any of it does (the HTMX poll answers 204 otherwise)."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments import engine
from tournaments.export import bbcode
from tournaments.export.labels import DECIDED_BY, MATCH_STATUS, TIE_BREAK_TEXT, entrant_name, round_name
from tournaments.models import DrawRule, Match, TournamentFormat

from .current import current_round, duels_of, match_lines
from .state import Loaded, Progress, progress


@dataclass
class BracketSide:
    name: str
    seed: int | None
    won: bool
    lost: bool


@dataclass
class BracketMatch:
    key: engine.MatchKey
    label: str  # "Petite finale" for the third-place match, else ""
    sides: tuple[BracketSide, BracketSide]
    status: str
    status_label: str
    note: str  # forfeit, disqualification, draw decided by the seed
    duel_id: int | None


def _stored_duels(matches: list[Match]) -> dict[engine.MatchKey, int]:
    """Each elimination match's latest duel (a rematch after a draw replaces the drawn duel)."""
    found = {}
    for match in matches:
        if match.duel_id and match.round.stage == "elimination":
            found[engine.MatchKey(match.bracket_round, match.slot)] = match.duel_id
    return found


def bracket_columns(state: engine.BracketState, names: dict, matches: list[Match]) -> list[tuple[str, list]]:
    bracket = state.bracket
    seeds = {entrant: n for n, entrant in enumerate(bracket.seed_order, start=1)}
    duels = _stored_duels(matches)
    columns = [(round_name(bracket, number), []) for number in range(1, bracket.rounds + 1)]
    for match in state.matches:
        decided = match.status == engine.DECIDED
        sides = tuple(
            BracketSide(entrant_name(names, entrant) if entrant is not None else "", seeds.get(entrant),
                        won=match.winner is not None and entrant == match.winner,
                        lost=decided and entrant is not None and entrant != match.winner)
            for entrant in (match.a, match.b))
        third = bracket.third_place and match.key == engine.MatchKey(bracket.rounds, 2)
        columns[match.key.round - 1][1].append(BracketMatch(
            match.key, _("Petite finale") if third else "", sides, match.status, str(MATCH_STATUS[match.status]),
            str(DECIDED_BY.get(match.decided_by, "")) if decided else "", duels.get(match.key)))
    return columns


def rules_text(tournament) -> dict:
    """The rules the page writes down: the tie-breaks where there are standings (groups, Swiss), the
    bracket's rules where there is a bracket (tournaments/engine/elimination.py)."""
    fmt = tournament.format
    breaks = engine.SWISS_TIE_BREAKS if fmt == TournamentFormat.SWISS else engine.TIE_BREAKS
    bracket = []
    if fmt != TournamentFormat.SWISS:
        bracket.append(_("Tableau : les têtes de série 1 et 2 ne peuvent se rencontrer qu'en finale ; quand le "
                         "nombre de participants n'est pas une puissance de deux, les exemptions du premier tour "
                         "vont aux meilleures têtes de série."))
        bracket.append(_("Un duel nul en élimination directe se rejoue entre les mêmes adversaires.")
                       if tournament.draw_rule == DrawRule.REMATCH
                       else _("Un duel nul en élimination directe qualifie la meilleure tête de série."))
        if tournament.third_place:
            bracket.append(_("Les perdants des demi-finales se rencontrent pour la troisième place."))
    return {"tie_breaks": [] if fmt == TournamentFormat.SINGLE_ELIMINATION else [str(TIE_BREAK_TEXT[b]) for b in breaks],
            "bracket": bracket}


def group_title(number: int) -> str:
    return _("Poule %(letter)s") % {"letter": chr(ord("A") + number - 1)}


def named_standings(rows, names: dict) -> list[dict]:
    return [{"row": row, "name": entrant_name(names, row.entrant)} for row in rows]


def overview(loaded: Loaded, *, title: str, image_url: str) -> dict:
    """Everything the page shows (and `version`, a digest of it)."""
    tournament, names = loaded.tournament, loaded.names
    found: Progress = progress(loaded)
    now = current_round(loaded)
    round_matches = [m for m in loaded.matches if now is not None and m.round_id == now.pk]
    duels = duels_of(round_matches)
    context = {
        "progress": found, "current_round": now, "lines": match_lines(loaded, round_matches, duels),
        "rules": rules_text(tournament),
        "bracket": bracket_columns(found.bracket, names, loaded.matches) if found.bracket else None,
        "groups": [(group_title(n), named_standings(rows, names)) for n, rows in found.groups],
        "swiss": named_standings(found.swiss, names) if found.swiss else None,
        "entrants": [e for e in loaded.entrants if e.withdrawn_at is None],
        "past_rounds": [(r, match_lines(loaded, [m for m in loaded.matches if m.round_id == r.pk], {}))
                        for r in loaded.rounds if now is not None and r.number < now.number],
        "champion_name": (entrant_name(names, found.bracket.champion)
                          if found.bracket and found.bracket.champion is not None else ""),
    }
    if found.bracket:
        context["bbcode"] = bbcode.bracket_bbcode(found.bracket, names, title=title, image_url=image_url)
    elif found.groups or found.swiss:
        tables = ([(group_title(n), rows) for n, rows in found.groups] if found.groups
                  else [(_("Classement"), found.swiss)])
        context["bbcode"] = bbcode.standings_bbcode(tables, names, title=title, image_url=image_url)
    context["version"] = version(loaded, duels)
    return context


def version(loaded: Loaded, duels: dict) -> str:
    """A digest of what the page shows: the tournament, its entrants, its matches, the current duels."""
    t = loaded.tournament
    parts = [t.status, t.updated_at.isoformat(), t.winner_id, t.seed_order,
             [(e.pk, e.checked_in_at is not None, e.withdrawn_at is not None) for e in loaded.entrants],
             [(r.pk, r.completed_at is not None) for r in loaded.rounds],
             [(m.pk, m.side_a_id, m.side_b_id, m.outcome, m.how, m.duel_id, m.stale) for m in loaded.matches],
             [(d.pk, d.status, d.turn, [(s.pk, s.status, str(s.deadline)) for w in getattr(d, "open_windows", [])
                                        for s in w.slots.all()]) for d in duels.values()]]
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()
