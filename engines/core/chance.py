"""Chance for every engine, drawn only from ``random.Random.random()``.

Python guarantees that ``random()`` gives the same sequence for the same seed on every
version; it does not guarantee that for ``shuffle``, ``randint`` or ``choice``. Engines use
these helpers instead, so a replay re-simulates identically on any Python.

>>> import random
>>> rng = random.Random(1)
>>> die(rng, 6) in range(1, 7)
True
>>> cards = list(range(5))
>>> shuffle(rng, cards)
>>> sorted(cards)
[0, 1, 2, 3, 4]

A battle's roll is one draw from :func:`roll_table`, the precomputed outcomes of both sides'
dice at once, each as many times as the ordered faces that give it.
"""

from __future__ import annotations

import random as _random
from collections import Counter
from itertools import product
from typing import Final, NamedTuple, TypeVar

T = TypeVar("T")

MAX_OUTCOMES: Final = 8**6
"""The most ordered outcomes a roll table may have (six d8s: 262,144 entries)."""


def below(rng: _random.Random, n: int) -> int:
    """A uniform integer in ``0..n-1`` (bias below 2**-40 for any n a board game needs)."""
    return int(rng.random() * n)


def die(rng: _random.Random, sides: int) -> int:
    """One roll of a die with ``sides`` faces: 1 to ``sides``."""
    return int(rng.random() * sides) + 1


def shuffle(rng: _random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]


class Roll(NamedTuple):
    """One roll of a battle's dice, already compared: each side's faces highest first (of equal
    faces the die with more sides first) with the sides of each die, and the losses of each side.

    The comparison of the Risk books: 000 "Combats" ("On compare séparément chacun de ses dés
    avec ceux de l'adversaire en commençant par le plus fort de chaque côté ... en cas
    d'égalité de points, le défenseur l'emporte"); 003 (Risk 2210 A.D.) "Déterminer le sort de la
    bataille" (the highest scores compared pairwise, d6 and d8 on one scale, "les dés en surplus
    ... sont ignorés", "en cas d'égalité entre deux scores, c'est le défenseur qui gagne").
    A game that counts its dice otherwise (004 Colonisation "Guerre": sums) reads the faces.
    """

    attacker: tuple[int, ...]
    attacker_sides: tuple[int, ...]
    defender: tuple[int, ...]
    defender_sides: tuple[int, ...]
    attacker_losses: int
    defender_losses: int


def compare(attacker: tuple[int, ...], defender: tuple[int, ...]) -> tuple[int, int]:
    """The losses (attacker's, defender's) of faces sorted highest first: pairwise, a tie to
    the defender, the surplus ignored (see :class:`Roll`).

    >>> compare((6, 2, 2), (3, 2)), compare((3, 3), (4, 3)), compare((6, 1, 1), (3,))
    ((1, 1), (2, 0), (0, 1))
    """
    lost_attacker = lost_defender = 0
    for a, d in zip(attacker, defender, strict=False):
        if a > d:
            lost_defender += 1
        else:
            lost_attacker += 1
    return lost_attacker, lost_defender


_TABLES: Final[dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Roll, ...]]] = {}


def roll_table(
    attacker_sides: tuple[int, ...], defender_sides: tuple[int, ...]
) -> tuple[Roll, ...]:
    """Every outcome of one roll of these dice (their sides: 6 for a d6, 8 for a d8), each
    repeated as many times as there are ordered faces giving it, so that
    ``table[below(rng, len(table))]`` is a fair roll in one draw. Built once per combination of
    dice (at most :data:`MAX_OUTCOMES` entries), then shared.

    >>> table = roll_table((6, 6, 6), (6, 6))
    >>> len(table), sum(roll.defender_losses == 2 for roll in table)
    (7776, 2890)
    >>> roll_table((8,), (6,))[-1]
    Roll(attacker=(8,), attacker_sides=(8,), defender=(6,), defender_sides=(6,), \
attacker_losses=0, defender_losses=1)
    """
    key = (attacker_sides, defender_sides)
    table = _TABLES.get(key)
    if table is None:
        size = 1
        for sides in attacker_sides + defender_sides:
            size *= sides
        if size > MAX_OUTCOMES:
            raise ValueError(f"a roll of {key} has {size} outcomes, more than {MAX_OUTCOMES}")
        rolls: list[Roll] = []
        defences = _side_outcomes(defender_sides).items()
        for (attacker, a_sides), a_count in _side_outcomes(attacker_sides).items():
            for (defender, d_sides), d_count in defences:
                losses = compare(attacker, defender)
                roll = Roll(attacker, a_sides, defender, d_sides, *losses)
                rolls.extend([roll] * (a_count * d_count))
        table = _TABLES[key] = tuple(rolls)
    return table


def _side_outcomes(sides: tuple[int, ...]) -> Counter[tuple[tuple[int, ...], tuple[int, ...]]]:
    """One side's sorted outcomes (faces, their dice's sides), each with the number of
    ordered faces giving it, in the order the enumeration first meets them."""
    counts: Counter[tuple[tuple[int, ...], tuple[int, ...]]] = Counter()
    for faces in product(*(range(1, n + 1) for n in sides)):
        dice = sorted(zip(faces, sides, strict=True), reverse=True)
        counts[tuple(face for face, _ in dice), tuple(n for _, n in dice)] += 1
    return counts
