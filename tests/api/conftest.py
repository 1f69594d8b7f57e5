import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.support.clubs import api_token, club_member
from tests.support.permissions import club_staff


@pytest.fixture(autouse=True)
def empty_cache(club):
    """Throttle histories and cached ranking pages live in the cache: every test starts without them
    (nor with the table revision another test's database had). The club the API answers for is read
    from the cache too, warm as in production (one query per cache lifetime, counted in
    tests/rankings/test_two_clubs.py): the query counts here are the steady state's."""
    from rankings.selectors import forget_table_revision
    from tests.support.clubs import club_cache_warmed

    cache.clear()
    forget_table_revision()
    if club is not None:
        club_cache_warmed(club)
    yield
    cache.clear()
    forget_table_revision()


def token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


@pytest.fixture
def anonymous():
    return APIClient()


@pytest.fixture
def player(db):
    return token_client(club_member(username="joueur-api"))  # a member of the club, with its token


@pytest.fixture
def staff(db):
    return token_client(club_staff(username="staff-api"))
