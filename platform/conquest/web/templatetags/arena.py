"""Template filters of the website: numbers as people read them, and seat colours."""

from __future__ import annotations

from django import template

register = template.Library()

SEAT_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
"""One colour per seat (Okabe and Ito's palette, told apart by colour-blind people too);
the viewer's script uses the same list."""


@register.filter
def seat_colour(seat: int | None) -> str:
    """The colour of ``seat`` (grey for nobody).

    >>> seat_colour(1), seat_colour(None)
    ('#d55e00', '#9a9a9a')
    """
    return "#9a9a9a" if seat is None else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@register.filter
def percent(part: float | None, whole: float | None = None) -> str:
    """``part`` of ``whole`` (or the fraction ``part``) as a whole percentage; a dash when
    there is nothing to divide.

    >>> percent(1, 3), percent(0.5), percent(0, 0)
    ('33%', '50%', '–')
    """
    if part is None or whole == 0:
        return "–"
    fraction = part if whole is None else part / whole
    return f"{100 * fraction:.0f}%"


@register.filter
def signed(value: float | None, digits: int = 1) -> str:
    """A change with its sign: ``+12.3``, ``−4.0`` (a true minus sign), a dash for None.

    >>> signed(12.34), signed(-4), signed(None)
    ('+12.3', '−4.0', '–')
    """
    if value is None:
        return "–"
    text = f"{abs(value):.{digits}f}"
    return f"−{text}" if value < 0 and float(text) != 0 else f"+{text}"


@register.filter
def rating_band(entry) -> str:
    """An entry's μ ± 3σ, two decimals, as the leaderboards show it.

    >>> from types import SimpleNamespace
    >>> rating_band(SimpleNamespace(mu=25.0, sigma=8.333))
    '25.00 ± 25.00'
    """
    return f"{entry.mu:.2f} ± {3 * entry.sigma:.2f}"
