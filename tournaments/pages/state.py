"""A tournament's rows, loaded in a fixed number of queries, and the engine's view of them: the bracket
(single elimination, or the elimination stage after the groups), the group standings, the Swiss standings.
Entrants are the engine's ids by their primary key; names come from the duellists (a pair: "A & B")."""
from __future__ import annotations

from dataclasses import dataclass, field

from tournaments import engine
from tournaments.models import Entrant, Match, Outcome, Round, Stage, Tournament, TournamentFormat

OUTCOMES = {Outcome.A: engine.A_WON, Outcome.B: engine.B_WON, Outcome.DRAW: engine.DRAW}


@dataclass
class Loaded:
    tournament: Tournament
    entrants: list[Entrant]
    rounds: list[Round]
    matches: list[Match]

    @property
    def names(self) -> dict[int, str]:
        return {entrant.pk: entrant_label(entrant) for entrant in self.entrants}


def entrant_label(entrant: Entrant) -> str:
    if entrant.partner_id:
        return f"{entrant.duellist.forum_name} & {entrant.partner.forum_name}"
    return entrant.duellist.forum_name


def load_entrants(tournament: Tournament) -> list[Entrant]:
    """The entrants with their duellists, by seed then sign-up: one query."""
    return list(Entrant.objects.filter(tournament=tournament).select_related("duellist", "partner")
                .order_by("seed", "registered_at", "pk"))


def load(tournament: Tournament) -> Loaded:
    """The tournament's entrants (with their duellists), rounds and matches: three queries."""
    entrants = load_entrants(tournament)
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    by_pk = {r.pk: r for r in rounds}
    matches = list(Match.objects.filter(tournament=tournament)
                   .order_by("round_id", "group", "bracket_round", "slot", "replay"))
    for match in matches:
        match.round = by_pk[match.round_id]  # no query per match for its round
    matches.sort(key=lambda m: (m.round.number, m.group, m.bracket_round, m.slot, m.replay))
    return Loaded(tournament, entrants, rounds, matches)


def result_of(match: Match) -> engine.Result | None:
    """The engine's result of a decided match with two sides (None for a bye or an open match)."""
    if not match.outcome or match.side_b_id is None:
        return None
    return engine.Result(match.side_a_id, match.side_b_id, OUTCOMES[match.outcome], match.how or engine.PLAYED,
                         pf_left=(match.pf_left_a, match.pf_left_b), faults=(match.faults_a, match.faults_b))


@dataclass
class Progress:
    """What the engine makes of the rows: `bracket` (a BracketState, or None before the elimination
    stage), `groups` ([(group number, standings)]), `swiss` (standings, or None)."""
    bracket: engine.BracketState | None = None
    groups: list[tuple[int, tuple[engine.Standing, ...]]] = field(default_factory=list)
    swiss: tuple[engine.Standing, ...] | None = None
    error: str = ""  # the engine's error code when the stored rows do not make a tournament


def _elimination_results(matches: list[Match]) -> dict[engine.MatchKey, engine.Result]:
    found = {}
    for match in matches:
        result = result_of(match)
        if result is not None and match.round.stage == Stage.ELIMINATION:
            found[engine.MatchKey(match.bracket_round, match.slot, match.replay)] = result
    return found


def _seed_order_of_first_round(matches: list[Match], qualifiers: int) -> list[int] | None:
    """The elimination stage's seed order as it was drawn, read back from its round-1 matches (line 2s-1
    is side a of slot s, line 2s side b): the bracket in play, even after a corrected group result."""
    first = [m for m in matches if m.round.stage == Stage.ELIMINATION and m.bracket_round == 1 and m.replay == 0]
    size = 2
    while size < qualifiers:
        size *= 2
    positions = engine.seeding_positions(size)
    order: dict[int, int] = {}
    for match in first:
        order[positions[2 * match.slot - 2]] = match.side_a_id
        if match.side_b_id is not None:
            order[positions[2 * match.slot - 1]] = match.side_b_id
    if sorted(order) != list(range(1, qualifiers + 1)):
        return None
    return [order[seed] for seed in range(1, qualifiers + 1)]


def progress(loaded: Loaded) -> Progress:
    """The engine's view of the tournament (nothing before the draw: no seed order yet)."""
    tournament = loaded.tournament
    seed_order = list(tournament.seed_order or [])
    if len(seed_order) < 2:
        return Progress()
    options = {"third_place": tournament.third_place, "draw_rule": tournament.draw_rule}
    try:
        if tournament.format == TournamentFormat.SINGLE_ELIMINATION:
            bracket = engine.build_bracket(list(tournament.elimination_order or seed_order), **options)
            return Progress(bracket=engine.bracket_state(bracket, _elimination_results(loaded.matches)))
        if tournament.format == TournamentFormat.SWISS:
            swiss = [m for m in loaded.matches if m.round.stage == Stage.SWISS]
            results = [r for r in map(result_of, swiss) if r is not None]
            byes = [m.side_a_id for m in swiss if m.side_b_id is None]
            return Progress(swiss=engine.swiss_standings(seed_order, results, byes))
        return _groups_progress(loaded, seed_order, options)
    except engine.TournamentError as error:
        return Progress(error=error.code)


def _groups_progress(loaded: Loaded, seed_order: list, options: dict) -> Progress:
    tournament = loaded.tournament
    groups = engine.snake_groups(seed_order, tournament.group_count or 1)
    tables = []
    for number, members in enumerate(groups, start=1):
        results = [r for m in loaded.matches if m.group == number and m.round.stage == Stage.GROUP
                   for r in [result_of(m)] if r is not None]
        tables.append((number, engine.standings(members, results)))
    found = Progress(groups=tables)
    if any(m.round.stage == Stage.ELIMINATION for m in loaded.matches):
        per_group = tournament.qualifiers_per_group or 1
        order = (list(tournament.elimination_order)  # frozen when the stage was drawn
                 or _seed_order_of_first_round(loaded.matches, per_group * len(groups)))
        bracket = (engine.build_bracket(order, **options) if order
                   else engine.elimination_from_groups([t for _n, t in tables], per_group, **options))
        found.bracket = engine.bracket_state(bracket, _elimination_results(loaded.matches))
    return found
