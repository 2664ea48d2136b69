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
"""

from __future__ import annotations

import random as _random
from typing import TypeVar

T = TypeVar("T")


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
