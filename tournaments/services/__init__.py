"""The tournament services (DESIGN.md layers): keyword-only, one transaction each, staff checked with
`common.access.staff_may(user, MANAGE_TOURNAMENTS)`, each action in the audit log. Refusals raise
`tournaments.errors.TournamentRefused` (a code, a French message, an HTTP status)."""
from tournaments.services.corrections import match_duel_again, match_stale_resolve
from tournaments.services.entries import entrant_check_in, entrant_register, entrant_withdraw
from tournaments.services.launch import tournament_draw
from tournaments.services.progress import match_record, tournament_advance
from tournaments.services.setup import (
    tournament_cancel,
    tournament_checkin_open,
    tournament_create,
    tournament_referees_set,
    tournament_signup_open,
    tournament_update,
)

__all__ = [
    "entrant_check_in", "entrant_register", "entrant_withdraw", "match_duel_again", "match_record",
    "match_stale_resolve", "tournament_advance",
    "tournament_cancel", "tournament_checkin_open", "tournament_create", "tournament_draw",
    "tournament_referees_set", "tournament_signup_open", "tournament_update",
]
