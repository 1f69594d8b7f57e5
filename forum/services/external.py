"""Bridge jobs of the apps above forum (a tournament's topic and its rounds' replies): forum cannot
import them, so each registers a `Publisher` for its token scope (in its AppConfig.ready). The bridge
reads the job and takes the report through `publishing.job_for` / `publishing.report` as for a duel's
items: the same token (signed, one club's, single use), the same pont.js."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from forum import tokens


@dataclass(frozen=True)
class Publisher:
    """`job(user, object_id)` returns the bridge's job (as publishing.job_for does) or raises ForumError;
    `report(user, object_id, address, now)` records the posted message and returns the page to go
    back to. Both check the user may publish, again."""

    job: Callable[..., dict]
    report: Callable[..., str]


PUBLISHERS: dict[str, Publisher] = {}


def register(scope: str, publisher: Publisher) -> None:
    if len(scope) > 12:  # UsedToken.scope
        raise ValueError(scope)
    PUBLISHERS[scope] = publisher
    tokens.EXTRA_SCOPES.add(scope)
