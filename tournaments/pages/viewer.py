"""What the page offers the person looking: their duellist's entry in the tournament, and whether they may
sign up or confirm their presence now (the services check again)."""
from __future__ import annotations

from accounts.models import Duellist
from tournaments.models import TournamentStatus

from .state import Loaded


def viewer_context(user, loaded: Loaded) -> dict:
    if not user.is_authenticated:
        return {"viewer_duellist": None, "viewer_entry": None, "may_sign_up": False, "may_check_in": False,
                "may_withdraw": False, "withdraw_closed": False}
    duellist = Duellist.objects.filter(user=user).first()
    entry = None
    if duellist is not None:
        entry = next((e for e in loaded.entrants if duellist.pk in (e.duellist_id, e.partner_id)), None)
    status = loaded.tournament.status
    active = entry is not None and entry.withdrawn_at is None
    return {
        "viewer_duellist": duellist,
        "viewer_entry": entry,
        "may_sign_up": duellist is not None and entry is None and status == TournamentStatus.SIGNUP,
        "may_check_in": active and entry.checked_in_at is None and status == TournamentStatus.CHECKIN,
        "may_withdraw": active and status in (TournamentStatus.SIGNUP, TournamentStatus.CHECKIN),
        "withdraw_closed": active and status == TournamentStatus.RUNNING,
    }
