"""Every page route of the site × nine roles: anonymous, a duellist, a member outside the duel, the duel's
referee, another referee, a superuser, the platform's staff flag holding every Django permission (no club
role), the staff of another club and a staff member of the club who plays in the duel. For each route, the roles that may use it; any other role must neither open it (GET:
no 200, no redirect to the forum with a token) nor change anything with it (POST: the database's
fingerprint unchanged). A route missing from the table fails the test by name.

Not here: Django's admin (its own permissions) and the token APIs (/api/, /forum/api/)."""
import datetime as dt

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from accounts.models import ApiToken, Duellist, Invitation, SignupRequest, User
from audit.models import AuditLog
from clubs.models import Club, Membership
from cup.models import House
from cup.services.awards import points_award
from duels.models import Declaration, Duel, Exemption, Fault, Participant, Post, Registration, Window
from duels.services import declaration_prepare, exemption_request
from forum.models import DuelTopic, PmBatch
from forum.services import batches
from push.models import PushPreference, PushSubscription
from rankings.models import Result, Season
from spells.models import Spell
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import make_club_staff, make_referee, other_club
from tests.support.duels import declare, post, started_duel
from tests.support.forum import forum_configured
from tests.support.permissions import club_staff, staff_with
from tournaments.models import Entrant, Tournament, TournamentReferee
from webhooks.models import Delivery, EventKind, Webhook, WebhookKind

pytestmark = pytest.mark.django_db
FORUM = "https://forum.example"
SKIPPED = ("admin/", "api/", "forum/api/", "i18n/")

ROLES = ["anonymous", "player", "outsider", "referee", "other_referee", "superuser", "platform_staff",
         "other_club_staff", "staff_player"]
EVERYONE = set(ROLES)
REFEREE_OF_DUEL = {"referee", "superuser"}
REFEREE_ROLE = {"referee", "other_referee", "superuser", "staff_player"}
STAFF_PAGE = {"superuser", "staff_player"}  # staff_player is the club's staff: every staff page, never their duel
STAFF_INDEX = STAFF_PAGE
DUELLISTS = {"player", "staff_player"}
EVERY_PERMISSION = ["accounts.decide_signup_requests", "accounts.grant_referee_role", "accounts.import_members",
                    "accounts.issue_account_links", "accounts.edit_house_rules", "rankings.pay_rewards",
                    "duels.referee_any_duel", "duels.change_registration"]


def nested(outer: str, inner: str | None) -> str:
    """The namespace of an include inside another ("clubs" + "catalogue" → "clubs:catalogue")."""
    return f"{outer}:{inner}" if outer and inner else inner or outer


def route_names(resolver=None, prefix="", namespace=""):
    for entry in (resolver or get_resolver()).url_patterns:
        route = prefix + str(entry.pattern)
        if route.startswith(SKIPPED):
            continue
        if isinstance(entry, URLResolver):
            yield from route_names(entry, route, nested(namespace, entry.namespace))
        elif isinstance(entry, URLPattern) and entry.name:
            yield f"{namespace}:{entry.name}" if namespace else entry.name


@pytest.fixture(autouse=True)
def forum_on(club):
    forum_configured(club, url=FORUM)


def build_world() -> dict:
    """Duel 1 in its second turn's action phase (A posted, B awaited, B's exemption requested); duel 2 of
    the same duellists and referee awaiting its declaration, a draft prepared. B is the club's staff."""
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    declare(duel, referee)
    post(duel, a, [])
    exemption = exemption_request(duel=duel, by=b.duellist.user, reason="Raison médicale",
                                  wished_deadline=timezone.now() + dt.timedelta(days=3))
    second, other, (c, d) = started_duel()
    post(second, c, [])
    post(second, d, [])
    draft = declaration_prepare(duel=second, by=other)
    Participant.objects.filter(pk=c.pk).update(duellist=a.duellist)  # the same duellists and referee
    Participant.objects.filter(pk=d.pk).update(duellist=b.duellist)
    Duel.objects.filter(pk=second.pk).update(referee=referee)
    second.refresh_from_db()
    staff_player = make_club_staff(b.duellist.user)
    other_referee = UserFactory(username="autre-arbitre")
    make_referee(other_referee)
    outsider = DuellistFactory(user__username="dehors")
    registration = Registration.objects.create(duellist=outsider, kind="non_rp", format="1v1", year=3)
    superuser = UserFactory(username="chef", is_staff=True, is_superuser=True)
    unlinked = DuellistFactory(user=None, forum_name="Sans Compte")
    signup = SignupRequest.objects.create(forum_name="Sans Compte")
    batch = batches.invitation_batch_create(by=superuser)
    result = Result.objects.create(duel=duel, duellist=a.duellist, participant=a, year=3, outcome="loss",
                                   chocogrenouille=True)
    published = Declaration.objects.filter(window__duel=duel, status="published").latest("pk")
    hook, delivery = webhook_world()
    Spell.rows.create(slug="stupefix", name="Stupéfix", level=3, range=5, target="opponent", effect={"stun": True})
    season = Season.objects.create(name="Printemps", slug="printemps", starts_on=dt.date(2026, 3, 1),
                                   ends_on=dt.date(2026, 5, 31))
    token = ApiToken.objects.create(user=referee)
    Tournament.objects.create(name="Coupe", slug="coupe")  # a draft
    award = points_award(by=superuser, house=House.objects.get(name="Gryffondor"), points=5, reason="Bravoure")
    return {
        "award": award,
        "season": season, "token": token,
        "duel": duel, "second": second, "draft": draft, "a": a, "b": b, "exemption": exemption,
        "registration": registration, "signup": signup, "unlinked": unlinked, "batch": batch, "result": result,
        "published": published, "window": duel.windows.latest("pk"), "webhook": hook, "delivery": delivery,
        "users": {"anonymous": None, "player": a.duellist.user, "outsider": outsider.user, "referee": referee,
                  "other_referee": other_referee, "superuser": superuser,
                  "platform_staff": staff_with(*EVERY_PERMISSION, username="operateur"),
                  "other_club_staff": club_staff(other_club(), username="equipe-ailleurs"),
                  "staff_player": User.objects.get(pk=staff_player.pk)},
    }


def webhook_world() -> tuple[Webhook, Delivery]:
    """A signed webhook of the club and one failed delivery of it (the panel's webhook pages)."""
    hook = Webhook.objects.create(name="Forum", kind=WebhookKind.SIGNED, url="https://hooks.example/x",
                                  secret="s3cr3t", events=[EventKind.DUEL_STARTED])
    delivery = Delivery.objects.create(webhook=hook, event=EventKind.DUEL_STARTED, payload={}, status="failed",
                                       created_at=timezone.now())
    return hook, delivery


def table(w: dict) -> dict:
    """Route name → (paths, roles allowed, POST data; None: not checked, every role may)."""
    duel, second, a = w["duel"].pk, w["second"].pk, w["a"]
    later = (timezone.localtime() + dt.timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")

    def of(name, *args):
        return reverse(name, args=args)

    def referee_route(name, data):
        return [of(name, duel), of(name, second)], REFEREE_OF_DUEL, data

    open_ = None
    rows = {
        name: ([of(name)], EVERYONE, open_) for name in (
            "home", "login", "logout", "password_reset", "password_reset_done", "password_reset_complete",
            "signup_request", "spells:catalog", "duels:running", "rankings:index", "rankings:statistics",
            "forum:pont_js", "language_choose", "duels:rules")
    }
    rows.update({
        "notifications": ([of("notifications")], EVERYONE - {"anonymous"}, open_),
        "notifications_read": ([of("notifications_read")], EVERYONE - {"anonymous"}, open_),
        "password_change": ([of("password_change")], EVERYONE - {"anonymous"}, open_),
        "password_change_done": ([of("password_change_done")], EVERYONE - {"anonymous"}, open_),
        "password_reset_confirm": ([of("password_reset_confirm", "MQ", "x-y")], EVERYONE, open_),
        "invitation_accept": ([of("invitation_accept", "x")], EVERYONE, open_),
        "profile": ([of("profile")], EVERYONE - {"anonymous"}, open_),
        # the installable app's files, and a member's own push settings (push/)
        "push:sw": ([of("push:sw")], EVERYONE, open_),
        "push:manifest": ([of("push:manifest")], EVERYONE, open_),
        "push:offline": ([of("push:offline")], EVERYONE, open_),
        "push:subscribe": ([of("push:subscribe")], EVERYONE - {"anonymous"}, {}),
        "push:unsubscribe": ([of("push:unsubscribe")], EVERYONE - {"anonymous"}, {}),
        "push:preferences": ([of("push:preferences")], EVERYONE - {"anonymous"}, {"categories": ["turn"]}),
        "spells:detail": (["/sorts/x/"], EVERYONE, open_),
        "duels:dashboard": ([of("duels:dashboard")], EVERYONE - {"anonymous"}, open_),
        "duels:register": ([of("duels:register")], EVERYONE - {"anonymous"}, open_),
        "duels:duel": ([of("duels:duel", duel)], EVERYONE, open_),
        "duels:turn": ([of("duels:turn", duel, w["window"].pk)], EVERYONE, open_),
        "duels:stage_png": ([of("duels:stage_png", duel)], EVERYONE, open_),
        "duels:turn_stage_png": ([of("duels:turn_stage_png", duel, 1)], EVERYONE, open_),
        "duels:embed": ([of("duels:embed", duel)], EVERYONE, open_),
        "rankings:duellist": ([of("rankings:duellist", a.duellist.forum_id)], EVERYONE, open_),
        "rankings:duel": ([of("rankings:duel", duel)], EVERYONE, open_),
        # the duellists' own actions
        "duels:post": ([of("duels:post", duel)], DUELLISTS, {"rp_text": "mot " * 120}),
        "duels:types": ([of("duels:types", duel)], DUELLISTS, {"types": "malefices"}),
        "duels:forfeit": ([of("duels:forfeit", duel)], DUELLISTS, {"confirm": "yes"}),
        "duels:exemption": ([of("duels:exemption", duel)], DUELLISTS, {"reason": "x", "deadline": later}),
        "duels:journal": ([of("duels:journal", duel)], DUELLISTS | REFEREE_OF_DUEL, None),
        "duels:withdraw": ([of("duels:withdraw", w["registration"].pk)], {"outsider"} | STAFF_PAGE, {}),
        # the referee role, and the referee of this duel
        "duels:referee": ([of("duels:referee")], REFEREE_ROLE, None),
        "duels:matchmaking": ([of("duels:matchmaking")], REFEREE_ROLE, {}),
        "duels:pairing_confirm": ([of("duels:pairing_confirm")], REFEREE_ROLE, {"pairing": "x"}),
        "duels:exemption_decide": ([of("duels:exemption_decide", w["exemption"].pk)], REFEREE_OF_DUEL,
                                   {"decision": "grant"}),
        "duels:adjudicate": referee_route("duels:adjudicate", None),
        "duels:take": referee_route("duels:take", {}),
        "duels:start": referee_route("duels:start", {}),
        "duels:prepare": referee_route("duels:prepare", {}),
        "duels:publish": referee_route("duels:publish", {"comment": "x"}),
        "duels:fault": referee_route("duels:fault", {"participant": a.pk, "kind": "other", "note": "x",
                                                     "pf_penalty": 2, "confirm": "yes"}),
        "duels:absences": referee_route("duels:absences", {"confirm": "yes"}),
        "duels:cancel": referee_route("duels:cancel", {"reason": "x", "confirm": "yes"}),
        "duels:publish_as_is": referee_route("duels:publish_as_is",
                                             {"prepared_at": w["draft"].prepared_at.isoformat()}),
        "duels:correct": referee_route("duels:correct", {"reason": "x", "void_mode": "pass"}),
        "duels:deadline_extend": referee_route("duels:deadline_extend", {"deadline": later, "reason": "panne"}),
        "duels:reopen": referee_route("duels:reopen", {"participant": a.pk, "reason": "x"}),
        "duels:release": referee_route("duels:release", {"reason": "x"}),
        "duels:reassign": referee_route("duels:reassign", {"referee": w["users"]["other_referee"].pk,
                                                           "reason": "x"}),
        "forum:topic_link": ([of("forum:topic_link", duel)], REFEREE_OF_DUEL, {"url": f"{FORUM}/t12-duel"}),
        "forum:reminders": ([of("forum:reminders", duel)], REFEREE_OF_DUEL, {}),
        "forum:open": ([of("forum:open", "declaration", w["published"].pk)], REFEREE_OF_DUEL, None),
        # staff pages
        "staff": ([of("staff")], STAFF_INDEX, None),
        "forum:setup": ([of("forum:setup")], STAFF_INDEX, None),
        "clubs:panel": ([of("clubs:panel")], STAFF_INDEX, None),
        "clubs:members": ([of("clubs:members")], STAFF_INDEX, None),
        # the owner's: the superuser may (the operator); the club's staff are refused in the service
        "clubs:member_role": ([of("clubs:member_role", w["users"]["outsider"].pk)], {"superuser"},
                              {"role": "staff", "granted": "1"}),
        "clubs:settings": ([of("clubs:settings")], STAFF_INDEX, {"name": "Pris", "language": "fr",
                                                                 "time_zone": "Europe/Paris"}),
        # the forum's report of the club's verification: a POST with the club's key only (GET: 405 for all)
        "clubs:verification_report": ([of("clubs:verification_report")], set(), {}),
        "signup_queue": ([of("signup_queue")], STAFF_PAGE, None),
        "signup_decide": ([of("signup_decide", w["signup"].pk)], STAFF_PAGE,
                          {"decision": "approve", "member": "Sans Compte", "duellist": w["unlinked"].pk}),
        "roles": ([of("roles")], STAFF_PAGE, None),
        "role_set": ([of("role_set", w["users"]["outsider"].pk)], STAFF_PAGE, {"referee": "1"}),
        "members_import": ([of("members_import")], STAFF_PAGE, None),
        "rankings:rewards": ([of("rankings:rewards")], STAFF_PAGE, {"paid": [w["result"].pk]}),
        "house_rules": ([of("house_rules")], STAFF_PAGE, {"preset": "court", "save": "1"}),
        "forum:invitations": ([of("forum:invitations")], STAFF_PAGE, {}),
        "invitation_links": ([of("invitation_links")], STAFF_PAGE, {}),
        "forum:batch": ([of("forum:batch", w["batch"].pk)], STAFF_PAGE, None),
        "forum:batch_open": ([of("forum:batch_open", w["batch"].pk)], STAFF_PAGE, None),
    })
    hook, delivery = w["webhook"].pk, w["delivery"].pk
    rows.update({  # the club's webhooks (webhooks/panel_urls.py)
        "clubs:webhooks_panel:list": ([of("clubs:webhooks_panel:list")], STAFF_PAGE, None),
        "clubs:webhooks_panel:add": ([of("clubs:webhooks_panel:add")], STAFF_PAGE,
                                     {"name": "Pris", "kind": "discord", "url": "https://hooks.example/y",
                                      "language": "fr", "events": ["duel.started"]}),
        "clubs:webhooks_panel:edit": ([of("clubs:webhooks_panel:edit", hook)], STAFF_PAGE,
                                      {"name": "Pris", "url": "", "language": "fr", "events": []}),
        "clubs:webhooks_panel:secret": ([of("clubs:webhooks_panel:secret", hook)], STAFF_PAGE, None),
        "clubs:webhooks_panel:secret_new": ([of("clubs:webhooks_panel:secret_new", hook)], STAFF_PAGE, {}),
        "clubs:webhooks_panel:delete": ([of("clubs:webhooks_panel:delete", hook)], STAFF_PAGE, {"confirm": "yes"}),
        "clubs:webhooks_panel:deliveries": ([of("clubs:webhooks_panel:deliveries", hook)], STAFF_PAGE, None),
        "clubs:webhooks_panel:resend": ([of("clubs:webhooks_panel:resend", hook, delivery)], STAFF_PAGE, {}),
    })
    spell = {"name": "Pris", "slug": "pris", "level": "1", "range": "3", "target": "opponent",
             "effect": '{"damage": 1}'}
    rows.update({  # the club's spell catalogue (spells/panel_urls.py)
        "clubs:catalogue:list": ([of("clubs:catalogue:list")], STAFF_PAGE, None),
        "clubs:catalogue:add": ([of("clubs:catalogue:add")], STAFF_PAGE, spell),
        "clubs:catalogue:edit": ([of("clubs:catalogue:edit", "stupefix")], STAFF_PAGE, {**spell, "slug": "stupefix"}),
        "clubs:catalogue:retire": ([of("clubs:catalogue:retire", "stupefix")], STAFF_PAGE, {"retired": "1"}),
        "clubs:catalogue:import": ([of("clubs:catalogue:import")], STAFF_PAGE, {}),
        "clubs:catalogue:export": ([of("clubs:catalogue:export")], STAFF_PAGE, None),
    })
    rows.update({  # the club's journal (audit/panel_urls.py): read-only, a POST is refused
        "clubs:journal:list": ([of("clubs:journal:list")], STAFF_PAGE, {}),
    })
    season, token = w["season"].pk, w["token"].pk
    season_values = {"name": "Pris", "slug": "pris", "starts_on": "2026-06-01", "ends_on": "2026-06-30"}
    rows.update({  # the club's seasons (rankings/panel_urls.py) and API tokens (accounts/panel_urls.py)
        "clubs:seasons:list": ([of("clubs:seasons:list")], STAFF_PAGE, None),
        "clubs:seasons:new": ([of("clubs:seasons:new")], STAFF_PAGE, season_values),
        "clubs:seasons:edit": ([of("clubs:seasons:edit", season)], STAFF_PAGE, season_values),
        "clubs:seasons:delete": ([of("clubs:seasons:delete", season)], STAFF_PAGE, {}),
        "clubs:tokens:list": ([of("clubs:tokens:list")], STAFF_PAGE, None),
        "clubs:tokens:new": ([of("clubs:tokens:new")], STAFF_PAGE, {"username": ""}),
        "clubs:tokens:revoke": ([of("clubs:tokens:revoke", token)], STAFF_PAGE, {}),
    })
    rows.update({  # the club's tournaments (tournaments/urls.py): public pages
        "tournaments:list": ([of("tournaments:list")], EVERYONE, open_),
        "tournaments:page": ([of("tournaments:page", "coupe")], EVERYONE, open_),
        "tournaments:bracket_png": ([of("tournaments:bracket_png", "coupe")], EVERYONE, open_),
        # a player's own entry (the service checks whose duellist it is)
        "tournaments:sign_up": ([of("tournaments:sign_up", "coupe")], EVERYONE - {"anonymous"}, {}),
        "tournaments:check_in": ([of("tournaments:check_in", "coupe")], EVERYONE - {"anonymous"}, {}),
        "tournaments:withdraw": ([of("tournaments:withdraw", "coupe")], EVERYONE - {"anonymous"}, {}),
    })
    later_date = (timezone.localtime() + dt.timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")
    rows.update({  # the club's tournaments in the control panel (tournaments/panel_urls.py): a draft "coupe"
        "clubs:tournaments:list": ([of("clubs:tournaments:list")], STAFF_PAGE, None),
        "clubs:tournaments:new": ([of("clubs:tournaments:new")], STAFF_PAGE,
                                  {"name": "Pris", "slug": "pris", "format": "single_elimination",
                                   "team_format": "1v1", "duel_kind": "non_rp", "draw_rule": "rematch",
                                   "seeding": "random", "round_days": "14"}),
        "clubs:tournaments:manage": ([of("clubs:tournaments:manage", "coupe")], STAFF_PAGE, None),
        "clubs:tournaments:edit": ([of("clubs:tournaments:edit", "coupe")], STAFF_PAGE, {"name": "Pris"}),
        "clubs:tournaments:match_record": ([of("clubs:tournaments:match_record", "coupe", 1)], STAFF_PAGE,
                                           {"outcome": "a", "how": "played"}),
        "clubs:tournaments:stale_resolve": ([of("clubs:tournaments:stale_resolve", "coupe", 1)], STAFF_PAGE, {}),
        "clubs:tournaments:entrant_check_in": ([of("clubs:tournaments:entrant_check_in", "coupe", 1)], STAFF_PAGE, {}),
        "clubs:tournaments:entrant_withdraw": ([of("clubs:tournaments:entrant_withdraw", "coupe", 1)], STAFF_PAGE,
                                               {"confirm": "yes"}),
        "clubs:tournaments:signup_open": ([of("clubs:tournaments:signup_open", "coupe")], STAFF_PAGE, {}),
        "clubs:tournaments:checkin_open": ([of("clubs:tournaments:checkin_open", "coupe")], STAFF_PAGE,
                                           {"closes_at": later_date}),
        "clubs:tournaments:draw": ([of("clubs:tournaments:draw", "coupe")], STAFF_PAGE, {}),
        "clubs:tournaments:referees": ([of("clubs:tournaments:referees", "coupe")], STAFF_PAGE, {"referees": []}),
        "clubs:tournaments:advance": ([of("clubs:tournaments:advance", "coupe")], STAFF_PAGE, {}),
        "clubs:tournaments:cancel": ([of("clubs:tournaments:cancel", "coupe")], STAFF_PAGE, {"reason": "x"}),
        "clubs:tournaments:forum_topic": ([of("clubs:tournaments:forum_topic", "coupe")], STAFF_PAGE,
                                          {"url": "http://forum.test/t5-coupe"}),
        "clubs:tournaments:forum_open": ([of("clubs:tournaments:forum_open", "coupe")], STAFF_PAGE, None),
        "clubs:tournaments:forum_round_open": ([of("clubs:tournaments:forum_round_open", "coupe", 1)], STAFF_PAGE,
                                               None),
    })
    rows.update({  # the house cup's public pages (cup/public_urls.py): reads only
        "cup:standings": ([of("cup:standings"), of("cup:standings") + "?period=all"], EVERYONE, open_),
        "cup:ledger": ([of("cup:ledger")], EVERYONE, open_),
        "cup:embed": ([of("cup:embed")], EVERYONE, open_),
        "cup:standings_png": ([of("cup:standings_png")], EVERYONE, open_),
        "cup:widget": ([of("cup:widget")], EVERYONE, open_),  # the forum band's totals (cup/widget_urls.py)
    })
    rows.update(cup_rows(w, of))
    return rows


def cup_rows(w: dict, of) -> dict:
    """The cup's control panel (cup/panel_urls.py) and the points page (cup/award_urls.py): the points page
    is the prefects' too (tests/cup/test_awards_pages.py), none of whom is a role here."""
    gryffondor, poufsouffle = House.objects.get(name="Gryffondor").pk, House.objects.get(name="Poufsouffle").pk
    house = {"name": "Pris", "colour": "#123456", "crest": "", "position": "0"}
    return {
        "clubs:cup_panel:houses": ([of("clubs:cup_panel:houses")], STAFF_PAGE, None),
        "clubs:cup_panel:house_new": ([of("clubs:cup_panel:house_new")], STAFF_PAGE, house),
        "clubs:cup_panel:house_edit": ([of("clubs:cup_panel:house_edit", gryffondor)], STAFF_PAGE, house),
        "clubs:cup_panel:house_delete": ([of("clubs:cup_panel:house_delete", poufsouffle)], STAFF_PAGE, {}),
        "clubs:cup_panel:members": ([of("clubs:cup_panel:members")], STAFF_PAGE,
                                    {"duellist": w["a"].duellist.pk, "house": gryffondor}),
        "clubs:cup_panel:prefects": ([of("clubs:cup_panel:prefects")], STAFF_PAGE,
                                     {"house": gryffondor, "prefect": "1", "username": "autre-arbitre"}),
        "clubs:cup_panel:settings": ([of("clubs:cup_panel:settings")], STAFF_PAGE, {"period": "month"}),
        "cup:points": ([of("cup:points")], STAFF_PAGE, {"house": gryffondor, "points": "5", "reason": "x"}),
        "cup:points_cancel": ([of("cup:points_cancel", w["award"].pk)], STAFF_PAGE, {"reason": "x"}),
    }


def fingerprint() -> tuple:
    """What a forbidden request could change: the duels, their phases, posts, declarations, sanctions,
    exemptions, roles, requests, links, batches, rewards, registrations and the audit log."""
    return (
        list(Duel.objects.order_by("pk").values_list("status", "referee_id", "turn")),
        list(Window.objects.order_by("pk").values_list("state", "due_at")),
        Post.objects.count(), list(Declaration.objects.order_by("pk").values_list("status", "revision")),
        Fault.objects.count(), list(Exemption.objects.order_by("pk").values_list("status")),
        list(Membership.objects.values_list("club", "user", "is_referee", "is_staff", "is_owner").order_by("club", "user")),
        list(Club.objects.order_by("pk").values_list("name", "time_zone", "forum_url", "verified_at")),
        list(SignupRequest.objects.order_by("pk").values_list("status")), Invitation.objects.count(),
        PmBatch.objects.count(), list(Result.objects.order_by("pk").values_list("paid_at")),
        list(Registration.objects.order_by("pk").values_list("status")), AuditLog.objects.count(),
        Duellist.objects.count(), DuelTopic.objects.count(),
        list(Webhook.objects.order_by("pk").values_list("name", "secret", "enabled", "events")), Delivery.objects.count(),
        list(Spell.rows.order_by("pk").values_list("club", "slug", "name", "retired_at")),
        list(Season.objects.order_by("pk").values_list("name", "starts_on", "ends_on")),
        list(ApiToken.objects.order_by("pk").values_list("user", "key")),
        list(Tournament.objects.order_by("pk").values_list("slug", "status")), Entrant.objects.count(),
        TournamentReferee.objects.count(),
        PushSubscription.objects.count(), list(PushPreference.objects.values_list("user", "categories")),
    )


def opened(response) -> bool:
    if response.status_code == 200:
        return True
    return response.status_code == 302 and response["Location"].startswith(FORUM)


def violations_of(role: str, w: dict) -> list[str]:
    user = w["users"][role]
    client = Client()
    if user is not None:
        client.force_login(user)
    found = []
    for paths, allowed, data in table(w).values():
        if role in allowed:
            continue
        for path in paths:
            with transaction.atomic():
                response = client.get(path)
                transaction.set_rollback(True)
            if opened(response):
                found.append(f"{role} GET {path} → {response.status_code}")
            if data is None:
                continue
            with transaction.atomic():
                before = fingerprint()
                response = client.post(path, data)
                changed = fingerprint() != before
                transaction.set_rollback(True)
            if changed or opened(response):
                found.append(f"{role} POST {path} → {response.status_code}{' (changed)' if changed else ''}")
    return found


def test_every_page_route_has_its_row():
    world = build_world()
    assert sorted(set(route_names()) - set(table(world))) == []


@pytest.mark.parametrize("role", ROLES)
def test_no_role_opens_or_changes_what_it_may_not(role):
    world = build_world()
    violations = violations_of(role, world)
    assert violations == [], f"{len(violations)} violation(s):\n" + "\n".join(violations)


def test_the_allowed_roles_do_open_their_pages():
    """The table is not vacuous: the duel's referee and the superuser open the adjudication page, the staff
    player opens the staff pages, the duellist reads the journal."""
    world = build_world()
    checks = {"referee": reverse("duels:adjudicate", args=[world["duel"].pk]),
              "superuser": reverse("duels:adjudicate", args=[world["second"].pk]),
              "staff_player": reverse("signup_queue"), "player": reverse("duels:journal", args=[world["duel"].pk])}
    for role, path in checks.items():
        client = Client()
        client.force_login(world["users"][role])
        assert client.get(path).status_code == 200, (role, path)
