"""The club's statistics kept as duels finish equal a full recompute from every post and declaration,
on random histories with corrections; the page reads a fixed number of rows whatever the history."""
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duels.services.corrections import declaration_correct
from rankings.models import ClubFigure, DuelFigures
from rankings.selectors.statistics import club_statistics, compute_statistics
from rankings.services.statistics import statistics_rebuild
from tests.support.clubs import club_cache_warmed
from tests.support.duels import bet_for, declare, post, started_duel

pytestmark = pytest.mark.django_db

SPELLS = ("bolt", "spark", "fireball")


def random_duel(rng: random.Random):
    """A duel of a few turns of random casts and bets (some hit, some miss), ended by a fatal blow; the
    defence phases answered with nothing. Returns (duel, referee, hitter, last declaration)."""
    duel, referee, (a, b) = started_duel()
    last = {a.pk: None, b.pk: None}
    for _turn in range(rng.randint(0, 2)):
        for order, (me, them) in enumerate(((a, b), (b, a)), start=1):
            spell = rng.choice([s for s in SPELLS if s != last[me.pk]])
            last[me.pk] = spell
            steps = [] if rng.random() < 0.2 else [
                {"cast": spell, "target": them.engine_id, "bet": bet_for(duel, order=order, win=rng.random() < 0.3)}]
            if not steps:
                last[me.pk] = None
            post(duel, me, steps)
        declare(duel, referee)
        defend(duel, referee)
        if duel.status == "finished":
            return duel, referee, None, None
    hitter, hit = rng.choice([(a, b), (b, a)])
    for order, me in enumerate((a, b), start=1):
        post(duel, me, [{"cast": "coup", "target": hit.engine_id, "bet": bet_for(duel, order=order, win=True)}]
             if me is hitter else [])
    declaration = declare(duel, referee)
    declaration = defend(duel, referee) or declaration
    assert duel.status == "finished"
    return duel, referee, hitter, declaration


def defend(duel, referee):
    from duels.models import SlotStatus, WindowSlot

    duel.refresh_from_db()
    if duel.status != "defence":
        return None
    for slot in WindowSlot.objects.filter(window__duel=duel, status=SlotStatus.WAITING).select_related(
            "participant__duellist__user"):
        post(duel, slot.participant, [{"nothing": True}])
    return declare(duel, referee)


def same(kept, full) -> None:
    assert kept.finished == full.finished and kept.per_month == full.per_month
    assert (kept.average_turns, kept.average_days) == (full.average_turns, full.average_days)
    assert [(s.slug, s.casts, s.rolled, s.won, s.odds_sum) for s in kept.spells] == [
        (s.slug, s.casts, s.rolled, s.won, s.odds_sum) for s in full.spells]
    assert (kept.dice.counts, kept.dice.chi_square, kept.dice.p_value) == (
        full.dice.counts, full.dice.chi_square, full.dice.p_value)
    assert kept.rolls_by_kind == full.rolls_by_kind


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kept_figures_equal_a_full_recompute_on_random_histories_with_corrections(seed):
    rng = random.Random(seed)
    for _ in range(4):
        duel, referee, hitter, declaration = random_duel(rng)
        if hitter is not None and rng.random() < 0.6:  # the blow backfires: the other side wins
            declaration_correct(declaration=declaration, by=referee, reason="Sort interdit", adjustments=[
                {"target": hitter.engine_id, "kind": "pf", "delta": -30, "reason": "Retour du sort"}])
        same(club_statistics(), compute_statistics())
    assert DuelFigures.objects.count() == club_statistics().finished  # one contribution a duel, corrections included
    kept = dict(ClubFigure.objects.values_list("name", "value"))
    statistics_rebuild()
    assert {k: v for k, v in kept.items() if v} == dict(ClubFigure.objects.values_list("name", "value"))


def test_the_statistics_page_reads_the_same_rows_with_more_duels(client):
    rng = random.Random(7)
    random_duel(rng)
    club_cache_warmed()  # the middleware's club lookup is cached: the page's own queries only
    with CaptureQueriesContext(connection) as few:
        assert client.get(reverse("rankings:statistics")).status_code == 200
    for _ in range(3):
        random_duel(rng)
    with CaptureQueriesContext(connection) as many:
        page = client.get(reverse("rankings:statistics"))
    assert len(many) == len(few) <= 4
    assert not any("duels_post" in q["sql"] or "duels_declaration" in q["sql"] for q in many.captured_queries)
    assert page.context["stats"].finished == 4
