"""A ledger entry in words, built at display time from what caused it: « Duel n°12 : victoire de Harry »
(linked to the duel), « Tournoi « Coupe d'hiver » : victoire de Harry », a manual entry's reason (the
staff's words), a correction's « Annule : … » (what it reverses) with its reason."""
from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from cup.models import Cause, LedgerEntry


@dataclass(frozen=True)
class Described:
    text: str
    url: str = ""


def _outcome_phrase(outcome: str, name: str) -> str:
    phrases = {
        "win": _("victoire de %(name)s"), "draw": _("match nul de %(name)s"),
        "loss": _("défaite de %(name)s"), "disqualified": _("disqualification de %(name)s"),
    }
    return phrases.get(outcome, _("résultat de %(name)s")) % {"name": name}


def _name(entry: LedgerEntry) -> str:
    return entry.duellist.forum_name if entry.duellist_id and entry.duellist else _("un duelliste retiré")


def describe(entry: LedgerEntry) -> Described:
    """What the line says (and where it links). Reads only what `selectors.entries` joined."""
    if entry.cause == Cause.DUEL:
        what = _outcome_phrase(entry.outcome, _name(entry))
        if entry.duel_id is None:
            return Described(_("Duel supprimé : %(what)s") % {"what": what})
        return Described(_("Duel n°%(n)s : %(what)s") % {"n": entry.duel_id, "what": what},
                         reverse("duels:duel", args=[entry.duel_id]))
    if entry.cause == Cause.TOURNAMENT:
        what = _("victoire de %(name)s") % {"name": _name(entry)}
        if entry.tournament_id is None or entry.tournament is None:
            return Described(_("Tournoi supprimé : %(what)s") % {"what": what})
        return Described(_("Tournoi « %(name)s » : %(what)s") % {"name": entry.tournament.name, "what": what},
                         reverse("tournaments:page", args=[entry.tournament.slug]))
    if entry.cause == Cause.CORRECTION:
        original = describe(entry.reverses) if entry.reverses_id and entry.reverses else Described(_("une entrée"))
        text = _("Correction : annule « %(what)s »") % {"what": original.text}
        if entry.reason:
            text += " — " + entry.reason
        return Described(text, original.url)
    return Described(entry.reason or _("Attribution de points"))


def author(entry: LedgerEntry) -> str:
    """Who wrote the entry: the staff member or prefect, or the site for a duel's or tournament's."""
    if entry.created_by_id and entry.created_by:
        return entry.created_by.get_username()
    cause = entry.reverses.cause if entry.cause == Cause.CORRECTION and entry.reverses_id and entry.reverses else entry.cause
    return _("automatique") if cause in (Cause.DUEL, Cause.TOURNAMENT) else "—"  # a hand's account since deleted
