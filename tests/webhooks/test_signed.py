"""Signed generic webhooks: the JSON of each event, the headers, and the HMAC checked with the snippet
that docs/webhooks.md gives to receivers."""
import re
from pathlib import Path

import pytest
from django.conf import settings

from duels.services import fault_record
from tests.factories.accounts import UserFactory
from tests.support.duels import knock_out, post, started_duel
from tests.webhooks.conftest import SECRET
from webhooks.models import Delivery, EventKind, WebhookKind
from webhooks.services import deliveries_retry_due, delivery_resend

pytestmark = pytest.mark.django_db

ENVELOPE = {"event", "id", "occurred_at", "duel", "participants", "links", "data", "text"}


def documented_verifier():
    """The Python block under "Verifying the signature" in docs/webhooks.md, run as a receiver would."""
    doc = (Path(settings.BASE_DIR) / "docs" / "webhooks.md").read_text(encoding="utf-8")
    section = doc.split("### Verifying the signature", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    namespace: dict = {}
    exec(compile(code, "docs/webhooks.md", "exec"), namespace)  # noqa: S102 - our own documentation
    return namespace["estrade_signature_valid"]


def test_every_event_as_signed_json_verified_with_the_documented_snippet(webhooks_clock, receiver, make_webhook):
    make_webhook(kind=WebhookKind.SIGNED)
    duel, referee, (a, b) = started_duel()
    fault_record(duel=duel, participant=b, by=referee, kind="other", note="Hors RP", pf_penalty=1)
    knock_out(duel, referee, a, b)
    count = Delivery.objects.count()
    while deliveries_retry_due().sent:  # a sweep sends at most a batch
        pass
    received = receiver.wait_for(count)
    verify = documented_verifier()

    for request in received:
        assert request.headers["Content-Type"] == "application/json"
        assert verify(SECRET, request.body, request.headers["X-Estrade-Signature"])
        assert not verify("another secret", request.body, request.headers["X-Estrade-Signature"])
        body = request.json
        assert set(body) == ENVELOPE and body["event"] == request.headers["X-Estrade-Event"]
        assert body["duel"]["id"] == duel.pk and body["duel"]["url"] == f"https://estrade.example/club/duels/{duel.pk}/"
        assert [p["forum_name"] for p in body["participants"]] == [a.duellist.forum_name, b.duellist.forum_name]
        assert "discord" not in request.body.decode()  # members' Discord ids stay private
    duel_events = {kind for kind in EventKind.values  # the others: tests/tournaments, tests/cup
                   if not kind.startswith(("tournament.", "cup."))}
    assert {r.headers["X-Estrade-Event"] for r in received} == duel_events - {EventKind.REMINDER}

    (started,) = receiver.of_event(EventKind.DUEL_STARTED)
    assert all(p["awaited"] and p["deadline"] for p in started.json["participants"])
    assert started.json["links"]["stage_image"] == f"https://estrade.example/club/duels/{duel.pk}/stage.png"
    (sanction,) = receiver.of_event(EventKind.SANCTION)
    assert sanction.json["data"] == {"participant": b.duellist.forum_name, "kind": "other", "pf_penalty": 1,
                                     "absence_faults": 0, "disqualified": False}
    last = receiver.of_event(EventKind.DECLARATION_PUBLISHED)[-1].json
    assert last["data"]["finished"] is True and "declaration" in last["links"]
    (finished,) = receiver.of_event(EventKind.DUEL_FINISHED)
    results = finished.json["data"]["results"]
    assert finished.json["data"]["winner_team"] == 1 and results[0]["outcome"] == "win"
    assert results[1]["chocogrenouille"] is True
    assert "victoire de" in finished.json["text"] and "point de champion" in finished.json["text"]
    posts = receiver.of_event(EventKind.POST_PUBLISHED)
    assert len(posts) == Delivery.objects.filter(event=EventKind.POST_PUBLISHED).count() > 0
    assert posts[0].json["data"]["by"] == a.duellist.forum_name


def test_a_tampered_body_fails_the_check(webhooks_clock, receiver, make_webhook):
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.DUEL_STARTED])
    started_duel()
    deliveries_retry_due()
    (request,) = receiver.wait_for(1)
    verify = documented_verifier()
    assert verify(SECRET, request.body, request.headers["X-Estrade-Signature"])
    assert not verify(SECRET, request.body.replace(b'"turn":1', b'"turn":2'), request.headers["X-Estrade-Signature"])


def test_a_resend_posts_the_same_body_and_event_id(webhooks_clock, receiver, make_webhook):
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.DUEL_MATCHED])
    started_duel()
    deliveries_retry_due()
    (original,) = Delivery.objects.all()
    copy = delivery_resend(delivery=original, by=UserFactory(is_staff=True, is_superuser=True))
    assert copy.pk != original.pk and copy.resent_from == original
    deliveries_retry_due()
    first, second = receiver.wait_for(2)
    assert first.body == second.body and first.json["id"] == str(original.event_id)
    assert first.headers["X-Estrade-Delivery"] != second.headers["X-Estrade-Delivery"]


def test_the_deadline_sweep_announces_each_absence_fault(webhooks_clock, receiver, make_webhook):
    import datetime as dt

    from duels.services import window_expire_overdue
    from tests.webhooks.conftest import WEBHOOKS_START

    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.SANCTION])
    duel, _referee, (a, b) = started_duel()
    post(duel, a, [])
    webhooks_clock.move_to(WEBHOOKS_START + dt.timedelta(hours=49), tick=False)
    assert window_expire_overdue().expired_windows
    deliveries_retry_due()
    (request,) = receiver.wait_for(1)
    assert request.json["event"] == EventKind.SANCTION
    assert request.json["data"] == {"participant": b.duellist.forum_name, "kind": "absence", "pf_penalty": 0,
                                    "absence_faults": 1, "disqualified": False}
    assert f"faute d'absence pour {b.duellist.forum_name} (1/3)" in request.json["text"]
