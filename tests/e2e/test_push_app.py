"""The installable app and web push in chromium: the club's manifest and service worker make it installable
(Chromium's own installability check, over CDP), the worker controls the club's pages and shows the offline
page without network; « Mon profil » turns push on with permission granted (the browser's push service is
out of reach headless: `PushManager.prototype.subscribe` is stubbed to return a subscription whose keys the
test made, so posting it to Estrade, storing, sending and decrypting are real) and tells why not when the
permission is denied or the browser has no push (the iOS steps). 1280 and 390 px."""
from __future__ import annotations

import json

import pytest

from push.models import PushSubscription
from push.services.delivery import background_pushes_join
from tests.support.browser import PHONE, sign_in
from tests.support.duels import declare, post, started_duel
from tests.support.push import BrowserKeys, b64u, push_message, push_on, push_service  # noqa: F401

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
DESKTOP = {"width": 1280, "height": 900}
VIEWPORTS = [pytest.param(DESKTOP, id="1280"), pytest.param(PHONE, id="390")]

STUB = """
(() => {
  const given = %s;
  let current = null;
  const subscription = () => ({
    endpoint: given.endpoint, expirationTime: null, options: {},
    toJSON: () => ({endpoint: given.endpoint, expirationTime: null, keys: given.keys}),
    unsubscribe: async () => { current = null; return true; },
  });
  if (window.PushManager) {
    PushManager.prototype.subscribe = async function (options) {
      window.__pushKey = Array.from(new Uint8Array(options.applicationServerKey));
      current = subscription();
      return current;
    };
    PushManager.prototype.getSubscription = async function () { return current; };
  }
})();
"""


def worker_ready(page) -> str:
    """The scope of the service worker that controls this page (once it does)."""
    return page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")


@pytest.fixture
def profile_page(browser, live_server, tmp_path):
    """A page of a browser profile on disk: Chromium never offers to install from an incognito context
    (Playwright's usual contexts), so the installability check runs in a persistent one."""
    from tests.e2e.conftest import CHROMIUM, LAUNCH_ARGS

    contexts = []

    def make(viewport):
        context = browser.browser_type.launch_persistent_context(
            str(tmp_path / f"profile-{len(contexts)}"), executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS,
            base_url=live_server.url, locale="fr-FR", viewport=viewport)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.pages[0] if context.pages else context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_club_is_an_installable_app_with_an_offline_page(profile_page, live_server, screenshot, viewport):
    page = profile_page(viewport)
    page.goto("/club/")
    assert worker_ready(page) == f"{live_server.url}/club/"
    page.reload()  # now controlled by the worker
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == f"{live_server.url}/club/manifest.webmanifest" and manifest["errors"] == []
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []

    page.context.set_offline(True)
    page.goto("/club/duels/en-cours/")
    assert page.get_by_role("heading", name="Vous êtes hors ligne").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("innerWidth")
    screenshot(page, f"push-offline-{viewport['width']}")
    page.context.set_offline(False)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_player_turns_push_on_and_the_referees_declaration_reaches_the_phone(
        new_page, live_server, screenshot, push_on, push_service, viewport):  # noqa: F811
    duel, referee, (a, b) = started_duel()
    background_pushes_join()
    keys, endpoint = BrowserKeys(), push_service.endpoint()
    player = a.duellist.user
    page = sign_in(new_page, player, viewport=viewport)
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    page.context.add_init_script(STUB % json.dumps({"endpoint": endpoint,
                                                    "keys": {"p256dh": keys.p256dh, "auth": keys.auth}}))
    page.goto("/club/profil/")
    page.get_by_role("button", name="Activer sur cet appareil").click()
    status = page.locator("[data-push-status]")
    status.filter(has_text="Notifications activées sur cet appareil.").wait_for()
    assert page.get_by_role("button", name="Désactiver sur cet appareil").is_visible()
    assert b64u(bytes(page.evaluate("window.__pushKey"))) == push_on.public_key  # the site's VAPID key
    (subscription,) = PushSubscription.objects.all()
    assert (subscription.user, subscription.endpoint, subscription.p256dh) == (player, endpoint, keys.p256dh)
    page.get_by_label("Heures calmes, de").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("innerWidth")
    screenshot(page, f"push-profile-on-{viewport['width']}")

    post(duel, a, [])
    post(duel, b, [])
    declare(duel, referee)
    background_pushes_join()
    messages = [push_message(received, keys) for received in push_service.to(endpoint)]
    turn = next(m for m in messages if m["title"] == "À vous de poster")
    assert turn["url"] == f"https://estrade.example/club/duels/{duel.pk}/#agir"

    page.reload()
    page.get_by_role("button", name="Retirer").click()
    page.get_by_text("Notifications désactivées pour cet appareil.").wait_for()
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_denied_permission_is_explained_and_nothing_stored(
        new_page, live_server, browser, screenshot, push_on, push_service, viewport):  # noqa: F811
    player = started_duel()[2][0].duellist.user
    background_pushes_join()
    keys = BrowserKeys()
    page = sign_in(new_page, player, viewport=viewport)
    cdp = browser.new_browser_cdp_session()
    cdp.send("Browser.setPermission", {"permission": {"name": "notifications"}, "setting": "denied",
                                       "origin": live_server.url})
    page.context.add_init_script(STUB % json.dumps({"endpoint": push_service.endpoint(),
                                                    "keys": {"p256dh": keys.p256dh, "auth": keys.auth}}))
    page.goto("/club/profil/")
    page.get_by_role("button", name="Activer sur cet appareil").click()
    page.locator("[data-push-status]").filter(has_text="Votre navigateur refuse les notifications").wait_for()
    assert page.evaluate("window.__pushKey === undefined")
    assert not PushSubscription.objects.exists()
    screenshot(page, f"push-profile-denied-{viewport['width']}")


def test_a_browser_without_push_gets_the_home_screen_steps(new_page, push_on):  # noqa: F811
    player = started_duel()[2][0].duellist.user
    page = sign_in(new_page, player, viewport=PHONE)
    page.context.add_init_script("delete window.PushManager;")
    page.goto("/club/profil/")
    assert page.get_by_text("touchez « Partager », puis « Sur l'écran d'accueil »").is_visible()
    assert not page.get_by_role("button", name="Activer sur cet appareil").is_visible()
