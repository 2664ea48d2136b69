"""The engines' dataclasses as JSON-able plain data, and back, checked against their shapes.

The format is :func:`engines.core.codec.to_plain`'s: a dataclass is an object tagged with its
class name in ``"type"``, a tuple a list. Boards need two more: a frozenset is a sorted list
and a dict an object. Decoding checks every value against the type hints and raises
:class:`~bots.protocol.errors.WireError` naming the first thing that does not fit.

Each shape's converters are built once (:func:`encoder`, :func:`decoder`), so a call walks no
type hints.

>>> from engines.core import Amount
>>> from engines.risk.actions import Attack
>>> from bots.protocol.shapes import shape_of
>>> encode(Attack("alberta", "ontario", Amount(1, 3)), shape_of(Attack))["dice"]
{'type': 'Amount', 'low': 1, 'high': 3}
>>> decode({"type": "Attack", "source": "a", "target": "b", "dice": 2}, shape_of(Attack), "a")
Attack(source='a', target='b', dice=2)
>>> decode({"type": "Attack", "source": "a", "target": "b", "dice": "2"}, shape_of(Attack), "a")
Traceback (most recent call last):
...
bots.protocol.errors.WireError: a.dice: expected int, got '2'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import cache
from typing import Any

from bots.protocol.errors import Fault, WireError, range_in_action
from bots.protocol.shapes import Kind, Shape, shape_of
from engines.core import Amount

Encode = Callable[[Any], Any]
"""Turns a value into plain data (a compiled encoder)."""
Decode = Callable[[Any, bool], Any]
"""Turns plain data into a value, or raises a Fault (a compiled decoder); the flag allows
Amount ranges in quantities (legal actions)."""
NO_VALUES: Mapping[str, Any] = {}


def encode(value: Any, shape: Shape, exclude: Collection[str] = ()) -> Any:
    """``value`` of ``shape`` as JSON-able data; ``exclude`` names fields of a record to
    leave out."""
    return encoder(shape, frozenset(exclude))(value)


def decode(
    plain: Any,
    shape: Shape,
    where: str,
    templates: bool = False,
    given: Mapping[str, Any] = NO_VALUES,
) -> Any:
    """The value of ``shape`` that ``plain`` describes, or WireError naming the place ``where``.

    ``templates`` allows Amount ranges in quantities (legal actions); ``given`` supplies the
    fields of a record that the plain data leaves out (an observation's board).
    """
    try:
        if given:
            return _record(shape)(plain, templates, given)
        return decoder(shape)(plain, templates)
    except Fault as fault:
        raise fault.at(where) from None


# -- encoding ------------------------------------------------------------------------


@cache
def encoder(shape: Shape, exclude: frozenset[str] = frozenset()) -> Encode:
    """The function encoding values of ``shape`` (a record's ``exclude`` fields left out)."""
    kind = shape.kind
    if kind is Kind.SCALAR:
        return _same
    if kind is Kind.RECORD:
        name = shape.type.__name__
        steps = [(n, encoder(s)) for n, s in shape.fields if n not in exclude]

        def record(value: Any) -> Any:
            plain = {"type": name}
            for field, encode_field in steps:
                plain[field] = encode_field(getattr(value, field))
            return plain

        return record
    if kind is Kind.CHOICE:
        by_class = {s.type: encoder(s) for s in shape.choices.values()}
        return lambda value: by_class[type(value)](value)
    if kind is Kind.OPTIONAL:
        inner = encoder(shape.item)
        return lambda value: None if value is None else inner(value)
    if kind is Kind.QUANTITY:
        amount = encoder(shape_of(Amount))
        return lambda value: amount(value) if isinstance(value, Amount) else value
    if kind is Kind.MAPPING:
        item = encoder(shape.items[1])
        return lambda value: {k: item(v) for k, v in value.items()}
    if kind is Kind.FIXED:
        parts = [encoder(s) for s in shape.items]
        return lambda value: [part(v) for part, v in zip(parts, value, strict=True)]
    each = encoder(shape.item)
    if kind is Kind.SET:
        return lambda value: sorted(each(v) for v in value)
    if each is _same:
        return list
    return lambda value: [each(v) for v in value]


def _same(value: Any) -> Any:
    return value


# -- decoding ------------------------------------------------------------------------


@cache
def decoder(shape: Shape) -> Decode:
    """The function decoding plain data of ``shape``; it raises a Fault, whose ``at`` gives
    the WireError."""
    kind = shape.kind
    if kind is Kind.SCALAR:
        return _scalar(shape.type)
    if kind is Kind.RECORD:
        record = _record(shape)
        return lambda plain, templates: record(plain, templates, NO_VALUES)
    if kind is Kind.CHOICE:
        records = {name: _record(s) for name, s in shape.choices.items()}
        known = ", ".join(sorted(shape.choices))

        def choice(plain: Any, templates: bool) -> Any:
            name = plain.get("type") if isinstance(plain, dict) else None
            if not isinstance(name, str) or name not in records:
                raise _fault(f"expected an object whose type is one of {known}")
            return records[name](plain, templates, NO_VALUES)

        return choice
    if kind is Kind.OPTIONAL:
        inner = decoder(shape.item)
        return lambda plain, templates: None if plain is None else inner(plain, templates)
    if kind is Kind.QUANTITY:
        number, amount = decoder(shape_of(int)), decoder(shape_of(Amount))

        def quantity(plain: Any, templates: bool) -> Any:
            if not isinstance(plain, dict):
                return number(plain, templates)
            if not templates:
                raise Fault(range_in_action)
            return amount(plain, templates)

        return quantity
    if kind is Kind.MAPPING:
        key, value = (decoder(s) for s in shape.items)

        def mapping(plain: Any, templates: bool) -> Any:
            if not isinstance(plain, dict):
                raise _fault("expected an object")
            decoded = {}
            for k, v in plain.items():
                decoded_key = key(k, templates)
                try:
                    decoded[decoded_key] = value(v, templates)
                except Fault as fault:
                    fault.path.append(f".{k}")
                    raise
            return decoded

        return mapping
    parts = [decoder(s) for s in shape.items]
    make = frozenset if kind is Kind.SET else tuple

    def items(plain: Any, templates: bool) -> Any:
        if not isinstance(plain, list):
            raise _fault(f"expected a list, got {plain!r:.60}")
        if kind is Kind.FIXED and len(plain) != len(parts):
            raise _fault(f"expected {len(parts)} items, got {len(plain)}")
        each = parts if kind is Kind.FIXED else parts * len(plain)
        done: list[Any] = []
        try:
            for part, v in zip(each, plain, strict=True):
                done.append(part(v, templates))
        except Fault as fault:
            fault.path.append(f"[{len(done)}]")
            raise
        return make(done)

    return items


@cache
def _record(shape: Shape) -> Callable[[Any, bool, Mapping[str, Any]], Any]:
    cls = shape.type
    name = cls.__name__
    steps = [(n, decoder(s)) for n, s in shape.fields]
    known = {n for n, _ in steps} | {"type"}

    def record(plain: Any, templates: bool, given: Mapping[str, Any]) -> Any:
        if not isinstance(plain, dict) or plain.get("type") != name:
            raise _fault(f"expected an object of type {name!r}")
        if not known.issuperset(plain):
            raise _fault(f"{name} has no field(s) {sorted(set(plain) - known)}")
        values = dict(given)
        field = ""
        try:
            for field, decode_field in steps:
                if field in plain:
                    values[field] = decode_field(plain[field], templates)
        except Fault as fault:
            fault.path.append(f".{field}")
            raise
        try:
            return cls(**values)
        except TypeError as error:  # a required field is missing
            raise _fault(str(error)) from None

    return record


def _scalar(kind: type) -> Decode:
    def scalar(value: Any, templates: bool) -> Any:
        if kind is float and type(value) in (int, float):
            return float(value)
        if type(value) is kind or (kind is str and isinstance(value, str)):
            return value
        raise _fault(f"expected {kind.__name__}, got {value!r:.60}")

    return scalar


def _fault(what: str) -> Fault:
    """A Fault whose error reads ``<where>: what``."""
    return Fault(lambda where: WireError(f"{where}: {what}"))
