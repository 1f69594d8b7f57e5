"""What the staff's setup page of the bridge (/forum/installation/) shows: the club's forum (its address,
its section of duel topics, its other origins, its members' pages: fields of the club, set in the
administration for now), then the installation's settings the bridge reads, each with its value now, what
it is for and an example. Read, never written."""
from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.scoping import current_club

LOCAL_HOSTS = {"localhost", "127.0.0.1", "[::1]", "::1"}


@dataclass(frozen=True)
class BridgeSetting:
    name: str
    value: str
    meaning: str
    example: str
    missing: bool = False  # the bridge cannot work without it
    doubtful: bool = False  # set, but members could not reach it


def club_settings() -> list[BridgeSetting]:
    """The served club's forum fields (Club.forum_url, duel_section, forum_origins, forum_profile_url)."""
    club = current_club()
    url = (club.forum_url or "").strip().rstrip("/")
    return [
        BridgeSetting(str(_("Adresse du forum")), url,
                      _("L'adresse du forum (son origine, sans chemin). Vide : pas de pont."),
                      "https://club-de-duel.forumactif.com", missing=not url),
        BridgeSetting(str(_("Section des duels")), str(club.duel_section or ""),
                      _("Le numéro de la section où vont les sujets de duel : le 12 de /f12-duels."),
                      "12", missing=not club.duel_section),
        BridgeSetting(str(_("Autres origines du forum")), ", ".join(o for o in club.forum_origins if o != url),
                      _("Les autres adresses du même forum (un nom de domaine personnalisé). Facultatif."),
                      "https://www.club-de-duel.fr"),
        BridgeSetting(str(_("Profil d'un membre sur le forum")), club.forum_profile_url,
                      _("Le modèle d'adresse de la page d'un membre sur le forum, pour le lien de « Mon profil ». "
                        "Facultatif."),
                      "https://club-de-duel.forumactif.com/u{forum_id}"),
    ]


def club_admin_url(user) -> str:
    """Where the platform's operator changes the club's forum fields; empty for anyone else."""
    if not getattr(user, "is_superuser", False):
        return ""
    return reverse("admin:clubs_club_change", args=[current_club().pk])


def bridge_settings() -> list[BridgeSetting]:
    """The installation's settings the bridge reads (environment variables, the same for every club)."""
    site_host = urlsplit(settings.SITE_URL).hostname or ""
    return [
        BridgeSetting("SITE_URL", settings.SITE_URL,
                      _("L'adresse d'Estrade telle que les membres l'ouvrent : le script du forum et chaque lien "
                        "l'utilisent."),
                      "https://estrade.example", doubtful=site_host in LOCAL_HOSTS and not settings.DEBUG),
        BridgeSetting("FORUM_PM_PACE_SECONDS", f"{settings.FORUM_PM_PACE_SECONDS:g}",
                      _("Secondes entre deux MP d'un envoi groupé (le forum limite la cadence)."), "20"),
        BridgeSetting("FORUM_FLOOD_WAIT_SECONDS", f"{settings.FORUM_FLOOD_WAIT_SECONDS:g}",
                      _("Attente après une page anti-flood du forum qui ne donne pas de délai."), "30"),
    ]
