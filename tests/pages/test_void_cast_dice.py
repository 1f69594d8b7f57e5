"""A cast voided at resolution (its caster knocked out before it) rolled no die that anyone sees: the
declaration, its forum copy and the replay show only the dice of steps that happened, and the club's
statistics (dice fairness, spells' success) count only dice that decided something."""
import pytest
from django.test import Client
from django.urls import reverse

from duels.models import Declaration
from rankings.selectors.statistics import compute_statistics
from tests.factories.duels import TEST_SPELLS
from tests.support.duels import bet_for, declare, post, started_duel

THUNDER = {"slug": "foudre", "name": "Foudre", "level": 1, "range": 11, "type": None, "tags": ["AUTO"],
           "target": "opponent", "effect": {"damage": 30}}

pytestmark = pytest.mark.django_db


@pytest.fixture
def knocked_out_before_casting():
    """a's fatal blow (automatic, no die) lands first; b's own cast, posted second, is void (b is out)."""
    duel, referee, (a, b) = started_duel(spells=[*TEST_SPELLS, THUNDER])
    post(duel, a, [{"cast": "foudre", "target": b.engine_id}])
    b_bet = bet_for(duel, order=2, win=False)
    post(duel, b, [{"cast": "bolt", "target": a.engine_id, "bet": b_bet}])
    declare(duel, referee)
    assert duel.status == "finished"
    declaration = Declaration.objects.get()
    assert len(declaration.rolls) == 1  # b's die was derived before resolution
    assert any(e["kind"] == "voided" and e["actor"] == b.engine_id for e in declaration.events)
    return duel, a, b, declaration


def test_the_void_cast_shows_no_die(knocked_out_before_casting):
    duel, a, b, declaration = knocked_out_before_casting
    b_roll = next(r for r in declaration.rolls if r["by"] == b.engine_id)
    page = Client().get(reverse("duels:duel", args=[duel.pk])).content.decode()
    name = b.duellist.forum_name
    assert "Foudre" in page
    assert f"{name} : pari {b_roll['bet']}, dé {b_roll['roll']}" not in page  # neither on the page nor the copy
    assert "pari perdu" not in page and "pari gagné" not in page
    replay = Client().get(reverse("rankings:duel", args=[duel.pk])).content.decode()
    assert f"pari {b_roll['bet']}" not in replay and "pari perdu" not in replay


def test_statistics_count_only_the_dice_that_decided(knocked_out_before_casting):
    stats = compute_statistics()
    assert stats.dice.total == 0 and sum(stats.rolls_by_kind.values()) == 0
    bolt = next((s for s in stats.spells if s.slug == "bolt"), None)
    assert bolt is None or bolt.rolled == 0
