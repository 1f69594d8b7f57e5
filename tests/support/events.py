"""A registry for the event tests: config/events.py's, plus one listener that records what it hears
(settings.DUEL_EVENT_SUBSCRIBERS names RECORDING_REGISTRY)."""
from config.events import SUBSCRIBERS
from duels import events

HEARD: list = []


def recorder(event) -> None:
    HEARD.append((event, event.duel.status, list(event.duel.results.values_list("outcome", flat=True))))


def refuser(event) -> None:
    raise RuntimeError("a listener failed")


RECORDING_REGISTRY = {**SUBSCRIBERS, events.DuelFinished: [*SUBSCRIBERS[events.DuelFinished], recorder]}
REFUSING_REGISTRY = {**SUBSCRIBERS, events.PostSubmitted: [*SUBSCRIBERS[events.PostSubmitted], refuser]}
