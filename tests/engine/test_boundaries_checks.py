"""Refused posts at their edges (RULES.md §4.1): every step of a post is checked, not only the first.
Found by mutation testing: each test fails when one check stops early or moves by one."""
from duels.engine import check_post
from tests.support.engine import cast, mv, post, state


def test_a_live_post_carrying_a_roll_on_its_second_step_is_refused():
    # the server rolls after checking: a roll anywhere in a live post is refused, not only on step one
    live = post("A", mv(5), cast("bolt", "B", "123", 1))
    assert check_post(state(), live, require_rolls=False) == "invalid-roll"
    assert check_post(state(), post("A", mv(5), cast("bolt", "B", "123")), require_rolls=False) is None
