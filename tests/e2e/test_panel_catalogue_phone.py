"""The club's spell catalogue editor at 390 px: the list (a card per spell), the spell form and the import
page never scroll sideways, and a spell retired from the phone leaves the list of offered spells."""
from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from spells.models import Spell
from tests.support.browser import PHONE, sign_in
from tests.support.permissions import club_staff

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_catalogue_editor_fits_a_390_px_phone(new_page, screenshot):
    call_command("catalog_load", stdout=StringIO(), stderr=StringIO())
    page = sign_in(new_page, club_staff(username="equipe-sorts"), viewport=PHONE)
    for path, name in (("/club/gestion/sorts/", "phone390-catalogue"),
                       ("/club/gestion/sorts/stupefix/modifier/", "phone390-catalogue-spell"),
                       ("/club/gestion/sorts/importer/", "phone390-catalogue-import")):
        page.goto(path)
        screenshot(page, name)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), path
    page.goto("/club/gestion/sorts/")
    page.locator('tr[data-spell="stupefix"]').get_by_role("button", name="Retirer").click()
    page.wait_for_selector('tr[data-spell="stupefix"].retired')
    screenshot(page, "phone390-catalogue-retired")
    assert Spell.rows.get(club__slug="club", slug="stupefix").retired_at is not None
