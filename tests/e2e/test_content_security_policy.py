"""The Content-Security-Policy in a real browser: no page of the site trips it (chromium reports every
blocked script, style or eval on the console), and htmx still swaps and polls under it."""
import pytest

from tests.support.browser import PASSWORD, login
from tests.support.duels import started_duel

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_no_page_trips_the_policy_and_htmx_still_works(new_page):
    duel, referee, (harry, _drago) = started_duel()
    for user in (harry.duellist.user, referee):
        user.set_password(PASSWORD)
        user.save()
    violations = []

    def watch(page):
        page.on("console", lambda message: violations.append((page.url, message.text))
                if "Content Security Policy" in message.text or "Refused to" in message.text else None)
        return page

    player = watch(login(new_page, harry.duellist.user.username))
    for path in ("/club/", "/club/duels/", f"/club/duels/{duel.pk}/", "/club/classement/", "/club/sorts/",
                 "/club/notifications/", "/api/docs/"):
        player.goto(path)
        player.wait_for_load_state("networkidle")
    # htmx: the rankings filters swap the table in place (an hx-get request, no page load)
    player.goto("/club/classement/")
    with player.expect_request(lambda request: request.headers.get("hx-request") == "true", timeout=15_000):
        player.locator("form select[name=kind]").select_option(index=1)
    arbitre = watch(login(new_page, referee.username))
    for path in ("/club/duels/arbitrage/", f"/club/duels/{duel.pk}/arbitrage/"):
        arbitre.goto(path)
        arbitre.wait_for_load_state("networkidle")
    assert violations == []
