from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import YEAR_CHOICES
from duels.models import DuelFormat, DuelKind
from rankings.models import ALL_FORMATS, ALL_KINDS, ALL_YEARS, Season
from rankings.selectors import Scope


class RankingFilterForm(forms.Form):
    season = forms.ModelChoiceField(
        Season.objects.none(), to_field_name="slug", required=False,
        label=_("Saison"), empty_label=_("Tous les temps"),
    )
    kind = forms.ChoiceField(label=_("Type"), required=False, choices=[("", _("Tous"))] + DuelKind.choices)
    format = forms.ChoiceField(label=_("Format"), required=False, choices=[("", _("Tous"))] + DuelFormat.choices)
    year = forms.TypedChoiceField(
        label=_("Année de combat"), required=False, coerce=int, empty_value=ALL_YEARS,
        choices=[("", _("Toutes"))] + [(str(value), label) for value, label in YEAR_CHOICES],
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = Season.objects.order_by("-starts_on", "pk")  # the club's, per request

    def scope(self) -> Scope:
        """The valid filters' scope; a wrong filter is ignored (and shown as an error)."""
        data = self.cleaned_data if self.is_bound else {}
        return Scope(
            season=data.get("season"), kind=data.get("kind") or ALL_KINDS, format=data.get("format") or ALL_FORMATS,
            year=data.get("year") or ALL_YEARS,
        )
