"""The club's settings, edited by its staff (/<club>/gestion/reglages/): name, forum, language, time zone,
listed or not. A new forum address must be proved again (clubs/opening.py) before the bridge works."""
from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from audit.models import AuditAction
from audit.services import audit_record
from clubs.models import Club, origin_of
from clubs.opening import ClubRefused, verified_club_of
from clubs.roles import is_club_staff

EDITABLE = ("name", "forum_url", "forum_origins", "duel_section", "forum_profile_url", "language", "time_zone",
            "is_public")


class ClubSettingsForm(forms.Form):
    name = forms.CharField(label=_("Nom du club"), max_length=100)
    forum_url = forms.URLField(label=_("Adresse du forum"), assume_scheme="https", required=False,
                               help_text=_("Changer d'adresse demande de vérifier à nouveau le forum."))
    forum_origins = forms.CharField(label=_("Autres adresses du forum"), required=False, max_length=500,
                                    help_text=_("Un domaine personnalisé, par exemple https://www.mon-forum.fr "
                                                "(séparées par des virgules)."))
    duel_section = forms.IntegerField(label=_("Section des duels sur le forum"), min_value=0, required=False)
    forum_profile_url = forms.CharField(label=_("Modèle d'adresse d'un profil du forum"), max_length=200,
                                        required=False, help_text=_("Par exemple https://mon-forum.forumactif.com/u{id}"))
    language = forms.ChoiceField(label=_("Langue"), choices=settings.LANGUAGES)
    time_zone = forms.CharField(label=_("Fuseau horaire"), max_length=64)
    is_public = forms.BooleanField(label=_("Lister le club sur la page d'accueil d'Estrade"), required=False)

    def clean_forum_origins(self):
        origins = []
        for raw in self.cleaned_data["forum_origins"].split(","):
            if not raw.strip():
                continue
            origin = origin_of(raw)
            if not origin.startswith(("https://", "http://")):
                raise forms.ValidationError(_("« %(value)s » n'est pas une adresse de site."), params={"value": raw.strip()})
            origins.append(origin)
        return origins

    @classmethod
    def of(cls, club: Club, data=None):
        initial = {name: getattr(club, name) for name in EDITABLE}
        initial["forum_origins"] = ", ".join(club.forum_origins)
        return cls(data, initial=initial)


@transaction.atomic
def club_settings_store(*, club: Club, by, values: dict) -> list[str]:
    """Store the changed settings (the names of the fields changed); a forum moved to another origin is
    no longer verified. Raises ClubRefused (not the club's staff, a forum that is another club's) or
    ValidationError (a field)."""
    if not is_club_staff(by, club):
        raise ClubRefused("not-club-staff", _("Réservé au staff du club."), 403)
    club = Club.objects.select_for_update().get(pk=club.pk)
    values = {**values, "duel_section": values.get("duel_section") or 0}
    changed = [name for name in EDITABLE if values[name] != getattr(club, name)]
    if not changed:
        return []
    before = {name: getattr(club, name) for name in changed}
    moved = origin_of(values["forum_url"]) != club.forum_origin
    if moved and values["forum_url"] and verified_club_of(origin_of(values["forum_url"]), other_than=club):
        raise ClubRefused("forum-taken", _("Ce forum a déjà son club sur Estrade."), 409)
    for name in changed:
        setattr(club, name, values[name])
    if moved and not by.is_superuser:
        club.verified_at = None  # the new forum proves itself (a club made by the operator stays trusted)
    club.full_clean(exclude=["slug"])
    club.save()
    audit_record(actor=by, action=AuditAction.CLUB_SETTINGS, data={
        "club": club.slug, "before": json.loads(json.dumps(before, default=str)),
        "after": json.loads(json.dumps({name: values[name] for name in changed}, default=str)),
        "forum_to_verify": moved and not club.is_verified})
    return changed
