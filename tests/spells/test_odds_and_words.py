"""Bets and odds shown on the spell page (RULES.md §4.1) and the French wording of effects."""
from fractions import Fraction as F

import pytest

from spells import odds
from spells.describe import area_text, chance_text, effect_sentences, effect_text, year_text


def spell_dict(**changes):
    base = {"slug": "s", "name": "S", "level": 3, "range": 5, "type": "malefices", "tags": [],
            "target": "opponent", "effect": {"damage": 2}, "bonus": {"damage": 3}}
    return {**base, **changes}


def table(data):
    return {s.key: [(o.bets, o.chance, o.bonus) for o in s.options] for s in odds.bet_situations(data)}


def test_ordinary_spell_with_a_type():
    assert table(spell_dict()) == {
        odds.ORDINARY: [(("123", "456"), F(1, 2), False)],
        odds.OWN_TYPE: [(("1234", "3456"), F(2, 3), False), (("123", "456"), F(1, 2), True)],
        odds.OVERLEVEL: [(("12", "34", "56"), F(1, 3), False)],
        odds.OVERLEVEL_PRODIGIUM: [(("123", "456"), F(1, 2), False)],
    }


def test_a_spell_without_type_has_no_typed_caster():
    assert odds.OWN_TYPE not in table(spell_dict(type=None, bonus=None))


def test_typed_caster_without_bonus_effect_keeps_the_better_odds():
    assert table(spell_dict(bonus=None))[odds.OWN_TYPE] == [(("1234", "3456"), F(2, 3), False)]


@pytest.mark.parametrize("tag", ["AUTO", "SOIN"])
def test_auto_and_soin_need_no_bet_but_may_bet_for_the_bonus(tag):
    found = table(spell_dict(tags=[tag], target="ally" if tag == "SOIN" else "opponent"))
    assert found[odds.ORDINARY] == [((), F(1), False)]
    assert found[odds.OWN_TYPE] == [((), F(1), False), (("123", "456"), F(1, 2), True)]
    assert found[odds.OVERLEVEL] == [(("12", "34", "56"), F(1, 3), False)]  # ordinary bets on an overlevel


def test_auto_without_bonus_never_bets():
    assert table(spell_dict(tags=["AUTO"], bonus=None))[odds.OWN_TYPE] == [((), F(1), False)]


def test_success_chance():
    assert odds.success_chance(spell_dict()) == F(1, 2)
    assert odds.success_chance(spell_dict(), odds.OWN_TYPE) == F(2, 3)
    assert odds.success_chance(spell_dict(), odds.OWN_TYPE, bonus=True) == F(1, 2)
    assert odds.success_chance(spell_dict(type=None, bonus=None), odds.OWN_TYPE) is None


def test_effect_sentences_in_french():
    assert effect_sentences({"damage": 2, "drain": 1, "push": 3, "pull": 1, "stun": True, "disarm": True,
                             "bind": True}) == [
        "Inflige 2 PF", "Retire 1 PM à la cible", "Repousse la cible de 3 zones",
        "Attire la cible de 1 zone vers le lanceur", "Stupéfie la cible : sa prochaine action est perdue",
        "Désarme la cible : aucun sort à sa prochaine action",
        "Entrave la cible : aucun déplacement à sa prochaine action",
    ]
    assert effect_sentences({"heal": 3, "restore": 2}, target="ally") == ["Rend 3 PF à la cible", "Rend 2 PM à la cible"]
    assert effect_sentences({"shield": {"charges": 2, "team": True}}, target="self") == [
        "Protège chaque membre de l'équipe du lanceur : 2 charges de bouclier jusqu'à la fin du tour"
    ]
    assert effect_sentences({"summon": {"name": "une nuée d'oiseaux", "pf": 1, "damage": 2, "range": 2,
                                        "turns": 1}}, target="zone") == [
        "Invoque une nuée d'oiseaux (1 PF, 2 dégâts, portée 2, 1 tour)"
    ]
    assert effect_text({"damage": 2, "push": 1}) == "Inflige 2 PF. Repousse la cible de 1 zone."


def test_area_and_years():
    assert area_text(spell_dict(tags=["ZONE"], radius=1)) == "Sort de zone, rayon 1"
    assert area_text(spell_dict(tags=["ZONE"], radius=0)) == "Sort de zone, rayon 0 (la zone visée seulement)"
    assert area_text(spell_dict()) is None
    assert [year_text(n) for n in (1, 2, 7, 8)] == ["1re année", "2e année", "7e année", "Adulte"]
    assert [chance_text(c) for c in (F(1), F(1, 2), F(2, 3))] == [
        "réussite assurée", "1 chance sur 2", "2 chances sur 3"
    ]
