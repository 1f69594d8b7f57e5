"""A whole 1v1 duel and a 2v2 turn, played through the pages only, in a real browser: two players and a
referee (four and a referee for 2v2), each in their own browser context.

Dice: the test fixes the duel's secret seed (it patches the seed generator before the start signal;
production never takes a seed from outside), then reads each roll the server will derive and bets
to win or lose as the scenario needs."""
from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from duels.models import Duel
from duels.services import dice
from tests.factories.accounts import DuellistFactory
from tests.support.browser import login, referee_user
from tests.support.word_count import RP

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SEED = "5eed" * 16
SHORT_RP = "Trop court pour l'arbitre."


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr(dice, "seed_new", lambda: (SEED, dice.seed_fingerprint(SEED)))


def roll(turn: int, phase: str, order: int, step: int = 0) -> int:
    return dice.roll_derive(seed=SEED, turn=turn, phase=phase, post_order=order, step_index=step)


def bet(turn: int, phase: str, order: int, step: int = 0, *, win: bool) -> str:
    low = roll(turn, phase, order, step) <= 3
    return "123" if low == win else "456"


def token(page, name):
    return page.locator(f'[data-duellist="{name}"]')


def zone_of(page, name) -> str:
    return token(page, name).locator("xpath=ancestor::*[@data-zone][1]").get_attribute("data-zone")


def referee_declares(page, duel_pk: int, comment: str = ""):
    page.goto(f"/club/duels/{duel_pk}/arbitrage/")
    page.get_by_role("button", name="Préparer la déclaration (lancer les dés)").click()
    page.wait_for_selector(".declaration-draft .declaration")
    if comment:
        page.get_by_label("Commentaire de l'arbitre (facultatif)").fill(comment)
    page.get_by_role("button", name="Publier la déclaration").click()
    page.wait_for_selector("text=Déclaration publiée.")


def write_rp(page, text=RP):
    page.locator("#rp_text").fill(text)


def choose_cast(page, variant: str, *, target: str | None = None, bet_value: str | None = None):
    page.locator(f'input[name="cast"][value="{variant}"]').check()
    if target:
        page.locator(f'select[name="target-{variant}"]').select_option(target)
    if bet_value:
        page.locator(f'input[name="bet-{variant}"][value="{bet_value}"]').check()


def publish_post(page):
    page.get_by_role("button", name="Publier mon message").click()
    page.wait_for_load_state()
    error = page.locator("#post-error")
    assert not error.count(), error.inner_text()
    page.wait_for_selector("text=Votre message est publié.")


def test_a_1v1_duel_is_played_to_the_end_through_the_pages(new_page, screenshot, fixed_seed):
    call_command("catalog_load", stdout=io.StringIO())
    DuellistFactory(user__username="harry", homework_year=8, rp_year=None)
    DuellistFactory(user__username="drago", homework_year=1, rp_year=None)
    referee_user()

    harry, drago, arbitre = login(new_page, "harry"), login(new_page, "drago"), login(new_page, "arbitre")

    # Registration: each names the other; the second registration is matched at once.
    harry.goto("/club/duels/inscription/")
    harry.get_by_role("radio", name="non-RP", exact=True).check()
    harry.get_by_role("radio", name="1 contre 1").check()
    harry.get_by_label("Année de combat (duel non-RP)").select_option("8")
    harry.get_by_label("Adversaire choisi (pseudo forum, facultatif)").fill("drago")
    harry.get_by_role("button", name="M'inscrire").click()
    harry.wait_for_selector("text=vous serez apparié dès qu'un adversaire compatible s'inscrit")
    screenshot(harry, "duel-01-dashboard-registered")

    drago.goto("/club/duels/inscription/")
    drago.get_by_role("radio", name="non-RP", exact=True).check()
    drago.get_by_label("Année de combat (duel non-RP)").select_option("1")
    drago.get_by_label("Adversaire choisi (pseudo forum, facultatif)").fill("Harry")
    drago.get_by_role("button", name="M'inscrire").click()
    drago.wait_for_selector("text=vous avez un adversaire")
    duel = Duel.objects.get()

    # The referee takes the duel from the queue; the duellists choose their magic types.
    arbitre.goto("/club/duels/arbitrage/")
    arbitre.locator(f'li[data-duel="{duel.pk}"]').get_by_role("button", name="Arbitrer ce duel").click()
    arbitre.wait_for_selector("text=Vous arbitrez le duel")
    harry.goto(f"/club/duels/{duel.pk}/")
    harry.get_by_label("Sortilèges").check()
    harry.get_by_label("Maléfices").check()
    harry.get_by_role("button", name="Enregistrer mes types de magie").click()
    harry.wait_for_selector("text=Types de magie enregistrés.")
    drago.goto(f"/club/duels/{duel.pk}/")
    drago.get_by_label("Maléfices").check()
    drago.get_by_role("button", name="Enregistrer mes types de magie").click()
    drago.wait_for_selector("text=Types de magie enregistrés.")

    arbitre.goto(f"/club/duels/{duel.pk}/arbitrage/")
    arbitre.get_by_role("button", name="Donner le signal de départ").click()
    arbitre.wait_for_selector("text=Signal de départ donné")

    # Turn 1, action. Harry casts Repulso (his type: the bonus bet) at Drago; a short text is refused
    # first, and the page keeps what he typed.
    harry.goto(f"/club/duels/{duel.pk}/")
    assert zone_of(harry, "harry") == "4" and zone_of(harry, "drago") == "8"
    screenshot(harry, "duel-02-stage-start")
    choose_cast(harry, "repulso__0__0", target="drago", bet_value=bet(1, "action", 1, win=True))
    write_rp(harry, SHORT_RP)
    assert harry.locator("#rp-count [data-count]").inner_text() == "4"
    harry.get_by_role("button", name="Publier mon message").click()
    error = harry.locator("#post-error")
    assert "au moins 100 mots" in error.inner_text()
    assert harry.locator("#rp_text").input_value() == SHORT_RP
    assert harry.locator('input[name="cast"][value="repulso__0__0"]').is_checked()
    screenshot(harry, "duel-03-refused-post")
    write_rp(harry)
    assert harry.locator("#rp-count [data-count]").inner_text() == "102"
    publish_post(harry)

    drago.goto(f"/club/duels/{duel.pk}/")
    choose_cast(drago, "furunculus__0__0", target="harry", bet_value=bet(1, "action", 2, win=True))
    write_rp(drago)
    publish_post(drago)

    referee_declares(arbitre, duel.pk, comment="Bel échange d'ouverture.")
    # Harry's open page learns it by polling, without a reload.
    harry.locator(".thread .declaration").first.wait_for(timeout=15_000)
    assert "Bel échange d'ouverture." in harry.locator(".thread").inner_text()
    harry.get_by_role("link", name="Actualiser la page pour agir").click()

    # Turn 1, defence: Harry dodges (and succeeds), Drago does nothing.
    harry.get_by_label("Esquiver, pari " + bet(1, "defence", 1, win=True), exact=False).check()
    write_rp(harry)
    publish_post(harry)
    drago.goto(f"/club/duels/{duel.pk}/")
    drago.get_by_label("Ne rien faire (pas de texte RP nécessaire)").check()
    publish_post(drago)
    referee_declares(arbitre, duel.pk)

    # Repulso (bonus: 2 PF, push 5) throws Drago off the stage: 10 - 2 - 1 (the fall) = 7 PF.
    drago.goto(f"/club/duels/{duel.pk}/")
    assert zone_of(drago, "drago") == "12"
    assert token(drago, "drago").get_attribute("data-pf") == "7"
    assert token(drago, "harry").get_attribute("data-pf") == "30"  # the dodge cost 2 PF
    events = drago.locator(".thread .declaration").last.inner_text()
    assert "harry évite" in events and "tombe de l'estrade" in events
    screenshot(drago, "duel-04-pushed-off-stage")

    # Turn 2: Drago climbs back by clicking zone 11 on the stage (1 PF), Harry moves closer and
    # casts Sectumsempra.
    assert drago.locator('[data-picker=move_before] .zone-choice[data-zone-choice="11"] .cost').inner_text() == "1 PF"
    drago.locator('.stage [data-zone="11"]').click()
    assert drago.locator('input[name="move_before"][value="11"]').is_checked()
    write_rp(drago)
    publish_post(drago)

    harry.goto(f"/club/duels/{duel.pk}/")
    harry.locator('[data-picker=move_before] .zone-choice[data-zone-choice="6"]').click()
    after = harry.locator('[data-picker=move_after] .zone-choice[data-zone-choice="6"] .cost')
    assert after.inner_text() == "ici"  # the move after the cast starts where this one ends
    choose_cast(harry, "sectumsempra__0__0", target="drago", bet_value=bet(2, "action", 2, step=1, win=True))
    write_rp(harry)
    publish_post(harry)
    assert "Déplacement vers la zone 6 ; Sort : Sectumsempra sur drago" in harry.locator(".thread").inner_text()
    referee_declares(arbitre, duel.pk)

    # Turn 2, defence: Drago's dodge fails; 6 - 2 - 11 => out: Harry wins.
    drago.goto(f"/club/duels/{duel.pk}/")
    assert zone_of(drago, "drago") == "11"
    drago.get_by_label("Esquiver, pari " + bet(2, "defence", 1, win=False), exact=False).check()
    write_rp(drago)
    publish_post(drago)
    arbitre.goto(f"/club/duels/{duel.pk}/arbitrage/")
    arbitre.get_by_role("button", name="Préparer la déclaration (lancer les dés)").click()
    assert "Cette déclaration termine le duel. Victoire de harry !" in arbitre.locator("main").inner_text()
    screenshot(arbitre, "duel-05-referee-draft")
    arbitre.get_by_role("button", name="Publier la déclaration et terminer le duel").click()
    arbitre.wait_for_selector("text=Déclaration publiée.")

    harry.goto(f"/club/duels/{duel.pk}/")
    assert "Victoire de harry !" in harry.locator(".duel-status").inner_text()
    assert token(harry, "drago").get_attribute("data-pf") == "0"
    assert harry.locator("text=graine révélée").count() == 1
    screenshot(harry, "duel-06-won")
    harry.goto("/club/duels/")
    assert "victoire" in harry.locator(f'li[data-duel="{duel.pk}"]').inner_text()

    # Every post and declaration can be copied as BBCode for the forum.
    drago.goto(f"/club/duels/{duel.pk}/")
    drago.locator(".thread details.window > summary").first.click()  # earlier turns are folded
    # The folded phase is fetched when opened: wait for its posts, not a later phase's.
    first = drago.locator(".thread details.window").first.locator(".post").first
    first.wait_for()
    first.get_by_text("Copier pour le forum").click()
    code = first.locator("textarea").input_value()
    assert code.endswith("[b]Sort : Sortilège de Répulsion sur drago, pari " + bet(1, "action", 1, win=True) + "[/b]")

    phone = login(new_page, "drago", viewport={"width": 375, "height": 800})
    phone.goto(f"/club/duels/{duel.pk}/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(phone, "duel-07-phone")


def test_a_2v2_turn_through_the_pages(new_page, screenshot, fixed_seed):
    from duels.services import duel_start, magic_types_choose, referee_assign
    from spells.snapshot import catalog_snapshot
    from tests.support.duels import matched_duel

    call_command("catalog_load", stdout=io.StringIO())
    duel = matched_duel(format="2v2", years=(3, 3, 3, 3))
    referee = referee_user()
    referee_assign(duel=duel, referee=referee, by=referee)
    players = list(duel.participants.select_related("duellist__user").order_by("team", "pk"))
    for p in players:
        magic_types_choose(participant=p, types=["malefices"], by=p.duellist.user)
    duel_start(duel=duel, by=referee, spells=catalog_snapshot())
    names = [p.duellist.forum_name for p in players]
    pages = [login(new_page, name) for name in names]
    arbitre = login(new_page, "arbitre")

    plan = [  # (page, move before, cast variant)
        (pages[0], "5", None),
        (pages[1], None, "protego__0__0"),
        (pages[2], "7", None),
        (pages[3], None, None),
    ]
    for page, move, variant in plan:
        page.goto(f"/club/duels/{duel.pk}/")
        if move:
            page.locator(f'[data-picker=move_before] .zone-choice[data-zone-choice="{move}"]').click()
        if variant:
            choose_cast(page, variant, bet_value="none")
        write_rp(page)
        publish_post(page)
    screenshot(pages[3], "duel-2v2-01-posted")
    referee_declares(arbitre, duel.pk)

    page = pages[0]
    page.goto(f"/club/duels/{duel.pk}/")
    assert "Tour 2" in page.locator(".duel-status").inner_text()
    assert [zone_of(page, n) for n in names] == ["5", "4", "7", "8"]
    assert "est protégé·e par un bouclier" in page.locator(".thread").inner_text()
    screenshot(page, "duel-2v2-02-turn-2")


def test_player_and_referee_pages_fit_a_phone(new_page, screenshot):
    from tests.support.duels import post, started_duel

    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"move": 5}])
    phone = {"width": 375, "height": 800}
    player = login(new_page, a.duellist.user.username, viewport=phone)
    for url, name in (("/club/duels/", "phone-dashboard"), (f"/club/duels/{duel.pk}/", "phone-duel")):
        player.goto(url)
        assert player.evaluate("document.documentElement.scrollWidth") <= 375, url
        screenshot(player, name)
    ref = login(new_page, referee.username, viewport=phone)
    for url, name in (("/club/duels/arbitrage/", "phone-referee"), (f"/club/duels/{duel.pk}/arbitrage/", "phone-adjudicate")):
        ref.goto(url)
        assert ref.evaluate("document.documentElement.scrollWidth") <= 375, url
        screenshot(ref, name)
    # Keyboard: the move picker is reachable and operable without a mouse.
    other = login(new_page, b.duellist.user.username)
    other.goto(f"/club/duels/{duel.pk}/")
    other.locator('input[name="move_before"][value=""]').focus()
    other.keyboard.press("ArrowRight")
    assert other.locator('input[name="move_before"]:checked').get_attribute("value") != ""
