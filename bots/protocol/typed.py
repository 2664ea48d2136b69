"""The engines' dataclasses as protobuf messages with the same field names, and back.

A dataclass field travels in the message field of the same name, by its shape: a scalar as
itself, a dataclass as a message, ``X | None`` as an optional field, ``int | Amount`` as a
``Quantity``, a tuple as a repeated field, a tuple of tuples as repeated one-field messages
(``IndexList``), a dict as a map. :func:`check` proves at start-up that a message and a
dataclass have the same fields.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from bots.protocol.errors import WireError, range_in_action
from bots.protocol.shapes import Kind, Shape
from engines.core import Amount


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
    elif kind is Kind.RECORD:
        fill(getattr(message, name), value, shape)
    elif kind is Kind.QUANTITY:
        quantity = getattr(message, name)
        if isinstance(value, Amount):
            quantity.amount.low, quantity.amount.high = value.low, value.high
        else:
            quantity.value = value
    elif kind is Kind.SEQUENCE:
        _extend(getattr(message, name), shape.item, value)
    elif kind is Kind.MAPPING:
        getattr(message, name).update(value)
    else:
        raise TypeError(f"{message.DESCRIPTOR.full_name}.{name}: no typed form for {kind.value}")


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
    if kind is Kind.SCALAR:
        return getattr(message, name)
    if kind is Kind.OPTIONAL:
        return take(message, name, shape.item, where, templates) if message.HasField(name) else None
    if kind is Kind.RECORD:
        if not message.HasField(name):
            raise WireError(f"{where} is missing")
        return build(getattr(message, name), shape, where, templates)
    if kind is Kind.QUANTITY:
        return _quantity(getattr(message, name), where, templates)
    if kind is Kind.SEQUENCE:
        return _items(getattr(message, name), shape.item, where, templates)
    if kind is Kind.MAPPING:
        return dict(getattr(message, name))
    raise TypeError(f"{where}: no typed form for {kind.value}")


def check(descriptor: Descriptor, fields: Sequence[tuple[str, Shape]]) -> None:
    """Raise TypeError unless ``descriptor`` has exactly these fields, nested messages too."""
    names = {name for name, _ in fields}
    have = set(descriptor.fields_by_name)
    if names != have:
        raise TypeError(
            f"{descriptor.full_name} and its dataclass differ: only in the message "
            f"{sorted(have - names)}, only in the dataclass {sorted(names - have)}"
        )
    for name, shape in fields:
        inner = _record_within(shape)
        field = descriptor.fields_by_name[name]
        if inner is not None and field.type == FieldDescriptor.TYPE_MESSAGE:
            check(field.message_type, inner.fields)


def _record_within(shape: Shape) -> Shape | None:
    while shape.kind in (Kind.OPTIONAL, Kind.SEQUENCE):
        shape = shape.item
    return shape if shape.kind is Kind.RECORD else None


def _extend(repeated: Any, shape: Shape, values: Sequence[Any]) -> None:
    if shape.kind is Kind.SCALAR:
        repeated.extend(values)
    elif shape.kind is Kind.RECORD:
        for value in values:
            fill(repeated.add(), value, shape)
    elif shape.kind is Kind.SEQUENCE:
        for value in values:
            wrapper = repeated.add()
            _extend(getattr(wrapper, _only_field(wrapper)), shape.item, value)
    else:
        raise TypeError(f"no typed form for a sequence of {shape.kind.value}")


def _items(repeated: Any, shape: Shape, where: str, templates: bool) -> tuple:
    if shape.kind is Kind.SCALAR:
        return tuple(repeated)
    if shape.kind is Kind.RECORD:
        return tuple(build(m, shape, f"{where}[{i}]", templates) for i, m in enumerate(repeated))
    return tuple(
        _items(getattr(m, _only_field(m)), shape.item, f"{where}[{i}]", templates)
        for i, m in enumerate(repeated)
    )


def _only_field(wrapper: Message) -> str:
    (field,) = wrapper.DESCRIPTOR.fields
    return field.name


def _quantity(quantity: Message, where: str, templates: bool) -> int | Amount:
    which = quantity.WhichOneof("quantity")
    if which == "value":
        return quantity.value
    if which is None:
        raise WireError(f"{where} is missing")
    if not templates:
        raise range_in_action(where)
    return Amount(quantity.amount.low, quantity.amount.high)
