"""The club's management menu: one list, shown on every page of the club's control panel
(/<club>/gestion/… and the staff pages it gathers). Each entry is (URL name, label); the page being shown
is the entry whose address is the longest start of the request's path."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

SECTIONS: tuple[tuple[str, str], ...] = (
    # the club and its people
    ("clubs:panel", _("Tableau de bord")),
    ("clubs:settings", _("Réglages du club")),
    ("clubs:members", _("Membres et rôles")),
    ("roles", _("Arbitres")),
    ("members_import", _("Importer les membres")),
    ("forum:invitations", _("Invitations et MP")),
    ("signup_queue", _("Demandes d'inscription")),
    # the duels' rules and results
    ("house_rules", _("Règles du club")),
    ("clubs:catalogue:list", _("Catalogue des sorts")),
    ("clubs:tournaments:list", _("Tournois")),
    ("clubs:seasons:list", _("Saisons")),
    ("rankings:rewards", _("Récompenses à verser")),
    ("clubs:cup_panel:houses", _("Coupe des maisons")),
    # the forum and other programs
    ("forum:setup", _("Pont avec le forum")),
    ("clubs:webhooks_panel:list", _("Webhooks")),
    ("clubs:tokens:list", _("Jetons d'API")),
    # what was done
    ("clubs:journal:list", _("Journal")),
)
