"""A duellist's record beyond the champions table's lines: favourite spells, head-to-head against
each opponent, and their champion points over the season (a chart). Reads only: a fixed number of
queries whatever the number of duels."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Duellist
from common import charts
from duels.models import Participant, Post
from rankings.models import Outcome, Result, Season
from spells.models import Spell


@dataclass
class HeadToHead:
    opponent: Duellist
    duels: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0  # disqualifications count as losses here


def favourite_spells(duellist: Duellist, *, top: int = 5) -> list[tuple[str, str, int]]:
    """(slug, name, casts) of the spells they cast most, in every duel's published posts."""
    counts: Counter[str] = Counter()
    for steps in Post.objects.filter(participant__duellist=duellist).values_list("steps", flat=True):
        counts.update(step["cast"] for step in steps or [] if isinstance(step, dict) and step.get("cast"))
    chosen = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:top]
    names = dict(Spell.objects.filter(slug__in=[slug for slug, _n in chosen]).values_list("slug", "name"))
    return [(slug, names.get(slug, slug), n) for slug, n in chosen]


def _results(duellist: Duellist) -> list[Result]:
    return list(
        Result.objects.filter(duellist=duellist)
        .select_related("duel")
        .defer("duel__spells", "duel__state", "duel__seed")  # kilobytes a duel the record never shows
        .prefetch_related(Prefetch("duel__participants", queryset=Participant.objects.select_related("duellist")))
        .order_by("recorded_at", "pk")
    )


def head_to_head(duellist: Duellist, results: list[Result]) -> list[HeadToHead]:
    """Each opponent met in a finished duel, most met first."""
    table: dict[int, HeadToHead] = {}
    for result in results:
        participants = list(result.duel.participants.all())
        team = next((p.team for p in participants if p.duellist_id == duellist.pk), None)
        for p in participants:
            if p.team == team:
                continue
            line = table.setdefault(p.duellist_id, HeadToHead(p.duellist))
            line.duels += 1
            if result.outcome == Outcome.WIN:
                line.wins += 1
            elif result.outcome == Outcome.DRAW:
                line.draws += 1
            else:
                line.losses += 1
    return sorted(table.values(), key=lambda h: (-h.duels, h.opponent.forum_name.lower()))


def season_now() -> Season | None:
    """The season running today, else the last one that started."""
    today = timezone.localdate()
    return (Season.objects.filter(starts_on__lte=today, ends_on__gte=today).first()
            or Season.objects.filter(starts_on__lte=today).order_by("-starts_on").first())


def season_points_chart(duellist: Duellist, results: list[Result], season: Season | None) -> dict | None:
    """Their champion points added up result by result over the season (all time without a season)."""
    counted = [r for r in results if season is None
               or season.starts_on <= timezone.localdate(r.recorded_at) <= season.ends_on]
    if not counted:
        return None
    total, values, labels = 0, [0], [_("début")]
    for result in counted:
        total += result.champion_points
        values.append(total)
        labels.append(timezone.localdate(result.recorded_at).strftime("%d/%m"))
    title = (_("Points de champion sur la saison %(name)s") % {"name": season.name} if season
             else _("Points de champion depuis le premier duel"))
    series = [charts.Series(duellist.forum_name, values, colour=charts.TEAM_COLOURS[1], key=f"d{duellist.pk}")]
    return charts.line_chart(title=title, x_title=_("Duel terminé le"), labels=labels, series=series,
                             y_max=max(values) or 1)


def duellist_record(duellist: Duellist) -> dict:
    """What the duellist's page adds: favourite spells, head-to-head, the season's points chart."""
    results = _results(duellist)
    season = season_now()
    return {
        "favourite_spells": favourite_spells(duellist),
        "head_to_head": head_to_head(duellist, results),
        "season_chart": season_points_chart(duellist, results, season),
        "season": season,
    }
