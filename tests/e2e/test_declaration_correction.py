"""The referee publishes a wrong declaration from the queue (two clicks), corrects it with a reason and
a decision, and the players see both: the original struck through with the reason, the corrected one
below, and the entry in the "Journal de l'arbitrage". A real browser, three contexts."""
from __future__ import annotations

import pytest

from duels.models import Declaration
from tests.support.browser import login
from tests.support.duels import bet_for, post, started_duel

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_referee_corrects_a_published_declaration_and_the_players_see_both(new_page, screenshot, settings):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])

    ref = login(new_page, referee.username)
    ref.goto("/club/duels/arbitrage/")
    due = ref.locator(f"#due-{duel.pk}")
    due.get_by_role("button", name="Préparer le brouillon").click()  # click 1
    due = ref.locator(f"#due-{duel.pk}")
    due.get_by_role("button", name="Publier tel quel").click()  # click 2
    ref.wait_for_selector("text=déclaration publiée")
    declaration = Declaration.objects.get(window__duel=duel)
    assert declaration.is_published
    wrong_line = declaration.text.splitlines()[0]

    ref.goto(f"/club/duels/{duel.pk}/arbitrage/")
    ref.get_by_role("link", name="Corriger la déclaration").click()
    ref.wait_for_url(f"**/duels/{duel.pk}/arbitrage/corriger/")
    ref.get_by_label("Motif de la correction").fill("Le sort a été lancé sans texte RP valable")
    ref.get_by_label("Annuler un message (facultatif)").select_option(label=f"n°1 — {a.duellist.forum_name}")
    ref.locator("select[name=d0_target]").select_option(b.engine_id)
    ref.locator("select[name=d0_kind]").select_option("pm")
    ref.locator("input[name=d0_value]").fill("-1")
    ref.locator("input[name=d0_reason]").fill("Concentration brisée")
    screenshot(ref, "correction-form")
    ref.get_by_role("button", name="Corriger et publier").click()
    ref.wait_for_selector("text=Déclaration corrigée : les duellistes sont prévenus.")
    declaration.refresh_from_db()
    assert declaration.revision == 1

    for player in (a, b):
        page = login(new_page, player.duellist.user.username)
        page.goto(f"/club/duels/{duel.pk}/")
        revision = page.locator(".declaration-revision")
        assert "Le sort a été lancé sans texte RP valable" in revision.text_content()
        assert wrong_line in page.locator("del.revision-text").text_content()  # the original, struck through
        corrected = page.locator(f"#declaration-{declaration.pk}")
        assert "Concentration brisée" in corrected.text_content()  # the corrected declaration, below
        journal = page.locator("#journal")
        assert "déclaration corrigée" in journal.inner_text() and "déclaration publiée" in journal.inner_text()
        screenshot(page, f"corrected-declaration-{player.engine_id}")
