"""The duel page (stage, thread, my actions) and the forms it posts to."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.scoping import current_club
from common.cache import cached
from common.parsers import whole_number
from duels import selectors
from duels.engine import DuelState
from duels.forms.duel import ExemptionForm, MagicTypesForm, action_steps, defence_steps
from duels.models import NOT_STARTED, Duel, DuelKind, Participant, Phase, SlotStatus, Window
from duels.pages import action_form, live_poll, presenters, thread_fragments
from duels.pages.identity import duel_identity
from duels.permissions import is_duel_referee
from duels.selectors import spectators
from duels.selectors.house_rules import rules_of
from duels.services import (
    DuelError,
    exemption_refusal,
    exemption_request,
    forfeit,
    magic_types_choose,
    post_submit,
)
from duels.services.journal import journal_reader
from duels.services.post_refusals import count_refusal, too_many_refusals
from duels.views.common import POLL_SECONDS, blank_form_html, refused
from duels.views.public import follow_context
from spells.models import MagicType


def _duel(pk: int, *, with_referee: bool = True) -> Duel:
    """The duel, with its referee (the page names them) unless the caller never shows them."""
    return get_object_or_404(Duel.objects.select_related("referee") if with_referee else Duel.objects, pk=pk)


def _types_form(me: Participant, duel: Duel, data=None) -> MagicTypesForm:
    """The magic types form; `data`: the POST to check (unbound: the types already chosen, ticked)."""
    if duel.kind == DuelKind.RP:
        choices = list(me.duellist.magic_types.order_by("name").values_list("slug", "name"))
    else:
        choices = list(MagicType.objects.order_by("name").values_list("slug", "name"))
    needed = me.types_needed
    chosen = me.magic_types[0] if needed == 1 and me.magic_types else me.magic_types
    return MagicTypesForm(data, choices=choices, needed=needed, initial={"types": chosen})


def recent_windows(duel: Duel) -> list[Window]:
    """The last two turns' phases, light (the settled ones before them are cached HTML): flat in turns."""
    return list(selectors.duel_windows_outline(duel, from_turn=selectors.settled_turn(duel)))


def duel_context(request, duel: Duel, *, posted=None, post_error: str = "", windows: list[Window] | None = None,
                 whole_thread: bool = True) -> dict:
    """Everything the duel page shows, in a fixed number of queries whatever the number of turns, and
    its version. `whole_thread`: False for the poll, which sends only the live part and the thread's
    changes. `windows`: recent_windows(duel) when the caller has read them."""
    participants = list(duel.participants.select_related("duellist").order_by("team", "pk"))
    me = next((p for p in participants if p.duellist.user_id == request.user.pk), None)
    settled_html = ""
    if whole_thread:
        windows, settled_html = thread_fragments.recent_outline_and_settled_html(duel, participants)
    elif windows is None:
        windows = recent_windows(duel)
    window = presenters.open_window_among(windows)
    # the open phase's posts (the moves already announced) and who is expected
    open_posts, open_slots = selectors.open_phase_posts_and_slots(window, participants)
    slot = presenters.my_slot(open_slots, me)
    state = DuelState.from_dict(duel.state, spells=duel.spells) if duel.state else presenters.preview_state(duel, participants)
    context = {
        "duel": duel, "participants": participants, "me": me, "window": window, "slot": slot,
        "stage": presenters.stage(state, participants, me),
        "announced": presenters.summary.announced_moves(open_posts, presenters.names_by_engine_id(participants)),
        "waiting": [s for s in open_slots if s.status == SlotStatus.WAITING],
        "windows": windows, "last_window_id": windows[-1].pk if windows else 0,
        "version": selectors.duel_version(duel, windows),
        "phase_key": live_poll.phase_key(duel, window), "phase_changed": live_poll.phase_changed(request, duel, window),
        "poll_seconds": POLL_SECONDS, "min_words": rules_of(duel).min_words, "zone_numbers": range(1, 12),
        # a duellist never referees their duel: their roles in the club need not be read
        "is_referee": request.user.is_authenticated and me is None and is_duel_referee(duel, request.user),
        "posted": posted or {}, "post_error": post_error,
        "team1": [p for p in participants if p.team == 1], "team2": [p for p in participants if p.team == 2],
        "winners": [p.duellist.forum_name for p in participants if p.team == duel.winner_team],
        "forum_origins": current_club().allowed_origins,  # the embed's frame-ancestors (duels/views/public.py)
    }
    if slot is not None and slot.status == SlotStatus.WAITING:
        context["deadline"] = presenters.deadline_view(slot.deadline)
    if not whole_thread:  # the poll: the live part only (no form, charts or thread)
        return context
    context.update(_follow_context(duel, windows, participants))  # charts and forum snippets
    context["thread_html"] = thread_fragments.thread_html(duel, windows, participants, settled_html)
    if me is not None and duel.is_running and slot is not None and slot.status == SlotStatus.WAITING:
        context["options"] = action_form.action_choices(duel, window, state, me, participants, posted=posted,
                                                        earlier_posts=open_posts)
        context["choices_html"] = context["options"]["html"]
        exemptions = selectors.exemptions_of_duel([me])
        context["my_exemptions"], context["exemption_used_before"] = presenters.exemptions_shown(exemptions, window, me)
        context["can_ask_exemption"] = exemption_refusal(me, window, exemptions=exemptions, slot=slot, duel=duel) is None
        context["exemption_form_html"] = blank_form_html(ExemptionForm, **exemption_form_rules(duel))
    if me is not None and duel.status in NOT_STARTED:
        context["types_form"] = _types_form(me, duel)
    if me is not None and duel.is_running:
        context["me_state"] = state.find_duellist(me.engine_id)
    return context


def _follow_context(duel: Duel, windows: list, participants: list) -> dict:
    """The charts and forum snippets, cached until the next published declaration or correction: they
    read every declaration's state, which the page's light timeline does not load. `windows`: the
    recent phases, which hold the latest published declaration (the only one that can still change,
    by a correction: its revision is in the key)."""
    declared = [w.published_declaration for w in windows]
    latest = next((d for d in reversed(declared) if d is not None), None)
    parts = (*duel_identity(duel), spectators.is_public(duel), latest.pk if latest else 0,
             latest.revision if latest else 0, tuple(p.duellist.forum_name for p in participants))

    def build() -> dict:  # the data and its HTML (the charts grow with the turns): rendered once
        full = list(Window.objects.filter(duel=duel).select_related("declaration").order_by("turn", "opened_at", "pk"))
        extra = follow_context(duel, full if latest else windows, participants)
        extra["follow_html"] = render_to_string("duels/public/_follow.html", extra)
        return extra

    extra = dict(cached("follow", parts, build, thread_fragments.CACHE_SECONDS))
    extra["follow_html"] = mark_safe(extra["follow_html"])  # noqa: S308 - our own rendered template
    return extra


def _not_viewable(request, duel: Duel) -> HttpResponse | None:
    """None when the reader may see the duel; else a visitor logs in, and a member of another club finds
    nothing here (a 404: the duel is not theirs to know of)."""
    if spectators.viewable_by(request.user, duel):
        return None
    if request.user.is_authenticated:
        raise Http404
    return redirect_to_login(request.get_full_path())


def duel_page(request, pk: int):
    """A full page; HTMX polling gets only the live part (stage, status, thread). Anyone may read a
    running or finished duel (spectators: read-only, published declarations only); before the start
    and once cancelled it stays for the club's members."""
    polled = bool(request.htmx and request.htmx.target == "live")
    duel = _duel(pk, with_referee=not polled)  # the live part does not name the referee
    refused = _not_viewable(request, duel)
    if refused is not None:
        return refused
    if polled:
        return _live_poll(request, duel)
    response = render(request, "duels/duel.html", duel_context(request, duel))
    patch_vary_headers(response, ("HX-Request", "HX-Target"))
    return response


def _live_poll(request, duel: Duel) -> HttpResponse:
    """The poll: 204 when nothing changed; else the live part and the thread's new or changed phases
    out of band (never the whole thread), rendered once per version and viewer (duels/pages/live_poll.py)."""
    windows = recent_windows(duel)
    version = selectors.duel_version(duel, windows)
    if request.GET.get("v") == version:
        return HttpResponse(status=204)  # nothing new: HTMX keeps the page as it is
    shown = whole_number(request.GET, "w") or 0  # the last phase the page shows
    if thread_fragments.behind(windows, shown):
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"  # more than the recent phases to add: the page reloads
        return response
    parts = live_poll.live_parts(duel, version, live_poll.viewer_participant(duel, request.user), shown_last=shown,
                                 phase_changed=live_poll.phase_changed(request, duel, presenters.open_window_among(windows)))

    def build() -> str:
        context = duel_context(request, duel, windows=windows, whole_thread=False)
        context["thread_updates"] = thread_fragments.poll_updates(duel, windows, context["participants"], shown)
        return render_to_string("duels/duel.html#live", context, request=request)

    response = HttpResponse(cached("live", parts, build, live_poll.LIVE_SECONDS))
    patch_vary_headers(response, ("HX-Request", "HX-Target"))
    return response


def turn_fragment(request, pk: int, window_pk: int):
    """One phase of the thread, unfolded: for HTMX the `<details>` alone (a folded phase being opened),
    otherwise a small page of its own (the link a folded phase shows without JavaScript)."""
    duel = _duel(pk)
    refused = _not_viewable(request, duel)
    if refused is not None:
        return refused
    windows = list(selectors.duel_windows_outline(duel))
    window = next((w for w in windows if w.pk == window_pk), None)
    if window is None:
        raise Http404
    participants = list(duel.participants.select_related("duellist").order_by("team", "pk"))
    html = thread_fragments.fragments(duel, windows, participants, wanted=[window], unfolded={window.pk})[window.pk]
    if request.htmx:
        response = HttpResponse(html)
    else:
        response = render(request, "duels/turn.html", {"duel": duel, "window": window, "fragment": html})
    patch_vary_headers(response, ("HX-Request",))
    return response


@login_required
def journal(request, pk: int):
    """The whole "Journal de l'arbitrage" (the duel page shows its latest entries): for the duel's
    duellists and whoever referees it, as on the duel page."""
    duel = _duel(pk)
    me = selectors.participant_for(duel, request.user)
    context = {"duel": duel, "me": me, "is_referee": is_duel_referee(duel, request.user)}
    if journal_reader(user=request.user, participant=me, is_referee=context["is_referee"]) is None:
        raise PermissionDenied
    return render(request, "duels/journal.html", context)


@login_required
@require_POST
def post_create(request, pk: int):
    """A duellist's post. Refused: the page again, with the text typed and the reason in French."""
    duel = _duel(pk)
    phase = Phase.DEFENCE if duel.status == "defence" else Phase.ACTION
    rp_text = request.POST.get("rp_text", "")
    if too_many_refusals(request.user):  # answered before any parsing, lock or page rendering
        return render(request, "duels/post_refused.html", {"duel": duel, "error": DuelError("too-many-refusals")},
                      status=429)
    try:  # a malformed field is refused like a rule (FormInputError), never read as a pass
        steps = defence_steps(request.POST) if phase == Phase.DEFENCE else action_steps(request.POST)
        post_submit(duel=duel, user=request.user, rp_text=rp_text, steps=steps)
    except DuelError as error:
        count_refusal(request.user)
        duel.refresh_from_db()
        context = duel_context(request, duel, posted=request.POST, post_error=error.message)
        return render(request, "duels/duel.html", context, status=422 if error.code != "not-participant" else 403)
    messages.success(request, _("Votre message est publié. L'arbitre déclarera les résultats quand tout le monde aura posté."))
    return redirect("duels:duel", duel.pk)


@login_required
@require_POST
def types_choose(request, pk: int):
    duel = _duel(pk)
    me = selectors.participant_for(duel, request.user)
    if me is None:
        return refused(request, DuelError("not-participant"), "duels:duel", duel.pk)
    form = _types_form(me, duel, request.POST)
    if form.is_valid():
        try:
            magic_types_choose(participant=me, types=form.cleaned_data["types"], by=request.user)
        except DuelError as error:
            form.add_error("types", error.message)
    if not form.is_valid():  # the page again: the error by the field, the boxes as they were ticked
        context = duel_context(request, duel)
        context["types_form"] = form
        return render(request, "duels/duel.html", context, status=422)
    messages.success(request, _("Types de magie enregistrés."))
    return redirect("duels:duel", duel.pk)


@login_required
def forfeit_confirm(request, pk: int):
    """Giving up needs a confirmation: a GET shows what it means, the POST does it."""
    duel = _duel(pk)
    me = selectors.participant_for(duel, request.user)
    if me is None:
        return refused(request, DuelError("not-participant"), "duels:duel", duel.pk)
    if request.method == "POST":
        try:
            forfeit(duel=duel, by=request.user)
        except DuelError as error:
            return refused(request, error, "duels:duel", duel.pk)
        messages.success(request, _("Vous avez abandonné le duel."))
        return redirect("duels:duel", duel.pk)
    return render(request, "duels/forfeit.html", {"duel": duel, "me": me})


@login_required
@require_POST
def exemption_create(request, pk: int):
    duel = _duel(pk)
    form = ExemptionForm(request.POST, **exemption_form_rules(duel))
    window = selectors.open_window(duel)
    if window is None:
        messages.error(request, _("Donnez un motif et un délai pour demander une dispense."))
        return redirect("duels:duel", duel.pk)
    if not form.is_valid():  # malformed or missing field: the page again with the form's errors
        messages.error(request, _("Donnez un motif et un délai pour demander une dispense."))
        context = duel_context(request, duel)
        context["exemption_form_html"] = form.as_div()
        return render(request, "duels/duel.html", context, status=422)
    try:
        exemption_request(duel=duel, by=request.user, reason=form.cleaned_data["reason"],
                          wished_deadline=form.wished_deadline(window.opened_at))
    except DuelError as error:
        return refused(request, error, "duels:duel", duel.pk)
    messages.success(request, _("Demande de dispense envoyée à l'arbitre."))
    return redirect("duels:duel", duel.pk)


def exemption_form_rules(duel) -> dict:
    """The exemption form's numbers: the duel's house rules (§8)."""
    house = rules_of(duel)
    return {"max_days": house.exemption_days, "per_duel": house.exemptions, "deadline_hours": house.deadline_hours}
