"""Dice anyone can verify: derivation, fairness, and manage.py verify_dice."""
import collections

import pytest
from django.core.management import CommandError, call_command
from hypothesis import given
from hypothesis import strategies as st

from duels.models import Declaration
from duels.services import forfeit
from duels.services.dice import roll_derive, roll_place, seed_fingerprint, seed_new
from tests.support.duels import bet_for, declare, post, started_duel

SEED = "00" * 32


def test_seed_and_fingerprint():
    seed, fingerprint = seed_new()
    assert len(seed) == 64 and int(seed, 16) >= 0
    assert fingerprint == seed_fingerprint(seed) and len(fingerprint) == 64
    assert seed_new()[0] != seed


def test_a_roll_is_a_pure_function_of_seed_and_place():
    place = {"turn": 2, "phase": "defence", "post_order": 1, "step_index": 0}
    assert roll_place(**place) == "2:defence:1:0"
    assert roll_derive(seed=SEED, **place) == roll_derive(seed=SEED, **place)
    other_places = [roll_derive(seed=SEED, turn=t, phase="action", post_order=o, step_index=0)
                    for t in range(1, 30) for o in range(1, 5)]
    assert len(set(other_places)) == 6


@given(seed=st.binary(min_size=32, max_size=32), turn=st.integers(1, 500), order=st.integers(1, 4),
       step=st.integers(0, 3), phase=st.sampled_from(["action", "defence"]))
def test_every_roll_is_a_die_face(seed, turn, order, step, phase):
    assert 1 <= roll_derive(seed=seed.hex(), turn=turn, phase=phase, post_order=order, step_index=step) <= 6


def test_the_faces_are_evenly_spread():
    counts = collections.Counter(
        roll_derive(seed=SEED, turn=turn, phase="action", post_order=1, step_index=0) for turn in range(1, 6001)
    )
    assert set(counts) == set(range(1, 7))
    assert all(abs(n - 1000) < 150 for n in counts.values())  # ~5 standard deviations


@pytest.fixture
def forfeited_duel(db):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [{"cast": "spark", "target": a.engine_id, "bet": bet_for(duel, order=2, win=False)}])
    declare(duel, referee)
    post(duel, b, [{"dodge": "123"}])
    declare(duel, referee)
    forfeit(duel=duel, by=b.duellist.user)
    duel.refresh_from_db()
    return duel


def test_verify_dice_confirms_a_finished_duel(forfeited_duel, capsys):
    call_command("verify_dice", str(forfeited_duel.pk))
    out = capsys.readouterr().out
    assert "Les 3 dés concordent" in out and forfeited_duel.seed in out


def test_verify_dice_detects_a_tampered_roll(forfeited_duel, capsys):
    declaration = Declaration.objects.filter(window__duel=forfeited_duel, kind="first").get()
    rolls = declaration.rolls
    rolls[1]["roll"] = rolls[1]["roll"] % 6 + 1
    Declaration.objects.filter(pk=declaration.pk).update(rolls=rolls)
    with pytest.raises(CommandError, match="1 écart"):
        call_command("verify_dice", str(forfeited_duel.pk))
    assert "ÉCART : tour 1, action, message 2, étape 0" in capsys.readouterr().out


def test_verify_dice_refuses_a_running_or_unknown_duel(db):
    duel, _referee, _participants = started_duel()
    with pytest.raises(CommandError, match="pas terminé"):
        call_command("verify_dice", str(duel.pk))
    with pytest.raises(CommandError, match="introuvable"):
        call_command("verify_dice", "999999")


def test_verify_dice_exits_1_from_the_command_line(forfeited_duel):
    from django.core.management import ManagementUtility

    Declaration.objects.filter(window__duel=forfeited_duel).update(rolls=[
        {"post_order": 1, "step_index": 0, "roll": 7}
    ])
    with pytest.raises(SystemExit) as exited:
        ManagementUtility(["manage.py", "verify_dice", str(forfeited_duel.pk)]).execute()
    assert exited.value.code == 1
