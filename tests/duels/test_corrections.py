"""Correcting the latest published declaration: same dice, voided posts, referee decisions,
refusals, finished duels, the audit log and notices."""
import datetime as dt

import pytest
from django.core.management import call_command

from audit.models import AuditLog
from duels.models import Declaration, DeclarationRevision, DuelStatus, Post, Window
from duels.services import fault_record, forfeit
from duels.services.corrections import declaration_correct
from duels.services.declarations import declaration_compute
from duels.services.rules import resolve_action_phase, state_dump, state_load
from rankings.models import Result, Standing
from tests.factories.duels import RefereeFactory, UserFactory
from tests.support.duels import bet_for, code_of, declare, pf, post, started_duel
from tests.support.permissions import staff_referee

pytestmark = pytest.mark.django_db


@pytest.fixture
def published():
    """Turn 1: A hits B with a bolt (bet won), B casts a spark and loses its bet; first declaration out."""
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [{"cast": "spark", "target": a.engine_id, "bet": bet_for(duel, order=2, win=False)}])
    declaration = declare(duel, referee)
    return duel, referee, a, b, declaration


def test_correcting_without_change_republishes_the_same_declaration(published):
    duel, referee, _a, _b, declaration = published
    before_state, before_events, before_rolls = duel.state, declaration.events, declaration.rolls
    corrected = declaration_correct(declaration=declaration, by=referee, reason="Relecture")
    duel.refresh_from_db()
    assert corrected.is_published and corrected.revision == 1
    assert (corrected.events, corrected.rolls, corrected.state_after) == (before_events, before_rolls, before_state)
    assert duel.state == before_state and duel.status == DuelStatus.DEFENCE
    kept = DeclarationRevision.objects.get(declaration=declaration)
    assert kept.reason == "Relecture" and kept.events == before_events and kept.corrected_by == referee
    assert Window.objects.filter(duel=duel, turn=1, phase="defence").count() == 1  # reopened once, not twice


def test_voiding_a_post_as_a_pass_equals_resolving_without_it(published):
    duel, referee, a, b, declaration = published
    hit = Post.objects.get(window=declaration.window, participant=a)
    state_before = declaration.state_before
    corrected = declaration_correct(declaration=declaration, by=referee, reason="Sort hors RP", void_post=hit)
    spark = Post.objects.get(window=declaration.window, participant=b)
    roll = next(r for r in declaration.rolls if r["post_order"] == spark.order)
    expected = resolve_action_phase(state_load(state_before, duel.spells), [{"by": b.engine_id, "steps": [
        {**spark.steps[0], "roll": roll["roll"]}]}])
    assert corrected.state_after == state_dump(expected.state)  # stored lean: the catalog is the duel's
    assert [e["text"] for e in corrected.events] == [e.text for e in expected.events]
    assert [r["post_order"] for r in corrected.rolls] == [spark.order]  # the spark keeps its die
    assert pf(duel, b) == 16  # the bolt never happened
    assert corrected.window.voided_posts[0] | {"post": 0} == {
        "post": 0, "by": a.engine_id, "mode": "pass", "reason": "Sort hors RP"}


def test_a_referee_decision_is_applied_by_the_engine_and_shown(published):
    duel, referee, _a, b, declaration = published
    hurt = pf(duel, b)
    corrected = declaration_correct(declaration=declaration, by=referee, reason="Bouclier oublié", adjustments=[
        {"target": b.engine_id, "kind": "pf", "delta": 3, "reason": "Bouclier oublié"}])
    assert pf(duel, b) == hurt + 3
    assert corrected.events[0]["kind"] == "adjusted"
    assert "Décision de l'arbitre" in corrected.text and "Bouclier oublié" in corrected.text
    again = declaration_compute(duel=duel, window=corrected.window, state_before=corrected.state_before,
                                adjustments=corrected.adjustments)
    assert again["state_after"] == corrected.state_after and again["events"] == corrected.events  # replays


def test_a_bad_decision_is_refused_with_nothing_changed(published):
    duel, referee, a, _b, declaration = published
    state = duel.state
    for adjustment, code in [
        ({"target": a.engine_id, "kind": "pf", "delta": 0, "reason": "x"}, "invalid-adjustment"),
        ({"target": a.engine_id, "kind": "pf", "delta": 2, "reason": " "}, "reason-required"),
        ({"target": "Z", "kind": "pm", "delta": 2, "reason": "x"}, "unknown-target"),
        ({"target": a.engine_id, "kind": "status", "status": "stun", "reason": "x"}, "status-absent"),
        ({"target": a.engine_id, "kind": "pos", "zone": 13, "reason": "x"}, "invalid-adjustment"),
    ]:
        assert code_of(declaration_correct, declaration=declaration, by=referee, reason="r",
                       adjustments=[adjustment]) == code
    duel.refresh_from_db()
    assert duel.state == state and not DeclarationRevision.objects.exists()
    assert not AuditLog.objects.filter(action="declaration.correct").exists()


def test_only_the_latest_declaration_and_not_after_the_next_posts(published):
    duel, referee, a, b, declaration = published
    post(duel, b, [{"dodge": "123"}])  # B defends: the window the declaration opened has a post
    assert code_of(declaration_correct, declaration=declaration, by=referee, reason="r") == "next-window-has-posts"
    second = declare(duel, referee)
    assert code_of(declaration_correct, declaration=declaration, by=referee, reason="r") == "not-latest-declaration"
    assert declaration_correct(declaration=second, by=referee, reason="r").revision == 1


def test_refused_without_reason_or_after_a_sanction(published):
    duel, referee, a, _b, declaration = published
    assert code_of(declaration_correct, declaration=declaration, by=referee, reason=" ") == "correction-reason-required"
    fault_record(duel=duel, participant=a, by=referee, note="Insulte", pf_penalty=1)
    assert code_of(declaration_correct, declaration=declaration, by=referee, reason="r") == "declaration-changed-since"


def test_permission_matrix(published):
    duel, referee, a, _b, declaration = published
    for someone in (RefereeFactory(), a.duellist.user, UserFactory()):
        assert code_of(declaration_correct, declaration=declaration, by=someone, reason="r") == "not-referee"
    assert declaration_correct(declaration=declaration, by=staff_referee(), reason="r").revision == 1


def test_every_correction_is_logged_and_notified(published, django_capture_on_commit_callbacks):
    duel, referee, a, b, declaration = published
    hit = Post.objects.get(window=declaration.window, participant=a)
    with django_capture_on_commit_callbacks(execute=True):
        declaration_correct(declaration=declaration, by=referee, reason="Hors RP", void_post=hit, adjustments=[
            {"target": a.engine_id, "kind": "pm", "delta": -1, "reason": "Sort raté"}])
    actions = list(AuditLog.objects.filter(duel=duel).values_list("action", flat=True))
    assert actions[-4:] == ["declaration.correct", "post.void", "declaration.decision", "declaration.publish"]
    for participant in (a, b):
        notes = participant.duellist.user.notifications.filter(message__contains="a corrigé la déclaration")
        assert notes.count() == 1 and "Hors RP" in notes.get().message


def test_verify_dice_passes_after_a_correction(published, capsys):
    duel, referee, a, b, declaration = published
    declaration_correct(declaration=declaration, by=referee, reason="Relecture", adjustments=[
        {"target": a.engine_id, "kind": "pf", "delta": -1, "reason": "Pénalité de style"}])
    forfeit(duel=duel, by=b.duellist.user)
    call_command("verify_dice", str(duel.pk))
    assert "concordent" in capsys.readouterr().out


@pytest.fixture
def won_by_a():
    """Turn 1: A's fatal blow (20 damage) lands, B does not dodge: A wins at the second declaration."""
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "coup", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    post(duel, b, [{"nothing": True}])
    declaration = declare(duel, referee)
    assert duel.status == DuelStatus.FINISHED and duel.winner_team == a.team
    return duel, referee, a, b, declaration


def test_a_finished_duel_corrected_within_48h_gets_the_corrected_results(won_by_a):
    duel, referee, a, b, declaration = won_by_a
    assert Result.objects.get(duel=duel, participant=a).outcome == "win"
    # The referee rules that A's forbidden spell backfires before it lands: A is out first, B wins.
    declaration_correct(declaration=declaration, by=referee, reason="Sort interdit", adjustments=[
        {"target": a.engine_id, "kind": "pf", "delta": -30, "reason": "Retour du sort"}])
    duel.refresh_from_db()
    assert duel.status == DuelStatus.FINISHED and duel.winner_team == b.team and duel.finished_at is not None
    assert {r.participant_id: r.outcome for r in Result.objects.filter(duel=duel)} == {a.pk: "loss", b.pk: "win"}
    wins = Standing.objects.filter(duellist=b.duellist, season=None, kind="", format="", year=None).first()
    assert wins is None or wins.wins == 1
    assert not Standing.objects.filter(duellist=a.duellist, wins__gt=0).exists()


def test_a_finished_duel_is_not_revived_nor_corrected_after_48h(won_by_a):
    duel, referee, _a, b, declaration = won_by_a
    defence = Post.objects.get(window=declaration.window, participant=b)
    assert code_of(declaration_correct, declaration=declaration, by=referee, reason="r", void_post=defence,
                   void_mode="repost") == "correction-revives-duel"
    assert code_of(declaration_correct, declaration=declaration, by=referee, reason="r", adjustments=[
        {"target": b.engine_id, "kind": "pf", "delta": 10, "reason": "B survit"}]) == "correction-revives-duel"
    later = duel.finished_at + dt.timedelta(hours=48, minutes=1)
    assert code_of(declaration_correct, declaration=declaration, by=referee, reason="r",
                   now=later) == "correction-too-late"
    duel.refresh_from_db()
    assert duel.status == DuelStatus.FINISHED and Result.objects.filter(duel=duel).count() == 2
    assert Declaration.objects.get(pk=declaration.pk).revision == 0
