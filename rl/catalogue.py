"""A fixed discrete action space over a game's actions: every template it can ever list, each
Amount quantity discretised into a fixed number of levels.

A catalogue is a list of *keys*: actions whose quantity field, if any, holds :data:`ANY`
instead of a range. A key without a quantity is one index; a key with one is ``levels``
consecutive indexes, level ``k`` meaning the value ``low + ceil(k * (high - low) / (levels -
1))`` of the range the legal template gives now: the low end, the high end and values evenly
spread between them (every value when the range holds at most ``levels`` of them). A level
whose value repeats the one before it is masked out, so that each legal concrete action has
exactly one index.

>>> from engines.risk.actions import EndPhase, Occupy
>>> catalogue = Catalogue((EndPhase(), Occupy(ANY)), levels=4)
>>> len(catalogue)
5
>>> legal = catalogue.legal((Occupy(Amount(2, 3)),))
>>> [int(allowed) for allowed in legal.mask]
[0, 1, 1, 0, 0]
>>> legal.action(2)
Occupy(armies=3)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace

import numpy as np
import numpy.typing as npt

from engines.core import Action, Amount, fill_amount

ANY = Amount(0, -1)
"""The quantity field of a catalogue key: any range the legal template will give."""

Mask = npt.NDArray[np.int8]


class NotCatalogued(LookupError):
    """A legal action the game's catalogue does not list: a bug of the catalogue."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A key's place in the catalogue: its first index and its quantity field (None: none)."""

    index: int
    field: str | None


class Catalogue:
    """Index <-> action for one game, variant and seat count (see the module's docstring)."""

    def __init__(self, keys: Iterable[Action], *, levels: int) -> None:
        if levels < 2:
            raise ValueError(f"levels must be at least 2, not {levels}")
        self.levels = levels
        self.keys: list[Action] = []
        self.entries: dict[Action, Entry] = {}
        self._amount_fields: dict[type[Action], str | None] = {}
        self._key_at: list[int] = []  # per index: the key's number in self.keys
        for key in keys:
            if key in self.entries:
                raise ValueError(f"{key!r} is catalogued twice")
            name = _field_holding(key, ANY)
            self._amount_fields.setdefault(type(key), name)
            self.entries[key] = Entry(len(self._key_at), name)
            self._key_at.extend([len(self.keys)] * (1 if name is None else levels))
            self.keys.append(key)
        self._known: dict[Action, tuple[Entry, Amount | None]] = {}
        self._offsets: dict[Amount, tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self._key_at)

    def key_of(self, index: int) -> Action:
        """The key (template, quantity :data:`ANY`) of ``index``."""
        return self.keys[self._key_at[index]]

    def legal(self, legal_actions: tuple[Action, ...]) -> Legal:
        """The mask of ``legal_actions`` and the concrete action of each index it allows."""
        mask = np.zeros(len(self._key_at), dtype=np.int8)
        ranges: dict[int, tuple[Action, Entry, Amount | None]] = {}
        levels = self.levels
        if len(self._offsets) > 10_000:
            self._offsets.clear()
        for template in legal_actions:
            entry, amount = self._lookup(template)
            ranges[entry.index] = (template, entry, amount)
            if amount is None:
                mask[entry.index] = 1
                continue
            offsets = self._offsets.get(amount)
            if offsets is None:
                offsets = self._offsets[amount] = _distinct_levels(amount, levels)
            for level in offsets:
                mask[entry.index + level] = 1
        return Legal(self, mask, ranges)

    def _lookup(self, template: Action) -> tuple[Entry, Amount | None]:
        known = self._known.get(template)
        if known is not None:
            return known
        name = self._amount_fields.get(type(template))
        amount: Amount | None = None
        key = template
        if name is not None:
            value = getattr(template, name)
            amount = value if isinstance(value, Amount) else Amount(value, value)
            key = replace(template, **{name: ANY})
        entry = self.entries.get(key)
        if entry is None:
            raise NotCatalogued(f"{template!r} is not in the catalogue")
        if len(self._known) > 100_000:
            self._known.clear()
        self._known[template] = entry, amount
        return entry, amount


@dataclass(frozen=True, slots=True)
class Legal:
    """One decision's legal actions as the catalogue's mask, and their concrete actions."""

    catalogue: Catalogue
    mask: Mask
    ranges: dict[int, tuple[Action, Entry, Amount | None]]
    """By first index of each legal key: the template, its entry and its range."""

    def action(self, index: int) -> Action:
        """The concrete action of ``index``, which the mask must allow (else ValueError)."""
        if not 0 <= index < len(self.mask) or not self.mask[index]:
            raise ValueError(f"action {index} is not legal now")
        key = self.catalogue.key_of(index)
        first = self.catalogue.entries[key].index
        template, entry, amount = self.ranges[first]
        if amount is None or entry.field is None:
            return template
        value = _level_value(amount, index - first, self.catalogue.levels)
        return fill_amount(template, value)


def _level_value(amount: Amount, level: int, levels: int) -> int:
    """The value of ``level`` in ``amount``: low + ceil(level * (high - low) / (levels - 1)).

    >>> [_level_value(Amount(1, 3), k, 5) for k in range(5)]
    [1, 2, 2, 3, 3]
    >>> [_level_value(Amount(1, 21), k, 5) for k in range(5)]
    [1, 6, 11, 16, 21]
    """
    span = amount.high - amount.low
    return amount.low + (level * span + levels - 2) // (levels - 1)


def _distinct_levels(amount: Amount, levels: int) -> tuple[int, ...]:
    """The levels of ``amount`` whose value differs from the level's before it.

    >>> _distinct_levels(Amount(1, 3), 5), _distinct_levels(Amount(2, 2), 5)
    ((0, 1, 3), (0,))
    """
    values = [_level_value(amount, level, levels) for level in range(levels)]
    return tuple(k for k in range(levels) if k == 0 or values[k] != values[k - 1])


def _field_holding(action: Action, value: object) -> str | None:
    for f in fields(action):
        if getattr(action, f.name) == value:
            return f.name
    return None


def neighbour_pairs(
    ids: tuple[str, ...], neighbours: tuple[tuple[int, ...], ...]
) -> list[tuple[str, str]]:
    """Every ordered pair of neighbouring places, by id, from a board's neighbour lists.

    >>> neighbour_pairs(("a", "b"), ((1,), (0,)))
    [('a', 'b'), ('b', 'a')]
    """
    return [(ids[s], ids[t]) for s, around in enumerate(neighbours) for t in around]
