"""Wording seen by new users: plurals, labels and sentences that say what they mean."""
import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from audit.models import AuditAction, AuditLog
from duels.pages.declaration_summary import next_line
from duels.services import exemption_decide, exemption_request
from duels.services.errors import DuelError
from tests.factories.accounts import UserFactory
from tests.factories.duels import TEST_SPELLS
from tests.support.duels import post, started_duel
from tests.support.web import client_for, text


def test_two_defenders_defend_in_the_plural():
    outcome = {"status": "running", "defence_follows": True, "expected_posters": ["g", "c"]}
    names = {"g": "ginny", "c": "cho"}
    assert "ginny, cho se défendent." in next_line(outcome, names, turn=1)
    assert "ginny se défend." in next_line({**outcome, "expected_posters": ["g"]}, names, turn=1)
    with translation.override("en"):
        assert "ginny, cho defend." in next_line(outcome, names, turn=1)


def test_refusals_name_the_higher_level_attempt_as_the_form_does():
    for code in ("spell-level", "modulation-level"):
        message = DuelError(code).message
        assert "survol" not in message and "tentative de niveau supérieur" in message
    with translation.override("en"):
        assert "higher-level attempt" in DuelError("spell-level").message


@pytest.mark.django_db
def test_the_referee_queue_names_teams_as_the_duel_page_does():
    duel, referee, (a1, a2, b1, b2) = started_duel(format="2v2", years=(3, 3, 3, 3))
    for p in (a1, a2, b1, b2):
        post(duel, p, [])  # every post in: the declaration is due
    teams = f"{a1.duellist.forum_name} &amp; {a2.duellist.forum_name}"
    opponents = f"{b1.duellist.forum_name} &amp; {b2.duellist.forum_name}"
    queue = text(client_for(referee).get(reverse("duels:referee")))
    duel_page = text(client_for(referee).get(reverse("duels:duel", args=[duel.pk])))
    adjudicate = text(client_for(referee).get(reverse("duels:adjudicate", args=[duel.pk])))
    for page in (queue, duel_page, adjudicate):
        assert re.search(rf">{re.escape(teams)}</span>\s*contre\s*<span[^>]*>{re.escape(opponents)}<", page)


@pytest.mark.django_db
def test_the_referee_is_sent_to_adjudicate_not_told_they_spectate():
    duel, referee, _participants = started_duel()
    page = text(client_for(referee).get(reverse("duels:duel", args=[duel.pk])))
    acts = page.split('id="agir"', 1)[1]
    assert "en spectateur" not in acts and "data-referee-link" in acts
    assert f'href="{reverse("duels:adjudicate", args=[duel.pk])}"' in acts.split("data-referee-link", 1)[1][:300]
    visitor = text(client_for(UserFactory(username="curieux")).get(reverse("duels:duel", args=[duel.pk])))
    assert "en spectateur" in visitor and "data-referee-link" not in visitor


@pytest.mark.django_db
def test_the_journal_says_whether_an_exemption_was_granted_or_refused():
    duel, referee, (a, b) = started_duel()
    window = duel.windows.get()
    for who, grant in ((a, True), (b, False)):
        exemption = exemption_request(duel=duel, by=who.duellist.user, reason="Examens",
                                      wished_deadline=window.opened_at + dt.timedelta(days=3))
        exemption_decide(exemption=exemption, by=referee, grant=grant)
    journal = text(client_for(referee).get(reverse("duels:journal", args=[duel.pk])))
    assert "dispense accordée" in journal and "dispense refusée" in journal and "dispense décidée" not in journal


@pytest.mark.django_db
def test_the_audit_list_shows_the_actions_as_its_filter_names_them(admin_client):
    AuditLog.objects.create(created_at=timezone.now(), action=AuditAction.FAULT, reason="Injure")
    page = text(admin_client.get(reverse("admin:audit_auditlog_changelist")))
    cell = re.search(r'<td class="field-action_shown">([^<]*)</td>', page)
    assert cell and cell.group(1) == "faute relevée"
    assert ">fault.record<" not in page


FLAME = {"slug": "flamme", "name": "Flamme", "level": 1, "range": 11, "type": None, "tags": [], "target": "opponent",
         "effect": {"damage": 2}, "modulations": [{"level": 2, "effect": {"damage": 4}}]}


@pytest.mark.django_db
def test_a_modulated_card_says_the_spells_level_and_the_level_it_is_cast_at():
    duel, _referee, (a, _b) = started_duel(spells=[*TEST_SPELLS, FLAME])
    page = text(client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])))
    card = page.split('data-variant="flamme__2__0"', 1)[1].split("</label>", 1)[0]
    facts = " ".join(card.split())
    assert "sort de niv. 1, lancé au niv. 2 · coût 2 PM" in facts
    assert "modulation niv." not in facts
