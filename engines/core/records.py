"""The base of every game's events, and the type hints of records compiled by mypyc (part of
:mod:`engines.core.contract`).

This module is compiled with the games' rules (``scripts/compile_engines.py``), so that a
game's events and observations can be compiled as native classes too: a compiled rule then
builds them without running Python (issue 19). A game or a test written in Python still
subclasses :class:`Event`. A record class compiled for speed defines its own ``__init__``,
which mypyc compiles; the dataclass still gives it its fields, ``repr`` and ``==``. A frozen
record's ``__init__`` sets each field with ``object.__setattr__`` (in Python, the frozen class
refuses plain assignment; compiled, it is a plain store). A compiled class keeps only the
erased runtime types of its fields (``type`` for ``int | None``): its declared type hints,
which the wire reads, come from :func:`field_hints`.

Only records that the rules alone build are compiled: a native class refuses a value of
another type than its field declares when it is built (a TypeError), where the rules refuse a
seat's ill-typed action with an IllegalAction when it is applied; so actions stay in Python.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

from engines.core.native import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class Record:
    """Base of the records a compiled module may hold (events, observations): pickled and
    copied by building them again from their fields, which a native class needs (it has no
    ``__dict__`` or slots to restore). Every field must be a positional ``__init__`` argument,
    as in a dataclass's own ``__init__``.

    >>> import pickle
    >>> from engines.risk.events import DiceRolled
    >>> pickle.loads(pickle.dumps(DiceRolled("alaska", "alberta", (6,), (2,), 0, 1)))
    DiceRolled(source='alaska', target='alberta', attacker=(6,), defender=(2,), \
attacker_losses=0, defender_losses=1)
    """

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), tuple([getattr(self, f.name) for f in fields(cast(Any, self))])


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(slots=True)
class Event(Record):
    """Base of every game's events: what happened, in order, as plain data.

    Events are read-only records; they are not frozen only because they are made on the
    hot path of every decision, where a frozen dataclass costs four times as much to build.

    ``private_to`` names the only seat that may see the event as it is; every other
    seat, spectator and replay shown to a bot sees :meth:`redacted` instead: a copy without
    the secret, or nothing at all (``None``) when the event's mere existence would tell a
    secret (a seat's mission changing, a secret order written).
    """

    @property
    def private_to(self) -> int | None:
        """The only seat that may see the event as it is; None: a public event (read-only,
        so that a game's event may compute it from its fields)."""
        return None

    def redacted(self) -> Event | None:
        """The event as seats other than ``private_to`` may see it (None: not at all)."""
        return self

    def describe(self, names: Sequence[str]) -> str:
        """The event in words for people, ``names[seat]`` naming each seat (games say it in
        a sentence; this default lists the fields).

        >>> @dataclass(slots=True)
        ... class Rolled(Event):
        ...     seat: int
        ...     dice: tuple[int, ...]
        >>> Rolled(1, (6, 2)).describe(["Ann", "Bob"])
        'Rolled: seat=1, dice=(6, 2)'
        """
        values = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
        return f"{type(self).__name__}: {values}" if values else type(self).__name__


R = TypeVar("R")

_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""Each dataclass's field names, found once by :func:`assemble`."""


def assemble(cls: type[R], values: tuple[object, ...]) -> R:
    """A dataclass record of ``cls`` holding ``values``, one per field in order, built without
    running its ``__init__`` in Python: the same stores as a dataclass's own ``__init__`` (a
    frozen one's ``object.__setattr__``), for a class that defines no other ``__init__`` and no
    ``__post_init__``. Compiled, it costs less than half of calling a class written in Python:
    the rules build their legal-action templates with it.

    >>> from engines.risk.actions import Blitz
    >>> assemble(Blitz, ("alaska", "alberta", 3)) == Blitz("alaska", "alberta", 3)
    True
    """
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple([f.name for f in fields(cast(Any, cls))])
    if len(values) != len(names):
        raise TypeError(f"{cls.__name__} has {len(names)} fields, not {len(values)}")
    record: R = object.__new__(cls)
    for index, name in enumerate(names):
        object.__setattr__(record, name, values[index])
    return record


def field_hints(cls: type) -> dict[str, Any]:
    """The type hints of a record class's fields as declared in its source, also for a class
    compiled by mypyc (whose annotations it replaced by the erased runtime types): what
    ``typing.get_type_hints`` gives for a class in Python.

    >>> from engines.risk.events import Conquered
    >>> field_hints(Conquered)
    {'owner': <class 'int'>, 'source': <class 'str'>, 'target': <class 'str'>, \
'previous_owner': <class 'int'>}
    """
    hints: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        names = vars(sys.modules[klass.__module__])
        if "__mypyc_attrs__" in vars(klass):  # a native class: its annotations in its source
            written = _written_annotations(klass.__module__).get(klass.__name__, {})
        else:
            written = vars(klass).get("__annotations__", {})
        for name, hint in written.items():
            hints[name] = eval(hint, names) if isinstance(hint, str) else hint
    return hints


@cache
def _written_annotations(module: str) -> dict[str, dict[str, str]]:
    """The annotations of every top-level class of ``module`` as written in its source
    file (a compiled module's source lies beside it, in its package's folder: a module
    compiled by mypyc may carry a wrong ``__file__``)."""
    package, _, name = module.rpartition(".")
    folder = Path(cast(str, sys.modules[package].__file__)).parent
    tree = ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))
    return {
        node.name: {
            item.target.id: ast.unparse(item.annotation)
            for item in node.body
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
        }
        for node in tree.body
        if isinstance(node, ast.ClassDef)
    }
