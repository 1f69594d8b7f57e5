"""A player's sign-up, check-in and withdrawal, from the tournament page (through the services, which
check the tournament's status and the player's rights). A refusal shows the page again with its reason."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import Duellist
from tournaments import services
from tournaments.errors import TournamentRefused
from tournaments.models import Entrant
from tournaments.pages.listing import tournaments_visible_to
from tournaments.views.public import render_page


def _back(request, tournament, text: str):
    messages.success(request, text)
    return HttpResponseRedirect(reverse("tournaments:page", args=[tournament.slug]))


def _refused(request, tournament, message: str, status: int):
    return render_page(request, tournament, status=status, entry_error=message)


def _own_entry(tournament, user) -> Entrant | None:
    return (Entrant.objects.filter(tournament=tournament, withdrawn_at=None).filter(duellist__user=user).first()
            or Entrant.objects.filter(tournament=tournament, withdrawn_at=None, partner__user=user).first())


@require_POST
@login_required
def sign_up(request, slug: str):
    tournament = get_object_or_404(tournaments_visible_to(request.user), slug=slug)
    duellist = Duellist.objects.filter(user=request.user).first()
    if duellist is None:
        return _refused(request, tournament, _("Vous n'avez pas de duelliste dans ce club."), 422)
    partner = None
    if tournament.is_two_v_two:
        name = request.POST.get("partner", "").strip()
        partner = Duellist.objects.filter(forum_name__iexact=name).first() if name else None
        if partner is None:
            return _refused(request, tournament, _("Indiquez le pseudo forum de votre partenaire, membre du club."),
                            422)
    try:
        services.entrant_register(tournament=tournament, duellist=duellist, by=request.user, partner=partner)
    except TournamentRefused as refusal:
        return _refused(request, tournament, refusal.message, refusal.status)
    return _back(request, tournament, _("Vous êtes inscrit au tournoi."))


@require_POST
@login_required
def check_in(request, slug: str):
    tournament = get_object_or_404(tournaments_visible_to(request.user), slug=slug)
    entry = _own_entry(tournament, request.user)
    if entry is None:
        return _refused(request, tournament, _("Vous n'êtes pas inscrit à ce tournoi."), 409)
    try:
        services.entrant_check_in(entrant=entry, by=request.user)
    except TournamentRefused as refusal:
        return _refused(request, tournament, refusal.message, refusal.status)
    return _back(request, tournament, _("Votre présence est confirmée."))


@require_POST
@login_required
def withdraw(request, slug: str):
    tournament = get_object_or_404(tournaments_visible_to(request.user), slug=slug)
    entry = _own_entry(tournament, request.user)
    if entry is None:
        return _refused(request, tournament, _("Vous n'êtes pas inscrit à ce tournoi."), 409)
    try:
        services.entrant_withdraw(entrant=entry, by=request.user)
    except TournamentRefused as refusal:
        return _refused(request, tournament, refusal.message, refusal.status)
    return _back(request, tournament, _("Votre inscription est retirée."))
