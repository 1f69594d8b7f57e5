"""The French names the pictures, the BBCode and the pages share: rounds, match states, tie-breaks."""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.engine import (
    BYE,
    DECIDED,
    DISQUALIFICATION,
    FORFEIT,
    HIGHER_SEED,
    READY,
    STALE,
    WAITING,
    Bracket,
    MatchKey,
)

MATCH_STATUS = {
    BYE: gettext_lazy("exempt"),
    WAITING: gettext_lazy("en attente"),
    READY: gettext_lazy("à jouer"),
    STALE: gettext_lazy("à revoir par l'arbitre"),
    DECIDED: gettext_lazy("joué"),
}

DECIDED_BY = {
    FORFEIT: gettext_lazy("forfait"),
    DISQUALIFICATION: gettext_lazy("disqualification"),
    HIGHER_SEED: gettext_lazy("nul : la meilleure tête de série passe"),
}

# The tie-breaks in the order the engine applies them (tournaments/engine/standings.py), as the rules page says them.
TIE_BREAK_TEXT = {
    "points": gettext_lazy("Les points : 3 par victoire (un forfait ou une disqualification de l'adversaire compte "
                           "comme une victoire), 1 par nul, 0 par défaite ; une exemption vaut une victoire."),
    "buchholz": gettext_lazy("Le Buchholz : la somme des points actuels des adversaires rencontrés "
                             "(une exemption n'ajoute rien)."),
    "head-to-head": gettext_lazy("La confrontation directe : les points marqués entre les ex æquo, comptés "
                                 "seulement si chacun a rencontré chacun des autres."),
    "pf-left": gettext_lazy("Les PF restants : le plus de PF restants, additionnés sur les duels joués."),
    "fewest-faults": gettext_lazy("Les fautes : le moins de fautes reçues, additionnées sur les duels joués."),
    "seed": gettext_lazy("La tête de série : la meilleure tête de série passe devant."),
}


def round_name(bracket: Bracket, round_number: int) -> str:
    """"Finale", "Demi-finales", "Quarts de finale", "Huitièmes de finale", "Seizièmes de finale", else
    "Tour n"."""
    from_end = bracket.rounds - round_number
    names = {0: _("Finale"), 1: _("Demi-finales"), 2: _("Quarts de finale"), 3: _("Huitièmes de finale"),
             4: _("Seizièmes de finale")}
    return names.get(from_end, _("Tour %(n)d") % {"n": round_number})


def match_name(bracket: Bracket, key: MatchKey) -> str:
    if bracket.third_place and key.match == MatchKey(bracket.rounds, 2):
        return _("Petite finale")
    if key.round == bracket.rounds:
        return _("Finale")
    return _("%(round)s, match %(slot)d") % {"round": round_name(bracket, key.round), "slot": key.slot}


def entrant_name(names, entrant) -> str:
    """The name shown for an entrant id (its id when the caller gave no name)."""
    if entrant is None:
        return "?"
    return str(names.get(entrant, entrant))
