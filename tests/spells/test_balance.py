"""Catalog balance: every way to cast a shipped spell rates within the band its header justifies."""
import json
from collections import defaultdict

import pytest

from spells.balance import BAND, effect_value, outliers, spell_ratings
from spells.catalog_format import DEFAULT_CATALOG_PATH

CATALOG = json.loads(DEFAULT_CATALOG_PATH.read_text(encoding="utf-8"))


def test_no_shipped_spell_is_an_outlier():
    assert [str(rating) for rating in outliers(CATALOG["spells"])] == []


def test_the_band_is_the_one_the_header_justifies():
    header = "\n".join(CATALOG["_header"])
    assert f"entre {BAND[0]} et {BAND[1]}" in header


def test_higher_levels_give_more_per_cast():
    """Less per PM is allowed for high levels only because they give more per action."""
    per_cast = defaultdict(list)
    for spell in CATALOG["spells"]:
        normal = spell_ratings(spell)[0]
        per_cast[spell["level"]].append(normal.value * normal.cost)
    means = [sum(values) / len(values) for _, values in sorted(per_cast.items())]
    assert means == sorted(means) and len(set(means)) == len(means)


def bolt(**changes):
    spell = {"slug": "bolt", "name": "Bolt", "level": 1, "range": 4, "type": "malefices", "tags": [],
             "target": "opponent", "effect": {"damage": 2}}
    return {**spell, **changes}


def test_the_reference_spell_rates_0_75():
    """A level-1, 2-PF dodgeable hit at range 4: 1/2 × 0.75 × 1 × 2 / 1."""
    assert spell_ratings(bolt())[0].value == pytest.approx(0.75)


def test_a_gross_outlier_is_caught():
    broken = bolt(slug="broken", effect={"damage": 12}, bonus={"damage": 1},
                  modulations=[{"level": 8, "effect": {"damage": 1}}])
    # 12 PF for 1 PM is far above; the bonus (1 PF, 0.375) is fine; 1 PF for 8 PM is far below.
    assert [(r.option, round(r.value, 2)) for r in outliers([broken])] == [("normal", 4.5), ("modulation 8", 0.05)]


def test_auto_soin_range_and_cost_factors():
    assert spell_ratings(bolt(tags=["AUTO"]))[0].value == pytest.approx(2.0)  # sure, not dodgeable
    assert spell_ratings(bolt(range=1))[0].value == pytest.approx(0.375)  # half reach
    heal = bolt(tags=["SOIN"], target="ally", level=3, effect={"heal": 4})
    assert spell_ratings(heal)[0].value == pytest.approx(1.0)  # rated per level: 4 × 0.75 / 3


def test_effect_values():
    assert effect_value({"damage": 2, "push": 2, "stun": True}) == pytest.approx(6.0)
    assert effect_value({"shield": {"charges": 2, "team": True}}) == pytest.approx(3.75)
    # A serpent striking 1 PF for 2 turns at range 1 (3/4 reach), with 3 PF to soak spells.
    assert effect_value({"summon": {"name": "serpent", "pf": 3, "damage": 1, "range": 1, "turns": 2}}) == 2.25
