"""The engines' dataclasses as protobuf messages with the same field names, and back.

A dataclass field travels in the message field of the same name, by its shape: a scalar as
itself, a dataclass as a message, ``X | None`` as an optional field or a message,
``int | Amount`` as a ``Quantity``, a tuple (or a ``Sequence``, read back as a tuple) or a
frozenset as a repeated field (a frozenset sorted), a tuple of tuples as repeated one-field
messages (``IndexList``), a pair ``tuple[X, Y]`` as a message whose fields hold its items in
their order, a dict as a map.

:func:`encoder` and :func:`decoder` build each message's converter once, at start-up: a call
then writes and reads the fields directly, with no shape walked and no descriptor read.

:func:`check` proves at start-up that a message holds its dataclass exactly, or raises
TypeError naming the message, the field and what differs. Its rules:

- the same field names, in every nested message too (a pair's fields may have any names);
- ``str`` is ``string``, ``bool`` is ``bool``, ``float`` is ``double``, and ``int`` is a
  signed varint (``int32``, ``int64``, ``sint32``, ``sint64``): a Python int may be
  negative, so an unsigned type is refused;
- ``repeated`` exactly for a tuple, a ``Sequence`` or a frozenset, a map exactly for a dict;
- a scalar is ``optional`` exactly for ``X | None``; a message field always has presence, and
  one that holds no ``X | None`` must be set.

>>> from bots.protocol.arena.v1 import risk_pb2
>>> from bots.protocol.shapes import shape_of
>>> from engines.conquetes.actions import Attack
>>> check(risk_pb2.RiskAction.Attack.DESCRIPTOR, shape_of(Attack).fields)
Traceback (most recent call last):
...
TypeError: arena.v1.RiskAction.Attack and its dataclass differ: only in the message \
['dice'], only in the dataclass []
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from operator import attrgetter
from typing import Any, Protocol

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.descriptor_pb2 import FieldDescriptorProto, MessageOptions

from bots.protocol import plain
from bots.protocol.arena.v1.common_pb2 import Quantity
from bots.protocol.errors import Fault, WireError, range_in_action
from bots.protocol.shapes import Kind, Shape
from engines.core import Amount

_F = FieldDescriptor
SCALAR_TYPES = {
    str: frozenset({_F.TYPE_STRING}),
    bool: frozenset({_F.TYPE_BOOL}),
    float: frozenset({_F.TYPE_DOUBLE}),
    int: frozenset({_F.TYPE_INT32, _F.TYPE_INT64, _F.TYPE_SINT32, _F.TYPE_SINT64}),
}
"""The proto types that may hold each Python scalar type (check's rules)."""
UNSIGNED = frozenset({_F.TYPE_UINT32, _F.TYPE_UINT64, _F.TYPE_FIXED32, _F.TYPE_FIXED64})
COLLECTIONS = (Kind.SEQUENCE, Kind.SET)
_TYPE_NAMES: dict[int, str] = {
    number: name.removeprefix("TYPE_").lower() for name, number in FieldDescriptorProto.Type.items()
}


class FieldInfo(Protocol):
    """What this module reads of a field's descriptor.

    protobuf's stubs type the descriptors of its pure-Python and its upb implementations as
    unrelated classes (a message's ``DESCRIPTOR`` is either); both have these attributes.
    """

    @property
    def name(self) -> str: ...
    @property
    def full_name(self) -> str: ...
    @property
    def type(self) -> int: ...
    @property
    def is_repeated(self) -> bool: ...
    @property
    def has_presence(self) -> bool: ...
    @property
    def message_type(self) -> MessageInfo | None: ...


class OneofInfo(Protocol):
    """What this module reads of a oneof's descriptor (see :class:`FieldInfo`)."""

    @property
    def fields(self) -> Sequence[FieldInfo]: ...


class MessageInfo(Protocol):
    """What this module reads of a message's descriptor (see :class:`FieldInfo`)."""

    @property
    def full_name(self) -> str: ...
    @property
    def fields(self) -> Sequence[FieldInfo]: ...
    @property
    def fields_by_name(self) -> Mapping[str, FieldInfo]: ...
    @property
    def oneofs_by_name(self) -> Mapping[str, OneofInfo]: ...
    def GetOptions(self) -> MessageOptions: ...


# -- encoding ------------------------------------------------------------------------

Write = Callable[[Any, Any], None]
"""Writes a value into a message, or into a repeated field (a compiled encoder)."""
ReadFields = Callable[[Any, str, bool], Sequence[Any]]
"""Reads the values of some dataclass fields from a message (:func:`decoder`)."""
Read = Callable[[Any, bool], Any]
"""Reads a value from a message, or from a field's content (a compiled decoder); the flag
allows Quantity ranges (legal actions)."""


def encoder(descriptor: MessageInfo, fields: Sequence[tuple[str, Shape]]) -> Write:
    """A function writing these fields of a dataclass into a ``descriptor`` message; built
    once, so that no call inspects a type or a descriptor."""
    steps = [(name, _put(descriptor.fields_by_name[name], item)) for name, item in fields]

    def write(message: Any, value: Any) -> None:
        message.SetInParent()  # so that a dataclass without fields still sets a oneof
        for name, put in steps:
            put(message, getattr(value, name))

    return write


def _put(field: FieldInfo, shape: Shape) -> Write:
    """A function writing a value of ``shape`` into the field ``field`` of a message."""
    name, kind = field.name, shape.kind
    if kind is Kind.SCALAR:
        return lambda message, value: setattr(message, name, value)
    if kind is Kind.OPTIONAL:
        inner = _put(field, shape.item)

        def optional(message: Any, value: Any) -> None:
            if value is not None:
                inner(message, value)

        return optional
    if kind is Kind.QUANTITY:

        def quantity(message: Any, value: Any) -> None:
            target = getattr(message, name)
            if isinstance(value, Amount):
                target.amount.low, target.amount.high = value.low, value.high
            else:
                target.value = value

        return quantity
    if kind is Kind.MAPPING:
        return lambda message, value: getattr(message, name).update(value)
    into = _into(field, shape)
    return lambda message, value: into(getattr(message, name), value)


def _into(field: FieldInfo, shape: Shape) -> Write:
    """A function writing a value of ``shape`` into the content of ``field``: a message for a
    record or a pair, a repeated field for a tuple or a frozenset."""
    kind = shape.kind
    if kind is Kind.RECORD:
        return encoder(message_of(field), shape.fields)
    if kind is Kind.FIXED:
        parts = [
            _put(f, item) for f, item in zip(message_of(field).fields, shape.items, strict=True)
        ]

        def pair(target: Any, value: Any) -> None:
            target.SetInParent()
            for put, part in zip(parts, value, strict=True):
                put(target, part)

        return pair
    if kind not in COLLECTIONS:
        raise TypeError(f"no typed form for {kind.value}")
    order = _order(shape)
    item = shape.item
    if item.kind is Kind.SCALAR:
        return lambda target, value: target.extend(order(value))
    element = message_of(field)
    if item.kind in COLLECTIONS:  # a tuple in the one field of a message (IndexList)
        (wrapped,) = element.fields
        name, inner = wrapped.name, _into(wrapped, item)

        def wrapping(target: Any, value: Any) -> None:
            for part in order(value):
                inner(getattr(target.add(), name), part)

        return wrapping
    each = _into(field, item)

    def elements(target: Any, value: Any) -> None:
        for part in order(value):
            each(target.add(), part)

    return elements


def _order(shape: Shape) -> Callable[[Any], Any]:
    """The elements of a collection of ``shape`` in their order on the wire (a set sorted as
    its plain forms sort)."""
    if shape.kind is not Kind.SET:
        return lambda value: value
    if shape.item.kind is Kind.SCALAR:
        return sorted
    key = plain.encoder(shape.item)
    return lambda value: sorted(value, key=key)


# -- decoding ------------------------------------------------------------------------


def decoder(descriptor: MessageInfo, fields: Sequence[tuple[str, Shape]]) -> ReadFields:
    """A function ``(message, where, templates)`` giving the values of these dataclass fields
    in a ``descriptor`` message, in order; a WireError names the place below ``where``, and
    ``templates`` allows Quantity ranges (legal actions). Built once, like :func:`encoder`."""
    read = _values(descriptor, fields)

    def decode(message: Any, where: str, templates: bool) -> Sequence[Any]:
        try:
            values: Sequence[Any] = read(message, templates)
        except Fault as fault:
            raise fault.at(where) from None
        return values

    return decode


def _values(descriptor: MessageInfo, fields: Sequence[tuple[str, Shape]]) -> Read:
    """A Read giving the values of these fields of a message, in order (a sequence)."""
    names = [name for name, _ in fields]
    if len(fields) > 1 and all(item.kind is Kind.SCALAR for _, item in fields):
        scalars = attrgetter(*names)  # one C call reads them all
        return lambda message, templates: scalars(message)
    takes = [_take(descriptor.fields_by_name[name], item) for name, item in fields]
    return _each_of(takes, [f".{name}" for name in names])


def _each_of(takes: list[Read], labels: list[str]) -> Read:
    """A Read giving the list of what each of ``takes`` reads from one message; a Fault gets
    the label of the one that failed."""

    def values(message: Any, templates: bool) -> list[Any]:
        try:
            return [take(message, templates) for take in takes]
        except Fault as fault:
            fault.path.append(labels[_failed_at(take(message, templates) for take in takes)])
            raise

    return values


def _failed_at(attempts: Iterator[object]) -> int:
    """The index of the first of ``attempts`` raising a Fault: a failed read is done again,
    one step at a time, only to say where it failed."""
    index = 0
    try:
        for _ in attempts:
            index += 1
    except Fault:
        return index
    raise AssertionError("a read failed once but not twice")


def _take(field: FieldInfo, shape: Shape) -> Read:
    """A Read for the value of ``shape`` in the field ``field`` of a message."""
    name, kind = field.name, shape.kind
    if kind is Kind.OPTIONAL:
        inner = _take(field, shape.item)
        return lambda message, templates: (
            inner(message, templates) if message.HasField(name) else None
        )
    if kind is Kind.QUANTITY:
        return lambda message, templates: _quantity(getattr(message, name), templates)
    if kind is Kind.MAPPING:
        return lambda message, templates: dict(getattr(message, name))
    if kind is Kind.SCALAR:
        return lambda message, templates: getattr(message, name)
    content = _read(field, shape)
    if kind in (Kind.RECORD, Kind.FIXED):

        def present(message: Any, templates: bool) -> Any:
            if not message.HasField(name):
                raise Fault(_missing)
            return content(getattr(message, name), templates)

        return present
    return lambda message, templates: content(getattr(message, name), templates)


def _read(field: FieldInfo, shape: Shape) -> Read:
    """A Read for a value of ``shape`` in the content of ``field``: a message for a record or
    a pair, a repeated field for a tuple or a frozenset."""
    kind = shape.kind
    if kind is Kind.RECORD:
        cls, values = shape.type, _values(message_of(field), shape.fields)
        return lambda message, templates: cls(*values(message, templates))
    if kind is Kind.FIXED:
        parts = zip(message_of(field).fields, shape.items, strict=True)
        items = _each_of(
            [_take(f, item) for f, item in parts], [f"[{i}]" for i in range(len(shape.items))]
        )
        return lambda message, templates: tuple(items(message, templates))
    if kind not in COLLECTIONS:
        raise TypeError(f"no typed form for {kind.value}")
    make = frozenset if kind is Kind.SET else tuple
    item = shape.item
    if item.kind is Kind.SCALAR:
        return lambda value, templates: make(value)
    if item.kind in COLLECTIONS:  # a tuple in the one field of a message (IndexList)
        (wrapped,) = message_of(field).fields
        name, inner = wrapped.name, _read(wrapped, item)
        each: Read = lambda part, templates: inner(getattr(part, name), templates)  # noqa: E731
    else:
        each = _read(field, item)

    def elements(value: Any, templates: bool) -> Any:
        try:
            return make([each(part, templates) for part in value])
        except Fault as fault:
            fault.path.append(f"[{_failed_at(each(part, templates) for part in value)}]")
            raise

    return elements


def _missing(where: str) -> WireError:
    return WireError(f"{where} is missing")


def _quantity(quantity: Quantity, templates: bool) -> int | Amount:
    which = quantity.WhichOneof("quantity")
    if which == "value":
        return quantity.value
    if which is None:
        raise Fault(_missing)
    if not templates:
        raise Fault(range_in_action)
    return Amount(quantity.amount.low, quantity.amount.high)


# -- checking ------------------------------------------------------------------------


def check(descriptor: MessageInfo, fields: Sequence[tuple[str, Shape]]) -> None:
    """Raise TypeError unless ``descriptor`` holds exactly these dataclass fields, nested
    messages too, by the rules of this module."""
    names = {name for name, _ in fields}
    have = set(descriptor.fields_by_name)
    if names != have:
        raise TypeError(
            f"{descriptor.full_name} and its dataclass differ: only in the message "
            f"{sorted(have - names)}, only in the dataclass {sorted(names - have)}"
        )
    for name, shape in fields:
        _check_field(descriptor.fields_by_name[name], shape)


def message_of(field: FieldInfo) -> MessageInfo:
    """The message type of ``field``, or TypeError if it holds no message."""
    message = field.message_type
    if message is None:
        raise _differ(field, f"{_TYPE_NAMES[field.type]} in the message, where a message is needed")
    return message


def _check_field(field: FieldInfo, shape: Shape, optional: bool = False) -> None:
    """TypeError unless ``field`` holds values of ``shape`` (``optional``: inside X | None)."""
    kind = shape.kind
    message = field.message_type
    # The message of a map's entries; None for any other field.
    entry = message if message is not None and message.GetOptions().map_entry else None
    if kind is Kind.OPTIONAL:
        if not field.has_presence:
            raise _differ(field, "X | None in the dataclass, but the field is not optional")
        _check_field(field, shape.item, optional=True)
    elif kind is Kind.MAPPING:
        if entry is None:
            raise _differ(field, "a dict in the dataclass, but the field is not a map")
        for part, item in zip(("key", "value"), shape.items, strict=True):
            if item.kind is not Kind.SCALAR:
                raise _differ(
                    field, f"no typed form for a dict whose {part} is a {item.kind.value}"
                )
            _check_value(entry.fields_by_name[part], item)
    elif entry is not None:
        raise _differ(field, f"a map in the message, a {kind.value} in the dataclass")
    elif kind in COLLECTIONS:
        if not field.is_repeated:
            raise _differ(field, f"a {kind.value} in the dataclass, but the field is not repeated")
        _check_value(field, shape.item)
    elif field.is_repeated:
        raise _differ(field, f"repeated in the message, a {kind.value} in the dataclass")
    elif field.has_presence and not optional and field.type != _F.TYPE_MESSAGE:
        raise _differ(field, "optional in the message, but not X | None in the dataclass")
    else:
        _check_value(field, shape)


def _check_value(field: FieldInfo, shape: Shape) -> None:
    """TypeError unless the type of ``field`` (repeated or not) holds one value of ``shape``."""
    kind = shape.kind
    if kind is Kind.SCALAR:
        allowed = SCALAR_TYPES[shape.type]
        if field.type not in allowed:
            names = " or ".join(sorted(_TYPE_NAMES[t] for t in allowed))
            why = " (an int may be negative)" if field.type in UNSIGNED else ""
            needs = f"the dataclass's {shape.type.__name__} needs {names}{why}"
            raise _differ(field, f"{_type_name(field)} in the message, but {needs}")
        return
    if field.type != _F.TYPE_MESSAGE:
        raise _differ(field, f"{_type_name(field)} in the message, a {kind.value} in the dataclass")
    message = message_of(field)
    if kind is Kind.RECORD:
        check(message, shape.fields)
    elif kind is Kind.QUANTITY:
        if message.full_name != Quantity.DESCRIPTOR.full_name:
            raise _differ(field, f"{message.full_name} in the message, int | Amount (a Quantity)")
    elif kind is Kind.FIXED:
        if len(message.fields) != len(shape.items):
            sizes = f"{len(message.fields)} fields, the dataclass's tuple {len(shape.items)} items"
            raise _differ(field, f"{message.full_name} has {sizes}")
        for part, item in zip(message.fields, shape.items, strict=True):
            _check_field(part, item)
    elif kind in COLLECTIONS:
        if len(message.fields) != 1:
            raise _differ(field, f"{message.full_name} wraps a tuple: it needs exactly one field")
        _check_field(message.fields[0], shape)
    else:
        raise _differ(field, f"no typed form for a {kind.value}")


def _type_name(field: FieldInfo) -> str:
    if field.type == _F.TYPE_MESSAGE:
        return message_of(field).full_name
    return _TYPE_NAMES[field.type]


def _differ(field: FieldInfo, what: str) -> TypeError:
    return TypeError(f"{field.full_name}: {what}")
