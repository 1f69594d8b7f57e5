"""A forum's staff open their club in the browser (/clubs/ouvrir/), then prove the forum is theirs: the
club's verification script reports from the forum's origin with the club's key. Limits against abuse; one
forum origin belongs to one verified club; bad input gets a French message and stores nothing."""
import datetime as dt

import pytest
from django.utils import timezone

from clubs.models import Club, Membership
from clubs.opening import MAX_CLUBS_OWNED, ClubRefused, club_open, club_verify
from tests.factories.accounts import UserFactory
from tests.support.web import client_for

pytestmark = pytest.mark.django_db
FORUM = "https://poudlard-rpg.forumactif.com"
FORM = {"name": "Club de duel de Poudlard RPG", "slug": "poudlard-rpg", "forum_url": FORUM + "/forum",
        "duel_section": "12", "language": "fr", "time_zone": "Europe/Paris", "is_public": "on"}


def _open(user, **changes):
    return client_for(user).post("/clubs/ouvrir/", {**FORM, **changes})


def _report(client, slug, *, origin, key):
    return client.post(f"/{slug}/gestion/verification/", key, content_type="text/plain", HTTP_ORIGIN=origin)


def test_a_visitor_logs_in_first_and_comes_back_to_the_form(client, club):
    response = client.get("/clubs/ouvrir/")
    assert response.status_code == 302
    assert response["Location"] == f"/{club.slug}/connexion/?next=%2Fclubs%2Fouvrir%2F"
    assert client.post("/clubs/ouvrir/", FORM).status_code == 302 and not Club.objects.filter(slug="poudlard-rpg")


def test_a_member_opens_a_club_and_owns_it_unverified_and_unlisted(client):
    member = UserFactory()
    response = _open(member)
    assert response.status_code == 302 and response["Location"] == "/poudlard-rpg/gestion/"
    opened = Club.objects.get(slug="poudlard-rpg")
    assert (opened.name, opened.forum_url, opened.duel_section, opened.opened_by) == (
        "Club de duel de Poudlard RPG", FORUM, 12, member)
    assert not opened.is_verified and len(opened.verification_key) >= 30
    assert Membership.objects.filter(user=member, club=opened, is_owner=True, is_staff=True).exists()
    assert "Poudlard RPG" not in client.get("/clubs/").content.decode()  # not listed until verified
    assert "Poudlard RPG" in client_for(member).get("/clubs/").content.decode()  # but its owner sees it


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"slug": "admin"}, "slug", "est réservé par le site"),
    ({"slug": "duels"}, "slug", "est réservé par le site"),
    ({"slug": "gestion"}, "slug", "est réservé par le site"),
    ({"slug": "club"}, "slug", "Cet identifiant est déjà pris."),
    ({"slug": "Pas un identifiant!"}, "slug", "tirets"),
    ({"forum_url": "pas une adresse"}, "forum_url", "Saisissez une URL valide."),
    ({"name": ""}, "name", "Ce champ est obligatoire."),
    ({"duel_section": "-3"}, "duel_section", "supérieure ou égale à 0"),
    ({"time_zone": "Europe/Atlantide"}, "time_zone", "Fuseau horaire inconnu"),
])
def test_bad_input_is_refused_in_french_and_nothing_is_stored(changes, field, message):
    before = Club.objects.count()
    response = _open(UserFactory(), **changes)
    assert response.status_code == 422
    assert message in " ".join(response.context["form"].errors[field])
    assert Club.objects.count() == before and not Membership.objects.filter(is_owner=True, club__slug="poudlard-rpg")


def test_a_member_owns_a_limited_number_of_clubs(club):
    member = UserFactory()
    now = timezone.now()
    for index in range(MAX_CLUBS_OWNED):  # one every two hours, the last two hours ago
        club_open(by=member, name=f"Club {index}", slug=f"club-{index}", forum_url=f"https://f{index}.example",
                  now=now - dt.timedelta(hours=2 * (MAX_CLUBS_OWNED - index)))
    with pytest.raises(ClubRefused) as refused:
        club_open(by=member, name="Un de trop", slug="un-de-trop", forum_url="https://trop.example")
    assert refused.value.code == "too-many-clubs" and "3 clubs" in refused.value.message
    assert not Club.objects.filter(slug="un-de-trop").exists()


def test_one_opening_an_hour_per_member_and_a_ceiling_for_the_site(settings, monkeypatch):
    member = UserFactory()
    assert _open(member).status_code == 302
    response = _open(member, slug="deuxieme", forum_url="https://deuxieme.example")
    assert response.status_code == 429 and "moins d&#x27;une heure" in response.content.decode()
    monkeypatch.setattr("clubs.opening.MAX_OPENINGS_PER_HOUR", Club.objects.count() - 1)
    with pytest.raises(ClubRefused) as refused:
        club_open(by=UserFactory(), name="Encore", slug="encore", forum_url="https://encore.example")
    assert refused.value.code == "openings-busy" and refused.value.status == 429


def test_the_bridge_loader_reports_the_clubs_key_until_the_club_is_verified(client, settings):
    """The one line the staff paste (the bridge's loader) loads pont.js, which reports the key while the
    club is unverified, and no longer once it is."""
    settings.SITE_URL = "http://testserver"
    opened = club_open(by=UserFactory(), name="P", slug="poudlard-rpg", forum_url=FORUM)
    response = client.get("/poudlard-rpg/forum/pont.js")
    body = response.content.decode()
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert opened.verification_key in body
    assert 'fetch("http://testserver/poudlard\\u002Drpg/gestion/verification/"' in body  # escapejs
    assert 'mode: "no-cors"' in body and "credentials: \"omit\"" in body
    assert "ESTRADE_PONT_LOADED" in body  # the bridge is loaded as well
    client.post("/poudlard-rpg/gestion/verification/", opened.verification_key, content_type="text/plain",
                HTTP_ORIGIN=FORUM)
    body = client.get("/poudlard-rpg/forum/pont.js").content.decode()
    assert opened.verification_key not in body and "verification" not in body and "ESTRADE_PONT_LOADED" in body


def test_a_report_from_the_forum_with_the_key_verifies_the_club_and_lists_it(client):
    opened = club_open(by=UserFactory(), name="Poudlard RPG", slug="poudlard-rpg", forum_url=FORUM)
    response = _report(client, "poudlard-rpg", origin=FORUM, key=opened.verification_key)
    assert response.status_code == 200 and response.json()["code"] == "verified"
    opened.refresh_from_db()
    assert opened.is_verified
    assert "Poudlard RPG" in client.get("/clubs/").content.decode()
    again = _report(client, "poudlard-rpg", origin=FORUM, key=opened.verification_key)
    assert again.json()["code"] == "already-verified"


@pytest.mark.parametrize(("origin", "key", "code"), [
    ("https://autre-forum.forumactif.com", None, "wrong-origin"),
    ("http://poudlard-rpg.forumactif.com", None, "wrong-origin"),
    ("", None, "wrong-origin"),
    (FORUM, "une-cle-inventee", "wrong-key"),
    (FORUM, "", "wrong-key"),
])
def test_a_report_from_elsewhere_or_with_a_wrong_key_is_refused(client, origin, key, code):
    opened = club_open(by=UserFactory(), name="P", slug="poudlard-rpg", forum_url=FORUM)
    response = _report(client, "poudlard-rpg", origin=origin, key=opened.verification_key if key is None else key)
    assert response.status_code == 403 and response.json()["code"] == code
    opened.refresh_from_db()
    assert not opened.is_verified


def test_another_clubs_key_does_not_verify_a_club(client):
    mine = club_open(by=UserFactory(), name="A", slug="club-a", forum_url=FORUM)
    theirs = club_open(by=UserFactory(), name="B", slug="club-b", forum_url="https://club-b.example")
    response = _report(client, "club-a", origin=FORUM, key=theirs.verification_key)
    assert response.json()["code"] == "wrong-key"
    mine.refresh_from_db()
    assert not mine.is_verified


def test_one_forum_origin_belongs_to_one_verified_club(client):
    first = club_open(by=UserFactory(), name="Le vrai", slug="le-vrai", forum_url=FORUM)
    squatter = club_open(by=UserFactory(), name="Le faux", slug="le-faux", forum_url=FORUM + "/index")
    _report(client, "le-vrai", origin=FORUM, key=first.verification_key)
    response = _report(client, "le-faux", origin=FORUM, key=squatter.verification_key)
    assert response.status_code == 409 and response.json()["code"] == "forum-taken"
    squatter.refresh_from_db()
    assert not squatter.is_verified
    refused = _open(UserFactory(), slug="troisieme")
    assert refused.status_code == 409 and "a déjà son club" in refused.content.decode()


def test_the_clubs_made_by_an_installation_are_trusted(club):
    """The first club (the clubs migration) and every club that existed before: verified from the start."""
    with pytest.raises(ClubRefused):
        club_verify(club=Club.objects.create(name="X", slug="x-club"), origin="", key="")
    assert Club.objects.filter(verified_at__isnull=True, opened_by__isnull=False).count() == 0


def test_the_forum_bridge_stays_off_until_the_club_is_verified(client):
    from clubs.scoping import activate_club
    from forum import selectors
    from forum.services import ForumError, batches

    owner = UserFactory()
    opened = club_open(by=owner, name="P", slug="poudlard-rpg", forum_url=FORUM)
    with activate_club(opened):
        assert not selectors.is_enabled()
        with pytest.raises(ForumError) as refused:
            batches.invitation_batch_create(by=owner)
        assert refused.value.code == "forum-off" and "pas encore vérifié" in refused.value.message
    _report(client, "poudlard-rpg", origin=FORUM, key=opened.verification_key)
    opened.refresh_from_db()
    with activate_club(opened):
        assert selectors.is_enabled()
