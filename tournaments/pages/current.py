"""The matches of a round as the pages show them: the sides, the duel (its phase, who is awaited and until
when, from the running-duels page's selector), or how the match was decided."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from duels.models import Duel, DuelStatus, SlotStatus
from duels.selectors import spectators
from tournaments.models import Match, Outcome, Round
from tournaments.selectors import WAITS

from .state import Loaded


@dataclass
class MatchLine:
    match: Match
    side_a: str
    side_b: str  # "" for a bye
    duel: Duel | None = None
    public: bool = False  # the duel page opens for anyone
    phase: str = ""
    awaited: list[tuple[str, object]] = field(default_factory=list)  # (name, deadline)
    outcome: str = ""  # how it ended, once decided
    waits_for: str = ""  # one line: what the match waits for


def current_round(loaded: Loaded) -> Round | None:
    """The first round not complete yet, else the last one."""
    for round_ in loaded.rounds:
        if round_.completed_at is None:
            return round_
    return loaded.rounds[-1] if loaded.rounds else None


def duels_of(matches: list[Match]) -> dict[int, Duel]:
    """The matches' duels with their duellists and open windows: four queries for any number of duels."""
    ids = [m.duel_id for m in matches if m.duel_id]
    if not ids:
        return {}
    return {duel.pk: duel for duel in spectators.with_waiting(Duel.objects.filter(pk__in=ids))}


def _outcome(match: Match, names: dict[int, str]) -> str:
    if match.outcome == Outcome.DRAW:
        return _("match nul")
    winner = names.get(match.winner_id, "?")
    text = _("%(name)s l'emporte") % {"name": winner}
    if match.how and match.how != "played":
        text += f" ({match.get_how_display()})"
    return text


def match_lines(loaded: Loaded, matches: list[Match], duels: dict[int, Duel]) -> list[MatchLine]:
    names = loaded.names
    lines = []
    for match in matches:
        line = MatchLine(match, names.get(match.side_a_id, "?"), names.get(match.side_b_id, "") if match.side_b_id else "")
        if match.is_bye:
            line.outcome = line.waits_for = _("exempt : qualifié d'office")
        elif match.is_decided:
            line.outcome = line.waits_for = _outcome(match, names)
        elif match.stale:
            line.waits_for = _("à revoir par les organisateurs (résultat corrigé en amont)")
        duel = duels.get(match.duel_id) if match.duel_id else None
        if duel is not None:
            line.duel, line.public, line.phase = duel, spectators.is_public(duel), duel.get_status_display()
            windows = getattr(duel, "open_windows", [])
            if windows:
                line.awaited = [(s.participant.duellist.forum_name, s.deadline) for s in windows[0].slots.all()
                                if s.status == SlotStatus.WAITING]
            if not line.waits_for:
                line.waits_for = _waits_for(duel, line.awaited)
        elif not line.waits_for:
            line.waits_for = _("le duel n'est pas encore créé")
        lines.append(line)
    return lines


def _waits_for(duel: Duel, awaited: list) -> str:
    """What the duel waits for, in the staff page's words (tournaments.selectors.WAITS), from the rows the
    running-duels selector already read."""
    if awaited:
        return f"{WAITS['posts']} : " + ", ".join(name for name, _deadline in awaited)
    if duel.status in (DuelStatus.FINISHED, DuelStatus.CANCELLED):
        return str(WAITS["staff"])
    if duel.status == DuelStatus.MATCHED:
        return str(WAITS["referee"])
    if duel.status == DuelStatus.SETUP:
        choosing = [p.duellist.forum_name for p in duel.participants.all() if len(p.magic_types) != p.types_needed]
        return f"{WAITS['magic-types']} : " + ", ".join(choosing) if choosing else str(WAITS["magic-types"])
    if duel.status == DuelStatus.READY:
        return str(WAITS["start"])
    return str(WAITS["declaration"])
