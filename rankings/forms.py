from django import forms
from django.utils.text import slugify
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


class SeasonForm(forms.ModelForm):
    """A season of the club (control panel). The identifier may be left empty: it is made from the name. A
    name or identifier another season of the club has is refused here, on its field; the model's own rules
    (no overlap, the last day after the first) run as the form validates."""

    class Meta:
        model = Season
        fields = ["name", "slug", "starts_on", "ends_on"]
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                   "ends_on": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        help_texts = {"slug": _("Dans les adresses du classement et de l'API (?season=…). Vide : tiré du nom.")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False

    def clean(self):
        cleaned = super().clean()
        name = cleaned.get("name")
        if name and not cleaned.get("slug") and "slug" not in self.errors:
            cleaned["slug"] = slugify(name)[:50].strip("-")
            if not cleaned["slug"]:
                self.add_error("slug", _("Choisissez un identifiant : le nom n'en donne aucun."))
        others = Season.objects.exclude(pk=self.instance.pk) if self.instance.pk else Season.objects.all()
        if name and others.filter(name=name).exists():
            self.add_error("name", _("Une saison porte déjà ce nom."))
        if cleaned.get("slug") and others.filter(slug=cleaned["slug"]).exists():
            self.add_error("slug", _("Une saison porte déjà cet identifiant."))
        return cleaned
