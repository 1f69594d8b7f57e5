"""The bridge's report of a posted message passes the checks its job passed: a publication the job
refuses (out of the thread's order, already on the forum, no topic yet, someone else's post) is
refused by the report with the same code and status, nothing recorded and the link not spent."""
import json

import pytest
from django.urls import reverse

from audit.models import AuditLog
from forum import tokens
from forum.models import DuelTopic, Publication, UsedToken
from tests.forum.conftest import FORUM
from tests.support.duels import declare, post, started_duel

pytestmark = pytest.mark.django_db


def api(client, name, payload):
    response = client.post(reverse(f"forum:{name}"), json.dumps(payload), content_type="application/json",
                           HTTP_ORIGIN=FORUM)
    return response.status_code, response.json()


@pytest.fixture
def duel():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    declaration = declare(duel, referee)
    first, second = duel.windows.get(turn=1, phase="action").posts.order_by("order")
    return {"duel": duel, "referee": referee, "a": a.duellist.user, "b": b.duellist.user,
            "first": first.pk, "second": second.pk, "declaration": declaration.pk}


def with_topic(duel):
    DuelTopic.objects.create(duel=duel["duel"], topic_id=42, url=f"{FORUM}/t42-", how=DuelTopic.How.LINKED,
                             linked_by=duel["referee"], linked_at=duel["duel"].started_at)


def published(duel, kind, object_id, message_id):
    Publication.objects.create(duel=duel["duel"], kind=kind, object_id=object_id, url=f"{FORUM}/t42p0-x#{message_id}",
                               message_id=message_id, published_by=duel["referee"], published_at=duel["duel"].started_at)


def declaration_before_the_start_signal(duel):
    with_topic(duel)
    return tokens.make(scope="declaration", object_id=duel["declaration"], user=duel["referee"])


def post_of_b_before_the_post_of_a(duel):
    with_topic(duel)
    published(duel, "start", duel["duel"].pk, 101)
    return tokens.make(scope="post", object_id=duel["second"], user=duel["b"])


def start_signal_already_on_the_forum(duel):
    with_topic(duel)
    published(duel, "start", duel["duel"].pk, 101)
    return tokens.make(scope="start", object_id=duel["duel"].pk, user=duel["referee"])


def no_topic_yet(duel):
    return tokens.make(scope="start", object_id=duel["duel"].pk, user=duel["referee"])


def the_post_of_someone_else(duel):
    with_topic(duel)
    published(duel, "start", duel["duel"].pk, 101)
    return tokens.make(scope="post", object_id=duel["first"], user=duel["b"])


@pytest.mark.parametrize(("situation", "code", "status"), [
    (declaration_before_the_start_signal, "out-of-order", 409),
    (post_of_b_before_the_post_of_a, "out-of-order", 409),
    (start_signal_already_on_the_forum, "already-published", 400),
    (no_topic_yet, "no-topic", 400),
    (the_post_of_someone_else, "not-allowed", 403),
], ids=lambda value: getattr(value, "__name__", None))
def test_the_report_refuses_what_the_job_refuses_with_the_same_code(client, duel, situation, code, status):
    token = situation(duel)
    before = (Publication.objects.count(), AuditLog.objects.filter(action="forum.publish").count())
    job = api(client, "api_job", {"token": token})
    report = api(client, "api_report", {"token": token, "url": f"{FORUM}/t42p0-duel#200"})
    assert job[0] == report[0] == status and job[1]["code"] == report[1]["code"] == code, (job, report)
    assert report[1]["message"] == job[1]["message"]  # the same French sentence
    assert (Publication.objects.count(), AuditLog.objects.filter(action="forum.publish").count()) == before
    assert not UsedToken.objects.exists()  # refused: the link can still serve once in order


def test_a_declaration_reported_before_the_start_signal_is_accepted_once_the_thread_caught_up(client, duel):
    token = declaration_before_the_start_signal(duel)
    status, answer = api(client, "api_report", {"token": token, "url": f"{FORUM}/t42p0-duel#104"})
    assert status == 409 and "Signal de départ" in answer["message"]
    published(duel, "start", duel["duel"].pk, 101)
    published(duel, "post", duel["first"], 102)
    published(duel, "post", duel["second"], 103)
    status, answer = api(client, "api_report", {"token": token, "url": f"{FORUM}/t42p0-duel#104"})
    assert status == 200 and answer["kind"] == "declaration"
    assert Publication.objects.filter(kind="declaration", message_id=104).exists()
