"""Rewards still to pay on the forum: the staff list, the "payé" mark, the BBCode list."""
import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse

from duels.services import forfeit
from rankings.models import Result
from rankings.services.rewards import rewards_mark_paid, rewards_to_pay
from tests.factories.accounts import UserFactory
from tests.support.duels import started_duel
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db


def staff_client():
    user = club_staff()
    client = Client()
    client.force_login(user)
    return client, user


def forfeited_results():
    duel, _referee, (a, b) = started_duel(years=(2, 2))
    forfeit(duel=duel, by=b.duellist.user)
    return Result.objects.get(participant=a), Result.objects.get(participant=b)


def test_every_purse_and_chocogrenouille_waits_to_be_paid_until_marked():
    win, loss = forfeited_results()
    assert list(rewards_to_pay()) == [win, loss]
    _client, staff = staff_client()
    assert rewards_mark_paid(result_ids=[win.pk], by=staff) == 1
    assert list(rewards_to_pay()) == [loss]
    win.refresh_from_db()
    assert win.paid_at is not None and win.paid_by == staff
    first_mark = win.paid_at
    assert rewards_mark_paid(result_ids=[win.pk, loss.pk], by=staff) == 1  # the first mark is kept
    win.refresh_from_db()
    assert win.paid_at == first_mark and not rewards_to_pay().exists()


def test_only_staff_mark_rewards_paid():
    win, _loss = forfeited_results()
    with pytest.raises(PermissionDenied):
        rewards_mark_paid(result_ids=[win.pk], by=UserFactory())
    assert Result.objects.get(pk=win.pk).paid_at is None


def test_the_staff_page_lists_rewards_with_the_year_of_study_and_a_bbcode_list(django_assert_max_num_queries):
    win, loss = forfeited_results()
    client, _staff = staff_client()
    with django_assert_max_num_queries(8):
        page = client.get(reverse("rankings:rewards")).content.decode()
    name = win.duellist.forum_name
    assert f"[*]{name} — duel n°{win.duel_id} — {win.purse} gallions (salaire de 5e année)" in page
    assert f"[*]{loss.duellist.forum_name} — duel n°{loss.duel_id} — une chocogrenouille" in page
    assert "salaire de l'année d'étude 5" in page
    response = client.post(reverse("rankings:rewards"), {"paid": [str(win.pk), "abc"]})
    assert response.status_code == 302
    page = client.get(reverse("rankings:rewards")).content.decode()
    assert f"[*]{name} —" not in page and loss.duellist.forum_name in page


def test_the_rewards_page_is_for_staff_only():
    forfeited_results()
    client = Client()
    client.force_login(UserFactory())
    response = client.get(reverse("rankings:rewards"))
    assert response.status_code == 403 and "paid" not in response.content.decode()
    assert client.post(reverse("rankings:rewards"), {"paid": ["1"]}).status_code == 403
    assert not Result.objects.exclude(paid_at=None).exists()


def test_the_duellist_page_says_which_year_the_purse_used():
    win, _loss = forfeited_results()
    page = Client().get(reverse("rankings:duellist", args=[win.duellist.forum_id])).content.decode()
    assert f"{win.purse} gallions" in page and "salaire de l'année d'étude 5" in page


def test_the_end_of_duel_notice_says_which_year_the_purse_used():
    from rankings.notices import reward_text as _reward

    win, loss = forfeited_results()
    assert _reward(win) == f"1 point de champion, {win.purse} gallions (salaire de l'année d'étude 5)"
    assert _reward(loss).endswith("de champion, une chocogrenouille")
