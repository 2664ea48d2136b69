"""What the engines' type hints mean on the wire: one small tree of shapes per type.

Both converters (:mod:`bots.protocol.plain` for JSON, :mod:`bots.protocol.typed` for protobuf
messages) walk these shapes, so no game needs conversion code of its own: a new dataclass
field travels as soon as its type hint has a shape.

>>> from engines.risk.actions import Attack
>>> [(name, shape.kind.value) for name, shape in shape_of(Attack).fields]
[('source', 'scalar'), ('target', 'scalar'), ('dice', 'quantity')]
"""

from __future__ import annotations

import collections.abc
import enum
import types
import typing
from dataclasses import dataclass, field, fields, is_dataclass
from functools import cache
from typing import Any

from engines.core import Amount
from engines.core.records import field_hints

SCALARS = (bool, int, float, str)


class Kind(enum.Enum):
    """The kinds of shape."""

    SCALAR = "scalar"  # bool, int, float or str: ``type``
    RECORD = "record"  # a dataclass: ``type`` and its ``fields``
    CHOICE = "choice"  # one of several dataclasses, told apart by class name: ``choices``
    OPTIONAL = "optional"  # ``X | None``: ``items`` is (X,)
    QUANTITY = "quantity"  # ``int | Amount``: a value, or a range in a legal-action template
    SEQUENCE = "sequence"  # ``tuple[X, ...]``, or ``Sequence[X]`` read as one: ``items`` is (X,)
    FIXED = "fixed"  # ``tuple[X, Y]``: ``items`` is (X, Y)
    SET = "set"  # ``frozenset[X]``: ``items`` is (X,)
    MAPPING = "mapping"  # ``dict[K, V]``: ``items`` is (K, V)


@dataclass(frozen=True, eq=False)
class Shape:
    """How values of one type hint travel; which attributes are set depends on ``kind``."""

    kind: Kind
    type: Any = None
    fields: tuple[tuple[str, Shape], ...] = ()
    items: tuple[Shape, ...] = ()
    choices: dict[str, Shape] = field(default_factory=dict)

    @property
    def item(self) -> Shape:
        """The one inner shape of an optional, sequence or set."""
        return self.items[0]


@cache
def shape_of(hint: Any) -> Shape:
    """The shape of a type hint (cached); an unsupported hint raises TypeError naming it."""
    if hint in SCALARS:
        return Shape(Kind.SCALAR, hint)
    if is_dataclass(hint):
        hints = field_hints(typing.cast(type, hint))
        return Shape(
            Kind.RECORD, hint, fields=tuple((f.name, shape_of(hints[f.name])) for f in fields(hint))
        )
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return _union(args)
    if origin is collections.abc.Sequence:
        return Shape(Kind.SEQUENCE, items=(shape_of(args[0]),))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return Shape(Kind.SEQUENCE, items=(shape_of(args[0]),))
        return Shape(Kind.FIXED, items=tuple(shape_of(a) for a in args))
    if origin is frozenset:
        return Shape(Kind.SET, items=(shape_of(args[0]),))
    if origin is dict:
        return Shape(Kind.MAPPING, items=(shape_of(args[0]), shape_of(args[1])))
    raise TypeError(f"no wire shape for {hint!r}")


def choice_of(classes: tuple[type, ...]) -> Shape:
    """The shape of a value that is one of ``classes`` (dataclasses), e.g. a game's actions."""
    return shape_of(typing.Union[classes])  # noqa: UP007 (a Union built from a tuple)


def _union(args: tuple[Any, ...]) -> Shape:
    members = tuple(a for a in args if a is not types.NoneType)
    if len(members) < len(args):
        inner = members[0] if len(members) == 1 else typing.Union[members]  # noqa: UP007
        return Shape(Kind.OPTIONAL, items=(shape_of(inner),))
    if set(members) == {int, Amount}:
        return Shape(Kind.QUANTITY)
    if all(is_dataclass(m) for m in members):
        return Shape(Kind.CHOICE, choices={m.__name__: shape_of(m) for m in members})
    raise TypeError(f"no wire shape for the union {args!r}")
