"""What the staff's setup page of the bridge (/forum/installation/) shows: each setting the bridge reads,
its value now, what it is for and an example. Read from the settings, never written."""
from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext_lazy as _

LOCAL_HOSTS = {"localhost", "127.0.0.1", "[::1]", "::1"}


@dataclass(frozen=True)
class BridgeSetting:
    name: str
    value: str
    meaning: str
    example: str
    missing: bool = False  # the bridge cannot work without it
    doubtful: bool = False  # set, but members could not reach it


def bridge_settings() -> list[BridgeSetting]:
    site_host = urlsplit(settings.SITE_URL).hostname or ""
    return [
        BridgeSetting("FORUM_URL", settings.FORUM_URL,
                      _("L'adresse du forum (son origine, sans chemin). Vide : pas de pont."),
                      "https://club-de-duel.forumactif.com", missing=not settings.FORUM_URL),
        BridgeSetting("FORUM_DUEL_SECTION", str(settings.FORUM_DUEL_SECTION or ""),
                      _("Le numéro de la section où vont les sujets de duel : le 12 de /f12-duels."),
                      "12", missing=not settings.FORUM_DUEL_SECTION),
        BridgeSetting("SITE_URL", settings.SITE_URL,
                      _("L'adresse d'Estrade telle que les membres l'ouvrent : le script du forum et chaque lien "
                        "l'utilisent."),
                      "https://estrade.example", doubtful=site_host in LOCAL_HOSTS and not settings.DEBUG),
        BridgeSetting("FORUM_ORIGINS", ", ".join(o for o in settings.FORUM_ORIGINS if o != settings.FORUM_URL),
                      _("Les autres adresses du même forum (un nom de domaine personnalisé), séparées par des "
                        "virgules. Facultatif."),
                      "https://www.club-de-duel.fr"),
        BridgeSetting("FORUM_PM_PACE_SECONDS", f"{settings.FORUM_PM_PACE_SECONDS:g}",
                      _("Secondes entre deux MP d'un envoi groupé (le forum limite la cadence)."), "20"),
        BridgeSetting("FORUM_FLOOD_WAIT_SECONDS", f"{settings.FORUM_FLOOD_WAIT_SECONDS:g}",
                      _("Attente après une page anti-flood du forum qui ne donne pas de délai."), "30"),
    ]
