"""Pages for getting an account and keeping it: invitation link, sign-up request, profile."""
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from accounts.forms import ChoosePasswordForm, ProfileForm, SignupRequestForm
from accounts.login_protection import client_ip
from accounts.models import Duellist, Invitation, Notification
from accounts.services.invitations import (
    InvitationError,
    invitation_accept,
    invitation_check,
    invitation_link_account,
)
from accounts.services.membership import (
    email_preferences,
    language_set,
    password_reset_over_limit,
    profile_update,
    signup_request_create,
    signup_request_over_limit,
)
from clubs.scoping import current_club
from common.links import site_domain, site_url
from webhooks.services.members import PING_FIELDS, member_pings_set


@never_cache
@sensitive_post_parameters("password1", "password2")
def invitation_accept_view(request, token: str):
    try:
        invitation = invitation_check(token=token)
    except InvitationError as error:
        return render(request, "accounts/invitation_refused.html", {"error": error}, status=410)
    if request.method == "POST" and "link" in request.POST and request.user.is_authenticated:
        try:
            duellist = invitation_link_account(token=token, user=request.user)
        except InvitationError as error:
            return render(request, "accounts/invitation_refused.html", {"error": error}, status=410)
        messages.success(request, _("« %(name)s » est maintenant votre personnage dans le club %(club)s.")
                         % {"name": duellist.forum_name, "club": current_club().name})
        return redirect("home")
    form = ChoosePasswordForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = invitation_accept(
                token=token, password=form.cleaned_data["password1"], email=form.cleaned_data["email"]
            )
        except InvitationError as error:
            return render(request, "accounts/invitation_refused.html", {"error": error}, status=410)
        except ValidationError as error:
            form.add_error("password1", error)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            if invitation.purpose == Invitation.Purpose.ACTIVATION:
                messages.success(request, _("Votre compte est prêt. Votre identifiant : %(username)s.")
                                 % {"username": user.username})
            else:
                messages.success(request, _("Votre nouveau mot de passe est enregistré."))
            return redirect("home")
    return render(request, "accounts/invitation_accept.html", {"invitation": invitation, "form": form})


def signup_request_view(request):
    form = SignupRequestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if signup_request_over_limit(client_ip(request)):
            form.add_error(None, _("Trop de demandes d'inscription depuis votre adresse : réessayez dans une heure."))
            return render(request, "accounts/signup_request.html", {"form": form}, status=429)
        signup_request_create(**form.cleaned_data)
        return render(request, "accounts/signup_request_sent.html", {"forum_name": form.cleaned_data["forum_name"]})
    return render(request, "accounts/signup_request.html", {"form": form})


@login_required
def profile_view(request):
    user = request.user
    if request.method == "POST":
        form = ProfileForm(request.POST)
        if form.is_valid():
            profile_update(
                user=user, email=form.cleaned_data["email"], language=form.cleaned_data["language"],
                email_kinds=form.email_choices(),
            )
            member_pings_set(user=user, **{k: form.cleaned_data[k] for k in PING_FIELDS})
            language = form.cleaned_data["language"]
            translation.activate(language)
            messages.success(request, _("Profil enregistré."))
            response = HttpResponseRedirect(request.path)
            language_cookie_set(response, language)
            return response
    else:
        chosen = email_preferences(user)
        initial = {"email": user.email, "language": user.language, **{k: getattr(user, k) for k in PING_FIELDS}}
        initial.update({f"email_{kind}": chosen.get(kind, True) for kind in Notification.Kind.values})
        form = ProfileForm(initial=initial)
    duellist = Duellist.objects.filter(user=user).prefetch_related("magic_types").first()
    forum_link = current_club().profile_url(duellist.forum_id) if duellist else ""
    return render(request, "accounts/profile.html", {"form": form, "duellist": duellist, "forum_link": forum_link})


def language_cookie_set(response, language: str) -> None:
    """The same cookie as Django's set_language writes (Secure, HttpOnly, SameSite from the settings)."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, language, max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH, domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE, httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


@require_POST
def language_choose(request):
    """The footer's language choice: Django's cookie and, for a member, the profile's language too."""
    response = set_language(request)
    language = request.POST.get("language")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES) and language != request.user.language:
        language_set(user=request.user, language=language)
    return response


class PasswordResetView(auth_views.PasswordResetView):
    """Django's, but the e-mailed link starts with SITE_URL: the Host header of the request that asked
    for it (anyone may send one) never reaches the e-mail. Past PASSWORD_RESETS_PER_HOUR (per e-mail
    address and per client address) nothing is sent and the page says the same as ever."""

    def form_valid(self, form):
        if password_reset_over_limit(email=form.cleaned_data["email"], address=client_ip(self.request)):
            return HttpResponseRedirect(self.get_success_url())
        self.domain_override = site_domain()
        self.extra_email_context = {"site_url": site_url()}
        return super().form_valid(form)
