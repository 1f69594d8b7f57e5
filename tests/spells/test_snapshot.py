"""The catalog as the engine sees it, frozen when a duel starts."""
import json

import pytest

from duels.engine.spells import spell_from_dict
from spells.snapshot import catalog_snapshot, spell_to_engine_dict
from tests.factories.spells import MagicTypeFactory, ModulationFactory, SpellFactory

pytestmark = pytest.mark.django_db


def test_spell_to_engine_dict_is_exactly_the_rules_vocabulary():
    spell = SpellFactory(slug="souffle", name="Souffle", level=3, range=4, tags=["ZONE"], target="zone", radius=1,
                         magic_type=MagicTypeFactory(slug="malefices"), effect={"push": 2, "damage": 1},
                         bonus={"push": 3})
    ModulationFactory(spell=spell, level=5, effect={"push": 4}, bonus=None)
    assert spell_to_engine_dict(spell) == {
        "slug": "souffle", "name": "Souffle", "level": 3, "range": 4, "type": "malefices", "tags": ["ZONE"],
        "target": "zone", "radius": 1, "effect": {"damage": 1, "push": 2}, "bonus": {"push": 3},
        "modulations": [{"level": 5, "effect": {"push": 4}}],
    }
    assert list(spell_to_engine_dict(spell)["effect"]) == ["damage", "push"]  # §7 order of application
    assert spell_from_dict(spell_to_engine_dict(spell)).radius == 1


def test_optional_keys_are_left_out():
    spell = SpellFactory(slug="trait", effect={"damage": 2})
    assert spell_to_engine_dict(spell) == {
        "slug": "trait", "name": spell.name, "level": 1, "range": 5, "type": None, "tags": [], "target": "opponent",
        "effect": {"damage": 2},
    }


def test_snapshot_is_ordered_by_slug_and_costs_two_queries(django_assert_num_queries):
    for slug in ("zeta", "alpha", "mu"):
        ModulationFactory(spell=SpellFactory(slug=slug, magic_type=MagicTypeFactory()))
    with django_assert_num_queries(2):
        snapshot = catalog_snapshot()
    assert [spell["slug"] for spell in snapshot] == ["alpha", "mu", "zeta"]


def test_editing_a_spell_never_changes_a_taken_snapshot():
    spell = SpellFactory(slug="trait", effect={"damage": 2})
    ModulationFactory(spell=spell, level=3, effect={"damage": 4})
    stored = json.dumps(catalog_snapshot())  # what a duel keeps when it starts

    spell.effect["damage"] = 9  # in place, as an admin form or a careless caller might
    spell.level = 2
    spell.save()
    spell.modulations.update(effect={"damage": 7})
    SpellFactory(slug="nouveau")

    assert json.loads(stored)[0]["effect"] == {"damage": 2}
    assert json.loads(stored)[0]["modulations"] == [{"level": 3, "effect": {"damage": 4}}]
    assert len(json.loads(stored)) == 1
    assert {s["slug"]: s["effect"] for s in catalog_snapshot()}["trait"] == {"damage": 9}  # the live catalog moved


def test_snapshot_holds_no_reference_to_the_rows():
    spell = SpellFactory(effect={"damage": 2})
    snapshot = catalog_snapshot()
    snapshot[0]["effect"]["damage"] = 5
    spell.refresh_from_db()
    assert spell.effect == {"damage": 2}
    direct = spell_to_engine_dict(spell)
    direct["effect"]["damage"] = 6
    assert spell.effect == {"damage": 2}
