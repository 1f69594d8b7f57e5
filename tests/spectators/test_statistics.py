"""The club's statistics page: figures checked by hand on small fixed data sets, and from real duels."""
import re

import pytest
from django.urls import reverse

from duels.models import Declaration
from duels.services import forfeit
from rankings.selectors.statistics import chi_square_p_value_df5, dice_fairness
from tests.support.duels import bet_for, declare, post, started_duel

pytestmark = pytest.mark.django_db


def test_chi_square_by_hand():
    # 60 dice: 10, 12, 8, 9, 11, 10 of each face; expected 10 each.
    # χ² = (0² + 2² + 2² + 1² + 1² + 0²) / 10 = 10 / 10 = 1.0
    rolls = [1] * 10 + [2] * 12 + [3] * 8 + [4] * 9 + [5] * 11 + [6] * 10
    fair = dice_fairness(rolls)
    assert fair.counts == [10, 12, 8, 9, 11, 10] and fair.total == 60 and fair.expected == 10
    assert fair.chi_square == pytest.approx(1.0)
    # p = erfc(√0.5) + √(2/π)·e^(−0.5)·(1 + 1/3) = 0.3173 + 0.7979 × 0.6065 × 1.3333 = 0.9626 (tables: 0.9626)
    assert fair.p_value == pytest.approx(0.9626, abs=1e-4)
    assert fair.looks_fair


def test_a_loaded_die_is_flagged():
    # 30 dice, every one a 6: χ² = (5 × 5² + 25²) / 5 = (125 + 625) / 5 = 150
    loaded = dice_fairness([6] * 30)
    assert loaded.chi_square == pytest.approx(150.0) and not loaded.looks_fair and loaded.p_value < 1e-6


def test_p_value_at_the_critical_value():
    assert chi_square_p_value_df5(11.070) == pytest.approx(0.05, abs=5e-4)
    assert chi_square_p_value_df5(0) == 1.0


def test_statistics_page_counts_the_dice_of_finished_duels_only(client, django_assert_max_num_queries):
    finished, referee, (a, b) = started_duel()
    post(finished, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(finished, order=1, win=True)}])
    post(finished, b, [{"cast": "spark", "target": a.engine_id, "bet": bet_for(finished, order=2, win=False)}])
    declare(finished, referee)
    forfeit(duel=finished, by=a.duellist.user)
    running, referee2, (c, d) = started_duel()
    post(running, c, [{"cast": "bolt", "target": d.engine_id, "bet": bet_for(running, order=1, win=True)}])
    post(running, d, [])
    declare(running, referee2)

    rolls = [r["roll"] for decl in Declaration.objects.filter(window__duel=finished) for r in decl.rolls]
    assert len(rolls) == 2
    with django_assert_max_num_queries(8):
        page = client.get(reverse("rankings:statistics")).content.decode()
    expected = dice_fairness(rolls)
    counts = [int(n) for n in re.findall(r'<tr><th scope="row">[1-6]</th><td class="num">(\d+)</td></tr>', page)]
    assert counts == expected.counts  # the running duel's die is not counted
    assert f'data-chi-square="{expected.chi_square}"' in page
    spells = re.findall(r'data-spell="([^"]+)"', page)
    assert set(spells) == {"bolt", "spark"}
    bolt = page[page.index('data-spell="bolt"'):]
    bolt = bolt[:bolt.index("</tr>")]
    assert "100.0 %" in bolt.replace(",", ".")  # the one bolt rolled won
    assert "D'après 1 duel terminé." in page
