"""RULES.md §3 Stage and turn: start zones, distance and range, the turn's phases, the end."""
from duels.engine import apply_forfeit, outcome
from tests.support.engine import (
    cast,
    dodge,
    duellists_2v2,
    mv,
    play,
    points,
    post,
    spell,
    state,
    turn,
)


def test_team_1_starts_in_zone_4_and_team_2_in_zone_8_teammates_together():
    s = state(duellists=duellists_2v2())
    assert [(d.id, d.pos) for d in s.duellists] == [("A", 4), ("B", 8), ("C", 4), ("D", 8)]
    assert (s.turn, s.phase) == (1, "action")


def test_range_reaches_a_target_at_distance_equal_to_range():
    # bolt has range 5; A moves to 3 (1 PF): distance 5 to B in 8 -> reaches, B does not defend
    result = play(turn(post("A", mv(3), cast("bolt", "B", "123", 1))))
    assert result["turns"][0]["second"]["state"]["B"]["pf"] == 16 - 2
    assert points(result, "A") == (15, 7, 3, False)


def test_range_one_short_misses_but_is_paid():
    # A moves to 2 (2 PF): distance 6 > 5
    result = play(turn(post("A", mv(2), cast("bolt", "B", "123", 1))))
    assert points(result, "A") == (14, 7, 2, False)
    assert points(result, "B") == (16, 8, 8, False)
    assert result["turns"][0]["second"] is None


def test_turn_without_pending_hit_ends_at_first_declaration():
    result = play(turn(post("A", cast("bolt", "B", "123", 5))), turn(post("A", mv(5))))
    assert [t["turn"] for t in result["turns"]] == [1, 2]
    assert result["turns"][0]["second"] is None
    assert result["duellists"]["A"]["pos"] == 5


def test_turn_with_pending_hit_has_a_second_declaration():
    result = play(turn(post("A", cast("bolt", "B", "123", 2)), defence=[post("B", dodge("456", 4))]))
    first, second = result["turns"][0]["first"], result["turns"][0]["second"]
    assert first["state"]["B"]["pf"] == 16
    assert second["state"]["B"]["pf"] == 14  # dodged, paid 2


def test_knockout_ends_the_duel_and_the_other_team_wins():
    finisher = spell("finisher", level=1, tags=["AUTO"], effect={"damage": 16})
    result = play(turn(post("A", cast("finisher", "B"))), spells=[finisher])
    assert (result["status"], result["winner"]) == ("finished", 1)
    assert result["duellists"]["B"] == {"pf": 0, "pm": 8, "pos": 8, "out": True}


def test_acting_first_knocks_out_before_the_opponent_acts():
    finisher = spell("finisher", level=1, tags=["AUTO"], effect={"damage": 16})
    result = play(turn(post("A", cast("finisher", "B")), post("B", cast("finisher", "A"))), spells=[finisher])
    assert (result["status"], result["winner"]) == ("finished", 1)
    assert result["duellists"]["A"]["pf"] == 16


def test_both_teams_out_at_the_same_declaration_is_a_draw():
    # B drains A's PM and leaves A at 3 PF; A then casts a level-3 spell paying its last 3 PF: the
    # spell resolves (B knocked out), then A is out too -> both teams out -> draw
    costly = spell("costly", level=3, tags=["AUTO"], effect={"damage": 16})
    drain_all = spell("drain-all", level=1, tags=["AUTO"], effect={"drain": 8, "damage": 13})
    result = play(turn(post("B", cast("drain-all", "A")), post("A", cast("costly", "B"))),
                  spells=[costly, drain_all])
    assert points(result, "A") == (0, 0, 4, True)
    assert points(result, "B") == (0, 7, 8, True)
    assert (result["status"], result["winner"]) == ("finished", None)


def test_2v2_win_needs_both_opponents_out():
    finisher = spell("finisher", level=1, range=9, tags=["AUTO"], effect={"damage": 16})
    result = play(turn(post("A", cast("finisher", "B"))), spells=[finisher], duellists=duellists_2v2())
    assert result["status"] == "ongoing"
    result = play(turn(post("A", cast("finisher", "B")), post("C", cast("finisher", "D"))),
                  spells=[finisher], duellists=duellists_2v2())
    assert (result["status"], result["winner"]) == ("finished", 1)


def test_forfeit_counts_as_out_for_the_win():
    s = state()
    after, events = apply_forfeit(s, "B")
    assert outcome(after).winner == 1
    assert [e.kind for e in events] == ["forfeit", "win"]
    assert outcome(s).status == "ongoing"  # the input state is unchanged
