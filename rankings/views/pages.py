"""Public pages: the champions table with filters, a duellist's page, a finished duel's replay;
the staff list of rewards still to pay on the forum."""
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _

from accounts.permissions import PAY_REWARDS
from common.access import permission_required
from rankings import selectors
from rankings.export.bbcode import rewards_bbcode
from rankings.extras import record_extras
from rankings.forms import RankingFilterForm
from rankings.pages.replay import duel_replay
from rankings.selectors.record import duellist_record
from rankings.services.rewards import rewards_mark_paid, rewards_to_pay

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
    extras = record_extras(found, [item["duel"].pk for item in recent])  # tournaments…: see rankings/extras.py
    for item in recent:
        item["labels"] = [extra.duel_labels[item["duel"].pk] for extra in extras
                          if item["duel"].pk in extra.duel_labels]
    return render(request, "rankings/duellist.html", {
        "duellist": found, "overall": overall, "records": others, "recent": recent,
        "record_sections": [extra for extra in extras if extra.template],
        **duellist_record(found),  # favourite spells, head-to-head, season chart
    })


def duel(request, pk: int):
    finished = selectors.duel_finished_get(pk=pk)
    if finished is None:
        raise Http404(pk)
    return render(request, "rankings/replay.html", {"duel": finished, **duel_replay(finished)})


REWARDS_SHOWN = 500  # the oldest unpaid first; the bank pays them in batches


@permission_required(PAY_REWARDS)
def rewards(request):
    """The club's staff (`rankings.pay_rewards`): rewards not yet handed out on the forum, with a BBCode list for the forum's bank; the
    ones ticked are marked "payé" (POST)."""
    if request.method == "POST":
        ids = [int(v) for v in request.POST.getlist("paid") if v.isascii() and v.isdigit()]
        if not ids:
            messages.error(request, _("Cochez les récompenses versées sur le forum."))
        else:
            marked = rewards_mark_paid(result_ids=ids, by=request.user)
            messages.success(request, _("%(n)d récompense(s) marquée(s) payée(s).") % {"n": marked})
        return redirect("rankings:rewards")
    unpaid = list(rewards_to_pay()[:REWARDS_SHOWN])
    return render(request, "rankings/rewards.html", {"results": unpaid, "code": rewards_bbcode(unpaid)})
