"""The engines' dataclasses as protobuf messages with the same field names, and back.

A dataclass field travels in the message field of the same name, by its shape: a scalar as
itself, a dataclass as a message, ``X | None`` as an optional field or a message,
``int | Amount`` as a ``Quantity``, a tuple or a frozenset as a repeated field (a frozenset
sorted), a tuple of tuples as repeated one-field messages (``IndexList``), a pair
``tuple[X, Y]`` as a message whose fields hold its items in their order, a dict as a map.

:func:`check` proves at start-up that a message holds its dataclass exactly, or raises
TypeError naming the message, the field and what differs. Its rules:

- the same field names, in every nested message too (a pair's fields may have any names);
- ``str`` is ``string``, ``bool`` is ``bool``, ``float`` is ``double``, and ``int`` is a
  signed varint (``int32``, ``int64``, ``sint32``, ``sint64``): a Python int may be
  negative, so an unsigned type is refused;
- ``repeated`` exactly for a tuple or a frozenset, a map exactly for a dict;
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

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.descriptor_pb2 import FieldDescriptorProto, MessageOptions
from google.protobuf.message import Message

from bots.protocol import plain
from bots.protocol.arena.v1.common_pb2 import Quantity
from bots.protocol.errors import WireError, range_in_action
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


def fill(message: Message, value: Any, shape: Shape, skip: Collection[str] = ()) -> None:
    """Write the dataclass ``value`` (record ``shape``) into ``message``, but ``skip`` fields."""
    message.SetInParent()  # so that a dataclass without fields still sets a oneof
    for name, field_shape in shape.fields:
        if name not in skip:
            put(message, name, field_shape, getattr(value, name))


def put(message: Message, name: str, shape: Shape, value: Any) -> None:
    """Write ``value`` of ``shape`` into the field ``name`` of ``message``."""
    kind = shape.kind
    if kind is Kind.SCALAR:
        setattr(message, name, value)
    elif kind is Kind.OPTIONAL:
        if value is not None:
            put(message, name, shape.item, value)
    elif kind is Kind.QUANTITY:
        quantity = getattr(message, name)
        if isinstance(value, Amount):
            quantity.amount.low, quantity.amount.high = value.low, value.high
        else:
            quantity.value = value
    elif kind is Kind.MAPPING:
        getattr(message, name).update(value)
    else:
        _write(getattr(message, name), shape, value)


def _write(target: Any, shape: Shape, value: Any) -> None:
    """Write ``value`` into ``target``: a message for a record or a pair, a repeated field for
    a tuple or a frozenset."""
    kind = shape.kind
    if kind is Kind.RECORD:
        fill(target, value, shape)
    elif kind is Kind.FIXED:
        target.SetInParent()
        for (name, item), part in zip(_positions(target, shape), value, strict=True):
            put(target, name, item, part)
    elif kind in COLLECTIONS:
        values = sorted(value, key=plain.encode) if kind is Kind.SET else value
        item = shape.item
        if item.kind is Kind.SCALAR:
            target.extend(values)
        else:
            for part in values:
                _write(_unwrapped(target.add(), item), item, part)
    else:
        raise TypeError(f"no typed form for {kind.value}")


# -- decoding ------------------------------------------------------------------------


def build(
    message: Message,
    shape: Shape,
    where: str,
    templates: bool,
    given: Mapping[str, Any] | None = None,
) -> Any:
    """The dataclass of record ``shape`` that ``message`` holds; ``given`` supplies the fields
    the message leaves out, ``templates`` allows Quantity ranges (legal actions)."""
    values = dict(given or {})
    for name, field_shape in shape.fields:
        if name not in values:
            values[name] = take(message, name, field_shape, f"{where}.{name}", templates)
    return shape.type(**values)


def take(message: Message, name: str, shape: Shape, where: str, templates: bool) -> Any:
    """The value of ``shape`` in the field ``name`` of ``message``, or WireError at ``where``."""
    kind = shape.kind
    if kind is Kind.OPTIONAL:
        return take(message, name, shape.item, where, templates) if message.HasField(name) else None
    if kind in (Kind.RECORD, Kind.FIXED) and not message.HasField(name):
        raise WireError(f"{where} is missing")
    if kind is Kind.QUANTITY:
        return _quantity(getattr(message, name), where, templates)
    if kind is Kind.MAPPING:
        return dict(getattr(message, name))
    return _read(getattr(message, name), shape, where, templates)


def _read(value: Any, shape: Shape, where: str, templates: bool) -> Any:
    """The engine's value of ``shape`` in ``value``: a scalar, a message for a record or a pair,
    a repeated field for a tuple or a frozenset."""
    kind = shape.kind
    if kind is Kind.SCALAR:
        return value
    if kind is Kind.RECORD:
        return build(value, shape, where, templates)
    if kind is Kind.FIXED:
        return tuple(
            take(value, name, item, f"{where}[{i}]", templates)
            for i, (name, item) in enumerate(_positions(value, shape))
        )
    if kind in COLLECTIONS:
        item = shape.item
        values = (
            _read(_unwrapped(part, item), item, f"{where}[{i}]", templates)
            for i, part in enumerate(value)
        )
        return frozenset(values) if kind is Kind.SET else tuple(values)
    raise TypeError(f"{where}: no typed form for {kind.value}")


def _quantity(quantity: Quantity, where: str, templates: bool) -> int | Amount:
    which = quantity.WhichOneof("quantity")
    if which == "value":
        return quantity.value
    if which is None:
        raise WireError(f"{where} is missing")
    if not templates:
        raise range_in_action(where)
    return Amount(quantity.amount.low, quantity.amount.high)


def _positions(message: Message, shape: Shape) -> list[tuple[str, Shape]]:
    """The fields of ``message`` holding the items of the pair ``shape``, in order."""
    descriptor: MessageInfo = message.DESCRIPTOR
    return [(f.name, item) for f, item in zip(descriptor.fields, shape.items, strict=True)]


def _unwrapped(element: Any, shape: Shape) -> Any:
    """Where an element of ``shape`` is in a repeated message: a tuple in its one field (as
    in ``IndexList``), anything else in the message itself."""
    if shape.kind in COLLECTIONS:
        (field,) = element.DESCRIPTOR.fields
        return getattr(element, field.name)
    return element


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
