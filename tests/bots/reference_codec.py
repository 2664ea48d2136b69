"""The wire codec as it was before its converters were compiled (issue 19, item 4): the
reference the tests and ``scripts/bench_codec.py`` compare the package's codec with.

It walks the shapes (and, for plain data, the dataclasses) on every call. Tests only: the
package has just the compiled converters.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from google.protobuf.message import Message

from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.arena.v1.common_pb2 import Quantity
from bots.protocol.errors import WireError, range_in_action
from bots.protocol.shapes import Kind, Shape, shape_of
from bots.protocol.typed import COLLECTIONS, MessageInfo
from bots.protocol.wire import ACTION_ONEOF, GameCodec
from engines.core import Action, Amount, Event, visible_events

# -- what GameCodec did ------------------------------------------------------------------


def encode_setup(wire: GameCodec, observation: Any) -> pb.Setup:
    message = pb.Setup()
    if wire.typed:
        target = getattr(message, wire.game.name)
        target.SetInParent()
        for name, shape in wire.statics:
            put(target, name, shape, getattr(observation, name))
    else:
        message.json = _dumps({n: encode(getattr(observation, n)) for n, _ in wire.statics})
    return message


def encode_observation(wire: GameCodec, observation: Any) -> pb.Observation:
    message = pb.Observation()
    if wire.typed:
        fill(getattr(message, wire.game.name), observation, wire.observation, wire.static_names)
    else:
        message.json = _dumps(encode(observation, exclude=wire.static_names))
    return message


def encode_action(wire: GameCodec, action: Action) -> pb.Action:
    message = pb.Action()
    if wire.typed:
        target = getattr(getattr(message, wire.game.name), wire.action_fields[type(action)])
        fill(target, action, wire.actions.choices[type(action).__name__])
    else:
        message.json = _dumps(encode(action))
    return message


def encode_events(events: Iterable[Event], seat: int | None = None) -> list[str]:
    return [_dumps(encode(event)) for event in visible_events(events, seat)]


def decode_setup(wire: GameCodec, message: pb.Setup) -> dict[str, Any]:
    setup = getattr(message, wire.game.name)
    return {n: take(setup, n, s, f"setup.{n}", False) for n, s in wire.statics}


def decode_observation(wire: GameCodec, message: pb.Observation, setup: Mapping[str, Any]) -> Any:
    given = {name: setup[name] for name, _ in wire.statics}
    if message.WhichOneof("game") == "json":
        data = json.loads(message.json)
        return decode(data, wire.observation, "observation", given=given)
    return build(getattr(message, wire.game.name), wire.observation, "observation", False, given)


def decode_action(wire: GameCodec, message: pb.Action, templates: bool) -> Action:
    if message.WhichOneof("game") == "json":
        action: Action = decode(json.loads(message.json), wire.actions, "action", templates)
        return action
    game_action = getattr(message, wire.game.name)
    which = game_action.WhichOneof(ACTION_ONEOF)
    shape = wire.actions.choices[wire.action_classes[which]]
    decoded: Action = build(getattr(game_action, which), shape, f"action.{which}", templates)
    return decoded


def decode_event(wire: GameCodec, text: str) -> Event:
    event: Event = decode(json.loads(text), wire.events, "event")
    return event


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


# -- typed.py --------------------------------------------------------------------------


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
        values = sorted(value, key=encode) if kind is Kind.SET else value
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


# -- plain.py --------------------------------------------------------------------------


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
