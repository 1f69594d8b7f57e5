"""GET /api/v1/duels/ and /api/v1/duels/{id}/: filters, turns, and the seed kept secret until the end."""
import datetime as dt

import pytest

from duels.models import DuelStatus
from duels.services import forfeit
from duels.services.dice import seed_fingerprint
from tests.support.duels import bet_for, declare, post, started_duel
from tests.support.rankings import at, duellists, finished_duel

pytestmark = pytest.mark.django_db


def test_a_running_duel_shows_the_fingerprint_never_the_seed_nor_posts_still_being_collected(anonymous):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    response = anonymous.get(f"/api/v1/duels/{duel.pk}/")
    assert response.status_code == 200
    body = response.json()
    assert body["seed"] is None and body["seed_sha256"] == duel.seed_sha256
    assert duel.seed not in response.content.decode()
    window = body["windows"][0]
    assert window["state"] == "open" and window["posted"] == [a.engine_id] and window["posts"] == []

    post(duel, b, [])
    from duels.services import declaration_prepare

    declaration_prepare(duel=duel, by=referee)  # a draft: the referee's until published
    body = anonymous.get(f"/api/v1/duels/{duel.pk}/").json()
    assert body["windows"][0]["declaration"] is None and len(body["windows"][0]["posts"]) == 2
    assert duel.seed not in anonymous.get("/api/v1/duels/").content.decode()


def test_a_finished_duel_turn_by_turn_with_dice_and_the_revealed_seed(anonymous):
    duel, referee, (a, b) = started_duel(years=(3, 3))
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [{"cast": "spark", "target": a.engine_id, "bet": bet_for(duel, order=2, win=False)}])
    declare(duel, referee, comment="Joli.")
    forfeit(duel=duel, by=b.duellist.user)
    body = anonymous.get(f"/api/v1/duels/{duel.pk}/").json()
    duel.refresh_from_db()
    assert body["status"] == DuelStatus.FINISHED and body["winner_team"] == 1
    assert body["seed"] == duel.seed and seed_fingerprint(body["seed"]) == body["seed_sha256"]
    first = body["windows"][0]
    assert [p["by"] for p in first["posts"]] == [a.engine_id, b.engine_id]
    declaration = first["declaration"]
    assert declaration["referee_comment"] == "Joli." and declaration["kind"] == "first"
    assert [r["success"] for r in declaration["rolls"]] == [True, False] and declaration["rolls"][0]["roll"] in range(1, 7)
    assert declaration["state_after"]["duellists"][0]["id"] == a.engine_id and declaration["events"]
    assert {p["forum_id"]: p["outcome"] for p in body["participants"]} == {
        a.duellist.forum_id: "win", b.duellist.forum_id: "loss"}


def test_list_filters_status_duellist_dates(anonymous):
    a, b, c = duellists(3)
    early = finished_duel([a], [b], when=at(1))
    late = finished_duel([b], [c], when=at(20))
    running, _referee, _participants = started_duel()

    def ids(query=""):
        response = anonymous.get(f"/api/v1/duels/?{query}")
        assert response.status_code == 200, response.json()
        return [d["id"] for d in response.json()["results"]]

    assert set(ids()) == {early.pk, late.pk, running.pk}
    assert set(ids("status=finished")) == {early.pk, late.pk}
    assert set(ids("status=finished&status=action")) == {early.pk, late.pk, running.pk}
    assert ids(f"duellist={a.forum_id}") == [early.pk]
    assert ids(f"duellist={b.forum_id}") == [late.pk, early.pk]  # newest first
    assert ids("finished_after=2026-03-10") == [late.pk]
    assert ids("finished_before=2026-03-02") == [early.pk]  # the day is included (Paris time)
    assert ids("created_after=2026-03-10&created_before=2026-03-20") == [late.pk]
    assert ids("format=2v2") == [] and set(ids("kind=non_rp&format=1v1")) == {early.pk, late.pk, running.pk}


@pytest.mark.parametrize(
    ("query", "fields"),
    [("status=fini", {"status"}), ("duellist=abc", {"duellist"}), ("finished_after=hier", {"finished_after"}),
     ("created_before=2026-13-01&kind=x", {"created_before", "kind"})],
)
def test_list_bad_filters_are_400_per_field(anonymous, query, fields):
    response = anonymous.get(f"/api/v1/duels/?{query}")
    assert response.status_code == 400 and set(response.json()["errors"]) == fields


def test_unknown_duel_is_a_french_404(anonymous):
    assert anonymous.get("/api/v1/duels/999999/").json() == {"code": "not_found", "message": "Ressource introuvable."}


def test_duel_queries_do_not_grow_with_page_size_or_turns(anonymous, django_assert_max_num_queries):
    people = duellists(30)
    referee = None
    for index in range(0, 28, 2):
        duel = finished_duel([people[index]], [people[index + 1]], when=at(index), referee=referee)
        referee = duel.referee
    finished_duel(people[26:28], people[28:30], when=at(40))
    with django_assert_max_num_queries(3):  # count, page (+ referee), participants (+ duellist, result)
        assert len(anonymous.get("/api/v1/duels/?page_size=100").json()["results"]) == 15

    duel, referee, (a, b) = started_duel(years=(3, 3))
    with django_assert_max_num_queries(7):
        anonymous.get(f"/api/v1/duels/{duel.pk}/")
    for _turn in range(3):
        post(duel, a, [{"move": 5 if duel.turn % 2 else 4}])
        post(duel, b, [])
        declare(duel, referee)
    with django_assert_max_num_queries(7):
        body = anonymous.get(f"/api/v1/duels/{duel.pk}/").json()
    assert len(body["windows"]) == 4


def test_dates_are_days_in_paris_time(anonymous):
    a, b = duellists(2)
    duel = finished_duel([a], [b], when=dt.datetime(2026, 3, 1, 23, 30, tzinfo=dt.UTC))  # 2 March in Paris
    assert anonymous.get("/api/v1/duels/?finished_after=2026-03-02").json()["count"] == 1
    assert anonymous.get("/api/v1/duels/?finished_before=2026-03-01").json()["count"] == 0
    assert duel.pk
