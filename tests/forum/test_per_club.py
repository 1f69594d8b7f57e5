"""Each club's bridge is its own forum's: CORS answers the serving club's forum origins only, a token
works in the club it was made in, the embed may be framed by the club's forum alone, and topics, replies
and PMs go to the club's forum (its section of duel topics), with links into the club."""
import json

import pytest
from django.urls import reverse

from clubs.scoping import activate_club
from forum import tokens
from forum.models import DuelTopic
from forum.services import batches
from tests.factories.accounts import UserFactory
from tests.forum.conftest import FORUM
from tests.support.clubs import make_club_staff, other_club
from tests.support.duels import started_duel
from tests.support.forum import forum_configured

pytestmark = pytest.mark.django_db
B_FORUM = "https://ilvermorny.example"
B_ALIAS = "https://www.ilvermorny.example"
ENDPOINTS = ("api_job", "api_report", "api_delivery")


@pytest.fixture
def club_b():
    """Club A (the home club) has its forum at FORUM (tests/forum/conftest.py); club B has its own."""
    return forum_configured(other_club(), url=B_FORUM, origins=[B_ALIAS], section=12)


def in_club(club, name, *args) -> str:
    with activate_club(club):
        return reverse(name, args=args)


def cors_origin(client, path, origin, *, preflight=False):
    """The Access-Control-Allow-Origin `path` answers to `origin` (None: no CORS); never with credentials."""
    if preflight:
        response = client.options(path, HTTP_ORIGIN=origin, HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST")
    else:
        response = client.post(path, "{}", content_type="application/json", HTTP_ORIGIN=origin)
    assert "Access-Control-Allow-Credentials" not in response
    return response.headers.get("Access-Control-Allow-Origin")


@pytest.mark.parametrize("preflight", [False, True])
@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_a_clubs_bridge_answers_cors_to_its_own_forum_only(client, club, club_b, endpoint, preflight):
    ours, theirs = in_club(club, f"forum:{endpoint}"), in_club(club_b, f"forum:{endpoint}")
    assert ours.startswith("/club/forum/api/") and theirs.startswith("/ilvermorny/forum/api/")
    assert cors_origin(client, ours, FORUM, preflight=preflight) == FORUM
    assert cors_origin(client, theirs, FORUM, preflight=preflight) is None  # A's forum, B's endpoint
    assert cors_origin(client, theirs, B_FORUM, preflight=preflight) == B_FORUM
    assert cors_origin(client, theirs, B_ALIAS, preflight=preflight) == B_ALIAS  # B's other origin
    assert cors_origin(client, ours, B_FORUM, preflight=preflight) is None


def test_cors_stays_on_the_bridges_paths_and_off_for_a_club_without_forum(client, club_b):
    script = client.get(in_club(club_b, "forum:pont_js"), HTTP_ORIGIN=B_FORUM)
    assert script.status_code == 200 and "Access-Control-Allow-Origin" not in script
    forum_configured(club_b, url="", origins=[B_ALIAS])  # other origins alone still answer
    assert cors_origin(client, in_club(club_b, "forum:api_job"), B_ALIAS) == B_ALIAS
    forum_configured(club_b, url="", origins=[])
    assert cors_origin(client, in_club(club_b, "forum:api_job"), B_FORUM) is None


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_a_token_made_in_club_a_is_refused_by_club_bs_bridge(client, club, club_b, endpoint):
    user = UserFactory(username="voyageur")
    scope = "batch" if endpoint == "api_delivery" else "post"
    value = tokens.make(scope=scope, object_id=1, user=user)  # made in club A
    response = client.post(in_club(club_b, f"forum:{endpoint}"), json.dumps({"token": value, "delivery": 1}),
                           content_type="application/json", HTTP_ORIGIN=B_FORUM)
    assert response.status_code == 403
    assert response.json()["code"] == "token-other-club" and "autre club" in response.json()["message"]
    assert response["Access-Control-Allow-Origin"] == B_FORUM  # the refusal reaches B's bridge panel
    assert tokens.read(value).club_id == club.pk  # still good in A
    with activate_club(club_b), pytest.raises(tokens.TokenError) as refused:
        tokens.read(value)
    assert refused.value.code == "token-other-club"


def test_the_embed_may_be_framed_by_the_serving_clubs_forum_only(client, club, club_b):
    duel_a, _referee, _ = started_duel()
    with activate_club(club_b):
        duel_b, _referee, _ = started_duel()
    third = forum_configured(other_club("durmstrang", "Durmstrang"), url="")
    with activate_club(third):
        duel_c, _referee, _ = started_duel()
    a = client.get(in_club(club, "duels:embed", duel_a.pk))["Content-Security-Policy"]
    b = client.get(in_club(club_b, "duels:embed", duel_b.pk))
    c = client.get(in_club(third, "duels:embed", duel_c.pk))
    assert f"frame-ancestors {FORUM};" in a + ";" and B_FORUM not in a
    assert f"frame-ancestors {B_FORUM} {B_ALIAS}" in b["Content-Security-Policy"] and FORUM not in b["Content-Security-Policy"]
    assert "X-Frame-Options" not in b.headers
    assert "frame-ancestors 'none'" in c["Content-Security-Policy"] and c["X-Frame-Options"] == "DENY"


def test_topics_and_replies_go_to_the_clubs_forum_in_its_section(client, club_b):
    with activate_club(club_b):
        duel, referee, _ = started_duel()
    client.force_login(referee)
    location = client.get(in_club(club_b, "forum:open", "sujet", duel.pk))["Location"]
    assert location.startswith(f"{B_FORUM}/post?f=12&mode=newtopic#estrade=")
    token = location.split("#estrade=", 1)[1]
    job = client.post(in_club(club_b, "forum:api_job"), json.dumps({"token": token}),
                      content_type="application/json").json()
    assert job["action"] == "newtopic" and job["forum"] == 12
    assert f"http://estrade.test/ilvermorny/duels/{duel.pk}/" in job["message"]

    def report(url):
        return client.post(in_club(club_b, "forum:api_report"), json.dumps({"token": token, "url": url}),
                           content_type="application/json")

    refused = report(f"{FORUM}/t42-duel#100")  # a topic of club A's forum
    assert refused.status_code == 400 and refused.json()["code"] == "foreign-address"
    assert B_FORUM in refused.json()["message"]
    assert report(f"{B_FORUM}/t42-duel#100").status_code == 200
    with activate_club(club_b):
        assert DuelTopic.objects.get(duel=duel).url == f"{B_FORUM}/t42-"


def test_pms_go_out_from_the_clubs_forum_with_links_into_the_club(client, club_b):
    with activate_club(club_b):
        duel, referee, _ = started_duel()
        batch = batches.reminder_batch_create(duel=duel, by=referee)
        message = batch.deliveries.first().message
    assert f"[url=http://estrade.test/ilvermorny/duels/{duel.pk}/]" in message
    client.force_login(referee)
    location = client.get(in_club(club_b, "forum:batch_open", batch.pk))["Location"]
    assert location.startswith(f"{B_FORUM}/privmsg?mode=post#estrade=")


def test_the_bridge_script_and_the_setup_page_name_the_clubs_forum(client, club, club_b):
    def script(of):
        stub = client.get(in_club(of, "forum:pont_js")).content.decode()
        return client.get(stub.split('s.src="', 1)[1].split('"', 1)[0]).content.decode()

    assert f'"forum": "{FORUM}"' in script(club) and f'"forum": "{B_FORUM}"' in script(club_b)
    client.force_login(make_club_staff(UserFactory(username="staff-b"), club_b))  # the staff of B
    page = client.get(in_club(club_b, "forum:setup")).content.decode()
    assert f"<code>{B_FORUM}</code>" in page and "<code>12</code>" in page and f"<code>{B_ALIAS}</code>" in page
    assert "Ilvermorny" in page and f"<code>{FORUM}</code>" not in page


def test_a_malformed_origin_of_the_club_or_of_the_request_is_no_error(client, club_b):
    forum_configured(club_b, url=B_FORUM, origins=["http://[ilvermorny"])
    job = in_club(club_b, "forum:api_job")
    assert cors_origin(client, job, B_FORUM) == B_FORUM
    assert cors_origin(client, job, "http://[ilvermorny") is None


def test_the_embed_names_well_formed_origins_only(client, club):
    forum_configured(club, url=FORUM, origins=["https://ok.example:8443", "https://x.example; script-src *"])
    duel, _referee, _ = started_duel()
    policy = client.get(reverse("duels:embed", args=[duel.pk]))["Content-Security-Policy"]
    assert f"frame-ancestors {FORUM} https://ok.example:8443;" in policy + ";" and "x.example" not in policy
