"""The cup as members and visitors see it (/<club>/coupe/): a period's standings with each house's
history chart and the forum's BBCode, the ledger with filters, the embed the forum frames and the
standings' picture. Nothing here writes."""
from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from cup import selectors
from cup.export.bbcode import standings_bbcode
from cup.export.image import standings_png
from cup.pages.choice import LedgerForm, PeriodForm
from cup.pages.history import history_chart
from cup.pages.lines import author, describe
from cup.pages.standings import standings_lines
from duels.views.public import _frame_headers, _png_response, site_url

PAGE_SIZE = 50
EMBED_MAX_AGE = 60  # the forum's readers load the frame often: a minute's cache is fresh enough


def _period_form(request) -> PeriodForm:
    return PeriodForm(request.GET or None)


def _title(label: str) -> str:
    return _("Coupe des maisons — %(period)s") % {"period": label}


@require_GET
def standings(request):
    """The standings of the period asked for (the club's current cup without one), each house's history
    chart, and what to paste on the forum."""
    form = _period_form(request)
    chosen = form.chosen()
    lines = standings_lines(chosen.period)
    title = _title(chosen.label)
    image_url = site_url(reverse("cup:standings_png"))
    return render(request, "cup/standings.html", {
        "form": form, "chosen": chosen, "lines": lines, "title": title,
        "chart": history_chart(chosen.period, [line.house for line in lines],
                               title=_("Points de chaque maison, cumulés — %(period)s") % {"period": chosen.label}),
        "bbcode": standings_bbcode(lines, title=title, image_url=image_url, page_url=site_url(reverse("cup:standings"))),
        "image_url": image_url,
        "embed_snippet": f'<iframe src="{site_url(reverse("cup:embed"))}" width="100%" height="260" '
                         f'style="border:0" title="{_("Coupe des maisons")}" loading="lazy"></iframe>',
        "query": request.GET.urlencode(),
    })


@require_GET
def ledger(request):
    """The entries of a period, 50 a page, filtered by house and cause; HTMX asks for the results only."""
    houses = list(selectors.houses())
    form = LedgerForm(request.GET or None, houses=houses)
    chosen = form.chosen()
    filters = form.filters()
    rows = selectors.entries(period=chosen.period, house=filters["house"], cause=filters["cause"])
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    for entry in page.object_list:
        entry.described, entry.author = describe(entry), author(entry)
    query = request.GET.copy()
    query.pop("page", None)
    template = "cup/ledger.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#results"
    response = render(request, template, {"form": form, "chosen": chosen, "page": page, "query": query.urlencode(),
                                          "filters": filters})
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_GET
def embed(request):
    """The current cup's standings for an iframe on the forum (framed by the club's forum origins only)."""
    form = _period_form(request)
    chosen = form.chosen()
    response = render(request, "cup/embed.html", {"lines": standings_lines(chosen.period), "chosen": chosen})
    patch_cache_control(response, public=True, max_age=EMBED_MAX_AGE)
    return _frame_headers(response)


@require_GET
def standings_image(request):
    """The standings as a picture for forum posts: the current cup at a stable address (or the period
    the query asks for)."""
    chosen = _period_form(request).chosen()
    png = standings_png(standings_lines(chosen.period), title=_title(chosen.label))
    return _png_response(request, png, immutable=False)
