"""Declarations (permissions, drafts, idempotent publish), faults, penalties and forfeits."""
import pytest

from duels.models import Declaration, DuelFormat, DuelStatus, Fault, SlotStatus, Window
from duels.services import (
    declaration_prepare,
    declaration_publish,
    fault_record,
    forfeit,
)
from rankings.models import Result
from tests.factories.duels import RefereeFactory, UserFactory
from tests.support.duels import bet_for, code_of, pf, post, started_duel
from tests.support.permissions import staff_referee

pytestmark = pytest.mark.django_db


@pytest.fixture
def awaiting():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    duel.refresh_from_db()
    return duel, referee, a, b


def test_only_the_duels_referee_or_staff_declares(awaiting):
    duel, referee, a, _b = awaiting
    assert code_of(declaration_prepare, duel=duel, by=RefereeFactory()) == "not-referee"
    assert code_of(declaration_prepare, duel=duel, by=a.duellist.user) == "not-referee"
    draft = declaration_prepare(duel=duel, by=staff_referee())
    assert code_of(declaration_publish, declaration=draft, by=RefereeFactory()) == "not-referee"


def test_no_declaration_while_posts_are_awaited():
    duel, referee, _participants = started_duel()
    assert code_of(declaration_prepare, duel=duel, by=referee) == "not-awaiting-declaration"


def test_a_draft_is_private_repeatable_and_deterministic(awaiting):
    duel, referee, _a, _b = awaiting
    first = declaration_prepare(duel=duel, by=referee)
    again = declaration_prepare(duel=duel, by=referee)
    assert first.pk == again.pk and first.rolls == again.rolls and first.events == again.events
    assert again.status == "draft" and again.published_at is None
    duel.refresh_from_db()
    assert duel.status == DuelStatus.AWAITING_FIRST and duel.state["phase"] == "action"  # nothing applied yet
    assert first.rolls[0] | {"roll": 0} == {
        "post_order": 1, "step_index": 0, "by": first.rolls[0]["by"], "kind": "bet", "spell": "bolt",
        "bet": first.rolls[0]["bet"], "roll": 0, "success": True, "decided": "pari gagné",
    }


def test_publishing_twice_is_publishing_once(awaiting):
    duel, referee, _a, _b = awaiting
    draft = declaration_prepare(duel=duel, by=referee)
    published = declaration_publish(declaration=draft, by=referee, comment="Joli.")
    again = declaration_publish(declaration=draft, by=referee, comment="Autre chose")
    assert again.published_at == published.published_at and again.referee_comment == "Joli."
    assert Window.objects.filter(duel=duel, turn=1, phase="defence").count() == 1
    assert Window.objects.filter(duel=duel).count() == 2
    assert code_of(declaration_prepare, duel=duel, by=referee) == "not-awaiting-declaration"


def test_a_draft_made_stale_by_a_penalty_must_be_prepared_again(awaiting):
    duel, referee, a, _b = awaiting
    draft = declaration_prepare(duel=duel, by=referee)
    fault_record(duel=duel, participant=a, by=referee, note="Insulte l'arbitre", pf_penalty=3)
    assert code_of(declaration_publish, declaration=draft, by=referee) == "declaration-stale"
    fresh = declaration_prepare(duel=duel, by=referee)
    declaration_publish(declaration=fresh, by=referee)
    assert pf(duel, a) == 16 - 3
    assert Declaration.objects.get(pk=draft.pk).status == "published"  # the same row, re-prepared


def test_fault_record_rules(awaiting):
    duel, referee, a, b = awaiting
    assert code_of(fault_record, duel=duel, participant=a, by=RefereeFactory(), note="x") == "not-referee"
    assert code_of(fault_record, duel=duel, participant=a, by=referee, note="  ") == "note-required"
    assert code_of(fault_record, duel=duel, participant=a, by=referee, note="x", pf_penalty=-1) == "invalid-penalty"
    fault = fault_record(duel=duel, participant=b, by=referee, note="Hors-jeu RP")
    assert (fault.kind, fault.pf_penalty, fault.recorded_by) == ("other", 0, referee)
    # absences come only from a missed window, never by hand
    assert code_of(fault_record, duel=duel, participant=b, by=referee, kind="absence", note="x") == "absence-from-window"
    b.refresh_from_db()
    assert b.absence_faults == 0
    assert Fault.objects.filter(participant=b).count() == 1


def test_a_penalty_that_knocks_out_ends_the_duel():
    duel, referee, (a, b) = started_duel(years=(1, 1))
    fault_record(duel=duel, participant=b, by=referee, note="Triche", pf_penalty=50)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.FINISHED and duel.winner_team == 1
    assert not Window.objects.filter(duel=duel, state="open").exists()
    assert code_of(fault_record, duel=duel, participant=a, by=referee, note="x", pf_penalty=1) == "duel-not-running"


def test_forfeit_in_1v1_ends_the_duel_at_once():
    duel, _referee, (a, b) = started_duel()
    assert code_of(forfeit, duel=duel, by=UserFactory()) == "not-participant"
    forfeit(duel=duel, by=b.duellist.user)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.FINISHED and duel.winner_team == 1
    assert Result.objects.get(participant=b).chocogrenouille
    assert code_of(forfeit, duel=duel, by=a.duellist.user) == "duel-not-running"


def test_forfeit_in_2v2_the_partner_fights_on_and_the_forfeiter_is_no_longer_awaited():
    duel, referee, (a1, a2, b1, b2) = started_duel(format=DuelFormat.TWO_V_TWO, years=(1, 1, 1, 1))
    post(duel, a1, [])
    post(duel, b1, [])
    post(duel, b2, [])
    forfeit(duel=duel, by=a2.duellist.user)
    duel.refresh_from_db()
    window = Window.objects.get(duel=duel)
    assert window.slots.get(participant=a2).status == SlotStatus.WITHDRAWN
    assert duel.status == DuelStatus.AWAITING_FIRST and window.state == "closed"
    assert code_of(forfeit, duel=duel, by=a2.duellist.user) == "already-out"
    draft = declaration_prepare(duel=duel, by=referee)
    declaration_publish(declaration=draft, by=referee)
    assert Window.objects.get(duel=duel, turn=2).slots.count() == 3
