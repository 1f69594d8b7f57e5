"""What happens in a tournament, as typed events (the pages, the notices and the webhooks listen).

They ride the duels' one event registry (`config/events.py`, `duels.events.emit`): a service emits one
inside its transaction once the state it tells is written; the subscribers listed there run in order.
docs/events.md lists them."""
from __future__ import annotations

from dataclasses import dataclass

from duels.events import Event


@dataclass(frozen=True, kw_only=True)
class TournamentEvent(Event):
    tournament: object  # tournaments.models.Tournament


@dataclass(frozen=True, kw_only=True)
class TournamentSignupOpened(TournamentEvent):
    """Staff opened the sign-up: members may enter."""


@dataclass(frozen=True, kw_only=True)
class TournamentCheckinOpened(TournamentEvent):
    """Sign-up closed; entrants confirm they play before `tournament.checkin_closes_at`."""


@dataclass(frozen=True, kw_only=True)
class TournamentRoundDrawn(TournamentEvent):
    """A round was drawn (« tirage publié »): its matches exist, their duels created with a referee
    (« votre match commence »). `round` is the Round; byes and forfeits are already decided."""
    round: object


@dataclass(frozen=True, kw_only=True)
class TournamentMatchDecided(TournamentEvent):
    """A match has its result (a duel's end, a forfeit, staff's decision). In elimination, `eliminated`
    is the losing entrant (« éliminé ») and `qualified` the winner (« qualifié »), None otherwise."""
    match: object
    qualified: object = None
    eliminated: object = None


@dataclass(frozen=True, kw_only=True)
class TournamentMatchesStale(TournamentEvent):
    """A corrected result changed who should have played later matches: `matches` are marked stale (or
    listed for staff when they are not recorded yet). `changed` is the corrected match. Nothing is
    rewritten: the staff decide."""
    changed: object
    matches: tuple = ()


@dataclass(frozen=True, kw_only=True)
class TournamentFinished(TournamentEvent):
    """The final was decided (or the last Swiss round): `tournament.winner` is set (« vainqueur »)."""


@dataclass(frozen=True, kw_only=True)
class TournamentCancelled(TournamentEvent):
    """Staff cancelled the tournament."""
