"""The club's tournaments in its control panel (/<club>/gestion/tournois/): the list, a new tournament,
and one tournament's controls (open the sign-up, open the check-in, draw, referees, move on, cancel) with
the rounds past their end date and what each unfinished match waits for. The club's staff only; every
change goes through tournaments.services (which check the staff again and write the audit log)."""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.permissions import MANAGE_TOURNAMENTS
from common.access import permission_required
from common.views import refused
from tournaments import selectors, services
from tournaments.errors import TournamentRefused
from tournaments.forms import (
    CancelForm,
    CheckinForm,
    MatchRecordForm,
    RefereesForm,
    TournamentForm,
    TournamentTextForm,
)
from tournaments.models import Match, Tournament, TournamentReferee, TournamentStatus
from tournaments.pages import state
from tournaments.pages.listing import tournaments_listed

MANAGE = "clubs:tournaments:manage"


@permission_required(MANAGE_TOURNAMENTS)
def tournament_list(request):
    return render(request, "tournaments/panel_list.html", {"tournaments": tournaments_listed(request.user)})


@permission_required(MANAGE_TOURNAMENTS)
def tournament_new(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                tournament = services.tournament_create(by=request.user, **form.cleaned_data)
            except TournamentRefused as refusal:
                form.add_error(None, refusal.message)
            else:
                messages.success(request, _("Tournoi « %(name)s » créé (brouillon).") % {"name": tournament.name})
                return HttpResponseRedirect(reverse(MANAGE, args=[tournament.slug]))
        return render(request, "tournaments/panel_form.html", {"form": form}, status=422)
    return render(request, "tournaments/panel_form.html", {"form": form})


def _manage_context(tournament: Tournament, **forms) -> dict:
    loaded = state.load(tournament)
    chosen = list(TournamentReferee.objects.filter(tournament=tournament).values_list("user_id", flat=True))
    names, late = loaded.names, selectors.overdue_rounds(tournament=tournament)
    for match in [*loaded.matches, *(wait.match for r in late for wait in r.waiting)]:
        match.name_a, match.name_b = names.get(match.side_a_id, "?"), names.get(match.side_b_id, "")
    return {
        "tournament": tournament, "loaded": loaded,
        "present": sum(1 for e in loaded.entrants if e.checked_in_at and not e.withdrawn_at),
        "active": sum(1 for e in loaded.entrants if not e.withdrawn_at),
        "late": late,
        "stale": [m for m in loaded.matches if m.stale and not m.outcome],
        "checkin_form": forms.get("checkin_form") or CheckinForm(),
        "referees_form": forms.get("referees_form") or RefereesForm(initial={"referees": chosen}),
        "cancel_form": forms.get("cancel_form") or CancelForm(),
        "record_form": MatchRecordForm(),
    }


@permission_required(MANAGE_TOURNAMENTS)
def tournament_edit(request, slug: str):
    """A draft's options, all of them; once the sign-up opened, its name, presentation and forum topic."""
    tournament = get_object_or_404(Tournament, slug=slug)
    form_class = TournamentForm if tournament.status == TournamentStatus.DRAFT else TournamentTextForm
    form = form_class(request.POST or None, instance=Tournament.objects.get(pk=tournament.pk))
    context = {"form": form, "tournament": tournament}
    if request.method == "POST":
        if form.is_valid():
            try:
                services.tournament_update(tournament=tournament, by=request.user, **form.cleaned_data)
            except TournamentRefused as refusal:
                form.add_error(None, refusal.message)
            else:
                return _done(request, tournament, _("Tournoi enregistré."))
        return render(request, "tournaments/panel_form.html", context, status=422)
    return render(request, "tournaments/panel_form.html", context)


@permission_required(MANAGE_TOURNAMENTS)
def tournament_manage(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)  # the club's only (scoped): another club's is a 404
    return render(request, "tournaments/panel_manage.html", _manage_context(tournament))


def _done(request, tournament: Tournament, text: str):
    messages.success(request, text)
    return HttpResponseRedirect(reverse(MANAGE, args=[tournament.slug]))


@require_POST
@permission_required(MANAGE_TOURNAMENTS)
def signup_open(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        services.tournament_signup_open(tournament=tournament, by=request.user)
    except TournamentRefused as refusal:
        return refused(request, refusal, MANAGE, slug)
    return _done(request, tournament, _("Les inscriptions sont ouvertes."))


def _form_action(request, tournament: Tournament, form_name: str, form, act):
    """A form's action: done and back to the page, or the page again with the refusal on the form (422)."""
    if form.is_valid():
        try:
            text = act(form.cleaned_data)
        except TournamentRefused as refusal:
            form.add_error(None, refusal.message)
        else:
            return _done(request, tournament, text)
    context = _manage_context(tournament, **{form_name: form})
    return render(request, "tournaments/panel_manage.html", context, status=422)


@require_POST
@permission_required(MANAGE_TOURNAMENTS)
def checkin_open(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)

    def act(data):
        services.tournament_checkin_open(tournament=tournament, by=request.user, closes_at=data["closes_at"])
        return _("Les inscriptions sont closes : la confirmation de présence est ouverte.")

    return _form_action(request, tournament, "checkin_form", CheckinForm(request.POST), act)


@require_POST
@permission_required(MANAGE_TOURNAMENTS)
def draw(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        round_ = services.tournament_draw(tournament=tournament, by=request.user)
    except TournamentRefused as refusal:
        return refused(request, refusal, MANAGE, slug)
    return _done(request, tournament, _("Tirage fait : la ronde %(n)s est lancée.") % {"n": round_.number})


@require_POST
@permission_required(MANAGE_TOURNAMENTS)
def referees(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)

    def act(data):
        services.tournament_referees_set(tournament=tournament, by=request.user, referees=list(data["referees"]))
        return _("Arbitres du tournoi enregistrés.")

    return _form_action(request, tournament, "referees_form", RefereesForm(request.POST), act)


@require_POST
@permission_required(MANAGE_TOURNAMENTS)
def advance(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        services.tournament_advance(tournament=tournament, by=request.user)
    except TournamentRefused as refusal:
        return refused(request, refusal, MANAGE, slug)
    return _done(request, tournament, _("Le tournoi a été relancé : les rondes complètes sont tirées."))


@require_POST
@permission_required(MANAGE_TOURNAMENTS)
def cancel(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)

    def act(data):
        services.tournament_cancel(tournament=tournament, by=request.user, reason=data["reason"])
        return _("Tournoi annulé.")

    return _form_action(request, tournament, "cancel_form", CancelForm(request.POST), act)


@require_POST
@permission_required(MANAGE_TOURNAMENTS)
def match_record(request, slug: str, pk: int):
    """Staff decide an open match without its duel (a duel called off, both sides absent)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    match = get_object_or_404(Match, pk=pk, tournament=tournament)
    form = MatchRecordForm(request.POST)
    if form.is_valid():
        try:
            services.match_record(match=match, by=request.user, **form.cleaned_data)
        except TournamentRefused as refusal:
            messages.error(request, refusal.message)
            return render(request, "tournaments/panel_manage.html", _manage_context(tournament),
                          status=refusal.status)
        return _done(request, tournament, _("Résultat de la rencontre enregistré."))
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)
    return render(request, "tournaments/panel_manage.html", _manage_context(tournament), status=422)


@require_POST
@permission_required(MANAGE_TOURNAMENTS)
def stale_resolve(request, slug: str, pk: int):
    """Staff settle a match a corrected result made stale (drawn again between the right sides in
    elimination; kept as drawn in groups and Swiss)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    match = get_object_or_404(Match, pk=pk, tournament=tournament)
    try:
        services.match_stale_resolve(match=match, by=request.user)
    except TournamentRefused as refusal:
        return refused(request, refusal, MANAGE, slug)
    return _done(request, tournament, _("La rencontre à revoir est réglée."))
