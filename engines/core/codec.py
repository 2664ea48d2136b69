"""Plain-data encoding of actions, events and results: JSON-able dicts tagged by type.

>>> from engines.core.contract import Amount
>>> to_plain(Amount(1, 3))
{'type': 'Amount', 'low': 1, 'high': 3}
>>> from_plain({'type': 'Amount', 'low': 1, 'high': 3}, {'Amount': Amount})
Amount(low=1, high=3)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, is_dataclass
from json.encoder import (  # type: ignore[attr-defined]  # the C encoder is undocumented
    c_make_encoder,
    encode_basestring,
    encode_basestring_ascii,
)
from typing import Any

from engines.core.contract import EngineError

SCALARS = frozenset((str, int, float, bool, type(None)))
"""The types whose values are their own plain form (most values of a tree)."""


def json_encoder(**options: Any) -> Callable[[Any], str]:
    """``json.JSONEncoder(**options).encode`` for plain data (no cycles), the text the same:
    the standard library's C encoder made once, where ``encode`` makes one per call, with a
    table of the objects seen to find cycles (a third of the time for an event's dict).

    >>> json_encoder(sort_keys=True)({"b": 1, "a": [2.5, None]})
    '{"a": [2.5, null], "b": 1}'
    """
    encoder = json.JSONEncoder(check_circular=False, **options)
    if c_make_encoder is None or options.get("indent") is not None:  # as JSONEncoder does
        return encoder.encode
    chunks = c_make_encoder(
        None,
        encoder.default,
        encode_basestring_ascii if encoder.ensure_ascii else encode_basestring,
        None,
        encoder.key_separator,
        encoder.item_separator,
        encoder.sort_keys,
        encoder.skipkeys,
        encoder.allow_nan,
    )
    return lambda value: "".join(chunks(value, 0))


def to_plain(value: Any) -> Any:
    """A dataclass tree as dicts (with a ``type`` key), lists (for tuples and any other
    sequence but strings, e.g. Africa's message log) and scalars."""
    kind = type(value)
    if kind in SCALARS:
        return value
    if kind not in _FIELDS:
        _FIELDS[kind] = _field_names(kind)
    names = _FIELDS[kind]
    if names is not None:
        plain = {"type": kind.__name__}
        for name in names:
            plain[name] = to_plain(getattr(value, name))
        return plain
    if isinstance(value, Sequence) and not isinstance(value, str):
        return [to_plain(v) for v in value]
    return value


_FIELDS: dict[type, tuple[str, ...] | None] = {}
"""The field names of each type :func:`to_plain` has met (None: not a dataclass)."""


def _field_names(kind: type) -> tuple[str, ...] | None:
    """The names of ``kind``'s dataclass fields, in order; None if it is not a dataclass."""
    return tuple(f.name for f in fields(kind)) if is_dataclass(kind) else None


def from_plain(plain: Any, types: Mapping[str, type]) -> Any:
    """The inverse of :func:`to_plain` for the dataclasses named in ``types``.

    Lists become tuples, since every engine dataclass is frozen. Unknown type names or
    fields raise :class:`EngineError` naming them.
    """
    if isinstance(plain, dict):
        name = plain.get("type")
        cls = types.get(name) if isinstance(name, str) else None
        if cls is None:
            raise EngineError(f"unknown type {name!r} (known: {sorted(types)})")
        names = {f.name for f in fields(cls)}
        extra = set(plain) - names - {"type"}
        if extra:
            raise EngineError(f"{name} has no field(s) {sorted(extra)}")
        try:
            return cls(**{k: from_plain(v, types) for k, v in plain.items() if k != "type"})
        except TypeError as error:
            raise EngineError(f"{name}: {error}") from error
    if isinstance(plain, list):
        return tuple(from_plain(v, types) for v in plain)
    return plain
