"""The stage as a PNG for forum posts ([img] works everywhere, HTML in posts often does not).

Drawn with Pillow from the same view-model as the duel page (`presenters.stage`): a title line,
the 11 zones and both edges with a numbered disc per duellist and a diamond per creature, then one
legend line per duellist (name in team colour, zone, PF/PM bars) and per creature.

A published declaration never changes, so its picture is cached for ever under a key naming that
declaration (`declaration_png`); the current stage is cached under a hash of what it draws."""
from __future__ import annotations

import hashlib
import io
import json
from functools import lru_cache
from pathlib import Path

from django.utils.translation import gettext as _
from PIL import Image, ImageDraw, ImageFont

from common.cache import cached
from duels.pages.presenters import Token, Zone

WIDTH = 800
MARGIN = 10
TITLE_HEIGHT = 34
STAGE_TOP = TITLE_HEIGHT + 8
STAGE_HEIGHT = 96
EDGE_WIDTH = 48
LINE_HEIGHT = 26
BAR_WIDTH = 110
BAR_LABEL = 64  # room for "PF 32/32" before its gauge

BACKGROUND = (250, 246, 236)
INK = (43, 38, 30)
MUTED = (120, 112, 98)
ZONE_FILL = (233, 223, 199)
EDGE_FILL = (214, 206, 190)
TEAM_COLOURS = {1: (28, 79, 138), 2: (138, 59, 18)}  # --team1 / --team2 of estrade.css
PF_COLOUR = (176, 48, 48)
PM_COLOUR = (62, 92, 170)
BAR_BACK = (222, 214, 200)


FONT = Path(__file__).resolve().parent / "fonts" / "DejaVuSansCondensed.ttf"  # accents, "°", "—"; free licence


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont:
    # A font shipped with the code: the same glyphs on every server, hence the same bytes for the same stage.
    return ImageFont.truetype(str(FONT), size)


def _columns() -> list[tuple[int, int, int]]:
    """(zone number, left x, right x) for zones 0..12; the edges (0 and 12) are narrower."""
    inner = WIDTH - 2 * MARGIN - 2 * EDGE_WIDTH
    step = inner / 11
    columns = [(0, MARGIN, MARGIN + EDGE_WIDTH)]
    for n in range(1, 12):
        left = MARGIN + EDGE_WIDTH + round((n - 1) * step)
        columns.append((n, left, MARGIN + EDGE_WIDTH + round(n * step)))
    columns.append((12, WIDTH - MARGIN - EDGE_WIDTH, WIDTH - MARGIN))
    return columns


def _fit(draw: ImageDraw.ImageDraw, text: str, font, width: int) -> str:
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def _bar(draw: ImageDraw.ImageDraw, x: int, y: int, value: int, maximum: int, colour, label: str, font) -> int:
    """A labelled gauge ("PF 12/20" and a filled bar); returns the x after it."""
    draw.text((x, y + 1), label, fill=INK, font=font)
    x += BAR_LABEL
    draw.rectangle((x, y + 3, x + BAR_WIDTH, y + 14), fill=BAR_BACK)
    if maximum > 0 and value > 0:
        filled = round(BAR_WIDTH * min(value, maximum) / maximum)
        draw.rectangle((x, y + 3, x + filled, y + 14), fill=colour)
    return x + BAR_WIDTH + 16


def render_stage(zones: list[Zone], *, title: str) -> bytes:
    """The PNG bytes of one stage (zones 0..12 as `presenters.stage` builds them)."""
    duellists = [(z.number, t) for z in zones for t in z.tokens if t.kind == "duellist"]
    creatures = [(z.number, t) for z in zones for t in z.tokens if t.kind != "duellist"]
    legend_top = STAGE_TOP + STAGE_HEIGHT + 14
    height = legend_top + LINE_HEIGHT * (len(duellists) + len(creatures)) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    small, normal, bold = _font(12), _font(14), _font(17)

    draw.rectangle((0, 0, WIDTH, TITLE_HEIGHT), fill=INK)
    draw.text((MARGIN, 8), _fit(draw, title, bold, WIDTH - 2 * MARGIN), fill=BACKGROUND, font=bold)

    index = {t.id: i + 1 for i, (_zone, t) in enumerate(duellists)}
    by_zone: dict[int, list[Token]] = {z.number: z.tokens for z in zones}
    for number, left, right in _columns():
        off_stage = number in (0, 12)
        draw.rectangle((left, STAGE_TOP, right - 2, STAGE_TOP + STAGE_HEIGHT),
                       fill=EDGE_FILL if off_stage else ZONE_FILL, outline=MUTED)
        label = _("hors") if off_stage else str(number)
        width = draw.textlength(label, font=small)
        draw.text(((left + right - 2 - width) / 2, STAGE_TOP + 3), label, fill=MUTED, font=small)
        centre = (left + right - 2) // 2
        y = STAGE_TOP + 22
        for token in by_zone.get(number, []):
            colour = TEAM_COLOURS.get(token.team, MUTED)
            if token.kind == "duellist":
                fill = colour if not token.out else BAR_BACK
                draw.ellipse((centre - 11, y, centre + 11, y + 22), fill=fill, outline=colour, width=2)
                mark = str(index[token.id])
                draw.text((centre - draw.textlength(mark, font=normal) / 2, y + 4), mark,
                          fill=BACKGROUND if not token.out else colour, font=normal)
                y += 25
            else:
                draw.polygon([(centre, y), (centre + 8, y + 8), (centre, y + 16), (centre - 8, y + 8)], fill=colour)
                y += 18

    y = legend_top
    for number, token in duellists:
        colour = TEAM_COLOURS.get(token.team, MUTED)
        draw.ellipse((MARGIN, y + 1, MARGIN + 18, y + 19), fill=colour)
        mark = str(index[token.id])
        draw.text((MARGIN + 9 - draw.textlength(mark, font=small) / 2, y + 4), mark, fill=BACKGROUND, font=small)
        where = _("hors de l'estrade") if number in (0, 12) else _("zone %(n)d") % {"n": number}
        draw.text((MARGIN + 26, y + 2), _fit(draw, token.name, normal, 150), fill=colour, font=normal)
        draw.text((MARGIN + 182, y + 3), where, fill=MUTED, font=small)
        bars = max(300, round(MARGIN + 182 + draw.textlength(where, font=small) + 10))  # never over "PF 14/19"
        x = _bar(draw, bars, y + 2, token.pf, token.pf_max, PF_COLOUR, f"PF {token.pf}/{token.pf_max}", small)
        x = _bar(draw, x, y + 2, token.pm, token.pm_max, PM_COLOUR, f"PM {token.pm}/{token.pm_max}", small)
        if token.statuses:
            draw.text((x, y + 3), _fit(draw, ", ".join(token.statuses), small, WIDTH - MARGIN - x), fill=INK, font=small)
        y += LINE_HEIGHT
    for number, token in creatures:
        colour = TEAM_COLOURS.get(token.team, MUTED)
        draw.polygon([(MARGIN + 9, y + 2), (MARGIN + 17, y + 10), (MARGIN + 9, y + 18), (MARGIN + 1, y + 10)], fill=colour)
        text = _("%(name)s — zone %(zone)d — PF %(pf)d") % {"name": token.name, "zone": number, "pf": token.pf}
        draw.text((MARGIN + 26, y + 3), _fit(draw, text, normal, WIDTH - 40), fill=INK, font=normal)
        y += LINE_HEIGHT

    out = io.BytesIO()
    # A palette image: a stage has a handful of colours, so this keeps a forum picture well under 60 KB.
    image.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, format="PNG", optimize=True)
    return out.getvalue()


def _fingerprint(zones: list[Zone], title: str) -> str:
    drawn = [[z.number, [[t.kind, t.id, t.name, t.team, t.pf, t.pf_max, t.pm, t.pm_max, t.status, t.statuses]
                         for t in z.tokens]] for z in zones]
    return hashlib.sha256(json.dumps([title, drawn], default=str).encode()).hexdigest()


def stage_png(zones: list[Zone], *, title: str) -> bytes:
    """The current stage's picture, cached under a hash of what it draws (a new post or declaration
    changes the hash; polling forums asking again get the cached bytes)."""
    return cached("stage-png", (_fingerprint(zones, title),), lambda: render_stage(zones, title=title), 60 * 60,
                  memory=False)


def declaration_png(declaration, render) -> bytes:
    """A published declaration's picture: drawn once, cached for ever (`render()` draws it on a miss).
    The key names the declaration and its publication time, so a reused id (a restored database)
    never serves another declaration's picture."""
    published = declaration.published_at.timestamp() if declaration.published_at else 0
    return cached("declaration-png", (declaration.window.duel_id, declaration.pk, published), render, None,
                  memory=False)
