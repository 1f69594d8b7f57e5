"""A bracket (or group / Swiss standings) as a PNG for forum posts, beside the duels' stage pictures:
the same library, the same shipped font and the same caching (a hash of what is drawn).

The bracket: a title bar, the champion's line, then one column per round (the round's name on top),
each match a box of two lines ("seed name"), the winner dark on a light fill, the loser greyed, a bye
written "exempt"; lines join each match to the one its winner plays next; the third-place match sits
under the final. 800 px wide whatever the field (forum width); the height follows round 1."""
from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _
from PIL import Image, ImageDraw

from common.cache import cached
from duels.export.images import BACKGROUND, INK, MUTED, TEAM_COLOURS, ZONE_FILL, _fit, _font
from tournaments.engine import BYE, DECIDED, STALE, BracketState, Match, MatchKey, Standing

from .labels import MATCH_STATUS, entrant_name, round_name

WIDTH = 800
MARGIN = 10
TITLE_HEIGHT = 34
CHAMPION_HEIGHT = 26
HEADER_HEIGHT = 22
LINE = 18  # one side of a match
BOX = 2 * LINE
SLOT = BOX + 10  # the height one round-1 match takes
GAP = 14  # between columns, where the joining lines run
THIRD_PLACE_HEIGHT = HEADER_HEIGHT + BOX + 10

WINNER_FILL = (255, 252, 244)
ACCENT = TEAM_COLOURS[1]
STALE_COLOUR = (176, 48, 48)
GRID = (200, 190, 170)


def bracket_size(state: BracketState) -> tuple[int, int]:
    """(width, height) of the bracket picture: 800 wide, one SLOT per round-1 match."""
    bracket = state.bracket
    body = bracket.matches_in_round(1) * SLOT + (THIRD_PLACE_HEIGHT if bracket.third_place else 0)
    return WIDTH, TITLE_HEIGHT + CHAMPION_HEIGHT + HEADER_HEIGHT + body + MARGIN


def _column_width(rounds: int) -> float:
    return (WIDTH - 2 * MARGIN - GAP * (rounds - 1)) / rounds


def _box(state: BracketState, key: MatchKey) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of a match's box; a match of round r spans 2**(r-1) round-1 slots."""
    rounds = state.bracket.rounds
    width = _column_width(rounds)
    left = round(MARGIN + (key.round - 1) * (width + GAP))
    body_top = TITLE_HEIGHT + CHAMPION_HEIGHT + HEADER_HEIGHT
    if key.round == rounds and key.slot == 2:  # third place: under the bracket, in the final's column
        top = body_top + state.bracket.matches_in_round(1) * SLOT + HEADER_HEIGHT
    else:
        span = SLOT * 2 ** (key.round - 1)
        top = round(body_top + (key.slot - 1) * span + (span - BOX) / 2)
    return left, top, round(left + width), top + BOX


def _side(draw, match: Match, entrant, names, seeds, box, row: int, font, small) -> None:
    left, top, right, _bottom = box
    y = top + row * LINE
    won = match.status in (DECIDED, BYE) and match.winner is not None and entrant == match.winner
    lost = match.status == DECIDED and entrant is not None and entrant != match.winner
    draw.rectangle((left, y, right, y + LINE), fill=WINNER_FILL if won else ZONE_FILL, outline=GRID)
    if entrant is None:
        label = str(MATCH_STATUS[BYE]) if match.status == BYE else "…"
        draw.text((left + 4, y + 2), label, fill=MUTED, font=small)
        return
    seed = str(seeds[entrant])
    draw.text((left + 3, y + 3), seed, fill=MUTED, font=small)
    x = left + 6 + draw.textlength("000", font=small)
    colour = ACCENT if won else (MUTED if lost else INK)
    draw.text((x, y + 2), _fit(draw, entrant_name(names, entrant), font, right - x - 3), fill=colour, font=font)


def render_bracket(state: BracketState, names: Mapping, *, title: str) -> bytes:
    """The PNG bytes of a bracket; `names` maps entrant ids to the names shown."""
    bracket = state.bracket
    width, height = bracket_size(state)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    small, normal, bold = _font(10), _font(12), _font(17)
    seeds = {entrant: number for number, entrant in enumerate(bracket.seed_order, start=1)}

    draw.rectangle((0, 0, width, TITLE_HEIGHT), fill=INK)
    draw.text((MARGIN, 8), _fit(draw, title, bold, width - 2 * MARGIN), fill=BACKGROUND, font=bold)
    champion = state.champion
    line = (_("Vainqueur : %(name)s") % {"name": entrant_name(names, champion)} if champion is not None
            else _("Tournoi en cours"))
    draw.text((MARGIN, TITLE_HEIGHT + 5), _fit(draw, line, _font(14), width - 2 * MARGIN),
              fill=ACCENT if champion is not None else MUTED, font=_font(14))

    for number in range(1, bracket.rounds + 1):
        left, _top, right, _bottom = _box(state, MatchKey(number, 1))
        label = _fit(draw, round_name(bracket, number), normal, right - left)
        draw.text((left, TITLE_HEIGHT + CHAMPION_HEIGHT + 3), label, fill=MUTED, font=normal)

    for match in state.matches:
        box = _box(state, match.key)
        if match.key.round == bracket.rounds and match.key.slot == 2:
            draw.text((box[0], box[1] - HEADER_HEIGHT + 4), _("Petite finale"), fill=MUTED, font=normal)
        for row, entrant in enumerate((match.a, match.b)):
            _side(draw, match, entrant, names, seeds, box, row, normal, small)
        outline = STALE_COLOUR if match.status == STALE else MUTED
        draw.rectangle(box, outline=outline, width=2 if match.status == STALE else 1)
        if match.key.round < bracket.rounds:  # the line to the match its winner plays next
            after = _box(state, MatchKey(match.key.round + 1, (match.key.slot + 1) // 2))
            middle, target = (box[1] + box[3]) // 2, after[1] + (LINE if match.key.slot % 2 == 0 else 0) + LINE // 2
            elbow = box[2] + GAP // 2
            draw.line([(box[2], middle), (elbow, middle), (elbow, target), (after[0], target)], fill=GRID, width=1)

    out = io.BytesIO()
    image.quantize(colors=32, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, format="PNG", optimize=True)
    return out.getvalue()


def _fingerprint(state: BracketState, names: Mapping, title: str) -> str:
    drawn = [[str(m.key), repr(m.a), repr(m.b), m.status, repr(m.winner), m.decided_by] for m in state.matches]
    shown = sorted((repr(entrant), entrant_name(names, entrant)) for entrant in state.bracket.seed_order)
    return hashlib.sha256(json.dumps([title, state.bracket.third_place, drawn, shown]).encode()).hexdigest()


def bracket_png(state: BracketState, names: Mapping, *, title: str) -> bytes:
    """The bracket's picture, cached under a hash of what it draws (a result changes it; forums polling
    the picture get the cached bytes)."""
    return cached("tournament-bracket-png", (_fingerprint(state, names, title),),
                  lambda: render_bracket(state, names, title=title), 60 * 60, memory=False)


# Standings (groups, Swiss): one titled table per group
COLUMNS = (("rank", 36), ("name", 0), ("played", 44), ("wins", 44), ("draws", 44), ("losses", 44),
           ("points", 54), ("buchholz", 64), ("pf_left", 64), ("faults", 54))
ROW = 22


def _headers() -> dict[str, str]:
    return {"rank": _("Rang"), "name": _("Duelliste"), "played": _("J"), "wins": _("V"), "draws": _("N"),
            "losses": _("D"), "points": _("Pts"), "buchholz": _("Buchholz"), "pf_left": _("PF rest."),
            "faults": _("Fautes")}


def standings_size(tables: Sequence[tuple[str, Sequence[Standing]]]) -> tuple[int, int]:
    rows = sum(2 + len(lines) for _title, lines in tables)  # a table's title, its header, its lines
    return WIDTH, TITLE_HEIGHT + MARGIN + rows * ROW + len(tables) * MARGIN


def render_standings(tables: Sequence[tuple[str, Sequence[Standing]]], names: Mapping, *, title: str) -> bytes:
    """The PNG of one or more standings tables ((group title, standings) pairs), Buchholz when known."""
    width, height = standings_size(tables)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    normal, bold = _font(13), _font(17)
    draw.rectangle((0, 0, width, TITLE_HEIGHT), fill=INK)
    draw.text((MARGIN, 8), _fit(draw, title, bold, width - 2 * MARGIN), fill=BACKGROUND, font=bold)
    headers = _headers()
    name_width = WIDTH - 2 * MARGIN - sum(w for _k, w in COLUMNS)
    y = TITLE_HEIGHT + MARGIN
    for table_title, lines in tables:
        draw.text((MARGIN, y + 3), _fit(draw, table_title, _font(14), width - 2 * MARGIN), fill=ACCENT, font=_font(14))
        y += ROW
        for row, values in enumerate([None, *lines]):
            x = MARGIN
            if row % 2 == 1:
                draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW), fill=ZONE_FILL)
            for column, column_width in COLUMNS:
                column_width = column_width or name_width
                if values is None:
                    text, colour = headers[column], MUTED
                elif column == "name":
                    text, colour = entrant_name(names, values.entrant), INK
                else:
                    value = getattr(values, column)
                    text, colour = ("—" if value is None else str(value)), INK
                draw.text((x + 3, y + 4), _fit(draw, text, normal, column_width - 6), fill=colour, font=normal)
                x += column_width
            y += ROW
        y += MARGIN
    out = io.BytesIO()
    image.quantize(colors=32, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, format="PNG", optimize=True)
    return out.getvalue()


def standings_png(tables: Sequence[tuple[str, Sequence[Standing]]], names: Mapping, *, title: str) -> bytes:
    drawn = [[t, [[repr(s.entrant), entrant_name(names, s.entrant), s.rank, s.played, s.wins, s.draws, s.losses,
                   s.points, s.buchholz, s.pf_left, s.faults] for s in lines]] for t, lines in tables]
    digest = hashlib.sha256(json.dumps([title, drawn]).encode()).hexdigest()
    return cached("tournament-standings-png", (digest,), lambda: render_standings(tables, names, title=title),
                  60 * 60, memory=False)
