"""The points page (/<club>/coupe/points/): a prefect or the club's staff give or take a house's points
with a reason, and cancel a mistaken entry. Anyone else: 403 (anonymous: the login page). The services
check again (a prefect's own house when the club says so) and say why they refuse."""
from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cup.forms import PointsForm
from cup.models import Cause, LedgerEntry
from cup.panel_selectors import houses_for, may_open_points, recent_manual_entries
from cup.selectors import cup_settings
from cup.services.awards import award_cancel, points_award
from cup.services.common import CupRefused, may_manage_cup

POINTS = "cup:points"


def prefect_or_staff(view):
    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not may_open_points(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped


@prefect_or_staff
def points(request):
    allowed = houses_for(request.user)
    form = PointsForm(request.POST or None, houses=allowed)
    if request.method == "POST" and form.is_valid():
        house, given = form.cleaned_data["house"], form.cleaned_data["points"]
        try:
            points_award(by=request.user, house=house, points=given, reason=form.cleaned_data["reason"])
        except CupRefused as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, (_("%(n)s points pour %(house)s.") if given > 0
                                       else _("%(n)s points retirés à %(house)s."))
                             % {"n": abs(given), "house": house.name})
            return HttpResponseRedirect(reverse(POINTS))
    houses = list(allowed)
    return render(request, "cup/points.html", {
        "form": form, "houses": houses, "entries": recent_manual_entries(house.pk for house in houses),
        "staff": may_manage_cup(request.user), "own_house_only": cup_settings().prefects_own_house_only,
    }, status=422 if request.method == "POST" else 200)


@prefect_or_staff
@require_POST
def cancel(request, pk: int):
    entry = get_object_or_404(LedgerEntry.objects.select_related("house"), pk=pk, cause=Cause.MANUAL)
    try:
        award_cancel(by=request.user, entry=entry, reason=request.POST.get("reason", ""))
    except CupRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("Points annulés pour %(house)s.") % {"house": entry.house.name})
    return HttpResponseRedirect(reverse(POINTS))
