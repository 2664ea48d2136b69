"""The rating-history chart, drawn on the server: plain geometry for an inline SVG.

:func:`rating_chart` is a pure function from an entry's rating points to coordinates, axis
ticks and a description in words; the template (``web/bot.html``) only writes them out.
No script, no library: it prints and reads the same everywhere, and a screen reader gets
the description.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

WIDTH, HEIGHT = 640, 360
LEFT, RIGHT = 56.0, 12.0
ELO_TOP, ELO_BOTTOM = 24.0, 150.0
SKILL_TOP, SKILL_BOTTOM = 186.0, 312.0
"""The chart's size and its plots' edges, in SVG units."""


class Point(Protocol):
    """An entry's ratings after its ``games``-th rated match."""

    @property
    def games(self) -> int: ...
    @property
    def elo(self) -> float: ...
    @property
    def mu(self) -> float: ...
    @property
    def sigma(self) -> float: ...


@dataclass(frozen=True)
class Tick:
    """A labelled mark on an axis, ``at`` its coordinate in the SVG."""

    at: float
    label: str


@dataclass(frozen=True)
class Panel:
    """One plot of the chart, between ``top`` and ``bottom``: a line (SVG ``points``), an
    optional band around it (a polygon's ``points``) and the y axis's ticks."""

    title: str
    top: float
    bottom: float
    line: str
    band: str
    ticks: tuple[Tick, ...]


@dataclass(frozen=True)
class RatingChart:
    """The chart's geometry: Elo above, μ with its ±3σ band below, over the matches played."""

    width: int
    height: int
    left: float
    right: float
    elo: Panel
    skill: Panel
    x_ticks: tuple[Tick, ...]
    x_title: str
    description: str
    x_axis: float = SKILL_BOTTOM
    x_labels: float = SKILL_BOTTOM + 18
    x_title_at: float = SKILL_BOTTOM + 40

    @property
    def panels(self) -> tuple[Panel, Panel]:
        """Both plots, top first."""
        return (self.elo, self.skill)


def nice_ticks(low: float, high: float, most: int = 5, least_step: float = 0.0) -> list[float]:
    """Round values covering ``low``..``high`` with a step of 1, 2 or 5 times a power of ten
    (``least_step`` at least), about ``most`` of them.

    >>> nice_ticks(1461.5, 1538.2)
    [1460.0, 1480.0, 1500.0, 1520.0, 1540.0]
    >>> nice_ticks(0, 7, 4), nice_ticks(0, 1, 6, least_step=1)
    ([0.0, 5.0, 10.0], [0.0, 1.0])
    >>> nice_ticks(3, 3)
    [3.0]
    """
    if high <= low:
        return [float(low)]
    raw = (high - low) / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = max(least_step, next(m * power for m in (1, 2, 5, 10) if m * power >= raw))
    first = math.floor(low / step) * step
    count = math.ceil((high - first) / step - 1e-9)
    return [float(round(first + i * step, 10)) for i in range(count + 1)]


def _scale(lo: float, hi: float, a: float, b: float) -> Callable[[float], float]:
    """The linear map of ``lo``..``hi`` onto ``a``..``b``."""
    span = (hi - lo) or 1.0
    return lambda v: round(a + (v - lo) * (b - a) / span, 1)


def _label(value: float) -> str:
    return f"{value:g}" if abs(value) < 1e5 else f"{value:.3g}"


def _panel(
    title: str,
    *,
    top: float,
    bottom: float,
    xs: list[float],
    line: list[float],
    band: tuple[list[float], list[float]] | None,
) -> Panel:
    lows = band[0] if band else line
    highs = band[1] if band else line
    ticks = nice_ticks(min(lows), max(highs), 4)
    if len(ticks) == 1:
        ticks = [ticks[0] - 1, ticks[0], ticks[0] + 1]
    y = _scale(ticks[0], ticks[-1], bottom, top)
    polygon = ""
    if band:
        around = [*zip(xs, map(y, band[1]), strict=True)]
        around += [*zip(xs[::-1], map(y, band[0][::-1]), strict=True)]
        polygon = " ".join(f"{px:g},{py:g}" for px, py in around)
    return Panel(
        title,
        top,
        bottom,
        " ".join(f"{px:g},{y(v):g}" for px, v in zip(xs, line, strict=True)),
        polygon,
        tuple(Tick(y(t), _label(t)) for t in ticks),
    )


def rating_chart(points: Sequence[Point]) -> RatingChart | None:
    """The chart of ``points`` (in order of matches played, the ratings before the first
    match first), or None when there are fewer than two.

    >>> from collections import namedtuple
    >>> P = namedtuple("P", "games elo mu sigma")
    >>> chart = rating_chart([P(0, 1500, 25, 8), P(4, 1532, 27, 6)])
    >>> chart.elo.line, [t.label for t in chart.elo.ticks]
    ('56,150 628,49.2', ['1500', '1520', '1540'])
    >>> chart.skill.band
    '56,209.1 628,217.5 628,293.1 56,309.9'
    >>> [t.label for t in chart.x_ticks]
    ['0', '1', '2', '3', '4']
    >>> print(chart.description)  # doctest: +NORMALIZE_WHITESPACE
    Over 4 rated matches: Elo from 1500 to 1532 (lowest 1500, highest 1532);
    μ from 25.0 to 27.0, ± 3σ from 24.0 to 18.0.
    """
    if len(points) < 2:
        return None
    last_game = max(p.games for p in points) or 1
    x_ticks = [t for t in nice_ticks(0, last_game, 6, least_step=1) if t <= last_game]
    x = _scale(0, last_game, LEFT, WIDTH - RIGHT)
    xs = [x(p.games) for p in points]
    elos = [p.elo for p in points]
    mus = [p.mu for p in points]
    first, last = points[0], points[-1]
    elo = _panel("Elo", top=ELO_TOP, bottom=ELO_BOTTOM, xs=xs, line=elos, band=None)
    skill = _panel(
        "μ ± 3σ",
        top=SKILL_TOP,
        bottom=SKILL_BOTTOM,
        xs=xs,
        line=mus,
        band=([p.mu - 3 * p.sigma for p in points], [p.mu + 3 * p.sigma for p in points]),
    )
    description = (
        f"Over {last.games} rated matches: Elo from {first.elo:.0f} to {last.elo:.0f} "
        f"(lowest {min(elos):.0f}, highest {max(elos):.0f}); μ from {first.mu:.1f} to "
        f"{last.mu:.1f}, ± 3σ from {3 * first.sigma:.1f} to {3 * last.sigma:.1f}."
    )
    return RatingChart(
        WIDTH,
        HEIGHT,
        LEFT,
        WIDTH - RIGHT,
        elo,
        skill,
        tuple(Tick(x(t), _label(t)) for t in x_ticks),
        "rated matches played",
        description,
    )
