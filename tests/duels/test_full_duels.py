"""Two complete duels through the services only: registration to rewards."""
import pytest
from django.core.management import call_command

from duels.models import Declaration, DuelFormat, DuelStatus, Post, SlotStatus, Window
from duels.services.dice import seed_fingerprint
from rankings.models import Outcome, Result
from rankings.services.rewards import daily_salary
from tests.support.duels import bet_for, declare, pf, post, started_duel

pytestmark = pytest.mark.django_db


def test_a_full_1v1_duel_from_registration_to_rewards(capsys):
    duel, referee, (a, b) = started_duel(years=(3, 3))
    assert duel.status == DuelStatus.ACTION and len(duel.seed_sha256) == 64
    assert duel.revealed_seed is None  # secret while the duel runs
    assert [s["slug"] for s in duel.spells][:2] == ["bolt", "fireball"]

    # Turn 1: A moves then bolts B (bonus: A has the spell's type); B sparks A. Both are targeted.
    post(duel, a, [{"move": 5}, {"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, step=1, win=True)}])
    post(duel, b, [{"cast": "spark", "target": a.engine_id, "bet": bet_for(duel, order=2, win=True)}])
    duel.refresh_from_db()
    assert duel.status == DuelStatus.AWAITING_FIRST
    first = declare(duel, referee, comment="Beau début.")
    assert first.kind == "first" and first.referee_comment == "Beau début."
    assert [r["success"] for r in first.rolls] == [True, True]
    assert "Éclair" in first.text
    assert duel.status == DuelStatus.DEFENCE
    defence = Window.objects.get(duel=duel, turn=1, phase="defence")
    assert defence.opened_by == first and defence.slots.count() == 2

    # Defence: A dodges and fails; B does nothing (no RP text needed).
    post(duel, a, [{"dodge": bet_for(duel, order=1, win=False)}])
    post(duel, b, [{"nothing": True}], text="")
    second = declare(duel, referee)
    assert second.kind == "second" and second.rolls[0]["kind"] == "dodge" and not second.rolls[0]["success"]
    assert pf(duel, b) == 16 - 8 and pf(duel, a) == 16 - 1 - 2 - 2  # move, dodge, spark
    assert duel.turn == 2 and duel.status == DuelStatus.ACTION

    # Turn 2: fireball (B passes, then does nothing in defence).
    post(duel, a, [{"cast": "fireball", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    post(duel, b, [{"nothing": True}], text="")
    declare(duel, referee)
    assert pf(duel, b) == 2

    # Turn 3: bolt again (allowed: not cast in turn 2) knocks B out.
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    post(duel, b, [{"nothing": True}], text="")
    declare(duel, referee)

    duel.refresh_from_db()
    assert duel.status == DuelStatus.FINISHED and duel.winner_team == 1 and not duel.is_draw
    assert duel.revealed_seed == duel.seed and seed_fingerprint(duel.seed) == duel.seed_sha256
    assert not Window.objects.filter(duel=duel, state="open").exists()
    assert Declaration.objects.filter(window__duel=duel, status="published").count() == 6
    win, loss = Result.objects.get(participant=a), Result.objects.get(participant=b)
    assert (win.outcome, win.champion_points, win.purse, win.chocogrenouille) == (
        Outcome.WIN, 1, 4 * daily_salary(a.duellist.homework_year), False  # non-RP: year of study
    )
    assert (loss.outcome, loss.champion_points, loss.purse, loss.chocogrenouille) == (Outcome.LOSS, 0, 0, True)
    call_command("verify_dice", str(duel.pk))
    assert "concordent" in capsys.readouterr().out


def test_a_full_2v2_duel_with_teams_a_double_hit_and_a_knock_out():
    duel, referee, (a1, a2, b1, b2) = started_duel(format=DuelFormat.TWO_V_TWO, years=(1, 1, 1, 1))
    assert {p.team for p in (a1, a2)} == {1} and {p.team for p in (b1, b2)} == {2}
    assert duel.windows.get().slots.count() == 4

    post(duel, a1, [{"cast": "coup", "target": b1.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b1, [{"cast": "spark", "target": a1.engine_id, "bet": bet_for(duel, order=2, win=True)}])
    post(duel, a2, [{"cast": "coup", "target": b2.engine_id, "bet": bet_for(duel, order=3, win=True)}])
    post(duel, b2, [])
    declare(duel, referee)
    assert set(duel.windows.get(turn=1, phase="defence").slots.values_list("participant", flat=True)) == {
        a1.pk, b1.pk, b2.pk
    }
    post(duel, b1, [{"dodge": bet_for(duel, order=1, win=False)}])
    post(duel, b2, [{"dodge": bet_for(duel, order=2, win=True)}])
    post(duel, a1, [{"nothing": True}], text="")
    declare(duel, referee)
    assert pf(duel, b1) == 0 and pf(duel, b2) == 10 - 2 and pf(duel, a1) == 10 - 2

    # Turn 2: B1 is out and no longer awaited; both A hit B2, who can dodge only the first hit.
    window = duel.windows.get(turn=2, phase="action")
    assert window.slots.count() == 3
    post(duel, a1, [{"cast": "coup2", "target": b2.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, a2, [{"cast": "coup2", "target": b2.engine_id, "bet": bet_for(duel, order=2, win=True)}])
    post(duel, b2, [])
    declare(duel, referee)
    post(duel, b2, [{"dodge": bet_for(duel, order=1, win=True)}])
    last = declare(duel, referee)
    assert any(e["kind"] == "hit-dodged" for e in last.events)

    duel.refresh_from_db()
    assert duel.status == DuelStatus.FINISHED and duel.winner_team == 1
    outcomes = dict(Result.objects.filter(duel=duel).values_list("participant", "outcome"))
    assert outcomes == {a1.pk: "win", a2.pk: "win", b1.pk: "loss", b2.pk: "loss"}
    assert Result.objects.filter(duel=duel, chocogrenouille=True).count() == 2
    assert sum(Result.objects.filter(duel=duel).values_list("champion_points", flat=True)) == 2
    assert Result.objects.get(participant=a1).purse == 4 * daily_salary(a1.duellist.homework_year)
    assert Post.objects.filter(window__duel=duel).count() == 4 + 3 + 3 + 1
    assert not duel.windows.filter(slots__status=SlotStatus.WAITING).exists()
