"""For the games' tests (a helper, not a plugin): the ``random()`` value that makes a roll of
one draw (:func:`engines.core.chance.roll_table`) give the outcome a test chooses."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engines.core.chance import Roll


def cell(table: Sequence[Roll], wanted: Callable[[Roll], bool]) -> float:
    """The middle of the first cell of ``table`` holding a roll that is ``wanted``: drawn
    with ``below(rng, len(table))``, it picks that roll.

    >>> from engines.core.chance import below, roll_table
    >>> table = roll_table((6,), (6, 6))
    >>> u = cell(table, lambda roll: roll.defender == (5, 2))
    >>> table[below(type("Rng", (), {"random": lambda self: u})(), len(table))].defender
    (5, 2)
    """
    index = next(i for i, roll in enumerate(table) if wanted(roll))
    return (index + 0.5) / len(table)
