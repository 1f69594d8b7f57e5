"""A notice for every moment that matters, each linking to where the reader acts, and
"à vous de poster" read once the duellist has posted."""
import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Notification
from duels.services import declaration_prepare, declaration_publish
from tests.support.duels import RP_TEXT, bet_for, matched_duel, post, started_duel

pytestmark = pytest.mark.django_db


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def messages_of(user) -> list[str]:
    return list(Notification.objects.filter(user=user).order_by("pk").values_list("message", flat=True))


def test_an_opponent_found_names_them_and_the_year_gap(committed):
    with committed():
        duel = matched_duel(years=(3, 4))
    low, high = duel.participants.select_related("duellist__user").order_by("year")
    [found] = messages_of(low.duellist.user)
    assert f"vous affrontez {high.duellist.forum_name}" in found and "Écart d'années : 1 an." in found
    assert Notification.objects.get(user=low.duellist.user).url == reverse("duels:duel", args=[duel.pk])


def test_each_moment_of_a_duel_is_notified_with_its_link(committed):
    with committed():
        duel, referee, (a, b) = started_duel()
    mine = messages_of(a.duellist.user)
    assert any("adversaire trouvé" in m for m in mine)
    assert any(f"{referee.get_username()} arbitre votre duel" in m for m in mine)
    assert any("le duel commence ! À vous de poster (tour 1, phase d'action)" in m for m in mine)

    with committed():
        post(duel, a, [])
        post(duel, b, [])
    due = Notification.objects.get(user=referee, kind="declaration_due")
    assert due.url == reverse("duels:adjudicate", args=[duel.pk])  # the referee acts there

    with committed():
        draft = declaration_prepare(duel=duel, by=referee)
        declaration_publish(declaration=draft, by=referee)
    published = [m for m in messages_of(b.duellist.user) if "a publié la déclaration" in m]
    assert published and "tour 1, phase d'action" in published[0]


def test_a_finished_duel_tells_the_winner_by_name_and_the_reward(committed):
    with committed():
        duel, referee, (a, b) = started_duel()
        post(duel, a, [{"cast": "coup", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
        post(duel, b, [{"cast": "coup2", "target": a.engine_id, "bet": bet_for(duel, order=2, win=True)}])
        draft = declaration_prepare(duel=duel, by=referee)
        declaration_publish(declaration=draft, by=referee)
        duel.refresh_from_db()
        assert duel.status == "defence"  # both hits may be dodged: neither is
        post(duel, a, [{"nothing": True}], text="")
        post(duel, b, [{"nothing": True}], text="")
        draft = declaration_prepare(duel=duel, by=referee)
        declaration_publish(declaration=draft, by=referee)
    duel.refresh_from_db()
    assert duel.status == "finished"  # 20 damage each on 16 PF: both fall
    last = [m for m in messages_of(a.duellist.user) if "a publié la déclaration" in m][-1]
    assert ("Match nul." in last) if duel.is_draw else ("Victoire de" in last and "l'équipe" not in last)
    assert "Votre récompense :" in last and "point" in last


def test_posting_marks_the_turn_notice_read(committed):
    with committed():
        duel, _referee, (a, b) = started_duel()
    client = Client()
    client.force_login(a.duellist.user)
    turn = Notification.objects.get(user=a.duellist.user, message__contains="À vous de poster")
    assert turn.read_at is None and turn.url.endswith("#agir")
    response = client.post(reverse("duels:post", args=[duel.pk]), {"rp_text": RP_TEXT})
    assert response.status_code == 302
    turn.refresh_from_db()
    assert turn.read_at is not None
    other = Notification.objects.get(user=b.duellist.user, message__contains="À vous de poster")
    assert other.read_at is None  # only the poster's own notice
