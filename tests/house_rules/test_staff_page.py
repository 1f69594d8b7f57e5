"""The club's house rules page (RULES.md §8): staff holding the permission only; each knob checked within
its range (French messages); presets, a preview of what changes, then the save and its audit entry."""
import pytest
from django.urls import reverse

from audit.models import AuditAction, AuditLog
from clubs.house_rules_page import HouseRulesForm
from duels.engine.house_rules import RULEBOOK
from tests.factories.accounts import UserFactory
from tests.support.permissions import club_staff, staff_with
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db


def _post(client, **changes):
    form = HouseRulesForm(current=RULEBOOK)
    data = {name: value for name, value in form.initial.items() if value is not None and value is not False}
    data.update(changes)
    return client.post(reverse("house_rules"), data)


def test_a_player_and_staff_without_the_permission_are_refused():
    assert client_for(UserFactory()).get(reverse("house_rules")).status_code == 403
    assert client_for(staff_with()).get(reverse("house_rules")).status_code == 403
    page = client_for(club_staff()).get(reverse("house_rules"))
    assert page.status_code == 200 and "Règlement : 48" in text(page)
    index = client_for(club_staff()).get(reverse("staff"), follow=True)
    assert reverse("house_rules") in text(index)


def test_each_knob_is_checked_within_its_range_in_french(club):
    client = client_for(club_staff())
    page = _post(client, deadline_hours=11, min_words=1001, pf_1=0, save="1")
    assert page.status_code == 200
    body = text(page)
    assert "Entre 12 et 336." in body and "Entre 0 et 1000." in body and "Entre 1 et 99." in body
    club.refresh_from_db()
    assert club.house_rules == {} and not AuditLog.objects.filter(action=AuditAction.HOUSE_RULES).exists()


def test_a_preset_then_a_preview_then_the_save_with_its_audit_entry(club):
    staff = club_staff()
    client = client_for(staff)
    preset = client.get(reverse("house_rules"), {"preset": "short"})
    assert "Mots RP minimum par message : 100 → 50" in text(preset)
    preview = _post(client, pf_1=12, deadline_hours=24, preview="1")
    assert "PF en 1re année : 10 → 12" in text(preview)
    club.refresh_from_db()
    assert club.house_rules == {}  # a preview saves nothing
    saved = _post(client, pf_1=12, deadline_hours=24, save="1")
    assert saved.status_code == 302
    club.refresh_from_db()
    assert club.house_rules == {"points": {"1": [12, 5]}, "deadline_hours": 24}
    entry = AuditLog.objects.get(action=AuditAction.HOUSE_RULES)
    assert entry.actor == staff and entry.data["after"] == club.house_rules and entry.data["before"] == {}


def test_the_cup_rates_show_estrades_defaults_not_the_rulebooks(club):
    page = text(client_for(club_staff()).get(reverse("house_rules")))
    cup_win = page[page.index('id="id_cup_win"'):]
    assert cup_win[:cup_win.index("</small>")].endswith("Par défaut : 10")  # the rulebook has no house cup
    deadline = page[page.index('id="id_deadline_hours"'):]
    assert deadline[:deadline.index("</small>")].endswith("Règlement : 48")
