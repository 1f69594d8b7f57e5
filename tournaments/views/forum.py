"""The tournament's topic on the forum, in the club's control panel (/<club>/gestion/tournois/<slug>/forum/):
its first message and each drawn round's reply as BBCode to post, and « Lier un sujet existant »
(its address pasted). The club's staff only; the link goes through tournaments.services.forum_topic."""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.permissions import MANAGE_TOURNAMENTS
from common.access import permission_required
from forum import selectors as forum
from forum.services import forum_off_message
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
