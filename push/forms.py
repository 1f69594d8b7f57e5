from django import forms
from django.utils.translation import gettext_lazy as _

from push.models import Category


class PushPreferencesForm(forms.Form):
    categories = forms.MultipleChoiceField(label=_("Me prévenir pour"), choices=Category.choices, required=False,
                                           widget=forms.CheckboxSelectMultiple)
    quiet_start = forms.TimeField(label=_("Heures calmes, de"), required=False,
                                  widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"))
    quiet_end = forms.TimeField(label=_("à"), required=False,
                                widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"))

    def clean(self):
        cleaned = super().clean()
        if bool(cleaned.get("quiet_start")) != bool(cleaned.get("quiet_end")):
            raise forms.ValidationError(_("Indiquez le début et la fin des heures calmes, ou aucun des deux."))
        return cleaned
