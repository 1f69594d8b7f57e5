"""The staff's forms: a new tournament (its options; the service checks them again), the check-in's
closing time, the referees."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from clubs.roles import club_referee_ids
from tournaments.models import How, Outcome, Tournament

OPTIONS = ["name", "slug", "description", "format", "team_format", "duel_kind", "combat_year", "draw_rule",
           "third_place", "group_count", "qualifiers_per_group", "swiss_rounds", "seeding", "counts_for_rest",
           "round_days", "forum_topic_url"]


class TournamentForm(forms.ModelForm):
    forum_topic_url = forms.URLField(label=Tournament._meta.get_field("forum_topic_url").verbose_name,
                                     required=False, assume_scheme="https")

    class Meta:
        model = Tournament
        fields = OPTIONS
        help_texts = {
            "slug": _("Lettres minuscules, chiffres et tirets : l'adresse du tournoi (/tournois/<identifiant>/)."),
            "group_count": _("Poules puis élimination directe seulement."),
            "qualifiers_per_group": _("Poules puis élimination directe seulement : les premiers de chaque poule."),
            "swiss_rounds": _("Système suisse seulement."),
            "third_place": _("Élimination directe : les perdants des demi-finales se rencontrent."),
        }
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}

    def validate_unique(self):
        """The slug is unique per club: the service says so (it knows the club)."""


class CheckinForm(forms.Form):
    closes_at = forms.DateTimeField(label=_("Fin de la confirmation de présence"),
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"))


class RefereesForm(forms.Form):
    referees = forms.ModelMultipleChoiceField(
        label=_("Arbitres du tournoi"), required=False, queryset=User.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Aucun coché : les arbitres du club à tour de rôle."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["referees"].queryset = User.objects.filter(pk__in=club_referee_ids(), is_active=True).order_by("username")


class CancelForm(forms.Form):
    reason = forms.CharField(label=_("Raison"), max_length=500)


class TournamentTextForm(forms.ModelForm):
    """What may still change once the sign-up opened: the name, the presentation, the forum topic."""
    forum_topic_url = forms.URLField(label=Tournament._meta.get_field("forum_topic_url").verbose_name,
                                     required=False, assume_scheme="https")

    class Meta:
        model = Tournament
        fields = ["name", "description", "forum_topic_url"]
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}


class MatchRecordForm(forms.Form):
    outcome = forms.ChoiceField(label=_("Issue"), choices=Outcome.choices)
    how = forms.ChoiceField(label=_("Décidé par"), choices=How.choices)

    def clean(self):
        data = super().clean()
        if data.get("outcome") == Outcome.DRAW and data.get("how") != How.PLAYED:
            raise forms.ValidationError(_("Un abandon ou une disqualification n'est jamais un match nul."))
        return data
