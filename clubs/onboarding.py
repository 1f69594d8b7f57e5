"""The checklist a new club's staff see on its management page, ticking itself as the club moves in:
the forum verified, members imported, a referee named, a first duel. One statement."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts.models import Duellist
from clubs.models import Club, Membership
from duels.models import Duel


@dataclass(frozen=True)
class Step:
    label: str
    done: bool
    url: str


def checklist(club: Club) -> list[Step]:
    facts = Club.objects.filter(pk=club.pk).annotate(
        has_members=Exists(Duellist.objects.all()),
        has_referee=Exists(Membership.objects.filter(club=OuterRef("pk"), is_referee=True)),
        has_duel=Exists(Duel.objects.all()),
    ).values("has_members", "has_referee", "has_duel").get()
    return [
        Step(_("Coller la ligne d'Estrade dans le forum et le vérifier"), bool(club.forum_url) and club.is_verified,
             reverse("clubs:settings") if not club.forum_url else reverse("clubs:panel")),
        Step(_("Importer les membres du forum (le fichier CSV de Forumactif)"), facts["has_members"],
             reverse("members_import")),
        Step(_("Nommer un arbitre"), facts["has_referee"], reverse("roles")),
        Step(_("Un premier duel"), facts["has_duel"], reverse("duels:referee")),
    ]
