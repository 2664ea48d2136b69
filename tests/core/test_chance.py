"""The roll tables of :mod:`engines.core.chance`, every outcome enumerated (no sampling):
each table holds exactly the books' comparison of every ordered outcome of its dice, once, so
one uniform draw from it is a fair roll of independent fair dice.

The books: 000 "Combats" and 003 "Déterminer le sort de la bataille" (classic Risk and Risk 2210
A.D.: the highest dice compared pairwise, ties to the defender, the surplus ignored; in 2210 d6
and d8 on one scale); 004 "Guerre" (Colonisation: one die a side, two beside a general
command, summed).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import prod

import pytest

from engines.core.chance import MAX_OUTCOMES, Roll, below, roll_table
from engines.risk.match import TABLES

CLASSIC = [((6,) * a, (6,) * d) for a in (1, 2, 3) for d in (1, 2, 3)]
"""Classic Risk: 1-3 attacking d6s against 1-2 (3 in La conquête du monde)."""
COLONISATION = [((6,) * a, (6,) * d) for a in (1, 2) for d in (1, 2)]
RISK_2210 = [
    ((8,) * e + (6,) * (a - e), (8,) * f + (6,) * (d - f))
    for a in (1, 2, 3)
    for e in range(a + 1)
    for d in (1, 2)
    for f in range(d + 1)
]
"""Risk 2210 A.D.: 1-3 attacking dice, any of them a commander's d8; 1-2 defending, d8s for
its commanders or beside a station."""
EVERY_TABLE = sorted(set(CLASSIC + COLONISATION + RISK_2210))


def book_roll(attacker: tuple[int, ...], a_sides, defender: tuple[int, ...], d_sides) -> Roll:
    """One ordered outcome as the books read it, written here apart from the engine: each
    side's dice highest first (of equal faces the d8 first, as the engine lists them), then
    the highest against the highest, the second against the second, a tie to the defender."""
    a = sorted(zip(attacker, a_sides, strict=True), reverse=True)
    d = sorted(zip(defender, d_sides, strict=True), reverse=True)
    defender_losses = sum(1 for (x, _), (y, _) in zip(a, d, strict=False) if x > y)
    attacker_losses = min(len(a), len(d)) - defender_losses
    return Roll(
        tuple(v for v, _ in a),
        tuple(n for _, n in a),
        tuple(v for v, _ in d),
        tuple(n for _, n in d),
        attacker_losses,
        defender_losses,
    )


def faces(sides):
    return product(*(range(1, n + 1) for n in sides))


@pytest.mark.parametrize(("attacker_sides", "defender_sides"), EVERY_TABLE)
def test_each_table_holds_every_ordered_outcome_once_as_the_books_compare_it(
    attacker_sides, defender_sides
):
    """Each entry is the books' comparison of an ordered outcome, each ordered outcome has
    exactly one entry: the probability of each roll, its count over the table's length, is
    the product of independent fair dice (1/sides each) summed over the ordered outcomes that
    give it."""
    table = roll_table(attacker_sides, defender_sides)
    ordered = Counter(
        book_roll(a, attacker_sides, d, defender_sides)
        for a in faces(attacker_sides)
        for d in faces(defender_sides)
    )
    assert len(table) == prod(attacker_sides) * prod(defender_sides)
    assert Counter(table) == ordered
    one = Fraction(1, prod(attacker_sides + defender_sides))  # each ordered outcome's chance
    chance = {roll: Fraction(n, len(table)) for roll, n in Counter(table).items()}
    assert chance == {roll: n * one for roll, n in ordered.items()}


def test_the_known_odds_of_three_against_two():
    """The classic published one-roll odds: 2275 / 2611 / 2890 of 7776."""
    losses = Counter((r.attacker_losses, r.defender_losses) for r in roll_table((6,) * 3, (6,) * 2))
    assert losses == {(2, 0): 2275, (1, 1): 2611, (0, 2): 2890}


def test_a_table_is_built_once_and_shared():
    assert roll_table((8, 6), (6,)) is roll_table((8, 6), (6,))
    assert TABLES[3][2] is roll_table((6, 6, 6), (6, 6))


def test_a_table_beyond_the_bound_is_refused():
    with pytest.raises(ValueError, match="outcomes"):
        roll_table((8,) * 4, (8,) * 3)
    assert MAX_OUTCOMES == 8**6


class Fixed:
    """A generator whose ``random()`` is always ``u``."""

    def __init__(self, u: float) -> None:
        self.u = u

    def random(self) -> float:
        return self.u


@pytest.mark.parametrize(("attacker_sides", "defender_sides"), EVERY_TABLE)
def test_one_draw_reaches_the_first_and_the_last_cells(attacker_sides, defender_sides):
    """``below`` maps [0, 1) onto every index: the first entry (all ones) and the last (every
    die on its highest face) are reachable."""
    table = roll_table(attacker_sides, defender_sides)
    first = table[below(Fixed(0.0), len(table))]
    last = table[below(Fixed(1 - 2**-53), len(table))]
    assert first.attacker == (1,) * len(attacker_sides)
    assert last.attacker == tuple(sorted(attacker_sides, reverse=True))
    assert last.defender == tuple(sorted(defender_sides, reverse=True))
