"""What happens in a duel, as typed events: the services emit them, other apps listen.

A service emits an event inside its transaction, once the state the event tells is written:
`emit(PostSubmitted(duel=duel, post=post, now=now))`. Every subscriber runs there and then, in the
order `config/events.py` lists them (the one registry: who listens to what), so a subscriber's writes
commit or roll back with the action. What leaves the process (e-mails, webhook deliveries, cache
bumps) goes through `common.after_commit`. docs/events.md lists the events and their subscribers.

The duels app imports no app above it: rankings, webhooks and the notices react to these events.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.module_loading import import_string


@dataclass(frozen=True, kw_only=True)
class Event:
    now: dt.datetime | None = None


@dataclass(frozen=True, kw_only=True)
class DuelEvent(Event):
    duel: object  # duels.models.Duel (not imported: the models import nothing from here, and need not)


@dataclass(frozen=True, kw_only=True)
class DuelMatched(DuelEvent):
    """Matchmaking paired the duellists: the duel exists, magic types to choose."""


@dataclass(frozen=True, kw_only=True)
class RefereeAssigned(DuelEvent):
    """A referee took (or was given) the duel; `duel.referee` is the new one."""


@dataclass(frozen=True, kw_only=True)
class DuelStarted(DuelEvent):
    """The referee gave the start signal; `window` is the first action window (already announced)."""
    window: object


@dataclass(frozen=True, kw_only=True)
class WindowOpened(DuelEvent):
    """A posting window opened: its slots carry each expected duellist's deadline."""
    window: object


@dataclass(frozen=True, kw_only=True)
class WindowClosed(DuelEvent):
    """Everyone expected posted: the declaration is due from the referee."""
    window: object


@dataclass(frozen=True, kw_only=True)
class WindowsExpired(Event):
    """The deadline sweep closed these windows (a batch, across duels) and recorded `faults` —
    (duel, fault) pairs, the absences it sanctioned."""
    window_ids: tuple[int, ...]
    faults: tuple[tuple[object, object], ...] = ()


@dataclass(frozen=True, kw_only=True)
class PostSubmitted(DuelEvent):
    post: object


@dataclass(frozen=True, kw_only=True)
class ReminderDue(DuelEvent):
    """A duellist still has to post in `slot` and its deadline nears (24 h or 6 h left)."""
    slot: object


@dataclass(frozen=True, kw_only=True)
class DeclarationPublished(DuelEvent):
    """The referee published `declaration`. `next_window` is the window it opened (not yet announced:
    `WindowOpened` follows), None when the declaration ended the duel (`DuelFinished` came before)."""
    declaration: object
    next_window: object = None


@dataclass(frozen=True, kw_only=True)
class DeclarationCorrected(DuelEvent):
    """The referee corrected a published declaration: it is a draft again (its revision kept)."""
    declaration: object


@dataclass(frozen=True, kw_only=True)
class DeadlineExtended(DuelEvent):
    window: object


@dataclass(frozen=True, kw_only=True)
class PostReopened(DuelEvent):
    """A duellist may post again in `window` (a voided post, or the referee's reopening)."""
    window: object
    participant_id: int


@dataclass(frozen=True, kw_only=True)
class DuelFinished(DuelEvent):
    """The duel ended (`duel.winner_team` / `duel.is_draw` written): results, rewards, statistics."""


@dataclass(frozen=True, kw_only=True)
class ResultReopened(DuelEvent):
    """A correction changed a finished duel's result: the results recorded for it no longer hold (the
    republished declaration finishes it again, with a new `DuelFinished`)."""


@dataclass(frozen=True, kw_only=True)
class SanctionRecorded(DuelEvent):
    """The referee recorded a fault (`fault.participant` sanctioned)."""
    fault: object


@dataclass(frozen=True, kw_only=True)
class ForfeitDeclared(DuelEvent):
    participant: object


@dataclass(frozen=True, kw_only=True)
class ExemptionRequested(DuelEvent):
    exemption: object


@dataclass(frozen=True, kw_only=True)
class ExemptionDecided(DuelEvent):
    exemption: object


@dataclass(frozen=True, kw_only=True)
class DuelCancelled(DuelEvent):
    pass


Subscriber = Callable[[Event], object]


@cache
def registry() -> dict[type[Event], tuple[Subscriber, ...]]:
    """The subscribers by event type, from the module settings.DUEL_EVENT_SUBSCRIBERS names."""
    return {kind: tuple(subscribers) for kind, subscribers in import_string(settings.DUEL_EVENT_SUBSCRIBERS).items()}


def emit(event: Event) -> None:
    """Run every subscriber of the event's type, in the registry's order, in the caller's transaction."""
    for subscriber in registry().get(type(event), ()):
        subscriber(event)


@receiver(setting_changed)
def _registry_forgotten(*, setting: str, **_kwargs) -> None:
    if setting == "DUEL_EVENT_SUBSCRIBERS":  # a test naming another registry
        registry.cache_clear()
