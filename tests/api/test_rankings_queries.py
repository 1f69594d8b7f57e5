"""The rankings API's uncached path: a fixed number of queries whatever the data, the page or the
filters; the filters read without the serializer give what the serializer gives."""
import datetime as dt

import pytest

from rankings.models import Season
from rankings.selectors import forget_table_revision
from rankings.services.rewards import season_save
from tests.support.rankings import at, duellists, finished_duel

pytestmark = pytest.mark.django_db

UNCACHED = {  # url: queries (revision, [season], the page with the scope's size)
    "/api/v1/rankings/": 2,
    "/api/v1/rankings/?page=2&page_size=3": 2,
    "/api/v1/rankings/?page_size=200": 2,
    "/api/v1/rankings/?kind=non_rp&format=1v1&year=3": 2,
    "/api/v1/rankings/?season=mars": 2,  # the season found by the page's statement
    "/api/v1/rankings/?season=mars&kind=non_rp&format=1v1&year=3&page=2&page_size=2": 2,
    "/api/v1/rankings/?page=last&page_size=4": 3,  # the size first, then the page
    "/api/v1/rankings.bbcode?season=mars&limit=100": 3,  # no size: the first lines only
    "/api/v1/rankings.html": 2,
}


def record_chain_of_duels(n: int) -> None:
    people = duellists(n)
    for index, one in enumerate(people[:-1]):
        finished_duel([one], [people[index + 1]], when=at(index % 20))
    if not Season.objects.exists():
        season_save(season=Season(name="Mars", slug="mars", starts_on=dt.date(2026, 3, 1),
                                  ends_on=dt.date(2026, 3, 31)))


@pytest.mark.parametrize("n", [6, 40])
def test_the_uncached_path_costs_the_same_queries_with_little_or_more_data(anonymous, django_assert_num_queries, n):
    record_chain_of_duels(n)
    for url, queries in UNCACHED.items():
        forget_table_revision()  # as after a change: the revision is read again
        with django_assert_num_queries(queries):
            response = anonymous.get(url)
        assert response.status_code == 200, (url, response.content[:200])
        forget_table_revision()
        with django_assert_num_queries(1):  # cached: the revision only (re-read here, not trusted)
            assert anonymous.get(url).status_code == 200
        with django_assert_num_queries(0):  # the revision trusted for a second
            assert anonymous.get(url).status_code == 200


def test_more_data_same_queries_and_the_count_follows(anonymous, django_assert_num_queries):
    record_chain_of_duels(6)
    assert anonymous.get("/api/v1/rankings/").json()["count"] == 6
    record_chain_of_duels(30)
    forget_table_revision()
    with django_assert_num_queries(2):
        body = anonymous.get("/api/v1/rankings/?page_size=200").json()
    assert body["count"] == 36 == len(body["results"])
    assert [line["rank"] for line in body["results"]] == list(range(1, 37))


@pytest.mark.parametrize(("fast", "slow"), [
    ("year=3", "year=3.0"),  # what the serializer accepts is still accepted
    ("kind=rp", "kind=x&kind=rp"),  # the last value, as before
    ("", "page_size=50"),
])
def test_filters_read_directly_or_through_the_serializer_agree(anonymous, fast, slow):
    record_chain_of_duels(6)
    one, other = anonymous.get(f"/api/v1/rankings/?{fast}"), anonymous.get(f"/api/v1/rankings/?{slow}")
    assert one.status_code == other.status_code == 200
    assert {**one.json(), "next": None} == {**other.json(), "next": None}


@pytest.mark.parametrize("query", ["season=", "kind=", "format=", "year=", "year=0", "season=pas%20un%20slug"])
def test_empty_or_malformed_filters_are_still_400(anonymous, query):
    response = anonymous.get(f"/api/v1/rankings/?{query}")
    assert response.status_code == 400 and set(response.json()["errors"]) == {query.split("=")[0]}


def test_pages_past_the_end_and_an_empty_table(anonymous, django_assert_num_queries):
    with django_assert_num_queries(3):  # revision, the (empty) page with its size, the size alone
        body = anonymous.get("/api/v1/rankings/").json()
    assert (body["count"], body["results"], body["next"]) == (0, [], None)
    record_chain_of_duels(6)
    assert anonymous.get("/api/v1/rankings/?page=3&page_size=2").json()["results"][-1]["rank"] == 6
    for page in ("4", "0", "-1", "deux", "last"):
        response = anonymous.get(f"/api/v1/rankings/?page={page}&page_size=2")
        assert response.status_code == (200 if page == "last" else 404), page
    assert anonymous.get("/api/v1/rankings/?page=last&page_size=2").json()["results"][0]["rank"] == 5


@pytest.mark.parametrize("url", ["/api/v1/rankings/?season=avril", "/api/v1/rankings/?season=avril&page=5",
                                 "/api/v1/rankings.bbcode?season=avril", "/api/v1/rankings.html?season=avril"])
def test_a_well_formed_but_unknown_season_is_a_400_naming_it(anonymous, url):
    record_chain_of_duels(6)
    response = anonymous.get(url)
    assert response.status_code == 400 and set(response.json()["errors"]) == {"season"}


def test_a_season_without_lines_is_an_empty_table_not_an_error(anonymous, django_assert_num_queries):
    record_chain_of_duels(6)
    season_save(season=Season(name="Avril", slug="avril", starts_on=dt.date(2026, 4, 1), ends_on=dt.date(2026, 4, 30)))
    forget_table_revision()
    with django_assert_num_queries(4):  # revision, the page (no line), the season exists, the size
        body = anonymous.get("/api/v1/rankings/?season=avril").json()
    assert body["count"] == 0 and body["results"] == [] and body["scope"]["season"] == "avril"
