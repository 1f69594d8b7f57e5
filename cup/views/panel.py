"""The cup in the club's control panel (/<club>/gestion/coupe/): the houses, the members' houses, the
prefects and the cup settings. The club's staff only (MANAGE_CUP); the services check again and say why
they refuse."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import Duellist
from accounts.permissions import MANAGE_CUP
from clubs.scoping import current_club
from common.access import permission_required
from cup.forms import CupSettingsForm, HouseForm
from cup.models import House, LedgerEntry
from cup.panel_selectors import (
    MEMBERS_PER_PAGE,
    WITHOUT_HOUSE,
    club_member_named,
    duellists_with_house,
    prefects_by_house,
)
from cup.selectors import cup_settings, houses
from cup.services.common import CupRefused
from cup.services.houses import cup_settings_save, house_delete, house_member_set, house_save, prefect_set

HOUSES = "clubs:cup_panel:houses"


@permission_required(MANAGE_CUP)
def house_list(request):
    rows = houses().order_by("position", "pk")
    with_entries = set(LedgerEntry.objects.values_list("house_id", flat=True).distinct())
    return render(request, "cup/panel_houses.html", {
        "houses": [(house, house.pk in with_entries) for house in rows]})


def _house_form(request, house: House | None):
    form = HouseForm(request.POST or None, instance=house)
    context = {"form": form, "house": house}
    if request.method == "POST" and form.is_valid():
        try:
            saved = house_save(by=request.user, house=form.save(commit=False))
        except CupRefused as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, _("Maison « %(name)s » enregistrée.") % {"name": saved.name})
            return HttpResponseRedirect(reverse(HOUSES))
    status = 422 if request.method == "POST" else 200
    return render(request, "cup/panel_house_form.html", context, status=status)


@permission_required(MANAGE_CUP)
def house_new(request):
    return _house_form(request, None)


@permission_required(MANAGE_CUP)
def house_edit(request, pk: int):
    return _house_form(request, get_object_or_404(House, pk=pk))  # the club's houses only (scoped)


@permission_required(MANAGE_CUP)
def house_remove(request, pk: int):
    house = get_object_or_404(House, pk=pk)
    if request.method == "POST":
        try:
            house_delete(by=request.user, house=house)
        except CupRefused as refused:
            messages.error(request, refused.message)
        else:
            messages.success(request, _("Maison « %(name)s » supprimée.") % {"name": house.name})
        return HttpResponseRedirect(reverse(HOUSES))
    return render(request, "cup/panel_house_delete.html", {"house": house})


@permission_required(MANAGE_CUP)
def members(request):
    """The club's duellists with their house: search, filter, and one member's house changed per form."""
    if request.method == "POST":
        _member_house_change(request)
        return HttpResponseRedirect(request.get_full_path())
    query = request.GET.get("q", "").strip()[:100]
    house = request.GET.get("maison", "").strip()
    page = Paginator(duellists_with_house(query=query, house=house), MEMBERS_PER_PAGE).get_page(
        request.GET.get("page"))
    filters = request.GET.copy()
    filters.pop("page", None)
    return render(request, "cup/panel_members.html", {
        "page": page, "query": query, "house": house, "houses": list(houses()), "without": WITHOUT_HOUSE,
        "filters": filters.urlencode()})


def _member_house_change(request) -> None:
    duellist = Duellist.objects.filter(pk=_int(request.POST.get("duellist"))).first()
    wanted = request.POST.get("house", "")
    house = House.objects.filter(pk=_int(wanted)).first() if wanted else None
    if duellist is None or (wanted and house is None):
        messages.error(request, _("Membre ou maison inconnus."))
        return
    try:
        changed = house_member_set(by=request.user, duellist=duellist, house=house)
    except CupRefused as refused:
        messages.error(request, refused.message)
        return
    if not changed:
        messages.info(request, _("Rien n'a changé."))
    elif house is None:
        messages.success(request, _("%(name)s n'a plus de maison.") % {"name": duellist.forum_name})
    else:
        messages.success(request, _("%(name)s est maintenant à %(house)s.")
                         % {"name": duellist.forum_name, "house": house.name})


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


@permission_required(MANAGE_CUP)
def prefects(request):
    """Each house's prefects; name one (a member of the club, by account name) or remove one."""
    if request.method == "POST":
        _prefect_change(request)
        return HttpResponseRedirect(reverse("clubs:cup_panel:prefects"))
    return render(request, "cup/panel_prefects.html", {"houses": prefects_by_house(),
                                                       "settings": cup_settings()})


def _prefect_change(request) -> None:
    house = House.objects.filter(pk=_int(request.POST.get("house"))).first()
    naming = request.POST.get("prefect") == "1"
    if naming:
        user = club_member_named(request.POST.get("username", ""))
        if house is not None and user is None:
            messages.error(request, _("Aucun membre du club n'a le compte « %(name)s ».")
                           % {"name": request.POST.get("username", "").strip()[:150]})
            return
    else:
        user = get_user_model().objects.filter(pk=_int(request.POST.get("user"))).first()
    if house is None or user is None:
        messages.error(request, _("Membre ou maison inconnus."))
        return
    try:
        changed = prefect_set(by=request.user, user=user, house=house, prefect=naming)
    except CupRefused as refused:
        messages.error(request, refused.message)
        return
    if not changed:
        messages.info(request, _("Rien n'a changé."))
    else:
        messages.success(request, (_("%(name)s est préfet de %(house)s.") if naming
                                   else _("%(name)s n'est plus préfet de %(house)s."))
                         % {"name": user.username, "house": house.name})


@permission_required(MANAGE_CUP)
def settings_page(request):
    current = cup_settings()
    form = CupSettingsForm(request.POST or None, instance=current)
    if request.method == "POST" and form.is_valid():
        try:
            cup_settings_save(by=request.user, settings=form.save(commit=False))
        except CupRefused as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, _("Réglages de la coupe enregistrés."))
            return HttpResponseRedirect(reverse("clubs:cup_panel:settings"))
    status = 422 if request.method == "POST" else 200
    return render(request, "cup/panel_settings.html", {"form": form, "club": current_club()}, status=status)
