"""Opening a club (the site's page /clubs/ouvrir/), the club's verification script and its report, and the
club's own first page for its staff (/<club>/gestion/): where the verification stands, what to paste."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from accounts.models import SignupRequest
from clubs.club_settings import ClubSettingsForm, club_settings_store
from clubs.forms import ClubOpenForm
from clubs.onboarding import checklist
from clubs.opening import ClubRefused, club_open, club_verify
from clubs.roles import is_club_owner
from clubs.scoping import current_club
from clubs.selectors import club_members, home_club
from clubs.staff_roles import club_owner_transfer, club_staff_set
from common.access import staff_required
from forum.views.script import loader_snippet

OPEN_PATH = "/clubs/ouvrir/"


def _submitted(form, store) -> tuple:
    """(what `store(cleaned data)` returned, 200) for a valid form the service accepted; else (None, the
    status) with the refusal said on the form: a field's by that field, the service's at the top."""
    if not form.is_valid():
        return None, 422
    try:
        return store(form.cleaned_data), 200
    except ClubRefused as refused:
        form.add_error(None, refused.message)
        return None, refused.status
    except ValidationError as invalid:
        for field, errors in invalid.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
        return None, 422



def club_open_page(request):
    """A signed-in member opens a club; anonymous visitors log in first (in the first club's pages)."""
    if not request.user.is_authenticated:
        first = home_club()
        login = f"/{first.slug}/connexion/" if first is not None else "/admin/login/"
        return HttpResponseRedirect(f"{login}?{urlencode({'next': OPEN_PATH})}")
    form = ClubOpenForm(request.POST or None)
    status = 200
    if request.method == "POST":
        def store(data):
            return club_open(by=request.user, name=data["name"], slug=data["slug"], forum_url=data["forum_url"],
                             duel_section=data["duel_section"] or 0, language=data["language"],
                             time_zone=data["time_zone"], is_public=data["is_public"])

        club, status = _submitted(form, store)
        if club is not None:
            messages.success(request, _("Votre club est ouvert. Il reste à prouver que le forum est le vôtre."))
            return HttpResponseRedirect(f"/{club.slug}/gestion/")
    return render(request, "clubs/open.html", {"form": form}, status=status)


@staff_required
def panel_home(request):
    club = current_club()
    return render(request, "clubs/panel_home.html", {
        "club": club, "loader": loader_snippet(), "checklist": checklist(club),
        "pending_signups": SignupRequest.objects.filter(status=SignupRequest.Status.PENDING).count(),
    })


@csrf_exempt  # a report from the forum's page: no session, no cookie; the origin and the key are the proof
@require_POST
def verification_report(request):
    if request.content_type == "text/plain":  # the script's report: the key is the whole body
        key = request.body[:200].decode("utf-8", "replace").strip()
    else:  # anything else (a form, a probe): its `key` field, if any
        key = request.POST.get("key", "")
    try:
        verified_now = club_verify(club=current_club(), origin=request.headers.get("Origin", ""), key=key)
    except ClubRefused as refused:
        return JsonResponse({"code": refused.code, "message": refused.message}, status=refused.status)
    return JsonResponse({"code": "verified" if verified_now else "already-verified"})


def suspended(request):
    club = current_club()
    if request.path_info.startswith("/api/"):
        return JsonResponse({"code": "club-suspended", "message": _("Ce club est suspendu par l'opérateur du site.")},
                            status=403)
    return render(request, "clubs/suspended.html", {"club": club}, status=403)


@staff_required
def panel_settings(request):
    club = current_club()
    form = ClubSettingsForm.of(club, request.POST or None)
    status = 200
    if request.method == "POST":
        changed, status = _submitted(form, lambda data: club_settings_store(club=club, by=request.user, values=data))
        if status == 200:
            messages.success(request, _("Réglages enregistrés.") if changed else _("Rien n'a changé."))
            return HttpResponseRedirect(reverse("clubs:settings"))
    return render(request, "clubs/panel_settings.html", {"club": club, "form": form}, status=status)


@staff_required
def panel_members(request):
    """The club's members and their roles; the owner names the staff and hands the club over."""
    club = current_club()
    query = request.GET.get("q", "").strip()
    members = club_members(club, query)
    return render(request, "clubs/panel_members.html", {
        "club": club, "members": members[:200], "query": query, "is_owner": is_club_owner(request.user, club)})


@staff_required
@require_POST
def panel_member_role(request, pk: int):
    user = get_object_or_404(get_user_model(), pk=pk)
    what = request.POST.get("role")
    try:
        if what == "staff":
            granted = request.POST.get("granted") == "1"
            if club_staff_set(actor=request.user, user=user, staff=granted):
                messages.success(request, (_("%(name)s est maintenant du staff.") if granted
                                           else _("%(name)s n'est plus du staff.")) % {"name": user.username})
        elif what == "owner" and request.POST.get("confirm") == "yes":
            club_owner_transfer(actor=request.user, to=user)
            messages.success(request, _("%(name)s est maintenant propriétaire du club.") % {"name": user.username})
        else:
            messages.error(request, _("Choisissez un rôle (et confirmez la transmission du club)."))
    except ClubRefused as refused:
        messages.error(request, refused.message)
    return HttpResponseRedirect(reverse("clubs:members"))
