"""Charts drawn on the server as SVG (no JS build): this module computes the geometry (any app's
figures), the template `rankings/_chart.html` draws it and prints the same figures as a table for screen readers.

A chart is a plain dict so templates can read it: title, size, axes ticks, and either `series`
(lines: one per duellist) or `bars`, plus `table` (header row and rows of the same numbers)."""
from __future__ import annotations

from dataclasses import dataclass, field

WIDTH = 640
HEIGHT = 240
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 14, 40  # room for the y ticks and the x labels

# Team colours of estrade.css; a teammate gets a dashed line so two lines of one team stay apart.
TEAM_COLOURS = {1: "#1c4f8a", 2: "#8a3b12"}
DASHES = ["", "6 4", "2 3"]


@dataclass
class Series:
    label: str
    values: list[float | None]
    colour: str = "#2b261e"
    dash: str = ""
    key: str = ""  # a stable id for the series (tests, CSS)
    points: str = ""
    dots: list[tuple[float, float, float]] = field(default_factory=list)


def _nice_max(value: float) -> float:
    """The y axis' top: the smallest of 1, 2, 5 × 10^k above the data (at least 1)."""
    if value <= 1:
        return 1
    step = 1
    while True:
        for factor in (1, 2, 5):
            if value <= factor * step:
                return factor * step
        step *= 10


def _ticks(top: float) -> list[float]:
    """Round steps: 1, 5, 10, 50… split in five, 2, 20… in four."""
    count = 4 if str(int(top) if top >= 1 else top).lstrip("0.")[:1] == "2" else 5
    return [top * i / count for i in range(count + 1)]


def _scale(index: int, n: int, value: float, top: float) -> tuple[float, float]:
    inner_w = WIDTH - LEFT - RIGHT
    inner_h = HEIGHT - TOP - BOTTOM
    x = LEFT + (inner_w * index / (n - 1) if n > 1 else inner_w / 2)
    y = TOP + inner_h * (1 - value / top if top else 1)
    return round(x, 1), round(y, 1)


def _y_axis(top: float) -> list[dict]:
    return [{"value": int(t) if float(t).is_integer() else round(t, 1), "y": _scale(0, 1, t, top)[1]}
            for t in _ticks(top)]


def _x_axis(labels: list[str]) -> list[dict]:
    n = len(labels)
    every = max(1, n // 10)  # at most about ten labels under the axis; the table has them all
    return [{"label": label, "x": _scale(i, n, 0, 1)[0]} for i, label in enumerate(labels)
            if i % every == 0 or i == n - 1]


def _top(highest: float, *, counts: bool) -> float:
    """The y axis' top; whole numbers (points, duels, dice) get whole ticks (at least 0…5)."""
    return max(_nice_max(highest), 5) if counts else _nice_max(highest)


def _all_whole(values) -> bool:
    return all(float(v).is_integer() for v in values if v is not None)


def line_chart(*, title: str, x_title: str, labels: list[str], series: list[Series], y_max: float | None = None) -> dict:
    """Lines over the same x positions; a None value breaks the line (a duellist out of the duel)."""
    values = [v for s in series for v in s.values if v is not None]
    top = _top(y_max if y_max is not None else max(values, default=1), counts=_all_whole(values))
    n = len(labels)
    for s in series:
        parts, dots = [], []
        for i, value in enumerate(s.values):
            if value is None:
                continue
            x, y = _scale(i, n, value, top)
            parts.append(f"{x},{y}")
            dots.append((x, y, value))
        s.points = " ".join(parts)
        s.dots = dots
    return {
        "kind": "line", "title": title, "width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT,
        "top": TOP, "bottom": HEIGHT - BOTTOM, "y_ticks": _y_axis(top), "x_ticks": _x_axis(labels),
        "series": series, "x_title": x_title,
        "table": {"head": [x_title, *[s.label for s in series]],
                  "rows": [[label, *[s.values[i] if s.values[i] is not None else "—" for s in series]]
                           for i, label in enumerate(labels)]},
    }


def bar_chart(*, title: str, x_title: str, y_title: str, labels: list[str], values: list[float],
              expected: float | None = None) -> dict:
    """Bars, with an optional horizontal reference line (e.g. what a fair die would give)."""
    top = _top(max([*values, expected or 0], default=1), counts=_all_whole(values))
    n = max(len(labels), 1)
    inner_w = WIDTH - LEFT - RIGHT
    slot = inner_w / n
    bars = []
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        y = _scale(0, 1, value, top)[1]
        bars.append({"label": label, "value": value, "x": round(LEFT + i * slot + slot * 0.15, 1),
                     "width": round(slot * 0.7, 1), "y": y, "height": round(HEIGHT - BOTTOM - y, 1),
                     "centre": round(LEFT + i * slot + slot / 2, 1)})
    return {
        "kind": "bar", "title": title, "width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT,
        "top": TOP, "bottom": HEIGHT - BOTTOM, "y_ticks": _y_axis(top), "bars": bars, "x_title": x_title,
        "expected_y": _scale(0, 1, expected, top)[1] if expected is not None else None, "expected": expected,
        "table": {"head": [x_title, y_title], "rows": [[label, value] for label, value in zip(labels, values, strict=True)]},
    }
