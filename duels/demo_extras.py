"""What the apps above duels add to `manage.py demo` (the house cup's houses, prefect and points): the
duels app imports none of them; each registers a `DemoExtra` from its AppConfig.ready(), and the demo calls
them in order around the home club's duels."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class DemoExtra:
    name: str
    before_duels: Callable[..., None]  # (duellists by username, staff=user): before the duels are played
    after_duels: Callable[..., list[str]]  # (staff=user) -> what it did, one line each
    accounts_line: Callable[[], str]  # what to try, under the home club's accounts


_EXTRAS: dict[str, DemoExtra] = {}


def demo_extra(extra: DemoExtra) -> None:
    _EXTRAS[extra.name] = extra  # once per name (ready() may run again in tests)


def demo_extras() -> tuple[DemoExtra, ...]:
    return tuple(_EXTRAS.values())
