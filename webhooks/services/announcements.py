"""`announce(event, duel, **facts)`: what the duel services call where an event happens.

It reads the event's facts (inside the caller's transaction) and renders each webhook's exact body;
`storing.deliveries_announce` stores them and queues their sending after commit."""
from __future__ import annotations

import datetime as dt
import uuid

from django.conf import settings
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from rankings.models import Result
from webhooks.announcement import Announcement, Person
from webhooks.models import EventKind, WebhookKind
from webhooks.services.messages import discord_body, signed_body
from webhooks.services.storing import deliveries_announce, webhooks_carrying  # noqa: F401 (callers ask it here)


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path if path else ""


def _url(name: str, *args) -> str:
    try:
        return absolute(reverse(name, args=args))
    except NoReverseMatch:
        return ""


def announce(event: str, duel, **facts) -> list[int]:
    """Store the deliveries of `event` for every enabled webhook carrying it (or `webhooks=`); send them
    after commit. Returns the deliveries' ids (none when no webhook carries the event)."""
    webhooks = facts.pop("webhooks", None)

    def render():
        announcement = announcement_build(event, duel, **facts)
        return announcement.id, announcement.occurred_at, lambda webhook: (
            signed_body(announcement) if webhook.kind == WebhookKind.SIGNED
            else discord_body(announcement, language=webhook.language))

    return deliveries_announce(event, render, webhooks=webhooks, duel=duel, about=f"duel {getattr(duel, 'pk', None)}")


def _people(duel) -> list[Person]:
    participants = duel.participants.select_related("duellist__user").order_by("team", "pk")
    people = []
    for p in participants:
        user = p.duellist.user
        mention = bool(user and user.discord_mention and user.discord_user_id)
        people.append(Person(participant_id=p.pk, forum_name=p.duellist.forum_name, forum_id=p.duellist.forum_id,
                             team=p.team, out=p.disqualified or p.forfeited,
                             discord_id=user.discord_user_id if mention else ""))
    return people


def _awaiting(people: list[Person], deadlines: dict[int, dt.datetime]) -> None:
    for person in people:
        if person.participant_id in deadlines:
            person.awaited, person.deadline = True, deadlines[person.participant_id]


def announcement_build(event: str, duel, **facts) -> Announcement:
    """The facts of the event, read now (inside the transaction), as every webhook kind renders them."""
    now = facts.pop("now", None) or timezone.now()
    a = Announcement(event=event, id=uuid.uuid4(), occurred_at=now, duel=duel, people=_people(duel))
    a.links["duel"] = _url("duels:duel", duel.pk)
    build = BUILDERS.get(event)
    if build is not None:
        build(a, **facts)
    return a


def _window_facts(window) -> dict:
    return {"turn": window.turn, "phase": window.phase}


def _started(a: Announcement, *, window) -> None:
    a.mention_awaited = True
    _awaiting(a.people, dict(window.slots.values_list("participant_id", "deadline")))
    a.data.update(_window_facts(window))
    a.image_url = _url("duels:stage_png", a.duel.pk)
    a.links["post"] = a.links["duel"] + "#agir" if a.links["duel"] else ""


def _post(a: Announcement, *, post) -> None:
    window = post.window
    a.data.update(_window_facts(window), post_id=post.pk, order=post.order,
                  by=next((p.forum_name for p in a.people if p.participant_id == post.participant_id), ""))


def _declaration(a: Announcement, *, declaration, next_window=None) -> None:
    """The declaration's picture, and who must post next: the window it opened (none: the duel ended)."""
    window = declaration.window
    a.data.update(_window_facts(window), declaration_id=declaration.pk)
    a.links["declaration"] = f"{a.links['duel']}#declaration-{declaration.pk}" if a.links["duel"] else ""
    image = _url("duels:turn_stage_png", a.duel.pk, window.turn)
    a.image_url = f"{image}?declaration={declaration.pk}" if image else ""  # one picture per declaration
    if next_window is None:
        a.data["finished"] = True
        return
    a.mention_awaited = True
    _awaiting(a.people, dict(next_window.slots.values_list("participant_id", "deadline")))
    a.data.update(next_turn=next_window.turn, next_phase=next_window.phase)
    a.links["post"] = a.links["duel"] + "#agir" if a.links["duel"] else ""


def _reminder(a: Announcement, *, slot) -> None:
    a.mention_awaited = True
    _awaiting(a.people, {slot.participant_id: slot.deadline})
    a.data.update(_window_facts(slot.window))
    a.links["post"] = a.links["duel"] + "#agir" if a.links["duel"] else ""


def _finished(a: Announcement) -> None:
    duel = a.duel
    names = {p.participant_id: p.forum_name for p in a.people}
    a.data.update(winner_team=duel.winner_team, is_draw=duel.is_draw, results=[
        {"forum_name": names.get(r.participant_id, ""), "outcome": r.outcome, "champion_points": r.champion_points,
         "purse": r.purse, "chocogrenouille": r.chocogrenouille}
        for r in Result.objects.filter(duel=duel).order_by("participant__team", "participant_id")
    ])
    a.image_url = _url("duels:stage_png", duel.pk)


def _sanction(a: Announcement, *, fault, participant=None) -> None:
    participant = participant or fault.participant
    a.data.update(participant=next((p.forum_name for p in a.people if p.participant_id == participant.pk), ""),
                  kind=fault.kind, pf_penalty=fault.pf_penalty, absence_faults=participant.absence_faults,
                  disqualified=participant.disqualified)


def _matched(a: Announcement) -> None:
    years = list(a.duel.participants.values_list("year", flat=True))
    a.data["year_gap"] = (max(years) - min(years)) if years else 0


BUILDERS = {
    EventKind.DUEL_MATCHED: _matched,
    EventKind.DUEL_STARTED: _started,
    EventKind.POST_PUBLISHED: _post,
    EventKind.DECLARATION_PUBLISHED: _declaration,
    EventKind.REMINDER: _reminder,
    EventKind.DUEL_FINISHED: _finished,
    EventKind.SANCTION: _sanction,
}


def sanctions_announce(faults: list[tuple[object, object]], *, now=None) -> None:
    """The deadline sweep's absence faults (a batch of (duel, fault)), one announcement each."""
    if not faults:
        return
    webhooks = webhooks_carrying(EventKind.SANCTION)  # one query for the whole batch
    if not webhooks:
        return
    for duel, fault in faults:
        announce(EventKind.SANCTION, duel, fault=fault, now=now, webhooks=webhooks)
