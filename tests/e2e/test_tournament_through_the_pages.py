"""A 4-entrant tournament played to its winner through the pages, in chromium: the staff create it in the
panel and open sign-up; four players sign up and confirm their presence from the tournament's page; the
staff open check-in and draw; each match's duel is played from the duel pages (types chosen, the
referee's start signal, then one duellist gives up); each duel's end records its match and draws the next
round, and the final's crowns the winner on the public page."""
import datetime as dt
import io
import re

import pytest
from django.core.management import call_command
from django.utils import timezone

from tests.factories.accounts import UserFactory
from tests.factories.duels import DuellistFactory
from tests.support.browser import PHONE, sign_in
from tests.support.clubs import make_club_staff, make_referee
from tournaments.models import Match, Tournament, TournamentStatus

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _click(page, name: str) -> None:
    page.get_by_role("button", name=name).first.click()
    page.wait_for_load_state()


def _play(pages: dict, referee_page, match: Match) -> None:
    """Both duellists choose their types, the referee gives the signal, side B gives up."""
    duel = match.duel
    sides = [match.side_a.duellist.user.username, match.side_b.duellist.user.username]
    for username in sides:
        page = pages[username]
        page.goto(f"/club/duels/{duel.pk}/")
        how_many = int(re.search(r"exactement (\d+)", page.locator("#types-form").inner_text()).group(1))
        boxes = page.locator("#types-form input[name=types]")
        for index in range(how_many):
            boxes.nth(index).check()
        _click(page, "Enregistrer mes types de magie")
    referee_page.goto(f"/club/duels/{duel.pk}/arbitrage/")
    _click(referee_page, "Donner le signal de départ")
    loser = pages[sides[1]]
    loser.goto(f"/club/duels/{duel.pk}/abandon/")
    _click(loser, "Oui, j'abandonne le duel")


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["1280", "390"])
def test_a_four_entrant_tournament_is_played_to_its_winner_through_the_pages(new_page, screenshot, viewport):
    call_command("catalog_load", stdout=io.StringIO())
    width = "390" if viewport else "1280"
    staff_user, referee_user = UserFactory(username="organisatrice"), UserFactory(username="arbitre-tournoi")
    make_club_staff(staff_user)
    make_referee(referee_user)
    players = [DuellistFactory(forum_name=f"Sorcier {n}", user__username=f"sorcier{n}") for n in range(1, 5)]
    staff = sign_in(new_page, staff_user, viewport=viewport)
    staff.goto("/club/gestion/tournois/nouveau/")
    staff.fill("[name=name]", "Coupe des Quatre")
    staff.fill("[name=slug]", "quatre")
    staff.select_option("[name=seeding]", "random")
    _click(staff, "Créer le tournoi")
    staff.goto("/club/gestion/tournois/quatre/")
    _click(staff, "Ouvrir les inscriptions")

    pages = {}
    for player in players:
        page = sign_in(new_page, player.user, viewport=viewport)
        page.goto("/club/tournois/quatre/")
        _click(page, "S'inscrire au tournoi")
        pages[player.user.username] = page
    staff.goto("/club/gestion/tournois/quatre/")
    closes = (timezone.localtime() + dt.timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    staff.fill("[name=closes_at]", closes)
    _click(staff, "Ouvrir la confirmation de présence")
    for page in pages.values():
        page.goto("/club/tournois/quatre/")
        _click(page, "Confirmer ma présence")
    staff.goto("/club/gestion/tournois/quatre/")
    _click(staff, "Faire le tirage")
    tournament = Tournament.objects.get(slug="quatre")
    assert tournament.status == TournamentStatus.RUNNING

    referee = sign_in(new_page, referee_user, viewport=viewport)
    for round_number in (1, 2):
        matches = Match.objects.filter(tournament=tournament, round__number=round_number).select_related(
            "duel", "side_a__duellist__user", "side_b__duellist__user").order_by("slot")
        assert matches and all(m.duel_id for m in matches)
        for match in matches:
            _play(pages, referee, match)
        screenshot(pages[players[0].user.username], f"tournament-after-round-{round_number}-{width}")

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED and tournament.winner_id is not None
    final = Match.objects.get(tournament=tournament, round__number=2)
    assert tournament.winner_id == final.side_a_id  # side B gave up
    spectator = new_page(viewport=viewport)
    spectator.goto("/club/tournois/quatre/")
    winner = final.side_a.duellist.forum_name
    assert winner in spectator.locator(".bracket-round").last.inner_text()
    assert spectator.locator(".bracket-side.won").count() == 3
    screenshot(spectator, f"tournament-winner-{width}")
    if viewport:
        assert spectator.evaluate("document.documentElement.scrollWidth <= innerWidth")
