"""Public pages: the champions table with filters, a duellist's page, a finished duel's replay."""
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.utils.cache import patch_vary_headers

from rankings import selectors
from rankings.forms import RankingFilterForm
from rankings.replay import duel_replay

PAGE_SIZE = 50


def index(request):
    """The table of the chosen scope, 50 lines a page. HTMX requests get the results only."""
    form = RankingFilterForm(request.GET or None)
    form.is_valid()
    scope = form.scope()
    page = Paginator(selectors.RankingTable(scope), PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    template = "rankings/index.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#results"
    response = render(request, template, {
        "form": form, "scope": scope, "page": page, "lines": page.object_list, "query": query.urlencode(),
    })
    patch_vary_headers(response, ("HX-Request",))
    return response


def duellist(request, forum_id: int):
    found = selectors.duellist_profile(forum_id=forum_id, recent=20)
    if found is None:
        raise Http404(forum_id)
    overall = found.overall[0] if found.overall else None
    others = [r for r in found.records if r.kind or r.format]
    recent = []
    for result in found.recent_duels:
        participants = list(result.duel.participants.all())
        team = next(p.team for p in participants if p.duellist_id == found.pk)
        recent.append({
            "result": result, "duel": result.duel,
            "opponents": [p.duellist for p in participants if p.team != team],
            "partners": [p.duellist for p in participants if p.team == team and p.duellist_id != found.pk],
        })
    return render(request, "rankings/duellist.html", {
        "duellist": found, "overall": overall, "records": others, "recent": recent,
    })


def duel(request, pk: int):
    finished = selectors.duel_finished_get(pk=pk)
    if finished is None:
        raise Http404(pk)
    return render(request, "rankings/replay.html", {"duel": finished, **duel_replay(finished)})
