"""Who listens to what: every subscriber of the duel's events (duels/events.py), in the order they run.

A service emits an event inside its transaction once the state is written; these run there and then,
in this order (settings.DUEL_EVENT_SUBSCRIBERS names this mapping). A new listener — a tournament
drawing its next round, the house cup's ledger — is one function in its app and one line here.
docs/events.md describes each event."""
from cup import events as cup_events
from cup import subscribers as cup
from cup import webhooks as cup_webhooks
from duels import events as e
from duels.services import forfeit_notices, milestones, notices
from rankings import notices as ranking_notices
from rankings import subscribers as rankings
from tournaments import events as t
from tournaments import notices as tournament_notices
from tournaments import subscribers as tournaments
from tournaments import webhooks as tournament_webhooks
from webhooks import subscribers as webhooks

SUBSCRIBERS = {
    e.DuelMatched: [webhooks.on_duel_matched, milestones.on_duel_matched],
    e.RefereeAssigned: [milestones.on_referee_assigned],
    e.WindowOpened: [notices.on_window_opened],
    e.DuelStarted: [webhooks.on_duel_started],
    e.WindowClosed: [notices.on_window_closed],
    e.PostSubmitted: [webhooks.on_post_submitted, milestones.on_post_submitted],
    e.ReminderDue: [webhooks.on_reminder_due],
    e.WindowsExpired: [webhooks.on_windows_expired, notices.on_windows_expired],
    # The tournament last: its match recorded once the duel's own results are, then maybe the next round.
    # The house cup after the rankings: its points follow the results they recorded.
    e.DuelFinished: [rankings.on_duel_finished, webhooks.on_duel_finished, rankings.on_duel_finished_count,
                     cup.on_duel_finished, tournaments.on_duel_finished],
    # After DuelFinished when it ended the duel: the notice tells each one's reward, recorded just before.
    e.DeclarationPublished: [webhooks.on_declaration_published, ranking_notices.on_declaration_published],
    e.DeclarationCorrected: [notices.on_declaration_corrected],
    e.ResultReopened: [rankings.on_result_reopened, cup.on_result_reopened],
    e.PostReopened: [notices.on_post_reopened],
    e.DeadlineExtended: [notices.on_deadline_extended],
    e.SanctionRecorded: [webhooks.on_sanction_recorded],
    e.ForfeitDeclared: [forfeit_notices.on_forfeit],
    e.ExemptionRequested: [notices.on_exemption_requested],
    e.ExemptionDecided: [notices.on_exemption_decided],
    e.DuelCancelled: [notices.on_duel_cancelled],
    # Tournaments (tournaments/events.py): the pages and webhooks may listen here too.
    t.TournamentSignupOpened: [],
    t.TournamentCheckinOpened: [],
    t.TournamentRoundDrawn: [tournament_notices.on_round_drawn, tournament_webhooks.on_round_drawn],
    t.TournamentMatchDecided: [tournament_notices.on_match_decided, tournament_webhooks.on_match_decided],
    t.TournamentMatchesStale: [],
    t.TournamentFinished: [tournament_notices.on_finished, tournament_webhooks.on_finished,
                           cup.on_tournament_finished],
    t.TournamentCancelled: [],
    # The house cup (cup/events.py): the « points de maison » webhook and the forum's widget listen here.
    cup_events.HousePointsRecorded: [cup_webhooks.on_house_points_recorded],
}
