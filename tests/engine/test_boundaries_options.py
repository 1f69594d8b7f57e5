"""`options_for`, the figures the action form shows: what statuses and the stage allow, the
odds and effects of each bet, targets, and the defence phase. Each must agree with RULES.md."""
from duels.engine import apply_forfeit, options_for, resolve_action_phase
from tests.support.engine import cast, duellists_1v1, duellists_2v2, post, state


def _spell(options, slug):
    return next(entry for entry in options["spells"] if entry["slug"] == slug)


def test_the_points_block_shows_the_duellist_as_they_stand():
    s = state(A=4, B=8)
    a = s.duellist("A")
    a.pf, a.pm, a.shield, a.disarmed = 9, 3, 1, True
    options = options_for(s, "A")
    assert (options["duellist"], options["turn"], options["phase"], options["can_post"]) == ("A", 1, "action", True)
    assert options["points"] == {"pf": 9, "pm": 3, "pos": 4, "on_stage": True, "stunned": False, "disarmed": True,
                                 "bound": False, "shield": 1}
    assert options_for(state(A=0, B=8), "A")["points"]["on_stage"] is False
    assert options_for(state(A=12, B=8), "A")["points"]["on_stage"] is False


def test_statuses_take_away_what_they_forbid():
    s = state(A=4, B=8)
    s.duellist("A").stunned = True
    stunned = options_for(s, "A")
    assert stunned["moves"] == [] and stunned["spells"] == []
    s = state(A=4, B=8)
    s.duellist("A").bound = True
    bound = options_for(s, "A")
    assert bound["moves"] == [] and bound["spells"] != []
    s = state(A=4, B=8)
    s.duellist("A").disarmed = True
    disarmed = options_for(s, "A")
    assert disarmed["moves"] != [] and disarmed["spells"] == []


def test_a_move_blocked_where_it_starts_is_not_offered():
    s = state(duellists=duellists_2v2(), A=4, C=4, B=3, D=5)
    zones = [m["zone"] for m in options_for(s, "A")["moves"]]
    assert zones == []  # both neighbours hold opponents
    s = state(duellists=duellists_2v2(), A=4, C=5, B=3, D=7)
    assert [m["zone"] for m in options_for(s, "A")["moves"]] == [5, 6]  # a teammate does not block


def test_bets_show_their_odds_and_what_they_give():
    s = state(duellists=duellists_1v1(a_types=("malefices",)), A=4, B=8)
    options = options_for(s, "A")
    bolt = _spell(options, "bolt")
    assert bolt["own_type"] is True
    assert [(b["bet"], b["odds"], b["gives"]["damage"]) for b in bolt["variants"][0]["bets"]] == [
        ("123", "3/6", 3), ("456", "3/6", 3), ("1234", "4/6", 2), ("3456", "4/6", 2)]
    shock = _spell(options, "shock")
    assert shock["own_type"] is False
    assert [(b["bet"], b["odds"], b["probability"], b["effect"]) for b in shock["variants"][0]["bets"]] == [
        (None, "6/6", 1.0, "normal")]
    repel = _spell(options_for(state(A=4, B=8), "A"), "repel")  # type defense: own type of the default duellist
    assert repel["own_type"] is True


def test_an_overlevel_variant_offers_the_three_two_number_bets():
    s = state(duellists=duellists_1v1(a_year=3), A=4, B=8)
    big = _spell(options_for(s, "A"), "big")
    [variant] = big["variants"]
    assert (variant["overlevel"], variant["cost"]) == (True, 4)
    assert [(b["bet"], b["odds"], round(b["probability"], 3)) for b in variant["bets"]] == [
        ("12", "2/6", 0.333), ("34", "2/6", 0.333), ("56", "2/6", 0.333)]


def test_targets_leave_out_duellists_already_out_and_list_creatures():
    s = state(duellists=duellists_2v2(), A=4, C=4, B=8, D=9)
    s, _ = apply_forfeit(s, "D")
    s = resolve_action_phase(s, [post("B", cast("snake", zone=6, bet="123", roll=1))]).state
    bolt = _spell(options_for(s, "A"), "bolt")
    assert [(t["id"], t["kind"], t["team"], t["pos"], t["distance"], t["in_reach"]) for t in bolt["targets"]] == [
        ("B", "duellist", 2, 8, 4, True), ("B#1", "creature", 2, 6, 2, True)]
    mend = _spell(options_for(s, "A"), "mend")
    assert [(t["id"], t["in_reach"]) for t in mend["targets"]] == [("A", True), ("C", True)]


def test_defence_options_mark_only_the_first_pending_hit_dodgeable():
    s = state(duellists=duellists_2v2(), A=4, C=4, B=6, D=8)
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1)), post("C", cast("jinx", "B", "123", 1))])
    options = options_for(first.state, "B")
    assert options["moves"] == [] and options["spells"] == [] and options["unavailable_spells"] == []
    hits = options["defence"]["pending_hits"]
    assert [(h["caster"], h["spell"], h["effect"]["damage"], h["dodgeable"]) for h in hits] == [
        ("A", "bolt", 2, True), ("C", "jinx", 3, False)]
    assert [b["bet"] for b in options["defence"]["dodge"]["bets"]] == ["123", "456"]
    assert options["defence"]["nothing"] is True
    assert {entry["slug"] for entry in options["defence"]["spells"]} <= {"shield", "shield-duo", "protego-maxima"}
    assert options_for(first.state, "D")["defence"] is None and not options_for(first.state, "D")["can_post"]


def test_defence_off_the_stage_offers_no_spell():
    s = state(A=4, B=6)
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1))])
    first.state.duellist("B").pos = 12
    defence = options_for(first.state, "B")["defence"]
    assert defence["spells"] == [] and defence["pending_hits"] and defence["dodge"]["void"] is False


def test_defence_options_give_every_figure_of_the_hit_and_the_dodge():
    first = resolve_action_phase(state(A=4, B=6), [post("A", cast("bolt", "B", "123", 1))])
    defence = options_for(first.state, "B")["defence"]
    assert defence["pending_hits"] == [{"caster": "A", "spell": "bolt", "spell_name": "Bolt", "effect": {"damage": 2},
                                        "dodgeable": True}]
    assert defence["dodge"] == {"cost": 2, "void": False, "bets": [{"bet": "123", "probability": 0.5, "odds": "3/6"},
                                                                   {"bet": "456", "probability": 0.5, "odds": "3/6"}]}


def test_a_castable_spell_shows_what_the_form_needs_to_describe_it():
    options = options_for(state(A=4, B=8), "A")
    described = {key: value for key, value in _spell(options, "blast").items() if key not in ("variants", "targets")}
    assert described == {"slug": "blast", "name": "Blast", "level": 3, "type": "malefices", "tags": ["ZONE"],
                         "target": "zone", "range": 7, "radius": 1, "own_type": False}


def test_a_cast_paid_from_the_last_pf_is_shown_as_knocking_out():
    s = state(A=4, B=8)
    s.duellist("A").pm, s.duellist("A").pf = 0, 1
    [plain] = _spell(options_for(s, "A"), "bolt")["variants"]
    assert (plain["cost"], plain["pm_paid"], plain["pf_paid"], plain["affordable"], plain["knocks_out"]) == (
        1, 0, 1, True, True)


def test_a_modulation_variant_is_no_overlevel_attempt():
    s = state(duellists=duellists_1v1(a_year=4), A=4, B=6)
    variants = _spell(options_for(s, "A"), "jinx")["variants"]
    assert [(v["modulation"], v["overlevel"], v["cost"]) for v in variants] == [(None, False, 2), (4, False, 4)]


def test_a_prodigium_member_in_an_rp_duel_is_offered_the_ordinary_bets_on_the_overlevel_attempt():
    s = state(duellists=duellists_1v1(A={"prodigium": True}), rp=True, A=4, B=8)
    [variant] = _spell(options_for(s, "A"), "big")["variants"]
    assert [b["bet"] for b in variant["bets"]] == ["123", "456"]
