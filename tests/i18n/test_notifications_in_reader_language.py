"""A stored notification is a message id + params, shown in the reader's language
(the language cookie on the pages, the profile's language in e-mails), whatever language was active
when it was stored. Needs the merged catalogue (locale/pending/)."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.models import Notification
from accounts.services.notifications import notification_send
from common.messages import phrase, plural
from duels.services.milestones import duel_matched_notify
from duels.services.notices import window_opened_notify
from tests.factories.accounts import UserFactory
from tests.support.duels import matched_duel, started_duel

pytestmark = pytest.mark.django_db


def reader(user, language: str | None) -> Client:
    client = Client()
    if language:
        client.cookies["django_language"] = language
    client.force_login(user)
    return client


def notices_page(client: Client) -> str:
    response = client.get(reverse("notifications"))
    assert response.status_code == 200
    return response.content.decode()


def test_a_notice_stored_while_french_is_active_reads_in_english_for_an_english_reader():
    duel, _referee, (a, _b) = started_duel()
    Notification.objects.all().delete()
    with translation.override("fr"):
        window_opened_notify(window_id=duel.windows.get().pk)
    stored = Notification.objects.get(user=a.duellist.user)
    assert "le duel commence" in stored.message  # the French sentence is kept (admin, old clients)
    html = notices_page(reader(a.duellist.user, "en"))
    assert "the duel starts! Your turn to post (turn 1, action phase)" in html
    assert f"Duel no. {duel.pk}" in html
    assert "le duel commence" not in html and "phase d&#x27;action" not in html and "avant le" not in html
    french = notices_page(reader(a.duellist.user, None))  # French stays the default
    assert "le duel commence ! À vous de poster (tour 1, phase d&#x27;action)" in french


def test_a_notice_stored_while_english_is_active_reads_in_french_for_a_french_reader():
    duel = matched_duel(years=(3, 4))
    with translation.override("en"):
        duel_matched_notify(duel_id=duel.pk)
    me = duel.participants.select_related("duellist__user").first()
    notice = Notification.objects.get(user=me.duellist.user, dedupe_key__contains="matched")
    assert "adversaire trouvé" in notice.message and "Écart d'années : 1 an." in notice.message
    french = notices_page(reader(me.duellist.user, "fr"))
    assert "adversaire trouvé" in french and "Écart d&#x27;années : 1 an." in french
    english = notices_page(reader(me.duellist.user, "en"))
    assert "opponent found" in english and "adversaire trouvé" not in english and "Écart" not in english


def test_translatable_params_follow_the_reader_language():
    user = UserFactory()
    notification_send(
        user=user, kind="duel",
        message_id="%(duel)s : l'arbitre a publié la déclaration (tour %(turn)s, %(phase)s).",
        params={"duel": "X", "turn": 2, "phase": phrase("phase de défense")},
    )
    notification_send(user=user, kind="duel", message_id="Votre récompense : %(reward)s.",
                      params={"reward": plural("%(n)d point de champion", "%(n)d points de champion", 3)})
    english = notices_page(reader(user, "en"))
    assert "(turn 2, defence phase)" in english and "Your reward: 3 champion points." in english
    french = notices_page(reader(user, "fr"))
    assert "(tour 2, phase de défense)" in french and "Votre récompense : 3 points de champion." in french


def test_an_old_notice_without_message_id_keeps_its_stored_sentence():
    user = UserFactory()
    Notification.objects.create(user=user, kind="duel", message="Ancienne notification en français.")
    assert "Ancienne notification en français." in notices_page(reader(user, "en"))


def test_the_email_is_in_the_recipient_language_not_the_sender_one(mailoutbox, django_capture_on_commit_callbacks):
    english_reader = UserFactory(email="en@example.org", language="en")
    french_reader = UserFactory(email="fr@example.org", language="fr")
    with translation.override("fr"), django_capture_on_commit_callbacks(execute=True):
        for user in (english_reader, french_reader):
            notification_send(user=user, kind="duel", message_id="tour %(turn)s, phase de défense",
                              params={"turn": 4})
    by_address = {mail.to[0]: mail for mail in mailoutbox}
    assert by_address["en@example.org"].body == "turn 4, defence phase"
    assert by_address["en@example.org"].subject == "[Estrade] Duel"
    assert by_address["fr@example.org"].body == "tour 4, phase de défense"


def test_the_notices_page_queries_stay_flat(django_assert_max_num_queries):
    user = UserFactory()
    client = reader(user, "en")

    def send(count):
        for n in range(count):
            notification_send(user=user, kind="duel", message_id="%(duel)s : à vous de poster (%(window)s), "
                              "avant le %(deadline)s.", params={
                                  "duel": phrase("Duel n°%(pk)s (%(format)s, %(kind)s)", pk=n, format="1v1",
                                                 kind=phrase("Classique")),
                                  "window": phrase("tour %(turn)s, phase d'action", turn=1),
                                  "deadline": {"datetime": "2026-12-01T10:00:00+00:00"}})

    send(2)
    client.get(reverse("notifications"))  # warm (session, user)
    with django_assert_max_num_queries(8) as few:
        notices_page(client)
    send(40)
    with django_assert_max_num_queries(len(few.captured_queries)):
        html = notices_page(client)
    assert html.count("your turn to post") == 42
