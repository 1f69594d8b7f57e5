"""The shipped catalog (spells/catalog/default.json): valid, complete, usable by the engine."""
import json
from collections import Counter, defaultdict

import pytest

from duels.engine.replay import replay
from duels.engine.spells import TAGS, TARGET_KINDS, spell_from_dict
from spells.catalog_format import DEFAULT_CATALOG_PATH, canonical_spell, validate_catalog_data
from spells.services import catalog_load
from spells.snapshot import catalog_snapshot
from spells.validation import EFFECT_KEYS

CATALOG = json.loads(DEFAULT_CATALOG_PATH.read_text(encoding="utf-8"))
SPELLS = CATALOG["spells"]
BY_SLUG = {spell["slug"]: spell for spell in SPELLS}


def effects_of(spell):
    yield spell["effect"]
    if spell.get("bonus"):
        yield spell["bonus"]
    for modulation in spell.get("modulations", []):
        yield modulation["effect"]
        if modulation.get("bonus"):
            yield modulation["bonus"]


def test_the_file_passes_validation():
    assert validate_catalog_data(CATALOG) == []


def test_the_file_is_in_canonical_form():
    """What catalog_export writes: key order, tag order, defaults; diffs stay readable."""
    assert SPELLS == [canonical_spell(spell) for spell in SPELLS]
    assert SPELLS == sorted(SPELLS, key=lambda s: (s["level"], s["slug"]))


def test_the_engine_reads_every_spell():
    for spell in SPELLS:
        assert spell_from_dict(spell).slug == spell["slug"]


def test_size_and_magic_types():
    assert len(SPELLS) >= 40
    assert len(CATALOG["magic_types"]) >= 5
    levels_by_type = defaultdict(set)
    for spell in SPELLS:
        levels_by_type[spell["type"]].add(spell["level"])
    for magic_type in CATALOG["magic_types"]:
        assert len(levels_by_type[magic_type["slug"]]) >= 4, magic_type["slug"]


def test_every_level_has_several_spells():
    counts = Counter(spell["level"] for spell in SPELLS)
    assert all(counts[level] >= 4 for level in range(1, 9)), counts


def test_every_tag_target_and_effect_key_is_used():
    assert {tag for spell in SPELLS for tag in spell["tags"]} == set(TAGS)
    assert {spell["target"] for spell in SPELLS} == set(TARGET_KINDS)
    assert {key for spell in SPELLS for effect in effects_of(spell) for key in effect} == set(EFFECT_KEYS)
    assert any("radius" in spell and spell["radius"] > 0 for spell in SPELLS)
    assert any(spell["type"] is None for spell in SPELLS)


def test_a_good_share_has_bonus_effects_and_modulations():
    assert sum("bonus" in spell for spell in SPELLS) >= len(SPELLS) / 2
    assert sum("modulations" in spell for spell in SPELLS) >= len(SPELLS) / 4


def test_harry_potter_spells_are_there():
    incantations = {spell["incantation"] for spell in SPELLS}
    for incantation in ("Expelliarmus", "Stupéfix", "Protego", "Protego Duo", "Repulso", "Flipendo", "Incarcerem",
                        "Petrificus Totalus", "Confringo", "Bombarda", "Serpensortia", "Avis", "Episkey",
                        "Vulnera Sanentur", "Levicorpus", "Rictusempra", "Everte Statim", "Reducto",
                        "Impedimenta", "Expulso", "Sectumsempra"):
        assert incantation in incantations
    assert BY_SLUG["sectumsempra"]["level"] == 8


@pytest.mark.parametrize(("slug", "team"), [("protego", False), ("protego-duo", True)])
def test_protego_shields_the_caster_in_the_defence_phase(slug, team):
    spell = BY_SLUG[slug]
    assert spell["tags"] == ["AUTO", "DEFENCE"] and spell["target"] == "self"
    assert spell["effect"] == {"shield": {"charges": 1, "team": team}}


@pytest.mark.django_db
def test_loading_gives_the_whole_catalog_to_the_snapshot():
    catalog_load(data=CATALOG)
    snapshot = catalog_snapshot()
    assert [spell["slug"] for spell in snapshot] == sorted(BY_SLUG)
    for spell in snapshot:
        expected = {k: v for k, v in BY_SLUG[spell["slug"]].items() if k not in ("incantation", "description")}
        assert spell == expected


def test_replay_uses_the_default_catalog_when_a_scenario_has_none():
    """SCENARIOS.md: without `spells`, `manage.py replay` plays with this file."""
    result = replay({
        "duel": {"format": "1v1"},
        "duellists": [{"id": "A", "team": 1, "year": 1, "types": ["malefices"]},
                      {"id": "B", "team": 2, "year": 1, "types": ["defense"]}],
        "turns": [{"actions": [{"by": "A", "steps": [{"cast": "furunculus", "target": "B", "bet": "123",
                                                        "roll": 1}]}],
                   "defence": [{"by": "B", "steps": [{"cast": "protego"}]}]}],
    })
    assert result["error"] is None
    assert result["duellists"]["A"]["pm"] == 4  # Furunculus costs 1 PM
    assert result["duellists"]["B"]["pf"] == 10 and result["duellists"]["B"]["pm"] == 4  # Protego stopped it
