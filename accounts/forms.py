import logging

from django import forms
from django.conf import settings
from django.contrib.auth import forms as auth_forms
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from accounts.models import Notification, User
from accounts.services.emails import email_send

logger = logging.getLogger(__name__)


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
    # Discord mentions and the daily digest (webhooks/): the model fields' labels and validation.
    discord_user_id = User._meta.get_field("discord_user_id").formfield(
        validators=User._meta.get_field("discord_user_id").validators)
    discord_mention = User._meta.get_field("discord_mention").formfield()
    daily_digest = User._meta.get_field("daily_digest").formfield()

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
    """The member is named (the queue never lists every member without an account: a forum has thousands)."""

    member = forms.CharField(label=_("Membre synchronisé"), max_length=100, required=False)


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's forgotten-password form, its e-mail sent by the site's one sender (`email_send`)."""

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email,
                  html_email_template_name=None):
        subject = "".join(render_to_string(subject_template_name, context).splitlines())
        body = render_to_string(email_template_name, context)
        try:
            email_send(subject=subject, body=body, address=to_email)
        except Exception:  # as Django's own form: the page says the same whatever happened
            logger.exception("Failed to send the password reset e-mail to user %s", context["user"].pk)


class MemberCsvForm(forms.Form):
    """The staff page's member import: one CSV file (the columns of `manage.py import_forum_members`)."""

    file = forms.FileField(
        label=_("Fichier CSV des membres"),
        help_text=_("UTF-8, séparé par des virgules ou des points-virgules, avec la ligne d'en-tête. Tout ou rien : "
                    "chaque ligne est vérifiée avant d'écrire ; une seule erreur et rien n'est importé."),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv"}),
    )



class ApiTokenForm(forms.Form):
    """Whose token the club's staff issue: theirs (the name left empty) or another member's, by account name."""

    username = forms.CharField(
        label=_("Compte"), required=False, max_length=150,
        help_text=_("Vide : un jeton pour vous. Un seul jeton par compte et par club : révoquez l'ancien pour en "
                    "créer un nouveau."))

    def __init__(self, *args, by: User, **kwargs):
        super().__init__(*args, **kwargs)
        self.by = by

    def clean_username(self) -> User:
        name = self.cleaned_data["username"].strip()
        if not name or name == self.by.username:
            return self.by
        user = User.objects.filter(username=name).first()
        if user is None:
            raise forms.ValidationError(_("Aucun compte ne porte ce nom."))
        return user
