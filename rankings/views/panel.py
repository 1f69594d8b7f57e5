"""The club's seasons in its control panel (/<club>/gestion/saisons/): the list, a new season, a season's
change and its deletion (after a confirmation). The club's staff only; the service checks again."""
from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.permissions import MANAGE_SEASONS
from common.access import permission_required
from rankings.forms import SeasonForm
from rankings.models import Season
from rankings.selectors.seasons import seasons_listed
from rankings.services.seasons import season_change, season_create, season_remove

LIST = "clubs:seasons:list"


@permission_required(MANAGE_SEASONS)
def season_list(request):
    return render(request, "rankings/panel_seasons.html", {"seasons": seasons_listed()})


def _stored(form, store) -> tuple[bool, object]:
    """(True, what the service returned) when the valid form's values were stored; else (False, None) with the
    refusal said on the form (a season saved meanwhile by someone else can still make them clash: the
    service's checks have the last word)."""
    if not form.is_valid():
        return False, None
    try:
        return True, store({name: form.cleaned_data[name] for name in ("name", "slug", "starts_on", "ends_on")})
    except ValidationError as refused:
        for field, errors in refused.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
        return False, None


@permission_required(MANAGE_SEASONS)
def season_new(request):
    form = SeasonForm(request.POST or None)
    if request.method == "POST":
        if _stored(form, lambda values: season_create(by=request.user, **values))[0]:
            messages.success(request, _("Saison « %(name)s » créée : son classement est calculé.")
                             % {"name": form.cleaned_data["name"]})
            return HttpResponseRedirect(reverse(LIST))
        return render(request, "rankings/panel_season_form.html", {"form": form}, status=422)
    return render(request, "rankings/panel_season_form.html", {"form": form})


@permission_required(MANAGE_SEASONS)
def season_edit(request, pk: int):
    season = get_object_or_404(Season, pk=pk)  # the club's seasons only (scoped): another club's is a 404
    form = SeasonForm(request.POST or None, instance=Season.objects.get(pk=pk))
    context = {"form": form, "season": season}
    if request.method == "POST":
        stored, changed = _stored(form, lambda values: season_change(by=request.user, season=season, **values))
        if stored:
            messages.success(request, _("Saison « %(name)s » enregistrée.") % {"name": form.cleaned_data["name"]}
                             if changed else _("Rien n'a changé."))
            return HttpResponseRedirect(reverse(LIST))
        return render(request, "rankings/panel_season_form.html", context, status=422)
    return render(request, "rankings/panel_season_form.html", context)


@permission_required(MANAGE_SEASONS)
def season_delete(request, pk: int):
    season = get_object_or_404(seasons_listed(), pk=pk)
    if request.method == "POST":
        season_remove(by=request.user, season=season)
        messages.success(request, _("Saison « %(name)s » supprimée ; ses résultats restent.") % {"name": season.name})
        return HttpResponseRedirect(reverse(LIST))
    return render(request, "rankings/panel_season_delete.html", {"season": season})
