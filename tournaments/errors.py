"""The one refusal of the tournament services, and every French message it can carry."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from common.errors import RefusedError


class TournamentRefused(RefusedError):
    """A refused request: `code` is stable (tests, API), `message` the French text shown to the user."""

    def __init__(self, code: str, message: str | None = None, *, status: int | None = None, **params):
        template = message if message is not None else MESSAGES.get(code, MESSAGES["refused"])
        super().__init__(code, str(template) % params if params else str(template), status=status)
        self.args = (f"{code}: {self.message}",)


MESSAGES = {
    "refused": _("Action refusée."),
    "not-staff": _("Seul le staff du club peut gérer les tournois."),
    "withdraw-running": _("Le tournoi a commencé : vous ne pouvez plus retirer votre inscription vous-même (seulement "
                          "pendant les inscriptions et la confirmation des présences). Pour abandonner, demandez-le à "
                          "l'équipe du club : vos rencontres restantes seront perdues par forfait."),
    "name-required": _("Donnez un nom au tournoi."),
    "slug-invalid": _("L'identifiant ne peut contenir que des lettres minuscules, des chiffres et des tirets."),
    "slug-taken": _("Un autre tournoi du club porte déjà cet identifiant."),
    "invalid-option": _("Option du tournoi invalide : %(field)s."),
    "rp-fixed-year": _("Un tournoi RP se joue à l'année RP de chacun : pas d'année imposée."),
    "groups-options": _("Indiquez le nombre de poules et de qualifiés par poule (au moins 1 chacun)."),
    "groups-too-few-qualifiers": _("Les poules doivent qualifier au moins deux participants (quatre avec un match pour la troisième place)."),
    "swiss-rounds": _("Indiquez le nombre de rondes suisses (au moins 1)."),
    "round-days": _("Une ronde dure entre 1 et 60 jours."),
    "forum-address": _("Adresse refusée : collez l'adresse d'un sujet de %(forum)s."),
    "forum-topic-taken": _("Ce sujet est déjà celui d'un autre tournoi du club."),
    "not-draft": _("Le tournoi n'est plus un brouillon : ses options sont figées."),
    "wrong-status": _("Impossible maintenant : le tournoi est « %(state)s »."),
    "signup-closed": _("Les inscriptions à ce tournoi sont fermées."),
    "not-your-duellist": _("Vous ne pouvez inscrire que votre propre duelliste."),
    "already-entered": _("%(name)s est déjà inscrit à ce tournoi."),
    "partner-required": _("Un tournoi en 2 contre 2 se joue en paire : indiquez votre partenaire."),
    "partner-only-2v2": _("Un partenaire ne s'indique que dans un tournoi en 2 contre 2."),
    "partner-self": _("Vous ne pouvez pas être votre propre partenaire."),
    "not-eligible": _("%(name)s ne peut pas s'inscrire : %(reasons)s"),
    "not-in-chronology": _("%(name)s n'est pas dans la chronologie : ce tournoi RP se joue à l'année RP."),
    "year-above-homework": _("%(name)s ne peut pas combattre en année %(year)s (année devoir : %(max)s)."),
    "not-your-entry": _("Ce n'est pas votre inscription."),
    "already-withdrawn": _("Cette inscription est déjà retirée."),
    "checkin-closed": _("La confirmation de présence est close."),
    "checkin-date": _("Indiquez une date de fin de confirmation de présence à venir."),
    "too-few-entrants": _("Il faut au moins %(min)d participants présents pour le tirage (il y en a %(count)d)."),
    "too-many-entrants": _("Trop de participants pour cette formule (au plus %(max)d)."),
    "referee-not-referee": _("%(name)s n'est pas arbitre du club."),
    "no-valid-pairing": _("Aucun appariement sans revanche n'est possible pour cette ronde."),
    "not-running": _("Le tournoi n'est pas en cours."),
    "not-stale": _("Cette rencontre n'est pas à revoir (ou elle est déjà jouée)."),
    "sides-unknown": _("Les adversaires de cette rencontre ne sont pas encore connus : réglez d'abord les rencontres précédentes."),
    "duel-running": _("Le duel de cette rencontre est en cours : qu'il se termine ou que son arbitre l'annule d'abord."),
    "duel-not-cancelled": _("Le duel de cette rencontre n'est pas annulé : il se joue toujours."),
    "match-decided": _("Cette rencontre est déjà décidée (ou c'est une exemption)."),
    "invalid-result": _("Résultat invalide : un match nul se joue toujours, il n'est jamais un abandon."),
}
