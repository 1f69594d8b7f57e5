"""Bets (RULES.md §4.1 Cast, step 2) case by case: who may bet what, what each bet gives and costs,
found by mutation testing. Through the public engine API and options_for."""
from fractions import Fraction

import pytest

from duels.engine import allowed_bets, bet_wins, chance, options_for, resolve_action_phase, spell_from_dict
from tests.support.engine import cast, duellists_1v1, post, spell, state

HEX = spell("hex", level=2, range=9, type="malefices", effect={"damage": 2},
            modulations=[{"level": 3, "effect": {"damage": 4}}])
CURE = spell("cure", level=2, range=9, type="soins", tags=("SOIN",), target="ally", effect={"heal": 2},
             bonus={"heal": 4})


def _me(s, duellist_id="A"):
    return s.duellist(duellist_id)


@pytest.mark.parametrize(("rp", "prodigium", "bets"), [
    (True, True, ["123", "456"]), (True, False, ["12", "34", "56"]), (False, True, ["12", "34", "56"])])
def test_an_overlevel_attempt_bets_two_numbers_except_a_prodigium_member_in_an_rp_duel(rp, prodigium, bets):
    s = state(duellists=duellists_1v1(A={"prodigium": prodigium}), rp=rp)
    big = spell_from_dict(spell("big", level=4, type="defense", effect={"damage": 6}))
    assert list(allowed_bets(big, _me(s), rp=rp, overlevel=True)) == bets
    assert set(allowed_bets(big, _me(s), rp=rp, overlevel=True).values()) == {"normal"}


def test_soin_spells_bet_nothing_unless_of_ones_own_type_and_then_only_for_the_bonus():
    s = state(duellists=duellists_1v1(a_types=("soins",)))
    cure = spell_from_dict(CURE)
    assert allowed_bets(cure, _me(s), rp=False, overlevel=False) == {None: "normal", "123": "bonus", "456": "bonus"}
    assert allowed_bets(cure, _me(s, "B"), rp=False, overlevel=False) == {None: "normal"}
    assert list(allowed_bets(cure, _me(s), rp=False, overlevel=True)) == ["12", "34", "56"]


def test_a_spell_without_a_type_is_nobodys_own_type():
    s = state(duellists=duellists_1v1(a_types=("defense",)))
    plain = spell_from_dict(spell("plain", level=1, type=None))
    assert allowed_bets(plain, _me(s), rp=False, overlevel=False) == {"123": "normal", "456": "normal"}


def test_a_bet_wins_when_the_roll_is_in_it():
    assert bet_wins("123", 3) and not bet_wins("123", 4)
    assert bet_wins("3456", 3) and not bet_wins("3456", 2)
    assert bet_wins(None, None)  # no bet: always succeeds
    assert not bet_wins("123", None)
    assert (chance("12"), chance("123"), chance("1234"), chance(None)) == (
        Fraction(1, 3), Fraction(1, 2), Fraction(2, 3), Fraction(1))


def test_a_soin_spell_is_free_but_its_overlevel_attempt_costs_its_level():
    s = state(spells=[CURE], duellists=duellists_1v1(a_year=1), A=4, B=8)
    [entry] = options_for(s, "A")["spells"]
    assert [(v["overlevel"], v["cost"]) for v in entry["variants"]] == [(True, 2)]
    s = state(spells=[CURE], A=4, B=8)
    [entry] = options_for(s, "A")["spells"]
    assert [(v["overlevel"], v["cost"]) for v in entry["variants"]] == [(False, 0)]
    s.duellist("A").pf = 10
    result = resolve_action_phase(s, [post("A", cast("cure"))])
    assert result.state.duellist("A").pm == 8 and result.state.duellist("A").pf == 12


def test_a_modulation_gives_its_own_effect_and_its_normal_effect_on_a_bonus_bet():
    s = state(spells=[HEX], duellists=duellists_1v1(a_types=("malefices",)), A=4, B=8)
    [entry] = options_for(s, "A")["spells"]
    modulated = next(v for v in entry["variants"] if v["modulation"] == 3)
    assert modulated["cost"] == 3
    assert [(b["bet"], b["effect"], b["gives"]) for b in modulated["bets"]][:2] == [
        ("123", "bonus", {"damage": 4}), ("456", "bonus", {"damage": 4})]
    plain = next(v for v in entry["variants"] if v["modulation"] is None and not v["overlevel"])
    assert plain["bets"][0]["gives"] == {"damage": 2}  # no bonus: the normal effect
    result = resolve_action_phase(s, [post("A", cast("hex", "B", "123", 1, modulation=3))])
    assert result.state.pending[0].effect.damage == 4
