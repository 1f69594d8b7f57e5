"""Discord webhooks through a real HTTP receiver: the body of each event (the sentence once, in the
embed; the message's content is the mentions alone), the stage picture, the limits, and mentions limited
to the member who asked (never @everyone, @here or a role)."""
import datetime as dt
import json
import re
import uuid
from types import SimpleNamespace

import pytest

from accounts.models import User
from duels.services import duel_start, magic_types_choose, referee_assign, window_expire_overdue
from tests.factories.duels import TEST_SPELLS, RefereeFactory
from tests.support.duels import bet_for, declare, matched_duel, post, started_duel
from webhooks.announcement import Announcement, Person
from webhooks.models import Delivery, DeliveryStatus, EventKind, WebhookKind
from webhooks.services import deliveries_retry_due
from webhooks.services.messages import DISCORD_CONTENT_LIMIT, discord_body

pytestmark = pytest.mark.django_db

LUNA_ID, DRACO_ID = "123456789012345678", "987654321098765432"


def sent_bodies(receiver) -> dict[str, list[dict]]:
    """Send what is due, then the receiver's bodies by event (Discord bodies carry no event header)."""
    deliveries = list(Delivery.objects.order_by("pk"))
    report = deliveries_retry_due()
    assert report.failed == 0
    receiver.wait_for(len(deliveries))
    by_event: dict[str, list[dict]] = {}
    for delivery, received in zip(deliveries, receiver.requests, strict=True):
        assert received.json == delivery.payload
        by_event.setdefault(delivery.event, []).append(received.json)
    return by_event


def ping_settings(participant, discord_id: str, mention: bool) -> None:
    User.objects.filter(pk=participant.duellist.user_id).update(discord_user_id=discord_id, discord_mention=mention)


def discord_duel_started(duel) -> None:
    """Referee, magic types and start signal for a matched duel (the names and pings set up before)."""
    referee = RefereeFactory()
    referee_assign(duel=duel, referee=referee, by=referee)
    for participant in duel.participants.select_related("duellist__user"):
        magic_types_choose(participant=participant, types=["malefices"], by=participant.duellist.user)
    duel_start(duel=duel, by=referee, spells=TEST_SPELLS)


def sentence_of(body: dict) -> str:
    """The sentence of a Discord message: its embed's description (the one place the channel shows it)."""
    return body["embeds"][0]["description"]


def assert_discord_shape(body: dict) -> None:
    assert body["username"] == "Estrade"
    mentions = " ".join(f"<@{user}>" for user in body["allowed_mentions"].get("users", []))
    assert body.get("content", "") == mentions and len(mentions) <= DISCORD_CONTENT_LIMIT
    assert body["allowed_mentions"]["parse"] == []
    (embed,) = body["embeds"]
    assert embed["title"].startswith("Duel n°") and embed["url"].startswith("https://estrade.example/club/duels/")
    assert embed["description"]


def test_each_event_reaches_discord_with_its_body_and_the_stage_picture(webhooks_clock, receiver, make_webhook):
    make_webhook(kind=WebhookKind.DISCORD)
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declaration = declare(duel, referee)
    window = duel.windows.get(state="open")  # b's defence: missed, the sweep records the absence
    webhooks_clock.move_to(window.due_at, tick=False)
    window_expire_overdue(now=window.due_at, window_id=window.pk)

    bodies = sent_bodies(receiver)
    assert set(bodies) == {EventKind.DUEL_MATCHED, EventKind.DUEL_STARTED, EventKind.POST_PUBLISHED,
                           EventKind.DECLARATION_PUBLISHED, EventKind.SANCTION}
    for kind_bodies in bodies.values():
        for body in kind_bodies:
            assert_discord_shape(body)
    (matched,) = bodies[EventKind.DUEL_MATCHED]
    assert f"{a.duellist.forum_name} contre {b.duellist.forum_name}" in sentence_of(matched)
    (started,) = bodies[EventKind.DUEL_STARTED]
    assert "le duel commence ! À vous de poster" in sentence_of(started)
    assert started["embeds"][0]["image"]["url"] == f"https://estrade.example/club/duels/{duel.pk}/stage.png"
    (published,) = bodies[EventKind.DECLARATION_PUBLISHED]
    assert "l'arbitre a publié la déclaration (tour 1, phase d'action)" in sentence_of(published)
    assert "À vous de poster (tour 1, phase de défense)" in sentence_of(published)
    embed = published["embeds"][0]
    assert embed["url"] == f"https://estrade.example/club/duels/{duel.pk}/#declaration-{declaration.pk}"
    assert embed["image"]["url"] == (
        f"https://estrade.example/club/duels/{duel.pk}/tours/1/stage.png?declaration={declaration.pk}")
    assert len(bodies[EventKind.POST_PUBLISHED]) == 2
    (sanction,) = bodies[EventKind.SANCTION]
    assert f"faute d'absence pour {b.duellist.forum_name} (1/3)" in sentence_of(sanction)


def test_the_webhook_language_is_the_message_language(webhooks_clock, receiver, make_webhook):
    make_webhook(kind=WebhookKind.DISCORD, events=[EventKind.DUEL_STARTED], language="en")
    started_duel()
    (body,) = sent_bodies(receiver)[EventKind.DUEL_STARTED]
    assert "the duel begins! Your turn to post" in sentence_of(body)


def test_only_the_members_who_asked_are_mentioned(webhooks_clock, receiver, make_webhook):
    make_webhook(kind=WebhookKind.DISCORD, events=[EventKind.DUEL_STARTED, EventKind.DUEL_MATCHED])
    duel = matched_duel()
    a, b = duel.participants.select_related("duellist").order_by("team")
    ping_settings(a, LUNA_ID, mention=True)
    ping_settings(b, DRACO_ID, mention=False)  # an id, but no mention wanted
    discord_duel_started(duel)

    bodies = sent_bodies(receiver)
    (started,) = bodies[EventKind.DUEL_STARTED]
    assert started["allowed_mentions"] == {"parse": [], "users": [LUNA_ID]}
    assert started["content"] == f"<@{LUNA_ID}>" and DRACO_ID not in json.dumps(started)
    (matched,) = bodies[EventKind.DUEL_MATCHED]  # not a "your turn": nobody is mentioned
    assert matched["allowed_mentions"] == {"parse": []} and "content" not in matched and "<@" not in sentence_of(matched)


def test_a_name_containing_everyone_pings_no_one(webhooks_clock, receiver, make_webhook):
    make_webhook(kind=WebhookKind.DISCORD, events=[EventKind.DUEL_STARTED])
    duel = matched_duel()
    a, b = duel.participants.select_related("duellist").order_by("team")
    a.duellist.forum_name = "@everyone Luna <@&42> @here"
    a.duellist.save(update_fields=["forum_name"])
    ping_settings(b, DRACO_ID, mention=True)
    discord_duel_started(duel)

    (body,) = sent_bodies(receiver)[EventKind.DUEL_STARTED]
    assert body["allowed_mentions"] == {"parse": [], "users": [DRACO_ID]}  # parse empty: no everyone/here/roles
    assert body["content"] == f"<@{DRACO_ID}>"
    assert "@everyone" not in sentence_of(body) and "@here" not in sentence_of(body)
    assert "@\u200beveryone Luna" in sentence_of(body)


def test_the_content_stays_within_discords_limit():
    duel = SimpleNamespace(pk=7, format="2v2", kind="rp", get_kind_display=lambda: "RP")
    people = [Person(participant_id=i, forum_name="N" * 100, forum_id=i, team=1 + i % 2, awaited=True,
                     deadline=dt.datetime(2026, 6, 3, tzinfo=dt.UTC), discord_id=str(10**17 + i)) for i in range(40)]
    a = Announcement(event=EventKind.DUEL_STARTED, id=uuid.uuid4(), occurred_at=dt.datetime(2026, 6, 1, tzinfo=dt.UTC),
                     duel=duel, people=people, data={"turn": 1, "phase": "action"}, mention_awaited=True,
                     links={"duel": "https://estrade.example/duels/7/"})
    body = discord_body(a)
    mentions = body["content"].split(" ")
    assert len(body["content"]) <= DISCORD_CONTENT_LIMIT and all(re.fullmatch(r"<@\d+>", m) for m in mentions)
    assert len(sentence_of(body)) <= 4096 and sentence_of(body).endswith("…")


def test_a_delivery_is_stored_pending_in_the_services_transaction(webhooks_clock, make_webhook):
    make_webhook(kind=WebhookKind.DISCORD, events=[EventKind.DUEL_STARTED])
    started_duel()
    (delivery,) = Delivery.objects.all()
    assert delivery.status == DeliveryStatus.PENDING and delivery.attempts == 0


def test_a_reminder_mentions_the_member_who_has_not_posted(webhooks_clock, receiver, make_webhook):
    from duels.services.reminders import reminders_send
    from tests.webhooks.conftest import WEBHOOKS_START

    make_webhook(kind=WebhookKind.DISCORD, events=[EventKind.REMINDER])
    duel = matched_duel()
    a, b = duel.participants.select_related("duellist").order_by("team")
    ping_settings(a, LUNA_ID, mention=True)
    ping_settings(b, DRACO_ID, mention=True)
    discord_duel_started(duel)
    post(duel, b, [])  # Draco has posted: only Luna is reminded
    webhooks_clock.move_to(WEBHOOKS_START + dt.timedelta(hours=25), tick=False)
    assert len(reminders_send().sent) == 1

    (body,) = sent_bodies(receiver)[EventKind.REMINDER]
    assert_discord_shape(body)
    assert f"rappel, {a.duellist.forum_name} n'a pas encore posté (tour 1)" in sentence_of(body)
    assert body["content"] == f"<@{LUNA_ID}>"
    assert body["allowed_mentions"] == {"parse": [], "users": [LUNA_ID]} and DRACO_ID not in json.dumps(body)


def test_the_result_and_rewards_reach_discord(webhooks_clock, receiver, make_webhook):
    from tests.support.duels import knock_out

    make_webhook(kind=WebhookKind.DISCORD, events=[EventKind.DUEL_FINISHED])
    duel, referee, (a, b) = started_duel()
    knock_out(duel, referee, a, b)
    (body,) = sent_bodies(receiver)[EventKind.DUEL_FINISHED]
    assert_discord_shape(body)
    lines = sentence_of(body).split("\n")
    assert lines[0].endswith(f"victoire de {a.duellist.forum_name} !")
    assert lines[1].startswith(f"{a.duellist.forum_name} : 1 point de champion, ") and "gallions" in lines[1]
    assert lines[2] == f"{b.duellist.forum_name} : 0 point de champion, une chocogrenouille"
    assert body["embeds"][0]["image"]["url"] == f"https://estrade.example/club/duels/{duel.pk}/stage.png"


def test_the_channel_shows_the_sentence_once(webhooks_clock, receiver, make_webhook):
    """The sentence is in the embed only: the content, shown above the embed, holds the mentions alone."""
    make_webhook(kind=WebhookKind.DISCORD, events=[EventKind.DUEL_STARTED, EventKind.DUEL_MATCHED])
    duel = matched_duel()
    a, b = duel.participants.select_related("duellist").order_by("team")
    ping_settings(a, LUNA_ID, mention=True)
    discord_duel_started(duel)
    bodies = sent_bodies(receiver)
    (started,) = bodies[EventKind.DUEL_STARTED]
    assert "le duel commence" in sentence_of(started) and started["content"] == f"<@{LUNA_ID}>"
    (matched,) = bodies[EventKind.DUEL_MATCHED]
    assert "nouveau duel" in sentence_of(matched) and "content" not in matched
