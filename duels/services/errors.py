"""The one application error of the duel services, and every French message it can carry."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from common.errors import RefusedError
from duels.engine.options import worded_by_house


class DuelError(RefusedError):
    """A refused request. `code` is stable (tests, API); `message` is the French text shown to the user."""

    def __init__(self, code: str, message: str | None = None, **params):
        template = message if message is not None else MESSAGES.get(code, MESSAGES["refused"])
        super().__init__(code, str(template) % params if params else str(template))
        self.args = (f"{code}: {self.message}",)


# Engine refusal codes (RULES.md §4.1) and the services' own codes, in one place.
MESSAGES = {
    # --- rules engine: post refused when submitted ---
    "one-post-per-phase": _("Vous avez déjà posté dans cette phase."),
    "duellist-out": _("Vous êtes hors combat : vous ne pouvez plus agir dans ce duel."),
    "not-targeted": _("Aucun sort ne vous vise : vous n'avez pas de défense à poster."),
    "one-cast-per-post": _("Un message ne peut contenir qu'un seul sort."),
    "too-many-moves": _("Un seul déplacement avant le sort et un seul après (un seul sans sort)."),
    "one-defence-action": _("En défense, une seule action : esquiver, un sort de défense ou ne rien faire."),
    "wrong-phase": _("On n'esquive qu'en phase de défense."),
    "invalid-move": _("Déplacement impossible : la zone doit être entre 1 et 11, et l'on ne se déplace pas en défense."),
    "off-stage": _("Vous êtes hors de l'estrade : vous pouvez seulement y remonter (un déplacement) ou passer."),
    "stunned": _("Vous êtes étourdi : vous ne pouvez que passer."),
    "disarmed": _("Vous êtes désarmé : vous ne pouvez pas lancer de sort."),
    "bound": _("Vous êtes ligoté : vous ne pouvez pas vous déplacer."),
    "unknown-spell": _("Ce sort n'existe pas dans le catalogue du duel."),
    "spell-level": _("Ce sort est d'un niveau trop élevé pour votre année (tentative de niveau supérieur : seulement année + 1)."),
    "overlevel-used": _("Vous avez déjà tenté un sort de niveau supérieur dans ce duel."),
    "modulation-level": _("Modulation impossible : inconnue, au-dessus de votre année ou sur une tentative de niveau supérieur."),
    "same-spell-twice": _("Vous avez lancé ce sort au tour précédent : choisissez-en un autre."),
    "invalid-target": _("Cible invalide pour ce sort (cible inconnue, du mauvais type, ou zone hors de 1 à 11)."),
    "not-defence-spell": _("En défense, seuls les sorts de défense sont permis."),
    "invalid-bet": _("Pari invalide pour ce sort."),
    "invalid-roll": _("Les dés sont lancés par le serveur : un message ne contient jamais de résultat de dé."),
    "duel-over": _("Ce duel est terminé."),
    "invalid-post": _("Message mal formé : %(detail)s"),
    # --- posting ---
    "not-participant": _("Seuls les duellistes de ce duel peuvent y poster."),
    "no-open-window": _("Aucune phase n'est ouverte aux messages dans ce duel."),
    "not-expected": _("Vous n'êtes pas attendu dans cette phase."),
    "deadline-passed": _("Le délai pour poster dans cette phase est dépassé (%(deadline)s)."),
    "rp-too-short": _("Le texte RP doit compter au moins %(min)d mots hors bloc d'action (il en a %(count)d)."),
    "rp-too-long": _("Le texte RP est trop long : %(count)d caractères, au plus %(max)d."),
    "too-many-refusals": _("Trop de messages refusés d'affilée : attendez quelques minutes avant de poster à nouveau."),
    "roll-in-post": _("Les dés sont lancés par le serveur : un message ne contient jamais de résultat de dé."),
    # --- registration ---
    "not-eligible": _("Inscription impossible : %(reasons)s"),
    "already-registered": _("Vous avez déjà une inscription en attente."),
    "already-in-duel": _("Vous avez déjà un duel en cours."),
    "wand-rest": _("Votre baguette se repose : encore %(remaining)d duel(s) doivent se terminer avant votre prochaine inscription."),
    "not-in-chronology": _("Votre personnage n'est pas dans la chronologie : il ne peut pas faire de duel RP."),
    "year-above-homework": _("En duel non-RP, l'année choisie ne peut pas dépasser votre année devoir (%(max)s)."),
    "year-required": _("Choisissez l'année à laquelle vous combattez."),
    "invalid-year": _("L'année doit être comprise entre 1 et 8 (Adulte)."),
    "invalid-kind": _("Type de duel inconnu."),
    "arranged-team-size": _("Chaque équipe doit compter un duelliste (1 contre 1) ou deux (2 contre 2)."),
    "arranged-same-duellist": _("Un duelliste ne peut pas être deux fois dans le même duel."),
    "invalid-format": _("Format de duel inconnu."),
    "named-self": _("Vous ne pouvez pas vous nommer vous-même comme adversaire ou partenaire."),
    "partner-only-2v2": _("Un partenaire ne se nomme qu'en duel à 2 contre 2."),
    "partner-is-opponent": _("Votre partenaire ne peut pas être aussi votre adversaire."),
    "opponent-needs-partner": _("En 2 contre 2, nommez aussi votre partenaire pour choisir vos adversaires."),
    "not-your-registration": _("Cette inscription n'est pas la vôtre."),
    "registration-not-waiting": _("Cette inscription n'est plus en attente."),
    # --- referee, setup, start ---
    "not-referee": _("Seul l'arbitre de ce duel (ou l'équipe) peut faire cela."),
    "not-a-referee": _("Cette personne n'est pas arbitre."),
    "referee-already-assigned": _("Ce duel a déjà un arbitre."),
    "referee-is-duellist": _("Un arbitre ne peut pas arbitrer un duel auquel il participe."),
    "duel-not-in-setup": _("Le duel a déjà commencé ou est terminé."),
    "wrong-type-count": _("À votre année, choisissez exactement %(count)d type(s) de magie."),
    "duplicate-types": _("Choisissez des types de magie différents."),
    "unknown-magic-type": _("Type de magie inconnu : %(slug)s."),
    "type-not-registered": _("En duel RP, les types de magie doivent être ceux de votre personnage (%(slug)s n'en fait pas partie)."),
    "duel-already-started": _("Le duel a déjà commencé : il ne peut plus être annulé."),
    "duel-already-over": _("Ce duel est déjà terminé ou annulé."),
    "cancel-reason-required": _("Donnez le motif de l'annulation."),
    "not-ready": _("Le duel n'est pas prêt : il faut un arbitre et les types de magie de chaque duelliste."),
    # --- declarations ---
    "not-awaiting-declaration": _("Aucune déclaration n'est attendue pour l'instant."),
    "declaration-published": _("Cette déclaration est déjà publiée."),
    "declaration-stale": _("L'état du duel a changé depuis ce brouillon : préparez la déclaration à nouveau."),
    # --- faults, exemptions, forfeit ---
    "note-required": _("Décrivez la faute dans la note."),
    "absence-from-window": _("Une faute d'absence vient d'une phase manquée : elle est relevée quand le délai est passé (« Relever les absences »), jamais à la main."),
    "absence-deadline-not-passed": _("Le délai n'est pas passé : les duellistes attendus peuvent encore poster jusqu'au %(deadline)s."),
    "invalid-penalty": _("La pénalité en PF doit être un nombre positif ou nul."),
    "duel-not-running": _("Ce duel n'est pas en cours."),
    "already-out": _("Ce duelliste ne combat plus (hors combat, abandon ou disqualification)."),
    "exemption-already-used": _("Une seule dispense par duelliste et par duel."),
    "exemption-pending": _("Votre demande de dispense attend déjà la réponse de l'arbitre."),
    "no-exemption": _("Ce club n'accorde pas de dispense."),
    "exemptions-used": _("Au plus %(count)d dispenses par duelliste et par duel."),
    "exemption-too-late": _("La dispense doit être au plus tard %(limit)s (%(days)s après le message de l'arbitre)."),
    "extension-too-late": _("Le nouveau délai doit être au plus tard %(limit)s (deux semaines au plus : au-delà, "
                            "annulez le duel ou déclarez un forfait)."),
    "exemption-not-later": _("La nouvelle date limite doit être après la date actuelle (%(deadline)s)."),
    "exemption-not-pending": _("Cette demande de dispense a déjà été traitée."),
    "exemption-window-closed": _("La phase concernée par cette dispense est close."),
    "reason-required": _("Donnez le motif de votre demande."),
    # --- corrections, referee decisions, deadline tools, handover ---
    "correction-reason-required": _("Donnez le motif de la correction."),
    "decision-reason-required": _("Donnez le motif de chaque décision : il est affiché dans la déclaration."),
    "declaration-not-published": _("Cette déclaration n'est pas publiée : préparez-la à nouveau plutôt que de la corriger."),
    "declaration-not-correctable": _("Cette déclaration a été publiée avant que les corrections existent : elle ne peut pas être corrigée."),
    "not-latest-declaration": _("Seule la dernière déclaration publiée du duel peut être corrigée."),
    "next-window-has-posts": _("La phase suivante a déjà des messages (ou son délai est échu) : cette déclaration ne peut plus être corrigée."),
    "declaration-changed-since": _("Le duel a changé depuis cette déclaration (sanction, abandon) : elle ne peut plus être corrigée."),
    "correction-too-late": _("Un duel terminé ne peut être corrigé que dans les 48 h qui suivent sa fin."),
    "correction-revives-duel": _("Ce duel est terminé et ses dés sont révélés : une correction ne peut pas le relancer."),
    "post-not-in-window": _("Ce message n'appartient pas à la phase de cette déclaration."),
    "post-already-voided": _("Ce message est déjà annulé."),
    "invalid-void-mode": _("Choisissez ce que devient le message annulé : un nouveau message, ou une passe."),
    "invalid-adjustment": _("Décision invalide : indiquez le duelliste, un changement de PF ou de PM non nul, une zone de 0 à 12 ou un statut à retirer."),
    "unknown-target": _("Ce duelliste n'est pas dans ce duel."),
    "status-absent": _("Ce duelliste n'a pas ce statut : il n'y a rien à retirer."),
    "deadline-not-later": _("Le nouveau délai doit être après le délai actuel (%(deadline)s)."),
    "window-not-open": _("Aucune phase n'est ouverte dans ce duel : il n'y a pas de délai à prolonger."),
    "slot-not-absent": _("Ce duelliste n'a pas manqué son message dans cette phase."),
    "absence-disqualified": _("Cette absence a disqualifié le duelliste : elle ne peut plus être levée."),
    "not-the-referee": _("Vous n'arbitrez pas ce duel."),
    "referee-release-started": _("Le duel a commencé : seule l'équipe peut lui donner un autre arbitre."),
    "refused": _("Action refusée."),
}

# Engine refusals whose rule a club changed (RULES.md §8 `repeat: duel`, `overlevel_per_duel` above 1): the
# rulebook's wording would state the wrong rule.
HOUSE_MESSAGES = {
    "same-spell-twice": _("Vous avez déjà lancé ce sort dans ce duel (règle du club) : choisissez-en un autre."),
    "overlevel-used": _("Vous n'avez plus de tentative de niveau supérieur dans ce duel (règle du club)."),
}


def engine_refusal(code: str, house) -> DuelError:
    """The error of an engine refusal `code`, worded for the duel's house rules `house`."""
    return DuelError(code, HOUSE_MESSAGES[code] if worded_by_house(house, code) else None)
