"""Account pages read a fixed number of queries, whatever the number of members or requests."""
import pytest
from django.urls import reverse

from accounts.models import SignupRequest
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("rows", [2, 20])
def test_staff_pages_do_not_grow_with_data(client, django_assert_max_num_queries, rows):
    staff = club_staff(username="dumbledore")
    for n in range(rows):
        DuellistFactory(user=None, forum_name=f"membre{n}")
        SignupRequest.objects.create(forum_name=f"membre{n}")
        UserFactory(username=f"compte{n}")
    client.force_login(staff)
    with django_assert_max_num_queries(12):
        assert client.get(reverse("signup_queue")).status_code == 200
    with django_assert_max_num_queries(12):
        assert client.get(reverse("roles")).status_code == 200


def test_profile_page_queries(client, django_assert_max_num_queries):
    duellist = DuellistFactory(user__username="luna")
    client.force_login(duellist.user)
    with django_assert_max_num_queries(12):
        assert client.get(reverse("profile")).status_code == 200
