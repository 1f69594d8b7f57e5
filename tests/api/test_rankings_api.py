"""GET /api/v1/rankings/ (+ .bbcode, .html), seasons and duellists."""
import datetime as dt

import pytest

from duels.models import DuelKind
from rankings.models import Season, Standing
from rankings.services.rewards import season_save
from tests.support.rankings import at, duellists, finished_duel

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    a, b, c = duellists(3)
    finished_duel([a], [b], when=at(1), kind=DuelKind.RP, year=4)
    finished_duel([a], [c], when=at(2), winner=None)
    finished_duel([c], [b], when=at(40))
    return a, b, c


def test_the_table_in_ranking_order_with_every_figure(anonymous, played):
    a, b, c = played
    response = anonymous.get("/api/v1/rankings/")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["count"] == 3 and body["scope"] == {"season": None, "kind": None, "format": None, "year": None}
    assert "moins de duels" in body["tie_break"]
    first = body["results"][0]
    assert {k: first[k] for k in ("rank", "forum_id", "forum_name", "points", "duels", "wins", "draws", "losses",
                                  "disqualifications", "win_rate", "chocogrenouilles")} == {
        "rank": 1, "forum_id": a.forum_id, "forum_name": a.forum_name, "points": 1, "duels": 2, "wins": 1,
        "draws": 1, "losses": 0, "disqualifications": 0, "win_rate": 0.5, "chocogrenouilles": 0,
    }
    assert first["purse"] > 0 and first["reached_at"].startswith("2026-03-02")
    assert [line["forum_name"] for line in body["results"]] == [a.forum_name, c.forum_name, b.forum_name]


def test_filters_and_pagination(anonymous, played):
    a, b, c = played
    rp = anonymous.get("/api/v1/rankings/?kind=rp&year=4&format=1v1").json()
    assert rp["scope"] == {"season": None, "kind": "rp", "format": "1v1", "year": 4}
    assert [line["forum_name"] for line in rp["results"]] == [a.forum_name, b.forum_name]
    page = anonymous.get("/api/v1/rankings/?page_size=2&page=2").json()
    assert page["count"] == 3 and [line["rank"] for line in page["results"]] == [3]
    assert page["previous"] and page["next"] is None
    assert anonymous.get("/api/v1/rankings/?page=9").status_code == 404


def test_by_season(anonymous, played):
    a, b, c = played
    season_save(season=Season(name="Début mars", slug="mars", starts_on=dt.date(2026, 3, 1),
                              ends_on=dt.date(2026, 3, 10)))
    body = anonymous.get("/api/v1/rankings/?season=mars").json()
    assert body["scope"]["season"] == "mars"
    assert [(line["forum_name"], line["duels"]) for line in body["results"]] == [
        (a.forum_name, 2), (b.forum_name, 1), (c.forum_name, 1)]  # b reached 0 points on day 1, c on day 2


@pytest.mark.parametrize(
    ("query", "fields"),
    [("season=inconnue", {"season"}), ("kind=magie", {"kind"}), ("format=3v3", {"format"}),
     ("year=9", {"year"}), ("year=deux&kind=x", {"year", "kind"})],
)
def test_bad_filters_are_400_per_field_in_french(anonymous, query, fields):
    response = anonymous.get(f"/api/v1/rankings/?{query}")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid" and body["message"] == "Données invalides." and set(body["errors"]) == fields


def test_etag_304_and_cache_control(anonymous, played):
    first = anonymous.get("/api/v1/rankings/")
    etag = first["ETag"]
    assert etag and "public" in first["Cache-Control"] and "max-age=60" in first["Cache-Control"]
    again = anonymous.get("/api/v1/rankings/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag and not again.content
    assert anonymous.get("/api/v1/rankings/?kind=rp")["ETag"] != etag


def test_a_new_release_changes_the_etag(anonymous, played, settings):
    """A deploy may change the table's output (a template, a column): a client's copy is not "not modified"."""
    before = anonymous.get("/api/v1/rankings/")["ETag"]
    settings.RELEASE = "autre-release"
    after = anonymous.get("/api/v1/rankings/", HTTP_IF_NONE_MATCH=before)
    assert after.status_code == 200 and after["ETag"] != before


def test_a_new_result_or_a_renamed_duellist_changes_the_page_at_once(anonymous, played):
    a, b, c = played
    before = anonymous.get("/api/v1/rankings/")
    finished_duel([b], [c], when=at(50))
    after = anonymous.get("/api/v1/rankings/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert next(x for x in after.json()["results"] if x["forum_name"] == b.forum_name)["points"] == 1
    a.forum_name = "Nouveau nom"
    a.save()
    assert anonymous.get("/api/v1/rankings/").json()["results"][0]["forum_name"] == "Nouveau nom"


def test_bbcode_and_html_ready_to_paste(anonymous, played):
    a, b, c = played
    a.forum_name = "Le [b]roi[/b] & <co>"
    a.save()
    bbcode = anonymous.get("/api/v1/rankings.bbcode?limit=2", HTTP_ACCEPT="application/json")
    assert bbcode.status_code == 200 and bbcode["Content-Type"] == "text/plain; charset=utf-8"
    text = bbcode.content.decode()
    assert text.startswith("[b]Classement des champions — tous les temps[/b]\n[table]")
    assert "[td]Le (b)roi(/b) & &#60;co&#62;[/td]" in text and text.count("[tr][td]") == 2 and "[/table]" in text
    assert bbcode["ETag"] and "max-age=60" in bbcode["Cache-Control"]

    html = anonymous.get("/api/v1/rankings.html?kind=rp")
    assert html.status_code == 200 and html["Content-Type"] == "text/html; charset=utf-8"
    page = html.content.decode()
    assert page.lstrip().startswith('<table class="estrade-classement">')
    assert "Le [b]roi[/b] &amp; &lt;co&gt;" in page and "RP" in page and page.count("<tr><td>") == 2
    assert anonymous.get("/api/v1/rankings.bbcode?year=0").status_code == 400
    assert anonymous.get("/api/v1/rankings.bbcode?limit=beaucoup").json()["errors"] == {
        "limit": ["Un nombre entier est attendu."]}


def test_empty_table_in_bbcode(anonymous):
    assert "Aucun duel terminé" in anonymous.get("/api/v1/rankings.bbcode").content.decode()


def test_rankings_queries_do_not_grow_with_page_size_or_data(anonymous, django_assert_max_num_queries):
    people = duellists(12)
    for index, one in enumerate(people[:-1]):
        finished_duel([one], [people[index + 1]], when=at(index))
    season_save(season=Season(name="Mars", slug="mars", starts_on=dt.date(2026, 3, 1), ends_on=dt.date(2026, 3, 31)))
    for url in ("/api/v1/rankings/?page_size=2", "/api/v1/rankings/?page_size=200",
                "/api/v1/rankings/?season=mars&kind=non_rp&format=1v1&year=3", "/api/v1/rankings.bbcode?limit=100",
                "/api/v1/rankings.html"):
        with django_assert_max_num_queries(4):  # revision, season, size, page
            assert anonymous.get(url).status_code == 200
        with django_assert_max_num_queries(1):  # served from the cache: the revision only
            assert anonymous.get(url).status_code == 200


def test_season_api_reads_public_writes_staff(anonymous, player, staff, played):
    a, b, c = played
    spring = {"slug": "printemps", "name": "Printemps 2026", "starts_on": "2026-03-01", "ends_on": "2026-05-31"}
    assert anonymous.post("/api/v1/seasons/", spring, format="json").status_code == 401
    assert player.post("/api/v1/seasons/", spring, format="json").status_code == 403
    assert not Season.objects.exists()
    created = staff.post("/api/v1/seasons/", spring, format="json")
    assert created.status_code == 201, created.json()
    assert Standing.objects.filter(season__slug="printemps").exists()  # built at once
    assert anonymous.get("/api/v1/seasons/").json()["results"][0]["slug"] == "printemps"
    assert anonymous.get("/api/v1/seasons/printemps/").json()["name"] == "Printemps 2026"
    changed = staff.patch("/api/v1/seasons/printemps/", {"starts_on": "2026-04-01"}, format="json")
    assert changed.status_code == 200  # rebuilt: only the duel of 10 April is left in the season
    assert set(Standing.objects.filter(season__slug="printemps").values_list("duellist", flat=True)) == {b.pk, c.pk}
    assert player.delete("/api/v1/seasons/printemps/").status_code == 403
    assert staff.delete("/api/v1/seasons/printemps/").status_code == 204 and not Season.objects.exists()


@pytest.mark.parametrize(
    ("payload", "field"),
    [({"starts_on": "2026-06-01", "ends_on": "2026-05-01"}, "ends_on"),
     ({"starts_on": "le premier mars"}, "starts_on"),
     ({"slug": "pas un slug !"}, "slug"),
     ({"name": ""}, "name"),
     ({"starts_on": "2026-05-31", "ends_on": "2026-07-01"}, "starts_on")],  # overlaps the existing season
)
def test_season_bad_input_is_400_per_field_and_nothing_written(staff, payload, field):
    season_save(season=Season(name="Printemps", slug="printemps", starts_on=dt.date(2026, 3, 1),
                              ends_on=dt.date(2026, 5, 31)))
    good = {"slug": "ete", "name": "Été", "starts_on": "2026-06-01", "ends_on": "2026-08-31"}
    response = staff.post("/api/v1/seasons/", {**good, **payload}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid" and field in response.json()["errors"]
    assert Season.objects.count() == 1


def test_duellists_list_and_detail(anonymous, played, django_assert_max_num_queries):
    a, b, c = played
    body = anonymous.get("/api/v1/duellists/").json()
    assert body["count"] == 3
    mine = next(d for d in body["results"] if d["forum_id"] == a.forum_id)
    assert mine["record"]["points"] == 1 and mine["record"]["duels"] == 2 and mine["record"]["kind"] is None
    assert anonymous.get(f"/api/v1/duellists/?search={b.forum_name}").json()["count"] == 1
    detail = anonymous.get(f"/api/v1/duellists/{a.forum_id}/").json()
    assert detail["wand_rest_remaining"] == 3  # 4 duels must end; one (c vs b) has since a's last one
    assert [d["outcome"] for d in detail["recent_duels"]] == ["draw", "win"]
    assert detail["recent_duels"][0]["opponents"] == [c.forum_name]
    assert {(r["kind"], r["format"]) for r in detail["records"]} >= {(None, None), ("rp", None), ("non_rp", "1v1")}
    assert "forum_post_count" not in detail and "joined_on" not in detail  # the staff sync data stays private
    assert anonymous.get("/api/v1/duellists/999999/").json()["code"] == "not_found"
    more = duellists(20)
    for index, one in enumerate(more[:-1]):
        finished_duel([one], [more[index + 1]], when=at(60 + index))
    with django_assert_max_num_queries(3):
        assert anonymous.get("/api/v1/duellists/?page_size=50").status_code == 200
    with django_assert_max_num_queries(8):
        assert anonymous.get(f"/api/v1/duellists/{more[5].forum_id}/").status_code == 200


def test_a_change_made_by_another_process_shows_once_the_trusted_second_is_over(anonymous, played, monkeypatch):
    from rankings import selectors
    from rankings.models import TableRevision

    a, b, c = played
    first = anonymous.get("/api/v1/rankings/")
    # Another process records a result: new lines and a new token, but this process was not told.
    Standing.objects.filter(duellist=c, season__isnull=True).update(points=9, wins=9, duels=9, draws=0, losses=0)
    assert TableRevision.objects.update(token="autre-processus") == 1  # the club's row
    assert anonymous.get("/api/v1/rankings/")["ETag"] == first["ETag"]  # within the trusted second
    monkeypatch.setattr(selectors, "REVISION_TRUSTED_SECONDS", 0)
    again = anonymous.get("/api/v1/rankings/")
    assert again["ETag"] != first["ETag"] and again.json()["results"][0]["forum_name"] == c.forum_name
