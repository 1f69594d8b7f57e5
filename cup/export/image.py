"""The standings as a PNG for forum posts, drawn like the duels' and tournaments' pictures (the same
library, shipped font and palette): a title bar, then one row per house — rank, a swatch of its colour,
its name, a bar for its total and the total. 600 px wide; the height follows the houses. Cached under a
hash of what is drawn (forums asking again get the cached bytes)."""
from __future__ import annotations

import hashlib
import io
import json

from django.utils.translation import gettext as _
from PIL import Image, ImageDraw

from common.cache import cached
from duels.export.images import BACKGROUND, INK, MUTED, ZONE_FILL, _fit, _font

WIDTH = 600
MARGIN = 12
TITLE_HEIGHT = 36
ROW = 34
FOOT = 10
NAME_WIDTH = 190
TOTAL_WIDTH = 90
LEADER_FILL = (255, 248, 225)


def image_size(rows: int) -> tuple[int, int]:
    return WIDTH, TITLE_HEIGHT + max(rows, 1) * ROW + FOOT


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    try:
        return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]
    except ValueError:
        return MUTED


def render_standings(lines, *, title: str) -> bytes:
    width, height = image_size(len(lines))
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title_font, name_font = _font(17), _font(15)
    draw.rectangle((0, 0, width, TITLE_HEIGHT), fill=INK)
    draw.text((MARGIN, 8), _fit(draw, title, title_font, width - 2 * MARGIN), fill=BACKGROUND, font=title_font)
    best = max([abs(line.total) for line in lines] + [1])
    bar_left = MARGIN + 34 + NAME_WIDTH
    bar_width = width - bar_left - TOTAL_WIDTH - MARGIN
    if not lines:
        draw.text((MARGIN, TITLE_HEIGHT + 9), _("Aucune maison."), fill=MUTED, font=name_font)
    for index, line in enumerate(lines):
        top = TITLE_HEIGHT + index * ROW
        if line.leader:
            draw.rectangle((0, top, width, top + ROW - 1), fill=LEADER_FILL)
        draw.text((MARGIN, top + 9), str(line.rank), fill=MUTED, font=name_font)
        draw.rectangle((MARGIN + 20, top + 8, MARGIN + 28, top + ROW - 9), fill=_rgb(line.house.colour))
        draw.text((MARGIN + 34, top + 8), _fit(draw, line.house.name, name_font, NAME_WIDTH - 8), fill=INK,
                  font=name_font)
        draw.rectangle((bar_left, top + 10, bar_left + bar_width, top + ROW - 11), fill=ZONE_FILL)
        if line.total > 0:
            filled = round(bar_width * line.total / best)
            draw.rectangle((bar_left, top + 10, bar_left + filled, top + ROW - 11), fill=_rgb(line.house.colour))
        label = _("%(n)s pts") % {"n": line.total}
        draw.text((width - MARGIN - draw.textlength(label, font=name_font), top + 8), label,
                  fill=INK, font=name_font)
        if index:
            draw.line((MARGIN, top, width - MARGIN, top), fill=ZONE_FILL)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def standings_png(lines, *, title: str) -> bytes:
    drawn = [title, [[line.rank, line.house.name, line.house.colour, line.total, line.leader] for line in lines]]
    key = hashlib.sha256(json.dumps(drawn).encode()).hexdigest()
    return cached("cup-standings-png", (key,), lambda: render_standings(lines, title=title), 60 * 60, memory=False)
