"""The interface other layers code against: JSON round trip of the state and of spells,
`options_for` (what the pages show), expected posters, events."""
import json
import random

import pytest

from duels.engine import (
    DuelState,
    check_post,
    expected_posters,
    new_duel_state,
    options_for,
    resolve_action_phase,
    resolve_defence_phase,
    spell_from_dict,
)
from duels.engine.autoplay import random_scenario
from tests.engine.sample_spells import SAMPLE_SPELLS
from tests.support.engine import cast, duellists_1v1, duellists_2v2, mv, post, state


def test_every_sample_spell_round_trips():
    for data in SAMPLE_SPELLS:
        parsed = spell_from_dict(data)
        assert spell_from_dict(parsed.to_dict()) == parsed


def test_spell_from_dict_ignores_catalog_keys_and_refuses_others():
    data = {**SAMPLE_SPELLS[0], "incantation": "Boltus", "description": "…", "name_en": "Bolt"}
    assert spell_from_dict(data).slug == "bolt"
    with pytest.raises(ValueError, match="unknown key 'colour'"):
        spell_from_dict({**SAMPLE_SPELLS[0], "colour": "red"})
    with pytest.raises(ValueError, match="summoning spell targets a zone"):
        spell_from_dict({**SAMPLE_SPELLS[0], "effect": {"summon": {"name": "x", "pf": 1, "damage": 1,
                                                                     "range": 1, "turns": 1}}})


def test_state_round_trips_through_json_at_every_declaration():
    rng = random.Random(7)
    data = random_scenario(rng, SAMPLE_SPELLS, max_turns=15)
    s = new_duel_state(format="2v2", rp=data["duel"]["rp"], duellists=data["duellists"],
                       spells=[spell_from_dict(x) for x in SAMPLE_SPELLS])
    for t in data["turns"]:
        for posts, resolve in ((t["actions"], resolve_action_phase), (t.get("defence"), resolve_defence_phase)):
            if posts is None:
                continue
            s = resolve(s, posts).state
            reloaded = DuelState.from_dict(json.loads(json.dumps(s.to_dict())))
            assert reloaded == s
            s = reloaded


def test_new_duel_state_validates_teams():
    with pytest.raises(ValueError):
        new_duel_state(format="2v2", rp=False, duellists=duellists_1v1(), spells=[])


def test_expected_posters_in_each_phase():
    s = state(duellists=duellists_2v2())
    assert expected_posters(s) == ["A", "B", "C", "D"]
    first = resolve_action_phase(s, [post("B", cast("bolt", "A", "123", 1)), post("D", cast("bolt", "C", "123", 1))])
    assert expected_posters(first.state) == ["A", "C"]


def test_options_moves_respect_blocking_and_pf():
    s = state(A=4, B=7)
    s.duellist("A").pf = 2
    moves = options_for(s, "A")["moves"]
    assert moves == [{"zone": 2, "cost": 2, "knocks_out": True}, {"zone": 3, "cost": 1, "knocks_out": False},
                     {"zone": 5, "cost": 1, "knocks_out": False}, {"zone": 6, "cost": 2, "knocks_out": True}]


def test_options_off_the_stage_offer_every_free_zone_with_its_climb_cost():
    options = options_for(state(A=0, B=1), "A")
    assert [(m["zone"], m["cost"]) for m in options["moves"]] == [(z, z) for z in range(2, 12)]
    assert options_for(state(A=4, B=12), "B")["moves"][-1] == {"zone": 11, "cost": 1, "knocks_out": False}
    low = state(A=0, B=8)
    low.duellist("A").pf = 3
    assert [(m["zone"], m["knocks_out"]) for m in options_for(low, "A")["moves"]] == [(1, False), (2, False),
                                                                                       (3, True)]


def test_options_off_the_stage_only_climbs():
    options = options_for(state(A=0), "A")
    assert options["spells"] == []
    assert options["moves"][0] == {"zone": 1, "cost": 1, "knocks_out": False}


def test_options_spells_with_odds_bonus_overlevel_and_reach():
    s = state(duellists=duellists_1v1(a_types=("malefices",)))
    spells = {entry["slug"]: entry for entry in options_for(s, "A")["spells"]}
    bolt = spells["bolt"]["variants"][0]
    assert [(b["bet"], b["effect"], b["probability"]) for b in bolt["bets"]] == [
        ("123", "bonus", 0.5), ("456", "bonus", 0.5), ("1234", "normal", 4 / 6), ("3456", "normal", 4 / 6)]
    assert spells["jinx"]["targets"] == [{"id": "B", "kind": "duellist", "team": 2, "pos": 8, "distance": 4,
                                         "in_reach": False}]
    big = spells["big"]["variants"]
    assert [(v["overlevel"], v["cost"], [b["bet"] for b in v["bets"]]) for v in big] == [(True, 4, ["12", "34", "56"])]
    assert "stupefix" not in spells  # level 5 for a year 3
    assert [b["bet"] for b in spells["shock"]["variants"][0]["bets"]] == [None]


def test_options_hide_a_spell_cast_last_turn_and_modulations_above_the_year():
    s = state(duellists=duellists_1v1(a_year=4))
    s = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 6))]).state
    spells = {entry["slug"]: entry for entry in options_for(s, "A")["spells"]}
    assert "bolt" not in spells
    assert [v["modulation"] for v in spells["jinx"]["variants"]] == [None, 4]


def test_unavailable_spells_say_why():
    s = state(duellists=duellists_1v1(a_year=3))
    s = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 6))]).state
    options = options_for(s, "A")
    unavailable = {u["slug"]: u for u in options["unavailable_spells"]}
    assert unavailable["bolt"]["code"] == "same-spell-twice"
    assert unavailable["bolt"]["reason"] == "lancé au tour précédent"
    assert unavailable["stupefix"]["code"] == "spell-level"
    assert unavailable["stupefix"]["reason"] == "niveau 5 : au-delà de votre année"
    assert "big" not in unavailable  # level 4 = year + 1: the overlevel attempt is offered
    offered = {entry["slug"] for entry in options["spells"]}
    assert not offered & set(unavailable)  # a spell is either offered or explained, never both
    assert offered | set(unavailable) == set(s.spells)  # and none silently disappears


def test_an_overlevel_spell_says_the_attempt_was_used():
    s = state(duellists=duellists_1v1(a_year=3))
    s.duellist("A").overlevels = 1
    unavailable = {u["slug"]: u for u in options_for(s, "A")["unavailable_spells"]}
    assert unavailable["big"]["code"] == "overlevel-used"
    assert unavailable["big"]["reason"].startswith("niveau 4 : tentative de niveau supérieur")


def test_options_in_defence():
    s = state()
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1))])
    options = options_for(first.state, "B")
    assert options["can_post"] and options["moves"] == [] and options["spells"] == []
    defence = options["defence"]
    assert defence["dodge"]["cost"] == 2 and not defence["dodge"]["void"]
    assert [entry["slug"] for entry in defence["spells"]] == ["shield", "shield-duo"]  # protego-maxima: level 5
    assert defence["pending_hits"][0]["spell"] == "bolt"
    assert options_for(first.state, "A")["reason"] == "not-targeted"


def test_options_are_json_and_every_offered_cast_is_accepted():
    rng = random.Random(3)
    for seed in range(5):
        s = state(duellists=duellists_2v2(years=(1, 4, 6, 8)), rp=bool(seed % 2))
        for duellist_id in "ABCD":
            options = options_for(s, duellist_id)
            json.dumps(options)
            for entry in options["spells"]:
                for variant in entry["variants"]:
                    for target in entry["targets"]:
                        for bet in variant["bets"]:
                            step = {"cast": entry["slug"]}
                            if "zone" in target:
                                step["zone"] = target["zone"]
                            else:
                                step["target"] = target["id"]
                            if variant["modulation"]:
                                step["modulation"] = variant["modulation"]
                            if variant["overlevel"]:
                                step["overlevel"] = True
                            if bet["bet"]:
                                step.update(bet=bet["bet"], roll=rng.randint(1, 6))
                            assert check_post(s, {"by": duellist_id, "steps": [step]}, require_rolls=True) is None
            for move in options["moves"]:
                assert check_post(s, post(duellist_id, mv(move["zone"])), require_rolls=True) is None


def test_events_carry_structure_and_a_french_sentence():
    s = state()
    result = resolve_action_phase(s, [post("A", mv(5), cast("bolt", "B", "123", 2))])
    move, cast_event = result.events
    assert move.to_dict() == {"kind": "move", "actor": "A", "target": None, "spell": None, "roll": None,
                              "outcome": "moved", "numbers": {"from": 4, "to": 5, "wanted": 5, "pf": 1},
                              "text": "A se déplace de la zone 4 à la zone 5 (1 PF).",
                              "msgid": "%(actor)s se déplace de la %(start)s à la zone %(end)s (%(pf)s PF).",
                              "params": {"actor": "A", "start": {"msgid": "zone %(pos)s", "params": {"pos": 4}},
                                         "end": 5, "pf": 1}}
    assert cast_event.text == "A lance Bolt sur B (1 PM, pari 123, dé 2) : réussi, B doit se défendre."
    assert (cast_event.spell, cast_event.roll, cast_event.outcome) == ("bolt", 2, "pending")
