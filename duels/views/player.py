"""Player pages: the dashboard (my duels, my registration, eligibility, wand rest) and registration."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.models import Duellist
from duels import selectors
from duels.forms.duel import RegistrationForm
from duels.models import OVER, Participant, Registration, SlotStatus
from duels.pages import presenters
from duels.selectors.standing import allowed_years, registration_standing
from duels.services import (
    DuelError,
    matchmaking_run,
    registration_create,
    registration_withdraw,
)
from duels.services.matchmaking import matchmaking_held
from duels.views.common import refused

DUELS_PER_PAGE = 20


def _duel_rows(participations) -> list[dict]:
    rows = []
    for me in participations:
        duel = me.duel
        window = duel.open_windows[0] if duel.open_windows else None
        slots = list(window.slots.all()) if window else []
        mine = next((s for s in slots if s.participant_id == me.pk), None)
        my_turn = mine is not None and mine.status == SlotStatus.WAITING
        rows.append({
            "duel": duel, "me": me,
            "opponents": [p.duellist.forum_name for p in duel.participants.all() if p.team != me.team],
            "partners": [p.duellist.forum_name for p in duel.participants.all() if p.team == me.team and p.pk != me.pk],
            "window": window, "my_turn": my_turn,
            "deadline": presenters.deadline_view(mine.deadline) if my_turn else None,
            "waiting": [s.participant.duellist.forum_name for s in slots if s.status == SlotStatus.WAITING],
            "needs_types": duel.status in ("matched", "setup", "ready") and len(me.magic_types) != me.types_needed,
        })
    return rows


@login_required
def dashboard(request):
    duellist = Duellist.objects.filter(user=request.user).first()
    page = Paginator(selectors.participations_of(request.user), DUELS_PER_PAGE).get_page(request.GET.get("page"))
    rows = _duel_rows(page.object_list)
    in_duel = Participant.objects.filter(duellist__user=request.user).exclude(duel__status__in=OVER).exists()
    context = {"duellist": duellist, "rows": rows, "page": page, "in_duel": in_duel}
    if duellist is not None:  # one answer with the home page and the form (duels.selectors.standing)
        context["standing"] = registration_standing(duellist, in_duel=context["in_duel"])
        context["registration"] = context["standing"].get("registration")
        if context["registration"] is not None:  # a wide RP gap held back: say so (§1.2)
            context["held_pairing"] = next((h for h in matchmaking_held()
                                            if context["registration"].pk in h.registration_ids), None)
    return render(request, "duels/dashboard.html", context)


@login_required
def register(request):
    duellist = Duellist.objects.filter(user=request.user).first()
    form = RegistrationForm(request.POST or None)
    if duellist is not None:  # only the years allowed are offered (the service still checks a forged one)
        form.fields["year"].widget.choices = allowed_years(duellist)
        form.fields["year"].initial = duellist.homework_year  # the member's own year, not year 1
    if request.method == "POST" and duellist is not None and form.is_valid():
        data = form.cleaned_data
        try:
            registration = registration_create(
                duellist=duellist, kind=data["kind"], format=data["format"], year=data["year"],
                named_opponent=data["named_opponent"], named_partner=data["named_partner"],
            )
        except DuelError as error:
            form.add_error(None, error.message)
        else:
            # Players are paired as soon as a compatible registration waits (RULES.md §1.2).
            matchmaking_run()
            registration.refresh_from_db()
            if registration.duel_id:
                messages.success(request, _("Inscription enregistrée : vous avez un adversaire ! Un arbitre va prendre le duel."))
                return redirect("duels:duel", registration.duel_id)
            messages.success(request, _("Inscription enregistrée : vous serez apparié dès qu'un adversaire compatible s'inscrit."))
            return redirect("duels:dashboard")
    status = 422 if request.method == "POST" else 200  # refused: the page again with the reasons
    return render(request, "duels/register.html",
                  {"form": form, "duellist": duellist, "standing": registration_standing(duellist)}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def withdraw(request, pk: int):
    """Withdrawing asks to confirm: a GET shows what it means (no script needed), the POST does it."""
    registration = get_object_or_404(Registration, pk=pk)
    if request.method != "POST":
        if registration.duellist.user_id != request.user.pk:
            return redirect("duels:dashboard")
        return render(request, "duels/withdraw.html", {"registration": registration})
    try:
        registration_withdraw(registration=registration, user=request.user)
    except DuelError as error:
        return refused(request, error, "duels:dashboard")
    messages.success(request, _("Inscription retirée."))
    return redirect("duels:dashboard")
