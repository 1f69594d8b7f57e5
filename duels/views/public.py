"""What anyone may open without logging in: the running duels, the stage as a picture for forum
posts, and the live stage meant for an iframe in the forum thread (the embed)."""
from __future__ import annotations

import hashlib
import re

from django.conf import settings
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs.scoping import current_club_or_none
from duels import selectors
from duels.engine import DuelState
from duels.export import images
from duels.models import DeclarationKind, DuelStatus
from duels.pages import presenters
from duels.pages.charts import points_over_turns
from duels.selectors import spectators
from duels.views.common import POLL_SECONDS

EMBED_POLL_SECONDS = 15  # a forum thread is read, not played in: a gentler poll than the duel page


@require_GET
def running(request):
    """« Duels en cours »: every running duel with its turn, phase and who must post before when."""
    duels = list(spectators.duels_running_public())
    for duel in duels:
        window = duel.open_windows[0] if duel.open_windows else None
        duel.waiting = [s for s in window.slots.all() if s.status == "waiting"] if window else []
        names = [(p.team, p.duellist.forum_name) for p in duel.participants.all()]
        duel.team1 = [name for team, name in names if team == 1]
        duel.team2 = [name for team, name in names if team == 2]
    return render(request, "duels/public/running.html", {"duels": duels})


def _public_or_404(pk: int):
    duel = spectators.public_duel_get(pk=pk)
    if duel is None:
        raise Http404(pk)
    return duel


def _png_response(request, png: bytes, *, immutable: bool) -> HttpResponse:
    etag = f'"{hashlib.sha256(png).hexdigest()[:32]}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(png, content_type="image/png")
    response["ETag"] = etag
    if immutable:
        patch_cache_control(response, public=True, max_age=365 * 24 * 3600, immutable=True)
    else:
        patch_cache_control(response, public=True, max_age=POLL_SECONDS * 6)
    return response


def _title(duel, *, turn: int, phase: str) -> str:
    parts = [_("Duel n°%(n)s") % {"n": duel.pk}]
    if turn:
        parts.append(_("Tour %(turn)s") % {"turn": turn})
    parts.append(phase)
    return " — ".join(parts)


@require_GET
def stage_png(request, pk: int):
    """The current stage (the last published declaration's state)."""
    duel = _public_or_404(pk)
    participants = spectators.participants_of(duel)
    zones = presenters.stage(spectators.current_state(duel, participants), participants)
    png = images.stage_png(zones, title=_title(duel, turn=duel.turn, phase=duel.get_status_display()))
    return _png_response(request, png, immutable=duel.status == DuelStatus.FINISHED)


@require_GET
def turn_stage_png(request, pk: int, turn: int):
    """The stage after turn `turn`'s last published declaration; 404 while that turn is not declared."""
    duel = _public_or_404(pk)
    declaration = spectators.turn_last_declaration(duel, turn=turn)
    if declaration is None:
        raise Http404(turn)

    def draw() -> bytes:
        participants = spectators.participants_of(duel)
        zones = presenters.stage(DuelState.from_dict(declaration.state_after), participants)
        after = (_("après la première déclaration") if declaration.kind == DeclarationKind.FIRST
                 else _("après la seconde déclaration"))
        return images.render_stage(zones, title=_title(duel, turn=turn, phase=after))

    png = images.declaration_png(declaration, draw)
    # A later turn (or the end) means no declaration of this turn can follow: the picture is final.
    final = duel.turn > turn or duel.status == DuelStatus.FINISHED
    return _png_response(request, png, immutable=final)


# An origin as CSP names it: nothing a mistyped club field could slip into the header (a space, a `;`).
_ORIGIN = re.compile(r"https?://[A-Za-z0-9.\-]+(?::\d+)?")


def forum_origins() -> list[str]:
    """The origins of the served club's forum (Club.allowed_origins): the only ones that may frame the
    embed. None: nobody may."""
    club = current_club_or_none()
    return [o for o in club.allowed_origins if _ORIGIN.fullmatch(o)] if club is not None else []


def frame_ancestors() -> str:
    return " ".join(forum_origins()) or "'none'"


def embed_policy() -> str:
    """The embed's whole Content-Security-Policy: same-origin resources only (no inline script), and
    framing by the forum's origins only."""
    return ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "connect-src 'self'; base-uri 'none'; form-action 'none'; "
            f"frame-ancestors {frame_ancestors()}")


@require_GET
def embed(request, pk: int):
    """The live stage for an iframe: status line, stage, waiting duellists, a link to the duel page.
    HTMX polls it; an unchanged duel answers 204."""
    duel = _public_or_404(pk)
    version = selectors.duel_version(duel)
    template = "duels/public/embed.html"
    if request.htmx and request.htmx.target == "embed-live":
        if request.GET.get("v") == version:
            response = HttpResponse(status=204)
            return _frame_headers(response)
        template += "#embed_live"
    participants = spectators.participants_of(duel)
    window = selectors.open_window(duel)
    context = {
        "duel": duel, "version": version, "poll_seconds": EMBED_POLL_SECONDS,
        "stage": presenters.stage(spectators.current_state(duel, participants), participants),
        "team1": [p for p in participants if p.team == 1], "team2": [p for p in participants if p.team == 2],
        "winners": [p.duellist.forum_name for p in participants if p.team == duel.winner_team],
        "waiting": [s for s in window.slots.all() if s.status == "waiting"] if window else [],
    }
    response = render(request, template, context)
    patch_vary_headers(response, ("HX-Request", "HX-Target"))
    return _frame_headers(response)


def _frame_headers(response: HttpResponse) -> HttpResponse:
    """frame-ancestors on this view only. With django-csp's middleware the site's policy
    is kept and only that directive replaced; without it, the view writes its own whole policy."""
    origins = forum_origins()
    if "csp.middleware.CSPMiddleware" in settings.MIDDLEWARE:
        response._csp_replace = {"frame-ancestors": origins or ["'none'"]}
    else:
        response["Content-Security-Policy"] = embed_policy()
    # X-Frame-Options cannot name an origin: the forum's framing rests on frame-ancestors alone, and
    # with no forum set for the club the embed keeps DENY like every other page.
    response.xframe_options_exempt = bool(origins)
    return response


def site_url(path: str) -> str:
    """An absolute address for what is pasted on the forum (SITE_URL: the address the forum can reach)."""
    return getattr(settings, "SITE_URL", "").rstrip("/") + path


def follow_context(duel, windows, participants) -> dict:
    """What the duel page adds for spectators and the forum: PF/PM charts turn by turn (from the
    published declarations the page already read) and, for a public duel, the snippets to paste."""
    states = [(w.turn, w.published_declaration.state_after) for w in windows if w.published_declaration is not None]
    extra = {"points_charts": points_over_turns(duel, states, participants) if states else ()}
    if spectators.is_public(duel):
        embed_url = site_url(reverse("duels:embed", args=[duel.pk]))
        image_url = site_url(reverse("duels:stage_png", args=[duel.pk]))
        extra["share"] = {
            "iframe": f'<iframe src="{embed_url}" width="100%" height="420" style="border:0" '
                      f'title="{_("Duel n°%(n)s en direct") % {"n": duel.pk}}" loading="lazy"></iframe>',
            "img": f"[url={site_url(reverse('duels:duel', args=[duel.pk]))}][img]{image_url}[/img][/url]",
        }
    return extra
