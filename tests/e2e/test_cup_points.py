"""The cup's staff side in chromium, at 1280 and 390 px: the club's staff name a prefect and change a
member's house in the control panel; the prefect opens « Points de maison » from the header, awards points
with a reason and sees them listed. Nothing scrolls sideways."""
from __future__ import annotations

import pytest

from cup.models import HouseMember, LedgerEntry, Prefect
from tests.factories.accounts import DuellistFactory
from tests.support.browser import PHONE, sign_in
from tests.support.clubs import club_member
from tests.support.permissions import club_staff

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
DESKTOP = {"width": 1280, "height": 900}


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_staff_name_a_prefect_who_awards_points_with_a_reason(new_page, screenshot, viewport):
    width = viewport["width"]
    percy = club_member(username="percy")
    DuellistFactory(forum_name="Neville Londubat")
    staff = sign_in(new_page, club_staff(username="intendant"), viewport=viewport)
    staff.goto("/club/gestion/coupe/prefets/")
    section = staff.locator("section[data-house]", has_text="Gryffondor")
    section.get_by_label("Nommer un préfet (nom du compte)").fill("percy")
    section.get_by_role("button", name="Nommer").click()
    staff.wait_for_selector("text=percy est préfet de Gryffondor.")
    assert Prefect.objects.filter(user__username="percy", house__name="Gryffondor").exists()
    screenshot(staff, f"cup-prefects-{width}")
    assert fits(staff)

    staff.goto("/club/gestion/coupe/membres/?q=Neville")
    row = staff.locator("tr[data-duellist]", has_text="Neville Londubat")
    row.get_by_label("Maison de Neville Londubat").select_option(label="Gryffondor")
    row.get_by_role("button", name="Changer").click()
    staff.wait_for_selector("text=Neville Londubat est maintenant à Gryffondor.")
    assert HouseMember.objects.get(duellist__forum_name="Neville Londubat").house.name == "Gryffondor"
    screenshot(staff, f"cup-members-{width}")
    assert fits(staff)

    prefect = sign_in(new_page, percy, viewport=viewport)
    link = prefect.get_by_role("link", name="Points de maison")
    if link.is_visible():
        link.click()
    else:  # a phone's menu may fold the header's links
        prefect.goto("/club/coupe/points/")
    prefect.wait_for_url("**/coupe/points/")
    prefect.locator("#id_points").fill("15")
    prefect.locator("#id_reason").fill("Sauvetage du Choixpeau")
    prefect.get_by_role("button", name="Enregistrer les points").click()
    prefect.wait_for_selector("text=15 points pour Gryffondor.")
    listed = prefect.locator("tr[data-entry]", has_text="Sauvetage du Choixpeau")
    assert "+15" in listed.inner_text() and "Gryffondor" in listed.inner_text()
    entry = LedgerEntry.objects.get()
    assert (entry.points, entry.house.name, entry.created_by.username) == (15, "Gryffondor", "percy")
    screenshot(prefect, f"cup-points-{width}")
    assert fits(prefect)
