"""Club A's addresses never reach club B's rows: every page route with B's ids, for every role of A, reads
nothing of B (no 200 showing B's names) and changes nothing of B (B's fingerprint unchanged after the
POSTs); the API and the bridge likewise. B's names carry a marker the pages would show."""
import datetime as dt

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from accounts.models import ApiToken, Duellist, SignupRequest
from audit.models import AuditLog
from clubs.panel_menu import SECTIONS
from clubs.scoping import activate_club
from cup.models import House, LedgerEntry
from cup.services.awards import points_award
from duels.models import Declaration, Duel, Exemption, Fault, Post, Registration, Window
from duels.services import declaration_prepare, exemption_request
from forum import tokens
from forum.models import DuelTopic, PmBatch
from forum.services import batches
from rankings.models import Season
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import make_referee, other_club
from tests.support.duels import declare, post, started_duel
from tests.support.forum import forum_configured
from tournaments.models import Entrant, Tournament, TournamentStatus
from webhooks.models import Delivery, EventKind, Webhook, WebhookKind

pytestmark = pytest.mark.django_db
MARK = "Ilvermornien"
SKIPPED = ("admin/", "api/", "i18n/")


def build_club_b(club_b, superuser) -> dict:
    with activate_club(club_b):
        duel, referee, (a, b) = started_duel()
        post(duel, a, [])
        post(duel, b, [])
        declare(duel, referee)
        post(duel, a, [])
        exemption = exemption_request(duel=duel, by=b.duellist.user, reason=f"Raison secrète {MARK}",
                                      wished_deadline=timezone.now() + dt.timedelta(days=3))
        second, other, (c, d) = started_duel()
        post(second, c, [])
        post(second, d, [])
        draft = declaration_prepare(duel=second, by=other)
        for index, duellist in enumerate(Duellist.objects.all()):
            Duellist.objects.filter(pk=duellist.pk).update(forum_name=f"{MARK} {index}")
        registration = Registration.objects.create(duellist=DuellistFactory(forum_name=f"{MARK} inscrit"),
                                                   kind="non_rp", format="1v1", year=3)
        DuellistFactory(user=None, forum_name=f"{MARK} sans compte")  # a member to invite
        signup = SignupRequest.objects.create(forum_name=f"{MARK} demande")
        batch = batches.invitation_batch_create(by=superuser)
        hook = Webhook.objects.create(name=f"{MARK} salon", kind=WebhookKind.SIGNED, url="https://hooks.example/b",
                                      secret="b-secret", events=[EventKind.DUEL_STARTED])
        delivery = Delivery.objects.create(webhook=hook, event=EventKind.DUEL_STARTED, payload={}, status="failed",
                                           created_at=timezone.now(), last_error=f"{MARK} erreur")
        topic = DuelTopic.objects.create(duel=duel, topic_id=77, url="https://ilvermorny.example/t77-duel",
                                         how="link", linked_by=referee, linked_at=timezone.now())
        season = Season.objects.create(name=f"{MARK} printemps", slug="printemps", starts_on=dt.date(2026, 3, 1),
                                       ends_on=dt.date(2026, 5, 31))
        token = ApiToken.objects.create(user=referee)
        Tournament.objects.create(name=f"{MARK} coupe", slug="coupe-b", status=TournamentStatus.SIGNUP)
        house = House.objects.get(name="Gryffondor")
        House.objects.filter(pk=house.pk).update(name=f"{MARK} maison")
        award = points_award(by=superuser, house=House.objects.get(pk=house.pk), points=5, reason=f"{MARK} motif")
        return {
            "house": house.pk, "award": award.pk,
            "duel": duel.pk, "second": second.pk, "window": duel.windows.latest("pk").pk, "exemption": exemption.pk,
            "registration": registration.pk, "signup": signup.pk, "batch": batch.pk, "topic": topic.topic_id,
            "draft": draft.pk, "forum_id": a.duellist.forum_id, "participant": a.pk,
            "published": Declaration.objects.filter(window__duel=duel, status="published").latest("pk").pk,
            "referee": referee, "season": season.pk, "token": token.pk, "webhook": hook.pk,
            "delivery": delivery.pk, "tournament": "coupe-b",
        }


def fingerprint(club_b) -> tuple:
    with activate_club(club_b):
        return (
            list(Duel.objects.order_by("pk").values_list("status", "referee_id", "turn")),
            list(Window.objects.order_by("pk").values_list("state", "due_at")), Post.objects.count(),
            list(Declaration.objects.order_by("pk").values_list("status", "revision")), Fault.objects.count(),
            list(Exemption.objects.order_by("pk").values_list("status")),
            list(SignupRequest.objects.order_by("pk").values_list("status")), PmBatch.objects.count(),
            list(Registration.objects.order_by("pk").values_list("status")), AuditLog.objects.count(),
            DuelTopic.objects.count(),
            list(Season.objects.order_by("pk").values_list("name", "starts_on", "ends_on")), ApiToken.objects.count(),
            list(Webhook.objects.order_by("pk").values_list("name", "secret", "enabled", "events")),
            Delivery.objects.count(),
            list(Tournament.objects.order_by("pk").values_list("status", flat=True)), Entrant.objects.count(),
            list(House.objects.order_by("pk").values_list("name", "colour")), LedgerEntry.objects.count(),
        )


ARGS = {  # route name → which of B's ids its arguments take
    "signup_decide": ("signup",), "duels:withdraw": ("registration",), "duels:turn": ("duel", "window"),
    "duels:turn_stage_png": ("duel", 1), "duels:exemption_decide": ("exemption",),
    "rankings:duellist": ("forum_id",), "forum:api_live": ("topic",), "forum:open": ("declaration", "published"),
    "forum:batch": ("batch",), "forum:batch_open": ("batch",),
    "clubs:seasons:edit": ("season",), "clubs:seasons:delete": ("season",), "clubs:tokens:revoke": ("token",),
    **{f"clubs:webhooks_panel:{name}": ("webhook",) for name in ("edit", "secret", "secret_new", "delete",
                                                                 "deliveries")},
    "clubs:webhooks_panel:resend": ("webhook", "delivery"),
    **{f"tournaments:{name}": ("tournament",) for name in ("page", "bracket_png", "sign_up", "check_in", "withdraw")},
    **{f"clubs:tournaments:{name}": ("tournament",) for name in ("manage", "signup_open", "checkin_open", "draw",
                                                                 "referees", "advance", "cancel", "edit",
                                                                 "forum_topic")},
    "clubs:tournaments:match_record": ("tournament", 1), "clubs:tournaments:stale_resolve": ("tournament", 1),
    "clubs:tournaments:entrant_check_in": ("tournament", 1), "clubs:tournaments:entrant_withdraw": ("tournament", 1),
    "clubs:tournaments:forum_open": ("tournament",),
    "clubs:cup_panel:house_edit": ("house",), "clubs:cup_panel:house_delete": ("house",),
    "cup:points_cancel": ("award",), "clubs:tournaments:forum_round_open": ("tournament", 1),
}
NOT_CLUB_OBJECTS = {"password_reset_confirm", "invitation_accept", "role_set", "spells:detail"}  # no club row


def nested(outer: str, inner: str | None) -> str:
    """The namespace of an include inside another ("clubs" + "catalogue" → "clubs:catalogue")."""
    return f"{outer}:{inner}" if outer and inner else inner or outer


def routes_with_ids(resolver=None, prefix="", namespace=""):
    for entry in (resolver or get_resolver()).url_patterns:
        route = prefix + str(entry.pattern)
        if route.startswith(SKIPPED):
            continue
        if isinstance(entry, URLResolver):
            yield from routes_with_ids(entry, route, nested(namespace, entry.namespace))
        elif isinstance(entry, URLPattern) and entry.name and "<" in route:
            name = f"{namespace}:{entry.name}" if namespace else entry.name
            if name not in NOT_CLUB_OBJECTS:
                yield name


def path_in_club_a(name: str, world: dict, duel_key: str = "duel") -> str:
    keys = ARGS.get(name, (duel_key,))
    return reverse(name, args=[world[key] if isinstance(key, str) and key in world else key for key in keys])


POST_DATA = {"rp_text": "mot " * 120, "types": "malefices", "confirm": "yes", "reason": "x", "decision": "grant",
             "comment": "x", "kind": "other", "note": "x", "pf_penalty": 2, "void_mode": "pass",
             "url": "https://ilvermorny.example/t12-duel", "referee": 1, "pairing": "x"}


@pytest.fixture
def world(club):
    forum_configured(club, url="https://forum.example")
    superuser = UserFactory(username="operateur", is_staff=True, is_superuser=True)
    club_b = forum_configured(other_club(), url="https://ilvermorny.example")
    data = build_club_b(club_b, superuser)
    referee_of_a = UserFactory(username="arbitre-a")
    make_referee(referee_of_a)
    player_of_a = DuellistFactory(user__username="joueur-a").user
    data["users"] = {"anonymous": None, "player_of_a": player_of_a, "referee_of_a": referee_of_a,
                     "referee_of_b": data.pop("referee"), "superuser": superuser}
    data["club_b"] = club_b
    return data


def test_every_route_of_club_a_reads_and_changes_nothing_of_club_b(client, world):
    names = sorted(set(routes_with_ids()))
    assert "duels:duel" in names and "forum:batch" in names and len(names) > 25
    before = fingerprint(world["club_b"])
    leaks = []
    for role, user in world["users"].items():
        client.logout()
        if user is not None:
            client.force_login(user)
        for name in names:
            for duel_key in ("duel", "second"):
                path = path_in_club_a(name, world, duel_key)
                assert path.startswith("/club/")
                response = client.get(path)
                if response.status_code == 200 and MARK in response.content.decode(errors="replace"):
                    leaks.append(("GET", role, path))
                if response.status_code in (301, 302) and "forum" in response.get("Location", "") \
                        and "token" in response.get("Location", ""):
                    leaks.append(("GET redirect with a token", role, path))
                client.post(path, POST_DATA)
    assert leaks == []
    assert fingerprint(world["club_b"]) == before


def test_club_a_lists_show_nothing_of_club_b(client, world):
    client.force_login(world["users"]["superuser"])
    for name in ("duels:running", "rankings:index", "rankings:statistics", "duels:referee", "signup_queue",
                 "rankings:rewards", "forum:invitations", "staff", "roles", "duels:dashboard", "notifications", "tournaments:list"):
        response = client.get(reverse(name))
        assert MARK not in response.content.decode(), name


def test_the_api_of_club_a_shows_nothing_of_club_b(client, world):
    duel = world["duel"]
    assert client.get(f"/api/v1/clubs/club/duels/{duel}/").status_code == 404
    assert client.get(f"/api/v1/clubs/ilvermorny/duels/{duel}/").status_code == 200
    for path in ("duels/", "rankings/", "duellists/", "seasons/"):
        body = client.get(f"/api/v1/clubs/club/{path}").content.decode()
        assert MARK not in body, path
    assert MARK in client.get("/api/v1/clubs/ilvermorny/duellists/").content.decode()


def test_the_bridge_of_club_a_does_not_answer_for_club_bs_topic(client, world):
    assert client.get(reverse("forum:api_live", args=[world["topic"]])).status_code == 404


def test_club_bs_bridge_answers_club_bs_forum_only_and_refuses_club_as_tokens(client, world):
    """B's live panel of B's topic: CORS to B's forum, none to A's; a token made in A for B's batch (its
    number) is refused by B's bridge, before the batch is even looked up."""
    live_b = f"/ilvermorny/forum/api/live/{world['topic']}/"
    assert "Access-Control-Allow-Origin" not in client.get(live_b, HTTP_ORIGIN="https://forum.example")
    assert client.get(live_b, HTTP_ORIGIN="https://ilvermorny.example")["Access-Control-Allow-Origin"] == \
        "https://ilvermorny.example"
    token = tokens.make(scope="batch", object_id=world["batch"], user=world["users"]["superuser"])  # in A
    refused = client.post("/ilvermorny/forum/api/job/", {"token": token}, content_type="application/json",
                          HTTP_ORIGIN="https://ilvermorny.example")
    assert refused.status_code == 403 and refused.json()["code"] == "token-other-club"


# The staff of one club are nobody in another (clubs.roles.is_club_staff).
STAFF_PAGE_NAMES = tuple(name for name, _label in SECTIONS)  # every page of the control panel's menu


def staff_page_in(club, name: str) -> str:
    with activate_club(club):
        return reverse(name)


def test_the_staff_of_club_a_open_no_staff_page_of_club_b(client):
    from tests.support.permissions import club_staff

    club_b = other_club()
    client.force_login(club_staff())  # staff of the club served (A)
    for name in STAFF_PAGE_NAMES:
        assert client.get(reverse(name)).status_code == 200, name
        assert client.get(staff_page_in(club_b, name)).status_code == 403, name
        assert client.post(staff_page_in(club_b, name), {}).status_code == 403, name


def test_the_owner_of_club_b_is_its_staff_and_nobody_in_club_a(client):
    from clubs.models import Membership
    from clubs.roles import membership_join

    club_b = other_club()
    owner = UserFactory(username="proprietaire-b")
    membership_join(owner, club_b)
    Membership.objects.filter(user=owner, club=club_b).update(is_owner=True)  # owner, without the staff tick
    client.force_login(owner)
    for name in STAFF_PAGE_NAMES:
        assert client.get(staff_page_in(club_b, name)).status_code == 200, name
        assert client.get(reverse(name)).status_code == 403, name


def test_the_platform_staff_flag_opens_no_staff_page_of_any_club(client):
    from tests.support.permissions import staff_with

    client.force_login(staff_with("accounts.decide_signup_requests", "accounts.grant_referee_role",
                                  "accounts.import_members", "accounts.issue_account_links",
                                  "accounts.edit_house_rules", "rankings.pay_rewards"))
    for name in STAFF_PAGE_NAMES:
        assert client.get(reverse(name)).status_code == 403, name


def test_the_staff_of_club_a_write_nothing_through_club_bs_api():
    from rest_framework.test import APIClient

    from tests.support.permissions import club_staff

    other_club()
    api = APIClient()
    api.force_login(club_staff())
    own = api.put("/api/v1/clubs/club/forum-members/12/", {}, format="json")
    assert own.status_code == 400 and own.json()["code"] == "invalid"  # allowed: the body is checked
    refused = api.put("/api/v1/clubs/ilvermorny/forum-members/12/", {}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "permission_denied"
    assert api.post("/api/v1/clubs/ilvermorny/forum-members/bulk/", [], format="json").status_code == 403


def test_a_token_of_club_a_opens_nothing_of_club_bs_api():
    from rest_framework.test import APIClient

    from tests.support.clubs import api_token
    from tests.support.permissions import club_staff

    other_club()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {api_token(club_staff())}")  # staff of A, a token of A
    assert api.put("/api/v1/clubs/club/forum-members/12/", {}, format="json").status_code == 400  # allowed
    for method in (api.get, api.put):
        refused = method("/api/v1/clubs/ilvermorny/forum-members/12/", {}, format="json")
        assert refused.status_code == 401 and refused.json()["code"] == "token_other_club"


def test_a_duel_not_yet_public_is_read_by_its_clubs_members_only(client):
    """A pairing or a cancelled duel is the club's: another club's referee reads it no more than a spectator."""
    from django.urls import reverse as url

    from tests.factories.duels import RefereeFactory
    from tests.support.duels import matched_duel
    from tests.support.web import client_for

    ilvermorny = other_club()
    with activate_club(ilvermorny):
        pairing = matched_duel()
        their_referee = RefereeFactory()
        make_referee(their_referee)
        member = UserFactory()
        from clubs.roles import membership_join

        membership_join(member)
        page = url("duels:duel", args=[pairing.pk])
    our_referee = UserFactory()
    make_referee(our_referee)
    for user, status in ((our_referee, 404), (member, 200), (their_referee, 200)):
        assert client_for(user).get(page).status_code == status, user
    api = f"/api/v1/clubs/{ilvermorny.slug}/duels/"
    assert [d["id"] for d in client_for(our_referee).get(api).json()["results"]] == []
    assert [d["id"] for d in client_for(member).get(api).json()["results"]] == [pairing.pk]
