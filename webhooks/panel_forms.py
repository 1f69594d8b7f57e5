"""The control panel's webhook forms. The address is checked here (a French message on the field) and again
by the service; a saved address is never written back into a page (an empty field keeps it)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from webhooks.addresses import AddressRefused, url_check
from webhooks.models import DEFAULT_EVENTS, EventKind, WebhookKind

URL_HELP = _("Discord : Paramètres du salon → Intégrations → Webhooks → Copier l'URL.")
URL_KEEP = _("Laissez vide pour garder l'adresse enregistrée (elle n'est jamais réaffichée).")
LANGUAGES = [("fr", "Français"), ("en", "English")]


def address_cleaned(url: str) -> str:
    """A webhook address a form accepts: a URL, public, over https (webhooks/addresses.py)."""
    forms.URLField(assume_scheme="https").clean(url)
    try:
        url_check(url)
    except AddressRefused as refused:
        raise forms.ValidationError(refused.message) from refused
    return url


class WebhookFields(forms.Form):
    name = forms.CharField(label=_("Nom"), max_length=100)
    url = forms.CharField(label=_("Adresse"), max_length=500, help_text=URL_HELP,
                          widget=forms.TextInput(attrs={"autocomplete": "off", "inputmode": "url",
                                                        "spellcheck": "false"}))
    events = forms.MultipleChoiceField(label=_("Événements transmis"), choices=EventKind.choices,
                                       widget=forms.CheckboxSelectMultiple, required=False)
    language = forms.ChoiceField(label=_("Langue des messages"), choices=LANGUAGES, initial="fr")

    def clean_url(self):
        url = (self.cleaned_data.get("url") or "").strip()
        return address_cleaned(url) if url else ""


class WebhookCreateForm(WebhookFields):
    kind = forms.ChoiceField(label=_("Type"), choices=WebhookKind.choices, initial=WebhookKind.DISCORD,
                             help_text=_("Un webhook signé reçoit un secret de signature, affiché une fois "
                                         "après l'ajout."))
    field_order = ["name", "kind", "url", "events", "language"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial.setdefault("events", DEFAULT_EVENTS)


class WebhookEditForm(WebhookFields):
    enabled = forms.BooleanField(label=_("Actif"), required=False)

    def __init__(self, *args, webhook, **kwargs):
        initial = {"name": webhook.name, "events": webhook.events, "language": webhook.language,
                   "enabled": webhook.enabled}
        super().__init__(*args, initial=initial, **kwargs)
        self.fields["url"].required = False
        self.fields["url"].help_text = URL_KEEP
