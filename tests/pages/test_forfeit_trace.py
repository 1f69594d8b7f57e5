"""A forfeit leaves a trace: the thread (and its forum copy) says who gave up and when, in the phase it
happened, and the others and the referee get a notice."""
import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Notification
from duels.services import forfeit
from tests.support.duels import bet_for, declare, post, started_duel

pytestmark = pytest.mark.django_db
AT = dt.datetime(2026, 6, 3, 18, 30, tzinfo=dt.UTC)  # 20:30 in Paris


def duel_page(duel, user=None) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(reverse("duels:duel", args=[duel.pk])).content.decode()


def test_a_forfeit_in_defence_is_told_in_that_phase_with_the_result_and_its_forum_copy():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    assert duel.status == "defence"  # b is asked to defend
    page = duel_page(duel)
    assert page.count("Aucun message pour l&#x27;instant.") + page.count("Aucun message pour l'instant.") == 1
    forfeit(duel=duel, by=b.duellist.user, now=AT)
    duel.refresh_from_db()
    assert duel.status == "finished"
    page = duel_page(duel, a.duellist.user)
    line = f"{b.duellist.forum_name} abandonne le duel le 3 juin 2026 20:30. Victoire de {a.duellist.forum_name}."
    assert f"<strong>{line}</strong>" in page  # in the defence phase, where "no post yet" stood
    assert f"[b]{line}[/b]" in page  # its forum copy
    assert "Aucun message pour l" not in page


def test_the_others_and_the_referee_are_told_who_forfeited_and_when(django_capture_on_commit_callbacks):
    duel, referee, (a, b) = started_duel()
    with django_capture_on_commit_callbacks(execute=True):
        forfeit(duel=duel, by=b.duellist.user, now=AT)
    told = {n.user_id: n.text for n in Notification.objects.filter(dedupe_key__contains=":forfeit:")}
    assert set(told) == {a.duellist.user_id, referee.pk}
    assert all(f"{b.duellist.forum_name} abandonne le duel" in text and "2026" in text for text in told.values())
    assert all(f"Victoire de {a.duellist.forum_name}" in text for text in told.values())


def test_a_2v2_forfeit_says_the_duel_goes_on(django_capture_on_commit_callbacks):
    duel, referee, (a1, a2, b1, b2) = started_duel(format="2v2", years=(3, 3, 3, 3))
    with django_capture_on_commit_callbacks(execute=True):
        forfeit(duel=duel, by=b1.duellist.user, now=AT)
    duel.refresh_from_db()
    assert duel.is_running
    page = duel_page(duel)
    assert f"<strong>{b1.duellist.forum_name} abandonne le duel le 3 juin 2026 20:30.</strong>" in page
    texts = [n.text for n in Notification.objects.filter(dedupe_key__contains=":forfeit:")]
    assert len(texts) == 4 and all("le duel continue" in t for t in texts)
