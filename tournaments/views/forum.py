"""The tournament's topic on the forum, in the club's control panel (/<club>/gestion/tournois/<slug>/forum/):
its first message and each drawn round's reply as BBCode to post, and « Lier un sujet existant »
(its address pasted). The club's staff only; the link goes through tournaments.services.forum_topic."""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from accounts.permissions import MANAGE_TOURNAMENTS
from common.access import permission_required
from forum import selectors as forum
from forum.services import ForumError, forum_off_message
from tournaments import bridge
from tournaments.errors import TournamentRefused
from tournaments.models import Tournament
from tournaments.pages import state
from tournaments.pages.forum_topic import image_url, opening_bbcode, opening_subject, round_bbcode
from tournaments.services.forum_topic import forum_topic_link


@permission_required(MANAGE_TOURNAMENTS)
def forum_topic(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    error, status = "", 200
    if request.method == "POST":
        try:
            forum_topic_link(tournament=tournament, url=request.POST.get("url", ""), by=request.user)
        except TournamentRefused as refusal:
            error, status = refusal.message, refusal.status or 422
        else:
            messages.success(request, _("Le sujet du tournoi est lié."))
            return HttpResponseRedirect(reverse("clubs:tournaments:forum_topic", args=[slug]))
    loaded = state.load(tournament)
    enabled = forum.is_enabled()
    return render(request, "tournaments/panel_forum.html", {
        "tournament": tournament, "enabled": enabled, "off_message": "" if enabled else forum_off_message(),
        "error": error, "url": request.POST.get("url", ""), "subject": opening_subject(tournament),
        "opening": opening_bbcode(tournament, loaded), "image_url": image_url(tournament),
        "rounds": [(r, round_bbcode(tournament, r, loaded)) for r in reversed(loaded.rounds)],
    }, status=status)


@permission_required(MANAGE_TOURNAMENTS)
@require_GET
def forum_open(request, slug: str, pk: int | None = None):
    """« Créer le sujet sur le forum » (no `pk`) / « Publier en réponse » (the round `pk`): to the forum,
    the bridge's token in the fragment; refused: back to the topic's page with the French message."""
    tournament = get_object_or_404(Tournament, slug=slug)
    round = bridge.round_of(tournament, pk) if pk is not None else None
    try:
        return HttpResponseRedirect(bridge.open_link(user=request.user, tournament=tournament, round=round))
    except ForumError as error:
        messages.error(request, error.message)
        return HttpResponseRedirect(reverse("clubs:tournaments:forum_topic", args=[slug]))
