"""The end of a duel and the referee's sanctions (RULES.md §3.3, §6), the page-facing reasons of
`options_for`, and the catalog file reader. Found by mutation testing."""
import json
import os

import pytest

from duels.engine import (
    DuelState,
    apply_disqualification,
    apply_forfeit,
    apply_penalty,
    options_for,
    outcome,
    resolve_action_phase,
)
from duels.engine.catalog import default_catalog_spells
from tests.support.engine import cast, duellists_2v2, post, state


def _shielded():
    s = state(duellists=duellists_2v2(), A=4, C=4, B=8, D=8)
    s.duellist("A").shield = 2
    return s


@pytest.mark.parametrize(("sanction", "status", "kind"), [
    (apply_forfeit, "forfeited", "forfeit"), (apply_disqualification, "disqualified", "disqualified")])
def test_a_sanctioned_duellist_is_out_with_their_status_shield_gone_and_hits_dropped(sanction, status, kind):
    s = resolve_action_phase(_shielded(), [post("B", cast("bolt", "A", "123", 1))]).state
    s.duellist("A").shield = 2
    assert [h.target for h in s.pending] == ["A"]
    after, events = sanction(s, "A")
    a = after.duellist("A")
    assert a.out and a.status == status and a.shield == 0
    assert after.pending == ()
    assert [(e.kind, e.target) for e in events] == [(kind, "A")]
    assert DuelState.from_dict(json.loads(json.dumps(after.to_dict()))).duellist("A").status == status
    assert not outcome(after).finished  # C still stands for team 1
    assert s.duellist("A").status == "active"  # the input state is untouched


def test_the_last_duellist_of_a_team_forfeiting_ends_the_duel():
    after, events = apply_forfeit(state(), "B")
    assert outcome(after).to_dict() == {"status": "finished", "winner": 1}
    assert [e.kind for e in events] == ["forfeit", "win"]
    with pytest.raises(ValueError):
        apply_forfeit(after, "A")


def test_a_duellist_already_out_cannot_be_sanctioned_again():
    after, _ = apply_forfeit(state(duellists=duellists_2v2()), "A")
    for sanction in (apply_forfeit, apply_disqualification):
        with pytest.raises(ValueError):
            sanction(after, "A")
    with pytest.raises(ValueError):
        apply_penalty(after, "A", 1)


@pytest.mark.parametrize(("pf", "penalty", "left", "lost", "out"), [
    (5, 0, 5, 0, False),   # a fault without a PF penalty
    (5, 4, 1, 4, False),
    (5, 5, 0, 5, True),    # to exactly 0: out
    (5, 7, 0, 5, True),    # never below 0
])
def test_a_penalty_takes_pf_down_to_zero_at_most(pf, penalty, left, lost, out):
    s = state()
    s.duellist("A").pf = pf
    after, events = apply_penalty(s, "A", penalty)
    a = after.duellist("A")
    assert (a.pf, a.out) == (left, out)
    assert [(e.kind, e.target, e.numbers) for e in events if e.kind == "penalty"] == [
        ("penalty", "A", {"pf": lost})]
    assert outcome(after).finished is out


def test_a_negative_penalty_is_refused():
    with pytest.raises(ValueError):
        apply_penalty(state(), "A", -1)


def test_a_draw_when_both_teams_are_out():
    s = state()
    s.duellist("A").status = "knocked-out"
    s.duellist("B").status = "forfeited"
    assert outcome(s).to_dict() == {"status": "finished", "winner": None}
    s.duellist("A").status = "active"
    assert outcome(s).to_dict() == {"status": "finished", "winner": 1}
    s.duellist("B").status = "active"
    assert outcome(s).to_dict() == {"status": "ongoing", "winner": None}


def test_options_say_why_a_duellist_cannot_post():
    s = state(duellists=duellists_2v2())
    out, _ = apply_forfeit(s, "A")
    assert options_for(out, "A")["reason"] == "duellist-out"
    assert options_for(out, "C")["reason"] is None
    first = resolve_action_phase(s, [post("B", cast("bolt", "A", "123", 1))])
    assert options_for(first.state, "C")["reason"] == "not-targeted"
    over, _ = apply_forfeit(apply_forfeit(s, "B")[0], "D")
    assert options_for(over, "A")["reason"] == "duel-over"
    assert options_for(over, "A")["can_post"] is False


# --- the catalog file ------------------------------------------------------------------------------

def test_a_missing_catalog_file_is_an_empty_catalog(tmp_path):
    assert default_catalog_spells(tmp_path / "none.json") == []


def test_the_catalog_file_gives_its_spells_and_is_reread_when_it_changes(tmp_path):
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps({"magic_types": [], "spells": [{"slug": "bolt"}]}), encoding="utf-8")
    assert default_catalog_spells(path) == [{"slug": "bolt"}]
    path.write_text(json.dumps({"spells": [{"slug": "jinx"}, {"slug": "blast"}]}), encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert default_catalog_spells(path) == [{"slug": "jinx"}, {"slug": "blast"}]


def test_a_catalog_file_may_be_a_bare_list_but_spells_must_be_a_list(tmp_path):
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps([{"slug": "bolt"}]), encoding="utf-8")
    assert default_catalog_spells(bare) == [{"slug": "bolt"}]
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"spells": {"slug": "bolt"}}), encoding="utf-8")
    with pytest.raises(ValueError):
        default_catalog_spells(wrong)
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps({"magic_types": ["x"]}), encoding="utf-8")
    assert default_catalog_spells(empty) == []


def test_both_sides_out_in_one_declaration_is_announced_as_a_draw():
    hit = {"slug": "hit", "name": "Hit", "level": 1, "range": 10, "type": None, "tags": ["AUTO"],
           "target": "opponent", "effect": {"damage": 3}}
    s = state(spells=[hit], A=4, B=6)
    a = s.duellist("A")
    a.pm, a.pf = 0, 1  # the cost takes A to 0 PF: the spell resolves, then A is out
    s.duellist("B").pf = 3
    result = resolve_action_phase(s, [post("A", cast("hit", "B"))])
    assert result.outcome.to_dict() == {"status": "finished", "winner": None}
    assert [e.kind for e in result.events if e.kind in ("win", "draw")] == ["draw"]
    won = resolve_action_phase(state(spells=[hit], A=4, B=6), [post("A", cast("hit", "B"))])
    assert won.outcome.finished is False
    s = state(spells=[hit], A=4, B=6)
    s.duellist("B").pf = 2
    won = resolve_action_phase(s, [post("A", cast("hit", "B"))])
    assert [(e.kind, e.numbers) for e in won.events if e.kind in ("win", "draw")] == [("win", {"team": 1})]
