"""« Points de maison » on the club's webhooks (Discord channels, signed endpoints): one delivery per batch
of ledger entries (a duel's result, its correction, a tournament's winner, an award or its cancellation):
each house's points with what caused them in words (as the ledger page says them: cup/pages/lines.py), then the houses' new totals for the cup's current period.
A subscriber of HousePointsRecorded (config/events.py) calling webhooks' public `club_announce`; each
sentence in the webhook's language, stored in the transaction that wrote the entries."""
from __future__ import annotations

import datetime as dt
import logging
from contextlib import nullcontext

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from clubs.models import Club
from clubs.scoping import activate_club, current_club_or_none
from cup import selectors
from cup.models import LedgerEntry
from cup.pages.lines import describe
from webhooks.models import EventKind
from webhooks.services.announcements import absolute
from webhooks.services.club_events import club_announce

logger = logging.getLogger(__name__)
TITLE = gettext_lazy("Coupe des maisons")


def _points(points: int) -> str:
    sign = "+" if points > 0 else "−"
    return ngettext("%(sign)s%(n)s point", "%(sign)s%(n)s points", abs(points)) % {"sign": sign, "n": abs(points)}


def _payload(entries: list[LedgerEntry], standings, period) -> dict:
    return {
        "period": {"start": period.start.isoformat(), "last_day": (period.end - dt.timedelta(days=1)).isoformat()},
        "entries": [{"id": e.pk, "house": e.house.name, "points": e.points, "cause": e.cause, "reason": e.reason,
                     "duel": e.duel_id, "tournament": e.tournament_id, "duellist": e.duellist.forum_name
                     if e.duellist else None, "reverses": e.reverses_id} for e in entries],
        "totals": [{"house": house.name, "colour": house.colour, "total": house.total} for house in standings],
    }


def _announce(event) -> None:
    ids = [entry.pk for entry in event.entries]
    entries = list(LedgerEntry.objects.filter(pk__in=ids).select_related(
        "house", "duellist", "tournament", "reverses__duellist", "reverses__tournament").order_by("pk"))
    if not entries:
        return
    period = selectors.current_period(now=event.now)
    standings = selectors.standings(period)

    def sentence() -> str:
        lines = [_("%(points)s pour %(house)s : %(reason)s") % {
            "points": _points(e.points), "house": e.house.name, "reason": describe(e).text} for e in entries]
        totals = ", ".join(f"{house.name} {house.total}" for house in standings)
        return "\n".join([*(f"• {line}" for line in lines), _("Totaux de la période : %(totals)s") % {"totals": totals}])

    data = _payload(entries, standings, period)
    club_announce(EventKind.CUP_POINTS, title=TITLE, sentence=sentence,
                  subject={"type": "cup", "period": data["period"]}, link=absolute(reverse("cup:standings")),
                  data=data, colour=_colour(entries[0].house.colour))


def _colour(colour: str) -> int | None:
    try:
        return int(colour.lstrip("#"), 16) if len(colour) == 7 else None
    except ValueError:
        return None


def on_house_points_recorded(event) -> None:
    """After the ledger's entries are written (in the same transaction)."""
    if not event.entries:
        return
    club_id = event.entries[0].club_id
    active = current_club_or_none()
    serving = nullcontext() if active is not None and active.pk == club_id else activate_club(
        Club.objects.get(pk=club_id))
    try:
        with serving, transaction.atomic():  # a savepoint: a bug here must not undo the points written
            _announce(event)
    except Exception:
        logger.exception("Webhooks: announcing house points failed")
