"""The referee's tools on the adjudication page: which of them apply to the duel now, with their forms."""
from __future__ import annotations

from django.utils import timezone

from duels import selectors
from duels.forms.referee_tools import DeadlineExtendForm, HandoverForm, ReopenForm
from duels.models import NOT_STARTED, Duel, DuelStatus, Participant, SlotStatus, WindowState
from duels.permissions import referees_any_duel
from duels.services.corrections import correction_refusal


def tools_context(duel: Duel, user, participants: list[Participant], timeline: list) -> dict:
    """What the adjudication page needs for the tools, read from the page's loaded timeline (windows with
    their declaration, posts and slots): whether the latest declaration can be corrected (and why not),
    the deadline and reopen forms when they apply, the handover form."""
    context: dict = {"correctable": None, "correction_refused": None, "deadline_form": None, "reopen_form": None}
    published = [w.published_declaration for w in timeline if w.published_declaration is not None]
    if published and duel.status != DuelStatus.CANCELLED:
        refusal = correction_refusal(duel=duel, declaration=published[-1], now=timezone.now(), timeline=timeline)
        context["correctable"] = published[-1] if refusal is None else None
        context["correction_refused"] = refusal.message if refusal is not None else None
    current = timeline[-1] if timeline else None
    if duel.is_running and current is not None and current.state == WindowState.OPEN:
        context["deadline_form"] = DeadlineExtendForm()
    if current is not None and duel.status in (DuelStatus.AWAITING_FIRST, DuelStatus.AWAITING_SECOND):
        absent_ids = {s.participant_id for s in current.slots.all() if s.status == SlotStatus.ABSENT}
        absent = [p for p in participants if p.pk in absent_ids and not p.disqualified]
        if absent:
            context["reopen_form"] = ReopenForm(absent=absent)
    if duel.status not in (DuelStatus.FINISHED, DuelStatus.CANCELLED):
        context["handover_form"] = HandoverForm(referees=selectors.referees_and_staff()) if referees_any_duel(user) else None
        context["can_release"] = duel.referee_id is not None and duel.status in NOT_STARTED
    return context


