"""RULES.md §1.1: one calendar month on the forum and at least 50 posts."""
import datetime as dt

import pytest

from accounts.models import Duellist
from accounts.services.members import add_one_calendar_month, eligibility


def member(joined: dt.date, posts: int = 50, rp_year=None) -> Duellist:
    return Duellist(forum_id=1, forum_name="x", forum_joined_on=joined, forum_post_count=posts, rp_year=rp_year)


@pytest.mark.parametrize(
    ("joined", "expected"),
    [
        (dt.date(2026, 1, 31), dt.date(2026, 2, 28)),
        (dt.date(2024, 1, 31), dt.date(2024, 2, 29)),
        (dt.date(2026, 3, 31), dt.date(2026, 4, 30)),
        (dt.date(2026, 12, 15), dt.date(2027, 1, 15)),
        (dt.date(2026, 5, 10), dt.date(2026, 6, 10)),
    ],
)
def test_one_calendar_month_clamps_to_the_end_of_the_month(joined, expected):
    assert add_one_calendar_month(joined) == expected


def test_joined_31_january_is_eligible_on_28_february_2026_not_before():
    joined = dt.date(2026, 1, 31)
    assert eligibility(member(joined), dt.date(2026, 2, 28)) == []
    reasons = eligibility(member(joined), dt.date(2026, 2, 27))
    assert len(reasons) == 1
    assert "un mois" in reasons[0] and "28/02/2026" in reasons[0]


def test_49_posts_is_refused_with_the_missing_count_and_50_is_enough():
    joined = dt.date(2025, 1, 1)
    assert eligibility(member(joined, posts=50), dt.date(2026, 1, 1)) == []
    reasons = eligibility(member(joined, posts=49), dt.date(2026, 1, 1))
    assert len(reasons) == 1
    assert "50 messages" in reasons[0] and "manque 1" in reasons[0]


def test_both_conditions_failing_give_both_reasons():
    reasons = eligibility(member(dt.date(2026, 11, 20), posts=3), dt.date(2026, 11, 30))
    assert len(reasons) == 2


def test_empty_rp_year_does_not_affect_eligibility_only_the_kind_of_duel():
    # §1.2: a character outside the chronology may still fight non-RP duels.
    duellist = member(dt.date(2025, 1, 1), rp_year=None)
    assert duellist.in_chronology is False
    assert eligibility(duellist, dt.date(2026, 1, 1)) == []
