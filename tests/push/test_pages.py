"""The installable app's files and the member's push settings: headers, the subscription's checks (an
address anyone can send: https on a public address only), CSRF, each member's own devices only."""
import datetime as dt
import json

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from push.models import PushPreference, PushSubscription
from push.services.preferences import preference_of
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import club_cache_warmed
from tests.support.push import BrowserKeys
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db
PUSH_SERVICE = "https://fcm.googleapis.com/fcm/send/abc123"


def subscription_body(endpoint=PUSH_SERVICE, keys=None) -> str:
    keys = keys or BrowserKeys()
    return json.dumps({"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": keys.p256dh, "auth": keys.auth}})


def subscribe(client, body) -> tuple[int, dict]:
    response = client.post(reverse("push:subscribe"), body, content_type="application/json")
    return response.status_code, response.json()


@pytest.fixture
def public_push_service(monkeypatch):
    """The push service's name resolves to a public address (no DNS in tests)."""
    monkeypatch.setattr("webhooks.addresses.resolve", lambda host, port: [(2, ("142.250.74.10", port))])


def test_the_manifest_makes_the_club_installable(client, club):
    response = client.get(reverse("push:manifest"))
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/club/", "/club/", "standalone")
    assert manifest["name"] == f"Estrade — {club.name}" and manifest["theme_color"] == "#6b1d1d"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["purpose"] == "any"}
    assert sizes == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_the_service_worker_is_served_for_the_clubs_pages(client):
    response = client.get(reverse("push:sw"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == "/club/"
    assert '"offline": "/club/hors-ligne/"' in text(response)


def test_the_offline_page_tells_nothing_personal(client):
    user = UserFactory(username="hermione")
    response = client_for(user).get(reverse("push:offline"))
    assert "Vous êtes hors ligne" in text(response) and "hermione" not in text(response)


def test_every_club_page_links_its_manifest_and_worker(client):
    page = text(client.get(reverse("home")))
    assert '<link rel="manifest" href="/club/manifest.webmanifest">' in page
    assert 'data-sw="/club/sw.js" data-scope="/club/"' in page


def test_the_files_load_without_a_query_beyond_the_club(client, django_assert_max_num_queries):
    club_cache_warmed()
    for name in ("push:sw", "push:manifest", "push:offline"):
        with django_assert_max_num_queries(1):
            assert client.get(reverse(name)).status_code == 200


def test_a_member_turns_push_on_for_this_browser(push_on, public_push_service):
    user = UserFactory()
    status, body = subscribe(client_for(user, csrf=False), subscription_body())
    assert status == 201 and body["message"] == "Notifications activées sur cet appareil."
    (subscription,) = PushSubscription.objects.all()
    assert (subscription.user, subscription.endpoint) == (user, PUSH_SERVICE)


def test_the_same_browser_sent_again_is_one_subscription_now_the_senders(push_on, public_push_service):
    first, second = UserFactory(), UserFactory()
    subscribe(client_for(first), subscription_body())
    subscribe(client_for(second), subscription_body())
    assert list(PushSubscription.objects.values_list("user", flat=True)) == [second.pk]


@pytest.mark.parametrize(("endpoint", "message"), [
    ("http://push.example.com/abc", "L'adresse d'abonnement push doit commencer par https://."),
    ("https://127.0.0.1/abc", "Cette adresse d'abonnement push n'est pas celle d'un service push public."),
    ("https://169.254.169.254/latest/meta-data", "Cette adresse d'abonnement push n'est pas celle d'un service push public."),
    ("https://[::ffff:10.0.0.1]/abc", "Cette adresse d'abonnement push n'est pas celle d'un service push public."),
    ("https://localhost/abc", "Cette adresse d'abonnement push n'est pas celle d'un service push public."),
    ("javascript:alert(1)", "L'adresse d'abonnement push doit commencer par https://."),
    ("", "Adresse d'abonnement push invalide."),
])
def test_an_endpoint_that_is_not_a_public_push_service_is_refused(push_on, settings, endpoint, message):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    status, body = subscribe(client_for(UserFactory()), subscription_body(endpoint))
    assert (status, body["message"]) == (400, message)
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize("keys", [{"p256dh": "AAAA", "auth": "AAAA"}, {}, "x"])
def test_keys_that_are_not_a_browsers_are_refused(push_on, public_push_service, keys):
    body = json.dumps({"endpoint": PUSH_SERVICE, "keys": keys})
    status, answer = subscribe(client_for(UserFactory()), body)
    assert (status, answer["message"]) == (400, "Clés d'abonnement push invalides.")
    assert not PushSubscription.objects.exists()


def test_subscribing_needs_a_member_and_the_csrf_token(push_on, public_push_service):
    status, body = subscribe(Client(), subscription_body())
    assert status == 403 and body["code"] == "login"
    response = client_for(UserFactory(), csrf=True).post(reverse("push:subscribe"), subscription_body(),
                                                         content_type="application/json")
    assert response.status_code == 403
    assert not PushSubscription.objects.exists()


def test_without_vapid_keys_push_is_off_and_the_profile_says_so(settings):
    user = DuellistFactory().user
    status, body = subscribe(client_for(user), subscription_body())
    assert (status, body["message"]) == (400, "Les notifications push ne sont pas configurées sur ce site.")
    page = text(client_for(user).get(reverse("profile")))
    assert "Les notifications push ne sont pas configurées sur ce site." in page
    assert "Activer sur cet appareil" not in page


def test_the_profile_offers_push_and_lists_the_members_own_devices(push_on, public_push_service):
    user, other = UserFactory(), UserFactory()
    subscribe(client_for(user), subscription_body())
    subscribe(client_for(other), subscription_body("https://fcm.googleapis.com/fcm/send/other"))
    client = client_for(user)
    client.defaults["HTTP_USER_AGENT"] = "unused"
    page = text(client.get(reverse("profile")))
    assert "Activer sur cet appareil" in page and f'data-key="{push_on.public_key}"' in page
    assert page.count('name="subscription"') == 1
    assert "Sur l&#x27;écran d&#x27;accueil" in page or "Sur l'écran d'accueil" in page  # the iOS steps


def test_a_member_removes_only_their_own_device(push_on, public_push_service):
    user, other = UserFactory(), UserFactory()
    subscribe(client_for(other), subscription_body())
    theirs = PushSubscription.objects.get()
    response = client_for(user, csrf=False).post(reverse("push:unsubscribe"), {"subscription": theirs.pk})
    assert response.status_code == 302
    assert PushSubscription.objects.filter(pk=theirs.pk).exists()
    response = client_for(user).post(reverse("push:unsubscribe"), json.dumps({"endpoint": PUSH_SERVICE}),
                                     content_type="application/json")
    assert response.json() == {"deleted": False} and PushSubscription.objects.exists()
    client_for(other).post(reverse("push:unsubscribe"), {"subscription": theirs.pk})
    assert not PushSubscription.objects.exists()


def test_an_unknown_category_is_refused_and_nothing_stored():
    user = UserFactory()
    response = client_for(user).post(reverse("push:preferences"), {"categories": ["turn", "nonsense"]}, follow=True)
    assert "Sélectionnez un choix valide" in text(response)
    assert not PushPreference.objects.exists()


def test_choices_are_stored(client):
    user = UserFactory()
    response = client_for(user).post(reverse("push:preferences"), {
        "categories": ["turn", "tournament"], "quiet_start": "22:00", "quiet_end": "07:30"})
    assert response.status_code == 302 and response["Location"].endswith("/club/profil/#push")
    chosen = preference_of(user)
    assert chosen.categories == {"turn", "tournament"}
    assert (chosen.quiet_start, chosen.quiet_end) == (dt.time(22, 0), dt.time(7, 30))


def test_half_quiet_hours_are_refused_in_french_and_nothing_stored():
    user = UserFactory()
    client = client_for(user)
    response = client.post(reverse("push:preferences"), {"categories": ["turn"], "quiet_start": "22:00"}, follow=True)
    assert "Indiquez le début et la fin des heures calmes, ou aucun des deux." in text(response)
    assert not PushPreference.objects.exists()


def test_the_profile_with_push_reads_a_fixed_number_of_queries(push_on, public_push_service,
                                                                django_assert_max_num_queries):
    user = DuellistFactory().user
    for n in range(5):
        subscribe(client_for(user), subscription_body(f"https://fcm.googleapis.com/fcm/send/{n}"))
    client = client_for(user)
    with django_assert_max_num_queries(14):
        assert client.get(reverse("profile")).status_code == 200


def test_the_push_section_reads_in_english(push_on):
    user = UserFactory(language="en")
    client = client_for(user)
    client.post(reverse("language_choose"), {"language": "en", "next": "/"})
    page = text(client.get(reverse("profile")))
    assert "Turn on for this device" in page and "Quiet hours" in page
    assert "Your turn to post" in page  # the first category's label


def test_a_member_has_at_most_ten_devices(push_on, public_push_service):
    user = UserFactory()
    client = client_for(user)
    for n in range(10):
        assert subscribe(client, subscription_body(f"https://fcm.googleapis.com/fcm/send/{n}"))[0] == 201
    status, body = subscribe(client, subscription_body("https://fcm.googleapis.com/fcm/send/eleventh"))
    assert (status, body["message"]) == (400, "Vous avez déjà 10 appareils activés : retirez-en un sur « Mon profil » "
                                              "avant d'en ajouter un autre.")
    assert subscribe(client, subscription_body("https://fcm.googleapis.com/fcm/send/3"))[0] == 201  # renewed
    assert PushSubscription.objects.count() == 10


@pytest.mark.parametrize("devices", [1, 8])
def test_subscribing_reads_a_fixed_number_of_queries(push_on, public_push_service, django_assert_max_num_queries,
                                                      devices):
    user = UserFactory()
    client = client_for(user)
    for n in range(devices):
        subscribe(client, subscription_body(f"https://fcm.googleapis.com/fcm/send/{n}"))
    with django_assert_max_num_queries(11):
        assert subscribe(client, subscription_body("https://fcm.googleapis.com/fcm/send/new"))[0] == 201
