"""What anyone may open without logging in: the club's tournaments, a tournament's page (bracket, groups
or Swiss table, the current round's duels, the rules; polled by HTMX while it runs) and its picture for
the forum. A draft tournament is shown to the club's staff only."""
from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from duels.views.public import _png_response, site_url
from tournaments.export import images
from tournaments.models import TournamentStatus
from tournaments.pages import state
from tournaments.pages.listing import tournaments_listed, tournaments_visible_to
from tournaments.pages.overview import group_title, overview
from tournaments.pages.viewer import viewer_context

POLL_SECONDS = 30  # a round lasts days: a gentle poll for spectators
OVER = (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)


@require_GET
def tournament_list(request):
    return render(request, "tournaments/list.html", {"tournaments": tournaments_listed(request.user)})


def _title(tournament) -> str:
    return f"{tournament.name} — {tournament.get_format_display()}"


@require_GET
def tournament_page(request, slug: str):
    return render_page(request, get_object_or_404(tournaments_visible_to(request.user), slug=slug))


def render_page(request, tournament, *, status: int = 200, entry_error: str = ""):
    """The page (or, for its HTMX poll, its live part; 204 when nothing changed); a refused sign-up shows
    it again with `entry_error` and the refusal's status."""
    slug = tournament.slug
    loaded = state.load(tournament)
    image_url = site_url(reverse("tournaments:bracket_png", args=[slug]))
    context = overview(loaded, title=_title(tournament), image_url=image_url)
    template = "tournaments/page.html"
    if request.htmx and request.htmx.target == "tournament-live":
        if request.GET.get("v") == context["version"]:
            return HttpResponse(status=204)
        template += "#live"
    context.update(tournament=tournament, image_url=image_url, poll_seconds=POLL_SECONDS, entry_error=entry_error,
                   live=tournament.status not in OVER, **viewer_context(request.user, loaded))
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ("HX-Request", "HX-Target"))
    return response


@require_GET
def bracket_png(request, slug: str):
    """The bracket (or the standings before and without one) as a picture for the forum."""
    tournament = get_object_or_404(tournaments_visible_to(request.user), slug=slug)
    loaded = state.load(tournament)
    found = state.progress(loaded)
    names, title = loaded.names, _title(tournament)
    if found.bracket:
        png = images.bracket_png(found.bracket, names, title=title)
    elif found.groups:
        png = images.standings_png([(group_title(n), rows) for n, rows in found.groups], names, title=title)
    elif found.swiss:
        png = images.standings_png([(_("Classement"), found.swiss)], names, title=title)
    else:
        raise Http404(slug)  # nothing drawn yet
    return _png_response(request, png, immutable=False)
