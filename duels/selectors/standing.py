"""Where a duellist stands for registering: one answer for the home page, the
dashboard and the registration form, so they never disagree. The services still decide on submit."""
from __future__ import annotations

from django.utils import timezone

from accounts.models import YEAR_CHOICES, Duellist
from accounts.services.members import eligibility
from duels import selectors
from duels.models import OVER, Participant
from duels.selectors.wand_rest import wand_rest_remaining


def registration_standing(duellist: Duellist | None, *, in_duel: bool | None = None) -> dict:
    """`state`: unlinked, registered, in-duel, ineligible, wand-rest or eligible (checked in that
    order, the dashboard's order), with what each state shows. `in_duel` when the caller knows."""
    if duellist is None:
        return {"state": "unlinked"}
    registration = selectors.registration_waiting(duellist)
    if registration is not None:
        return {"state": "registered", "registration": registration}
    if in_duel is None:
        in_duel = Participant.objects.filter(duellist=duellist).exclude(duel__status__in=OVER).exists()
    if in_duel:
        return {"state": "in-duel"}
    reasons = eligibility(duellist, timezone.localdate())
    if reasons:
        return {"state": "ineligible", "reasons": reasons}
    rest = wand_rest_remaining(duellist=duellist)
    if rest:
        return {"state": "wand-rest", "wand_rest": rest}
    return {"state": "eligible"}


def allowed_years(duellist: Duellist) -> list[tuple[int, str]]:
    """The years a non-RP registration may name: up to the homework year (RULES.md §1.2)."""
    return [(year, label) for year, label in YEAR_CHOICES if year <= (duellist.homework_year or 1)]
