"""Referee pages: the dashboard queue and the adjudication page (declarations, start, faults,
exemptions). Referees act only on the duels they took (staff on every duel): the services check it."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from duels import selectors
from duels.engine import DuelState
from duels.forms.duel import FaultForm, PublishForm
from duels.models import Declaration, DeclarationStatus, Duel, Exemption, Participant
from duels.pages import presenters
from duels.pages.referee_tools import tools_context
from duels.selectors.house_rules import rules_of
from duels.selectors.sanctions import absence_preview, overdue_window, penalty_preview
from duels.services import (
    DuelError,
    absence_confirm,
    declaration_prepare,
    declaration_publish,
    duel_cancel,
    duel_start,
    exemption_decide,
    fault_record,
    matchmaking_run,
    referee_assign,
)
from duels.services.cancel import require_cancellable
from duels.services.matchmaking import matchmaking_confirm, matchmaking_held
from duels.views.common import blank_form_html, referee_required, refereed_duel, refused


@referee_required
def dashboard(request):
    user = request.user
    due = list(selectors.declarations_due_for(user))
    _attach_drafts(due)
    context = {
        "declarations_due": due,
        "exemptions": list(selectors.exemptions_pending_for(user)),
        "to_start": list(selectors.duels_to_start_for(user)),
        "running": list(selectors.duels_running_for(user)),
        "queue": list(selectors.referee_queue()),
        "waiting_registrations": sum(selectors.registrations_waiting_count().values()),
    }
    # wide RP gaps waiting for the delay or a confirmation (no query when nobody waits)
    context["held_pairings"] = matchmaking_held() if context["waiting_registrations"] > 1 else []
    return render(request, "duels/referee_dashboard.html", context)


def _attach_drafts(duels: list[Duel]) -> None:
    """Each due duel gets `draft`, the draft of the window it awaits (None if not prepared yet), with the
    first lines of its text: the queue shows them next to "Publier tel quel" (one query for all)."""
    drafts = Declaration.objects.filter(window__duel__in=duels, status=DeclarationStatus.DRAFT).select_related(
        "window")
    by_duel = {(d.window.duel_id, d.window.turn): d for d in drafts}
    for duel in duels:
        duel.draft = by_duel.get((duel.pk, duel.turn))
        if duel.draft is not None:
            duel.draft.summary = [line for line in duel.draft.text.splitlines() if line.strip()]


@referee_required
@require_POST
def matchmaking(request):
    report = matchmaking_run()
    count = len(report.duels)
    messages.success(request, ngettext("%(n)d duel créé.", "%(n)d duels créés.", count) % {"n": count}
                     if count else _("Aucun appariement possible pour l'instant."))
    return redirect("duels:referee")


@referee_required
@require_POST
def pairing_confirm(request):
    """A referee confirms a pairing held for its wide RP year gap: the duel is created now."""
    try:
        duel = matchmaking_confirm(key=request.POST.get("pairing", ""), by=request.user)
    except DuelError as error:
        return refused(request, error, "duels:referee")
    messages.success(request, _("Duel n°%(n)s créé malgré l'écart d'années.") % {"n": duel.pk})
    return redirect("duels:referee")


@referee_required
@require_POST
def take(request, pk: int):
    duel = get_object_or_404(Duel, pk=pk)
    try:
        referee_assign(duel=duel, referee=request.user, by=request.user)
    except DuelError as error:
        return refused(request, error, "duels:referee")
    messages.success(request, _("Vous arbitrez le duel n°%(n)s.") % {"n": duel.pk})
    return redirect("duels:adjudicate", duel.pk)


def duellist_choices(participants: list[Participant]) -> tuple[tuple[int, str], ...]:
    return tuple((p.pk, p.duellist.forum_name) for p in participants)


@referee_required
def adjudicate(request, pk: int, *, fault_form: FaultForm | None = None, status: int = 200):
    """The referee's page of one duel: the posts of the phase, the draft declaration (rolls, events,
    the stage it leads to), the comment box and publish; the start signal; faults; exemptions."""
    duel = refereed_duel(request, pk)
    participants = list(duel.participants.all())
    windows = selectors.duel_timeline_recent(duel, participants)
    thread = presenters.thread(duel, windows[-1:], participants)  # only the phase under review is shown
    state = DuelState.from_dict(duel.state) if duel.state else presenters.preview_state(duel, participants)
    draft = selectors.draft_in(windows)
    context = {
        "duel": duel, "participants": participants,
        "stage": presenters.stage(state, participants),
        "current": thread[-1] if thread else None,
        "draft": None, "publish_form": blank_form_html(PublishForm),
        "fault_form": fault_form.as_div() if fault_form else blank_form_html(
            FaultForm, duellists=duellist_choices(participants)),
        "faults": selectors.faults_of_duel(participants),
        "exemptions": selectors.exemptions_of_duel(participants),
        "overdue": overdue_window(duel, windows=windows) if duel.is_running else None,
    }
    if draft is not None:
        names = presenters.names_by_engine_id(participants)
        context["draft"] = presenters.declaration_view(draft, turn=draft.window.turn, names=names,
                                                       referee_name=request.user.get_username())
        context["draft_stage"] = presenters.stage(DuelState.from_dict(draft.state_after), participants)
        context["draft_prepared_at"] = draft.prepared_at
    context.update(tools_context(duel, request.user, participants, windows))
    return render(request, "duels/adjudicate.html", context, status=status)


@referee_required
@require_POST
def prepare(request, pk: int):
    duel = refereed_duel(request, pk)
    try:
        declaration_prepare(duel=duel, by=request.user)
    except DuelError as error:
        return refused(request, error, "duels:adjudicate", duel.pk)
    if request.POST.get("next") == "queue":  # the queue's first click: back to it, the draft summarized
        return redirect(f"{reverse('duels:referee')}#due-{duel.pk}")
    return redirect("duels:adjudicate", duel.pk)


@referee_required
@require_POST
def publish(request, pk: int):
    duel = refereed_duel(request, pk)
    draft = selectors.declaration_draft(duel)
    form = PublishForm(request.POST)
    if draft is None or not form.is_valid():
        messages.error(request, _("Préparez d'abord la déclaration."))
        return redirect("duels:adjudicate", duel.pk)
    try:
        declaration_publish(declaration=draft, by=request.user, comment=form.cleaned_data["comment"])
    except DuelError as error:
        return refused(request, error, "duels:adjudicate", duel.pk)
    messages.success(request, _("Déclaration publiée."))
    return redirect("duels:adjudicate", duel.pk)


@referee_required
@require_POST
def start(request, pk: int):
    duel = refereed_duel(request, pk)
    try:
        duel_start(duel=duel, by=request.user)
    except DuelError as error:
        return refused(request, error, "duels:adjudicate", duel.pk)
    messages.success(request, _("Signal de départ donné : les duellistes ont %(hours)s h pour poster.")
                     % {"hours": rules_of(duel).deadline_hours})
    return redirect("duels:adjudicate", duel.pk)


@referee_required
@require_POST
def cancel(request, pk: int):
    """Cancelling a duel not yet started takes two POSTs: the adjudication page's form (with the reason)
    shows what it means, and only the confirmation (`confirm=yes`, the reason carried over) cancels."""
    duel = refereed_duel(request, pk)
    reason = request.POST.get("reason", "").strip()
    try:
        require_cancellable(duel)
        if not reason:
            raise DuelError("cancel-reason-required")
        if request.POST.get("confirm") != "yes":
            return render(request, "duels/cancel.html", {"duel": duel, "reason": reason})
        duel_cancel(duel=duel, by=request.user, reason=reason)
    except DuelError as error:
        return refused(request, error, "duels:adjudicate", duel.pk)
    messages.success(request, _("Duel annulé : les duellistes sont prévenus et peuvent se réinscrire."))
    return redirect("duels:adjudicate", duel.pk)


@referee_required
@require_POST
def fault(request, pk: int):
    duel = refereed_duel(request, pk)
    participants = list(duel.participants.all())
    form = FaultForm(request.POST, duellists=duellist_choices(participants))
    if not form.is_valid():  # malformed field: the page again with the form's errors, nothing stored
        messages.error(request, _("Faute non enregistrée : vérifiez le formulaire."))
        return adjudicate(request, pk, fault_form=form, status=422)
    data = form.cleaned_data
    participant = get_object_or_404(Participant, pk=data["participant"], duel=duel)
    preview = penalty_preview(duel, participant, data["pf_penalty"])
    if preview.needs_confirmation and request.POST.get("confirm") != "yes":
        return render(request, "duels/sanction_confirm.html", {
            "duel": duel, "preview": preview, "action": reverse("duels:fault", args=[duel.pk]),
            "title": _("Confirmer la faute"), "fields": [(k, request.POST.get(k, "")) for k in form.fields],
            "sanction": _("Faute de %(name)s : −%(pf)d PF — « %(note)s »") % {
                "name": participant.duellist.forum_name, "pf": data["pf_penalty"], "note": data["note"]},
        })
    try:
        fault_record(duel=duel, participant=participant, by=request.user, kind=data["kind"], note=data["note"],
                     pf_penalty=data["pf_penalty"])
    except DuelError as error:
        return refused(request, error, "duels:adjudicate", duel.pk)
    messages.success(request, _("Faute enregistrée."))
    return redirect("duels:adjudicate", duel.pk)


@referee_required
@require_POST
def absences(request, pk: int):
    """The referee records the absences of a phase whose deadline has passed (what the sweep does each
    minute); when that disqualifies someone or ends the duel, a confirmation page says so first."""
    duel = refereed_duel(request, pk)
    window = overdue_window(duel)
    if window is None:
        messages.error(request, _("Aucune phase en retard : les duellistes attendus ont encore le temps de poster."))
        return redirect("duels:adjudicate", duel.pk)
    preview = absence_preview(duel, window)
    if preview.needs_confirmation and request.POST.get("confirm") != "yes":
        return render(request, "duels/sanction_confirm.html", {
            "duel": duel, "preview": preview, "action": reverse("duels:absences", args=[duel.pk]),
            "title": _("Confirmer les absences"), "fields": [],
            "sanction": _("Absence (délai passé) : %(names)s") % {"names": ", ".join(preview.absent)},
        })
    try:
        report = absence_confirm(duel=duel, by=request.user)
    except DuelError as error:
        return refused(request, error, "duels:adjudicate", duel.pk)
    messages.success(request, _("Absences relevées : %(count)d.") % {"count": len(report.absences)})
    return redirect("duels:adjudicate", duel.pk)


@referee_required
@require_POST
def exemption(request, pk: int):
    exemption = get_object_or_404(Exemption.objects.select_related("participant__duel"), pk=pk)
    decision = request.POST.get("decision")
    back = request.POST.get("next") == "duel"
    if decision not in ("grant", "refuse"):  # never read a malformed decision as a refusal
        messages.error(request, _("Décision inconnue : choisissez « Accorder » ou « Refuser »."))
        return redirect("duels:adjudicate", exemption.participant.duel_id) if back else redirect("duels:referee")
    grant = decision == "grant"
    try:
        exemption_decide(exemption=exemption, by=request.user, grant=grant)
    except DuelError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Dispense accordée.") if grant else _("Dispense refusée."))
    if back:
        return redirect("duels:adjudicate", exemption.participant.duel_id)
    return redirect("duels:referee")
