"""The club's statistics page (/classement/statistiques/): duels per month, average length, the spells
most cast with their observed success rate next to the odds, and the fairness of the server's dice.

Only finished duels count. The page reads the club's sums, kept as duels finish
(`club_statistics`, rankings.services.statistics); `compute_statistics` computes the same figures
from every post and declaration (for checks and tests)."""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils import timezone

from duels.engine import chance
from duels.models import Declaration, DeclarationStatus, Duel, DuelStatus, Post
from duels.selectors.rolls import rolls_that_decided
from rankings.models import ClubFigure
from spells.models import Spell

FACES = range(1, 7)
CRITICAL_5_PERCENT_DF5 = 11.070  # chi-square with 5 degrees of freedom: exceeded by chance 5 % of the time


def chi_square_p_value_df5(x: float) -> float:
    """P(χ² with 5 degrees of freedom ≥ x), in closed form (odd degrees of freedom):
    erfc(√(x/2)) + √(2x/π)·e^(−x/2)·(1 + x/3)."""
    if x <= 0:
        return 1.0
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)


@dataclass
class DiceFairness:
    counts: list[int]  # faces 1..6
    total: int
    expected: float
    chi_square: float
    p_value: float
    degrees_of_freedom: int = 5
    critical: float = CRITICAL_5_PERCENT_DF5

    @property
    def looks_fair(self) -> bool:
        return self.chi_square <= self.critical

    @property
    def shares(self) -> list[float]:
        return [round(100 * c / self.total, 1) if self.total else 0 for c in self.counts]


def dice_fairness(rolls) -> DiceFairness:
    """Pearson's chi-square of the faces rolled against a fair d6 (each face expected total/6 times)."""
    counter = Counter(r for r in rolls if r in FACES)
    return _fairness([counter[f] for f in FACES])


@dataclass
class SpellFigures:
    slug: str
    name: str
    casts: int = 0
    rolled: int = 0
    won: int = 0
    odds_sum: Fraction = Fraction(0)

    @property
    def observed(self) -> float | None:
        """Share of the rolled casts whose bet won (%)."""
        return round(100 * self.won / self.rolled, 1) if self.rolled else None

    @property
    def expected(self) -> float | None:
        """The mean of the odds the duellists bet at (%): what fair dice would give."""
        return round(float(100 * self.odds_sum / self.rolled), 1) if self.rolled else None


@dataclass
class ClubStatistics:
    finished: int
    per_month: list[tuple[str, int]]
    average_turns: float | None
    average_days: float | None
    spells: list[SpellFigures]
    dice: DiceFairness
    rolls_by_kind: dict[str, int] = field(default_factory=dict)


def _duel_figures() -> tuple[int, list[tuple[str, int]], float | None, float | None]:
    rows = list(Duel.objects.filter(status=DuelStatus.FINISHED).values_list("finished_at", "started_at", "turn"))
    months = Counter(timezone.localtime(finished).strftime("%Y-%m") for finished, _s, _t in rows)
    turns = [turn for _f, _s, turn in rows]
    days = [(finished - started).total_seconds() / 86400 for finished, started, _t in rows if started]
    return (
        len(rows),
        sorted(months.items()),
        round(sum(turns) / len(turns), 1) if turns else None,
        round(sum(days) / len(days), 1) if days else None,
    )


def _spell_and_dice_figures(spell_names: dict[str, str], top: int) -> tuple[list[SpellFigures], DiceFairness, dict]:
    spells: dict[str, SpellFigures] = {}

    def figures(slug: str) -> SpellFigures:
        return spells.setdefault(slug, SpellFigures(slug, spell_names.get(slug, slug)))

    for steps in Post.objects.filter(participant__duel__status=DuelStatus.FINISHED).values_list("steps", flat=True):
        for step in steps or []:
            if isinstance(step, dict) and step.get("cast"):
                figures(step["cast"]).casts += 1
    faces, kinds = [], Counter()
    declarations = Declaration.objects.filter(window__duel__status=DuelStatus.FINISHED,
                                              status=DeclarationStatus.PUBLISHED)
    for rolls, events in declarations.values_list("rolls", "events"):
        for roll in rolls_that_decided(rolls, events):  # a voided step's die, or one that missed anyway: not counted
            faces.append(roll.get("roll"))
            kinds[roll.get("kind", "bet")] += 1
            if roll.get("kind", "bet") == "bet" and roll.get("spell"):
                spell = figures(roll["spell"])
                spell.rolled += 1
                spell.won += bool(roll.get("success"))
                spell.odds_sum += chance(roll.get("bet") or None)
    ranked = sorted(spells.values(), key=lambda s: (-s.casts, -s.rolled, s.name))[:top]
    return ranked, dice_fairness(faces), dict(kinds)


def compute_statistics(*, top_spells: int = 10) -> ClubStatistics:
    finished, per_month, average_turns, average_days = _duel_figures()
    names = dict(Spell.objects.values_list("slug", "name"))
    spells, dice, kinds = _spell_and_dice_figures(names, top_spells)
    return ClubStatistics(finished, per_month, average_turns, average_days, spells, dice, kinds)


def club_statistics(*, top_spells: int = 10) -> ClubStatistics:
    """The page's figures from the club's sums (ClubFigure, kept as duels finish by
    `rankings.services.statistics`): a few rows, whatever the number of duels. Equal to
    `compute_statistics()`, which reads every post and declaration."""
    sums = {name: value for name, value in ClubFigure.objects.values_list("name", "value") if value}
    finished, started = sums.get("duels", 0), sums.get("started", 0)
    per_month = sorted((name.removeprefix("month:"), n) for name, n in sums.items() if name.startswith("month:"))
    slugs = {name.split(":", 1)[1] for name in sums if name.startswith(("cast:", "rolled:"))}
    names = dict(Spell.objects.filter(slug__in=slugs).values_list("slug", "name"))
    spells = []
    for slug in slugs:
        figures = SpellFigures(slug, names.get(slug, slug), casts=sums.get(f"cast:{slug}", 0),
                               rolled=sums.get(f"rolled:{slug}", 0), won=sums.get(f"won:{slug}", 0),
                               odds_sum=Fraction(sums.get(f"odds6:{slug}", 0), 6))
        spells.append(figures)
    ranked = sorted(spells, key=lambda s: (-s.casts, -s.rolled, s.name))[:top_spells]
    dice = _fairness([sums.get(f"face:{face}", 0) for face in FACES])
    kinds = {name.removeprefix("kind:"): n for name, n in sums.items() if name.startswith("kind:")}
    return ClubStatistics(
        finished, per_month,
        round(sums.get("turns", 0) / finished, 1) if finished else None,
        round(sums.get("duration_us", 0) / 1_000_000 / 86400 / started, 1) if started else None,
        ranked, dice, kinds,
    )


def _fairness(counts: list[int]) -> DiceFairness:
    """`dice_fairness` from the faces' counts."""
    total = sum(counts)
    expected = total / 6
    chi = sum((c - expected) ** 2 / expected for c in counts) if total else 0.0
    return DiceFairness(counts, total, expected, round(chi, 3), round(chi_square_p_value_df5(chi), 4) if total else 1.0)
