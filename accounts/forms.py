from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from accounts.models import Duellist, Notification


class ChoosePasswordForm(forms.Form):
    """The invitation page: a password twice (checked by the project's validators in the service)."""

    password1 = forms.CharField(
        label=_("Mot de passe"), strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "new-password"})
    )
    password2 = forms.CharField(
        label=_("Confirmation du mot de passe"), strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    email = forms.EmailField(
        label=_("E-mail (facultatif)"), required=False,
        help_text=_("Pour recevoir les notifications et pouvoir réinitialiser votre mot de passe seul."),
    )

    def clean(self):
        data = super().clean()
        if data.get("password1") and data.get("password2") and data["password1"] != data["password2"]:
            self.add_error("password2", _("Les deux mots de passe ne correspondent pas."))
        return data


class SignupRequestForm(forms.Form):
    forum_name = forms.CharField(label=_("Votre pseudo sur le forum"), max_length=100)
    profile_url = forms.URLField(label=_("Lien vers votre profil forum"), required=False, assume_scheme="https")
    email = forms.EmailField(
        label=_("E-mail (facultatif)"), required=False,
        help_text=_("Si vous en donnez un, le lien d'activation vous y sera envoyé."),
    )


class ProfileForm(forms.Form):
    email = forms.EmailField(label=_("E-mail"), required=False)
    language = forms.ChoiceField(label=_("Langue"), choices=settings.LANGUAGES)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # One checkbox per kind of notice: e-mail on or off (the notice always shows in the app).
        for kind, label in Notification.Kind.choices:
            self.fields[f"email_{kind}"] = forms.BooleanField(label=label, required=False)

    def email_choices(self) -> dict[str, bool]:
        return {kind: self.cleaned_data[f"email_{kind}"] for kind in Notification.Kind.values}

    def kind_fields(self):
        return [self[f"email_{kind}"] for kind in Notification.Kind.values]


class SignupDecisionForm(forms.Form):
    duellist = forms.ModelChoiceField(
        label=_("Membre synchronisé"), queryset=Duellist.objects.filter(user__isnull=True), required=False
    )


class MemberCsvForm(forms.Form):
    """The staff page's member import: one CSV file (the columns of `manage.py import_forum_members`)."""

    file = forms.FileField(
        label=_("Fichier CSV des membres"),
        help_text=_("UTF-8, séparé par des virgules ou des points-virgules, avec la ligne d'en-tête. Tout ou rien : "
                    "chaque ligne est vérifiée avant d'écrire ; une seule erreur et rien n'est importé."),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv"}),
    )

