"""The cup's forms: a house, the cup settings (control panel), and points given by hand (the points page)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from cup.models import CupSettings, House


class HouseForm(forms.ModelForm):
    class Meta:
        model = House
        fields = ["name", "colour", "crest", "position"]
        widgets = {"colour": forms.TextInput(attrs={"type": "color"})}


class CupSettingsForm(forms.ModelForm):
    class Meta:
        model = CupSettings
        fields = ["period", "starts_on", "ends_on", "prefects_own_house_only"]
        widgets = {"period": forms.RadioSelect,
                   "starts_on": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                   "ends_on": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}


class PointsForm(forms.Form):
    """Points for one of the houses the user may touch; the service checks the rest (its French words)."""
    house = forms.ModelChoiceField(House.objects.none(), label=_("Maison"), empty_label=None)
    points = forms.IntegerField(label=_("Points"), help_text=_("Négatif pour en retirer, par exemple -5."))
    reason = forms.CharField(label=_("Motif"), required=False, max_length=500,
                             widget=forms.TextInput(attrs={"maxlength": 200}))

    def __init__(self, *args, houses, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["house"].queryset = houses

