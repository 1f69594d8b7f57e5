"""Duel services: the persisted state machine (DESIGN.md). Views, tasks and commands call only these."""
from duels.services.cancel import duel_cancel
from duels.services.deadlines import SweepReport, window_expire_overdue
from duels.services.declarations import declaration_prepare, declaration_publish
from duels.services.errors import MESSAGES, DuelError
from duels.services.faults import (
    absence_confirm,
    exemption_decide,
    exemption_refusal,
    exemption_request,
    fault_record,
    forfeit,
)
from duels.services.matchmaking import MatchmakingReport, matchmaking_run
from duels.services.posting import post_submit, rp_word_count
from duels.services.registration import registration_create, registration_withdraw, wand_rest_remaining
from duels.services.setup import duel_start, magic_types_choose, referee_assign

__all__ = [
    "MESSAGES", "DuelError", "absence_confirm", "MatchmakingReport", "SweepReport", "declaration_prepare", "declaration_publish",
    "duel_cancel", "duel_start", "exemption_decide", "exemption_refusal", "exemption_request", "fault_record", "forfeit", "magic_types_choose",
    "matchmaking_run", "post_submit", "referee_assign", "registration_create", "registration_withdraw",
    "rp_word_count", "wand_rest_remaining", "window_expire_overdue",
]
