"""The catalog's spell format (RULES.md §7) at its edges: every malformed key is refused with the path of
the key at fault and the reason, so that staff editing the catalog (and scenario authors) can find it;
the optional keys take their documented defaults. Found by mutation testing."""
import copy

import pytest

from duels.engine import DuelState, SpellFormatError, spell_from_dict
from tests.support.engine import duellists_1v1, state

BOLT = {"slug": "bolt", "name": "Bolt", "level": 2, "range": 5, "type": "malefices", "tags": [], "target": "opponent",
        "effect": {"damage": 2}}
SNAKE = {"slug": "snake", "level": 3, "range": 4, "target": "zone", "tags": ["INVOCATION"],
         "effect": {"summon": {"name": "serpent", "pf": 3, "damage": 1, "range": 1, "turns": 2}}}
SHIELD = {"slug": "shield", "level": 1, "range": 0, "target": "self", "tags": ["AUTO", "DEFENCE"],
          "effect": {"shield": {"charges": 1}}}
DROP = object()


def changed(base, path, value):
    """A copy of `base` with the key at `path` set to `value` (or removed: DROP)."""
    data = copy.deepcopy(base)
    *parents, last = path
    here = data
    for key in parents:
        here = here[key]
    if value is DROP:
        del here[last]
    else:
        here[last] = value
    return data


@pytest.mark.parametrize("base, path, value, at, said", [
    (BOLT, ('slug',), DROP, '', "missing key 'slug'"),
    (BOLT, ('slug',), '', 'slug', "slug: expected a non-empty string, got ''"),
    (BOLT, ('level',), DROP, '', "missing key 'level'"),
    (BOLT, ('level',), 0, 'level', 'level: expected an integer 1..8, got 0'),
    (BOLT, ('level',), 9, 'level', 'level: expected an integer 1..8, got 9'),
    (BOLT, ('level',), '2', 'level', "level: expected an integer, got '2'"),
    (BOLT, ('target',), DROP, '', "missing key 'target'"),
    (BOLT, ('target',), 'x', 'target', "target: expected one of opponent, self, ally, zone, got 'x'"),
    (BOLT, ('type',), '', 'type', "type: expected a non-empty string, got ''"),
    (BOLT, ('type',), 5, 'type', 'type: expected a non-empty string, got 5'),
    (BOLT, ('effect',), DROP, '', "missing key 'effect'"),
    (BOLT, ('effect',), [], 'effect', 'effect: expected an object, got []'),
    (BOLT, ('effect', 'damage'), '2', 'effect.damage', "effect.damage: expected an integer, got '2'"),
    (BOLT, ('effect', 'damage'), -1, 'effect.damage', 'effect.damage: expected an integer >= 0, got -1'),
    (BOLT, ('effect', 'stun'), 1, 'effect.stun', 'effect.stun: expected true or false, got 1'),
    (BOLT, ('effect', 'zap'), 1, 'effect', "effect: unknown key 'zap'"),
    (BOLT, ('range',), DROP, '', "missing key 'range'"),
    (BOLT, ('range',), -1, 'range', 'range: expected an integer >= 0, got -1'),
    (BOLT, ('radius',), '1', 'radius', "radius: expected an integer, got '1'"),
    (BOLT, ('name',), '', 'name', "name: expected a non-empty string, got ''"),
    (BOLT, ('name',), 5, 'name', 'name: expected a non-empty string, got 5'),
    (BOLT, ('tags',), 'ZONE', 'tags', "tags: expected a list of tags, got 'ZONE'"),
    (BOLT, ('tags',), ['AUTO', 'X'], 'tags[1]', "tags[1]: unknown tag 'X' (expected one of AUTO, SOIN, ZONE, INVOCATION, DEFENCE)"),
    (BOLT, ('bonus',), {'damage': 'x'}, 'bonus.damage', "bonus.damage: expected an integer, got 'x'"),
    (BOLT, ('foo',), 1, '', "unknown key 'foo'"),
    (SHIELD, ('effect', 'shield'), 1, 'effect.shield', 'effect.shield: expected an object, got 1'),
    (SHIELD, ('effect', 'shield', 'charges'), DROP, 'effect.shield', "effect.shield: missing key 'charges'"),
    (SHIELD, ('effect', 'shield', 'charges'), 0, 'effect.shield.charges', 'effect.shield.charges: expected an integer >= 1, got 0'),
    (SHIELD, ('effect', 'shield', 'team'), 'yes', 'effect.shield.team', "effect.shield.team: expected true or false, got 'yes'"),
    (SNAKE, ('effect', 'summon'), [], 'effect.summon', 'effect.summon: expected an object, got []'),
    (SNAKE, ('effect', 'summon', 'name'), DROP, 'effect.summon', "effect.summon: missing key 'name'"),
    (SNAKE, ('effect', 'summon', 'name'), '', 'effect.summon.name', "effect.summon.name: expected a non-empty string, got ''"),
    (SNAKE, ('effect', 'summon', 'pf'), DROP, 'effect.summon', "effect.summon: missing key 'pf'"),
    (SNAKE, ('effect', 'summon', 'pf'), 0, 'effect.summon.pf', 'effect.summon.pf: expected an integer >= 1, got 0'),
    (SNAKE, ('effect', 'summon', 'damage'), DROP, 'effect.summon', "effect.summon: missing key 'damage'"),
    (SNAKE, ('effect', 'summon', 'damage'), -1, 'effect.summon.damage', 'effect.summon.damage: expected an integer >= 0, got -1'),
    (SNAKE, ('effect', 'summon', 'range'), DROP, 'effect.summon', "effect.summon: missing key 'range'"),
    (SNAKE, ('effect', 'summon', 'range'), -1, 'effect.summon.range', 'effect.summon.range: expected an integer >= 0, got -1'),
    (SNAKE, ('effect', 'summon', 'turns'), DROP, 'effect.summon', "effect.summon: missing key 'turns'"),
    (SNAKE, ('effect', 'summon', 'turns'), 0, 'effect.summon.turns', 'effect.summon.turns: expected an integer >= 1, got 0'),
    (SNAKE, ('target',), 'opponent', 'target', 'target: a summoning spell targets a zone'),
    (BOLT, ('modulations',), 'x', 'modulations', "modulations: expected a list, got 'x'"),
    (BOLT, ('modulations',), [5], 'modulations[0]', 'modulations[0]: expected an object, got 5'),
    (BOLT, ('modulations',), [{'effect': {'damage': 3}}], 'modulations[0]', "modulations[0]: missing key 'level'"),
    (BOLT, ('modulations',), [{'level': 2, 'effect': {'damage': 3}}], 'modulations[0].level', "modulations[0].level: a modulation's level must exceed the spell's (2)"),
    (BOLT, ('modulations',), [{'level': 9, 'effect': {'damage': 3}}], 'modulations[0].level', 'modulations[0].level: expected an integer 1..8, got 9'),
    (BOLT, ('modulations',), [{'level': 0, 'effect': {'damage': 3}}], 'modulations[0].level', 'modulations[0].level: expected an integer 1..8, got 0'),
    (BOLT, ('modulations',), [{'level': 1, 'effect': {'damage': 3}}], 'modulations[0].level', "modulations[0].level: a modulation's level must exceed the spell's (2)"),
    (BOLT, ('modulations',), [{'level': 3}], 'modulations[0]', "modulations[0]: missing key 'effect'"),
    (BOLT, ('modulations',), [{'level': 3, 'effect': {'damage': 'x'}}], 'modulations[0].effect.damage', "modulations[0].effect.damage: expected an integer, got 'x'"),
    (BOLT, ('modulations',), [{'level': 3, 'effect': {'damage': 3}, 'bonus': {'damage': 'x'}}], 'modulations[0].bonus.damage', "modulations[0].bonus.damage: expected an integer, got 'x'"),
    (BOLT, ('modulations',), [{'level': 3, 'effect': {'damage': 3}}, {'level': 3, 'effect': {'damage': 4}}], 'modulations[1].level', 'modulations[1].level: two modulations of level 3'),
])
def test_a_malformed_spell_is_refused_with_the_path_of_the_key_at_fault(base, path, value, at, said):
    with pytest.raises(SpellFormatError) as raised:
        spell_from_dict(changed(base, path, value))
    assert (raised.value.path, str(raised.value)) == (at, said)


def test_the_error_keeps_its_reason_apart_from_its_path():
    with pytest.raises(SpellFormatError) as raised:
        spell_from_dict(changed(BOLT, ("range",), -1))
    assert (raised.value.path, raised.value.message) == ("range", "expected an integer >= 0, got -1")
    with pytest.raises(SpellFormatError) as raised:
        spell_from_dict([1])
    assert (raised.value.path, str(raised.value)) == ("", "expected an object, got [1]")


def test_optional_keys_take_their_defaults():
    parsed = spell_from_dict({"slug": "bolt", "level": 1, "range": 5, "target": "opponent", "effect": {"damage": 2},
                              "name": None, "tags": None, "modulations": None, "radius": None})
    assert (parsed.name, parsed.tags, parsed.modulations, parsed.radius, parsed.type, parsed.bonus) == (
        "bolt", (), (), 0, None, None)
    assert spell_from_dict(SHIELD).effect.shield.team is False


def test_modulations_of_different_levels_are_kept_in_order_and_written_back_with_their_bonus():
    data = changed(BOLT, ("modulations",), [{"level": 3, "effect": {"damage": 3}, "bonus": {"damage": 4}},
                                            {"level": 4, "effect": {"damage": 5}}])
    parsed = spell_from_dict(data)
    assert [m.level for m in parsed.modulations] == [3, 4]
    assert parsed.to_dict() == data


def test_a_stored_pending_hit_with_a_malformed_effect_names_the_effect_key():
    stored = state(duellists=duellists_1v1()).to_dict()
    stored["phase"] = "defence"
    stored["pending"] = [{"caster": "A", "target": "B", "spell": "bolt", "effect": {"damage": "x"}}]
    with pytest.raises(SpellFormatError) as raised:
        DuelState.from_dict(stored)
    assert raised.value.path == "effect.damage"
