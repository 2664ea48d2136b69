"""The engines' dataclasses as JSON-able plain data, and back, checked against their shapes.

The format is :func:`engines.core.codec.to_plain`'s: a dataclass is an object tagged with its
class name in ``"type"``, a tuple a list. Boards need two more: a frozenset is a sorted list
and a dict an object. Decoding checks every value against the type hints and raises
:class:`~bots.protocol.errors.WireError` naming the first thing that does not fit.

>>> from engines.core import Amount
>>> from engines.risk.actions import Attack
>>> from bots.protocol.shapes import shape_of
>>> encode(Attack("alberta", "ontario", Amount(1, 3)))["dice"]
{'type': 'Amount', 'low': 1, 'high': 3}
>>> decode({"type": "Attack", "source": "a", "target": "b", "dice": 2}, shape_of(Attack), "a")
Attack(source='a', target='b', dice=2)
>>> decode({"type": "Attack", "source": "a", "target": "b", "dice": "2"}, shape_of(Attack), "a")
Traceback (most recent call last):
...
bots.protocol.errors.WireError: a.dice: expected int, got '2'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from bots.protocol.errors import WireError, range_in_action
from bots.protocol.shapes import Kind, Shape, shape_of
from engines.core import Amount


def encode(value: Any, exclude: Collection[str] = ()) -> Any:
    """``value`` as JSON-able data; ``exclude`` names fields of a dataclass to leave out."""
    if is_dataclass(value) and not isinstance(value, type):
        plain = {"type": type(value).__name__}
        for f in fields(value):
            if f.name not in exclude:
                plain[f.name] = encode(getattr(value, f.name))
        return plain
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(encode(v) for v in value)
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    return value


def decode(
    plain: Any,
    shape: Shape,
    where: str,
    templates: bool = False,
    given: Mapping[str, Any] | None = None,
) -> Any:
    """The value of ``shape`` that ``plain`` describes, or WireError naming the place ``where``.

    ``templates`` allows Amount ranges in quantities (legal actions); ``given`` supplies the
    fields of a record that the plain data leaves out (an observation's board).
    """
    kind = shape.kind
    if kind is Kind.SCALAR:
        return _scalar(plain, shape.type, where)
    if kind is Kind.RECORD:
        return _record(plain, shape, where, templates, given or {})
    if kind is Kind.CHOICE:
        name = plain.get("type") if isinstance(plain, dict) else None
        if not isinstance(name, str) or name not in shape.choices:
            known = ", ".join(sorted(shape.choices))
            raise WireError(f"{where}: expected an object whose type is one of {known}")
        return _record(plain, shape.choices[name], where, templates, {})
    if kind is Kind.OPTIONAL:
        return None if plain is None else decode(plain, shape.item, where, templates)
    if kind is Kind.QUANTITY:
        if not isinstance(plain, dict):
            return _scalar(plain, int, where)
        if not templates:
            raise range_in_action(where)
        return _record(plain, shape_of(Amount), where, templates, {})
    if kind is Kind.MAPPING:
        if not isinstance(plain, dict):
            raise WireError(f"{where}: expected an object")
        key, value = shape.items
        return {
            decode(k, key, where, templates): decode(v, value, f"{where}.{k}", templates)
            for k, v in plain.items()
        }
    items = _list(plain, where)
    if kind is Kind.FIXED:
        if len(items) != len(shape.items):
            raise WireError(f"{where}: expected {len(shape.items)} items, got {len(items)}")
        return tuple(
            decode(v, s, f"{where}[{i}]", templates)
            for i, (v, s) in enumerate(zip(items, shape.items, strict=True))
        )
    decoded = (decode(v, shape.item, f"{where}[{i}]", templates) for i, v in enumerate(items))
    return frozenset(decoded) if kind is Kind.SET else tuple(decoded)


def _record(plain: Any, shape: Shape, where: str, templates: bool, given: Mapping[str, Any]) -> Any:
    cls = shape.type
    if not isinstance(plain, dict) or plain.get("type") != cls.__name__:
        raise WireError(f"{where}: expected an object of type {cls.__name__!r}")
    extra = set(plain) - {name for name, _ in shape.fields} - {"type"}
    if extra:
        raise WireError(f"{where}: {cls.__name__} has no field(s) {sorted(extra)}")
    values = dict(given)
    for name, field_shape in shape.fields:
        if name in plain:
            values[name] = decode(plain[name], field_shape, f"{where}.{name}", templates)
    try:
        return cls(**values)
    except TypeError as error:  # a required field is missing
        raise WireError(f"{where}: {error}") from None


def _scalar(value: Any, kind: type, where: str) -> Any:
    if kind is float and type(value) in (int, float):
        return float(value)
    if type(value) is kind or (kind is str and isinstance(value, str)):
        return value
    raise WireError(f"{where}: expected {kind.__name__}, got {value!r:.60}")


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise WireError(f"{where}: expected a list, got {value!r:.60}")
    return value
