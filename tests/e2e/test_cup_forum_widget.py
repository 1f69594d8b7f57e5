"""The house cup's band in the forum's header, in a real browser: the fake forum
(tests/forum/fake_forumactif.py) loads the bridge script from Estrade's live server as the pasted loader
does; the band shows each house's total at the top of every forum page, follows an award at its next
refresh, and leaves the page exactly as it was when Estrade does not answer within 3 s or answers an
error. 1280 and 390 px."""
from __future__ import annotations

import pytest

from cup.models import House
from cup.services.awards import points_award
from forum.views.script import loader_snippet
from tests.cup.support import house
from tests.forum.fake_forumactif import FakeForum
from tests.support.forum import forum_configured
from tests.support.permissions import club_staff

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
VIEWPORTS = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]


@pytest.fixture
def forum(settings, live_server, club, monkeypatch):
    fake = FakeForum(members=set())
    fake.start()
    settings.SITE_URL = live_server.url
    forum_configured(club, url=fake.url, section=7)
    # The forum's own setting, before the loader: a quick refresh. And no browser cache of the 30 s answer,
    # so that the refresh after an award asks Estrade again.
    monkeypatch.setattr("cup.views.widget.MAX_AGE", 0)
    fake.loader = "window.ESTRADE_COUPE = {refreshMs: 700};" + loader_snippet()
    yield fake
    fake.stop()


@pytest.fixture
def forum_page(browser):
    contexts = []

    def make(viewport):
        context = browser.new_context(locale="fr-FR", viewport=viewport)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def totals_shown(page) -> list[tuple[str, str]]:
    rows = page.evaluate("""() => Array.from(document.querySelectorAll('#estrade-cup .estrade-cup-house'))
        .map(li => [li.dataset.house, li.querySelector('.estrade-cup-total').textContent])""")
    return [tuple(row) for row in rows]


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["1280", "390"])
def test_the_band_shows_the_totals_and_follows_an_award(forum, forum_page, live_server, screenshot, viewport):
    staff = club_staff()
    points_award(by=staff, house=house("Poufsouffle"), points=30, reason="Match de Quidditch")
    points_award(by=staff, house=house("Serpentard"), points=10, reason="Potion réussie")
    # Forced past the checks: markup for a name, a colour that is not #rrggbb (7 characters: the column's size).
    House.objects.filter(name="Serdaigle").update(name="<img src=x onerror=window.pwned=1>", colour="url(//x")
    page = forum_page(viewport)
    page.goto(f"{forum.url}/t41-un-sujet")
    page.locator("#estrade-cup").wait_for()
    assert totals_shown(page) == [("Poufsouffle", "30"), ("Serpentard", "10"), ("Gryffondor", "0"),
                                  ("<img src=x onerror=window.pwned=1>", "0")]
    assert page.evaluate("window.pwned === undefined") and page.locator("#estrade-cup img").count() == 0
    odd = page.locator("#estrade-cup .estrade-cup-house").nth(3)
    assert "url" not in (odd.get_attribute("style") or "")  # a colour not #rrggbb is not used
    link = page.locator("#estrade-cup a.estrade-cup-link")
    assert link.get_attribute("href") == live_server.url + "/club/coupe/"
    assert page.evaluate("document.querySelector('#page-body').firstElementChild.id") == "estrade-cup"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll
    screenshot(page, f"cup-forum-band-{viewport['width']}")

    points_award(by=staff, house=house("Gryffondor"), points=45, reason="Courage au duel")
    page.wait_for_function(
        "document.querySelector('#estrade-cup .estrade-cup-house')?.dataset.house === 'Gryffondor'")
    assert totals_shown(page)[:2] == [("Gryffondor", "45"), ("Poufsouffle", "30")]
    assert page.locator("#estrade-cup").count() == 1  # replaced, not added
    screenshot(page, f"cup-forum-band-after-award-{viewport['width']}")


@pytest.mark.parametrize("answer", ["silent", "aborted", "error"])
def test_the_page_stays_as_it_was_when_estrade_does_not_answer(forum, forum_page, answer):
    page = forum_page(VIEWPORTS[1])
    if answer == "silent":
        page.route("**/coupe/bandeau/**", lambda route: None)  # never answers: given up after 3 s
    elif answer == "aborted":
        page.route("**/coupe/bandeau/**", lambda route: route.abort("connectionrefused"))
    else:
        page.route("**/coupe/bandeau/**", lambda route: route.fulfill(
            status=503, content_type="application/json", body='{"code": "down"}',
            headers={"Access-Control-Allow-Origin": forum.url}))
    page.goto(f"{forum.url}/")
    page.wait_for_function("window.ESTRADE_PONT_RUNNING === true")
    before = page.evaluate("document.body.innerHTML")
    page.wait_for_timeout(3500)
    assert page.evaluate("document.body.innerHTML") == before and page.locator("#estrade-cup").count() == 0
