"""The duel state at its edges (RULES.md §2.3–2.5; the JSON round trip of duels/engine/state.py): defaults
of a duellist's optional keys, states stored without creatures or pending hits, a lean state with or
without its catalog snapshot, and catalogs of different duels never mixed up. Found by mutation testing
."""
import json
import uuid

from duels.engine import DuelState, new_duel_state, resolve_action_phase, spell_from_dict
from duels.engine.state import magic_type_count
from tests.support.engine import BOLT_D2, duellists_1v1, post


def test_one_magic_type_up_to_year_five_and_two_from_year_six():
    assert [magic_type_count(year) for year in range(1, 9)] == [1, 1, 1, 1, 1, 2, 2, 2]


def test_a_duellist_without_types_or_prodigium_has_none():
    built = new_duel_state(format="1v1", rp=True, duellists=[{"id": "A", "team": 1, "year": 1},
                                                              {"id": "B", "team": 2, "year": 8}], spells=[])
    a = built.duellist("A")
    assert (a.types, a.prodigium, a.pf, a.pm, a.pos) == ((), False, 10, 5, 4)
    assert (built.format, built.rp, built.turn, built.phase) == ("1v1", True, 1, "action")


def test_a_resolution_keeps_the_duels_format_and_rp_flag():
    built = new_duel_state(format="2v2", rp=True, duellists=[
        {"id": i, "team": t, "year": 3} for i, t in (("A", 1), ("B", 2), ("C", 1), ("D", 2))], spells=[])
    after = resolve_action_phase(built, [post("A")]).state
    assert (after.format, after.rp) == ("2v2", True)


def _minimal_stored_state():
    """A stored state as older documents hold it: no creatures, pending hits, casts nor catalog."""
    full = new_duel_state(format="1v1", rp=False, duellists=duellists_1v1(), spells=[]).to_dict(catalog=False)
    for key in ("creatures", "pending"):
        del full[key]
    for duellist in full["duellists"]:
        del duellist["casts"]
    return full


def test_a_stored_state_without_creatures_pending_hits_or_casts_loads_with_none():
    loaded = DuelState.from_dict(_minimal_stored_state())
    assert (loaded.creatures, loaded.pending, loaded.spells) == ((), (), {})
    assert [d.casts for d in loaded.duellists] == [(), ()]


def test_a_lean_state_takes_the_snapshot_given_and_a_full_one_its_own_catalog():
    snapshot = [BOLT_D2]
    lean = DuelState.from_dict(_minimal_stored_state(), spells=snapshot)
    assert list(lean.spells) == ["bolt"]
    full = new_duel_state(format="1v1", rp=False, duellists=duellists_1v1(),
                          spells=[spell_from_dict(BOLT_D2)]).to_dict()
    assert list(DuelState.from_dict(full, spells=[{**BOLT_D2, "slug": "other"}]).spells) == ["bolt"]


def _fresh_catalog(damage):
    """A catalog this process has never loaded (a slug of its own), so nothing is cached for it yet."""
    return [{**BOLT_D2, "slug": f"bolt-{uuid.uuid4().hex}", "effect": {"damage": damage}}]


def test_two_duels_with_different_catalogs_each_get_their_own_spells():
    first, second = _fresh_catalog(2), _fresh_catalog(7)
    stored = _minimal_stored_state()
    for catalog in (first, second, first):
        loaded = DuelState.from_dict(stored, spells=catalog)
        [(slug, parsed)] = loaded.spells.items()
        assert (slug, parsed.effect.damage) == (catalog[0]["slug"], catalog[0]["effect"]["damage"])


def test_a_pending_hit_round_trips_exactly_dodged_or_not():
    built = new_duel_state(format="1v1", rp=False, duellists=duellists_1v1(), spells=[spell_from_dict(BOLT_D2)])
    pending = resolve_action_phase(built, [post("A", {"cast": "bolt", "target": "B", "bet": "123", "roll": 1})]).state
    pending.pending[0].dodged = True
    stored = json.loads(json.dumps(pending.to_dict()))
    assert stored["pending"] == [{"caster": "A", "target": "B", "spell": "bolt", "effect": {"damage": 2},
                                  "dodged": True}]
    assert DuelState.from_dict(stored).to_dict() == stored
    del stored["pending"][0]["dodged"]
    assert DuelState.from_dict(stored).pending[0].dodged is False
