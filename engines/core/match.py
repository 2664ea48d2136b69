"""The base of every game's match, with the public API and the checks every game shares, the
hooks a game implements, and the checks of an action's values its rules make on every decision
(see :mod:`engines.core.contract` for the contract as a whole).

It is compiled with the games' rules (``scripts/compile_engines.py``), so that each game's
match, a subclass, is compiled as a native class too (its attributes in fixed slots, not a
dictionary); a game or a test written in Python may still subclass it.
"""

from __future__ import annotations

import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import fields, is_dataclass
from typing import Any, ClassVar, Final

from engines.core.contract import (
    Action,
    BadSetup,
    ContractError,
    EngineError,
    Event,
    GameInfo,
    IllegalAction,
    MatchOver,
    Result,
)
from engines.core.native import mypyc_attr
from engines.core.records import field_hints
from engines.core.spectator import Board

_NOT_A_SEAT: Final = object()
"""What ``Match._admitted`` holds before any seat was checked (no seat is this object)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Match(ABC):
    """One match of a game: a deterministic state machine driven by seats' actions.

    Subclasses implement the ``_``-prefixed hooks; the public methods add the checks every
    game shares (match over, wrong seat, step limit, declared end reason) so games cannot
    forget them. Their ``seat`` is typed ``Any``: they take any object and refuse what is not
    a seat (``True``, ``1.0``, ``"0"``), where a compiled ``int`` parameter would take ``True``
    for seat 1 and refuse the others with a TypeError.
    """

    game: ClassVar[GameInfo]
    state_fields: ClassVar[tuple[str, ...]] = ()
    """The attributes that make the match's state: plain data (numbers, strings, None, and
    lists and string-keyed dicts of them) that :meth:`snapshot` copies out and
    :meth:`restore` copies back."""

    _admitted: object = _NOT_A_SEAT
    """The seat (the very object) that passed the check last: a decision asks for the same
    seat's observation, legal actions and apply, and the same object gets the same answer, so
    the public methods check a seat only when it is another object than this one."""

    def __init__(
        self, variant: str, seats: int, seed: int, options: dict[str, Any], version: str
    ) -> None:
        self.engine_version = version
        """The engine version this match plays (one of its game's ``versions``)."""
        self.variant = variant
        self.seats = seats
        self.seed = seed
        self.options = options
        self.steps = 0
        self.rng = random.Random(seed)
        self._result: Result | None = None
        self.setup_events: list[Event] = []
        """Events of the match's creation (deals, set-up rolls), before any action."""

    # -- public API ---------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        """The seats that must decide now: one, several at once, or none when over.

        Seats asked at once decide independently: until the last of them has acted, the
        action of one changes nothing that another of them observes or may do, so a runner
        may ask them all at the same time.
        """
        return () if self._result is not None else self._to_move()

    def observation(self, seat: Any) -> Any:
        """Everything ``seat`` may know now, and nothing it may not."""
        if seat is not self._admitted:  # see _admit: one seat check per decision
            self._check_seat(seat)
        return self._observation(seat)

    def legal_actions(self, seat: Any) -> tuple[Action, ...]:
        """What ``seat`` may do now (empty if it is not to move); may hold Amount templates."""
        if seat is not self._admitted:
            self._check_seat(seat)
        if self._result is not None or seat not in self._to_move():
            return ()
        return self._legal_actions(seat)

    def apply(self, seat: Any, action: Action) -> list[Event]:
        """Perform ``action`` for ``seat`` and return the events it caused.

        Raises :class:`IllegalAction` (the match is then unchanged) if it is not legal, also
        for a seat that is not in the match.
        """
        if seat is not self._admitted and not self._admit(seat):
            raise IllegalAction(seat, action, f"no seat {seat!r} in a {self.seats}-seat match")
        # A local: testing the attribute itself would let the compiler take it for None
        # below, after _apply, which may set it.
        ended = self._result
        if ended is not None:
            raise MatchOver(seat, action, f"the match is over ({ended.reason})")
        if seat not in self._to_move():
            raise IllegalAction(
                seat, action, f"not this seat's decision (to move: {self._to_move()})"
            )
        check_field_types(seat, action)
        events = self._apply(seat, action)
        self.steps += 1
        if self._result is None and self.steps >= self.options["max_steps"]:
            self._result = self._step_limit_result()
        return events

    def is_over(self) -> bool:
        """True once the match has a result."""
        return self._result is not None

    def result(self) -> Result:
        """The result of a finished match (raises if it is still running).

        Raises :class:`ContractError` if the game ended it with a reason it does not declare
        in ``GameInfo.end_reasons``.
        """
        if self._result is None:
            raise EngineError("the match is not over")
        reason = self._result.reason
        if reason not in self.game.end_reasons:
            raise ContractError(
                f"{self.game.name}: undeclared end reason '{reason}' "
                f"(declared: {', '.join(self.game.end_reasons)})"
            )
        return self._result

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain JSON-able data; :meth:`restore` rebuilds the match."""
        state = self._snapshot()
        state.update(
            game=self.game.name,
            engine_version=self.engine_version,
            variant=self.variant,
            seats=self.seats,
            seed=self.seed,
            options=dict(self.options),
            steps=self.steps,
            rng=_rng_to_plain(self.rng.getstate()),
        )
        return state

    @classmethod
    def restore(cls, state: Mapping[str, Any]) -> Match:
        """Rebuild a match from :meth:`snapshot`'s data (set up from its seed, then given the
        snapshot's state; without ``setup_events``, which a snapshot does not hold), played by
        the snapshot's engine version (BadSetup if the engine no longer plays it)."""
        version = state.get("engine_version")
        if not isinstance(version, str) or version not in cls.game.versions:
            raise BadSetup(f"snapshot of {version}, not {', '.join(cls.game.versions)}")
        # Options added since the snapshot was taken take their defaults (the rules it played).
        options = cls.game.resolve_options(state["options"])
        match = cls(state["variant"], state["seats"], state["seed"], options, version)
        match.setup_events = []  # not in a snapshot: the set-up is the state's past
        match.steps = state["steps"]
        match.rng.setstate(_rng_from_plain(state["rng"]))
        match._restore(state)
        return match

    def redraw_hidden(self, seat: int | None, rng: random.Random) -> Match:
        """A copy of the match in which everything ``seat`` may not know (``None``: a
        spectator, who knows only public facts) is drawn again from ``rng``, consistently with
        what it does know: other seats' hands and missions, the order of every deck, face-down
        cards, secret orders and bids not yet revealed. The generator is kept as it is; the
        copy's ``setup_events`` are the ones it would have had.

        The conformance suite uses it to prove that nothing a seat is shown depends on what it
        may not know; a bot's search may use it to sample the worlds its observation allows.

        >>> from engines.registry import get_game
        >>> match = get_game("risk").new_match("miro-missions", 3, seed=1)
        >>> other = match.redraw_hidden(0, random.Random(5))
        >>> other.observation(0) == match.observation(0)
        True
        """
        copy = type(self).restore(self.snapshot())
        copy.setup_events = list(self.setup_events)
        copy._redraw_hidden(seat, rng)
        return copy

    def spectator_board(self) -> Board:
        """The board now as a spectator sees it: only public facts (see
        :mod:`engines.core.spectator`); its places are the game's layout's."""
        return self._spectator_board()

    def summary(self) -> list[str]:
        """Game-specific lines for people about the match so far (empty by default)."""
        return []

    # -- hooks --------------------------------------------------------------------

    @abstractmethod
    def _to_move(self) -> tuple[int, ...]: ...

    @abstractmethod
    def _observation(self, seat: int) -> Any: ...

    @abstractmethod
    def _legal_actions(self, seat: int) -> tuple[Action, ...]: ...

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Validate completely before changing anything, then change and return events."""

    @abstractmethod
    def _step_limit_result(self) -> Result: ...

    @abstractmethod
    def _spectator_board(self) -> Board: ...

    def _snapshot(self) -> dict[str, Any]:
        return {name: _plain_copy(getattr(self, name)) for name in self.state_fields}

    def _restore(self, state: Mapping[str, Any]) -> None:
        for name in self.state_fields:
            setattr(self, name, _plain_copy(state[name]))
        self._restored()

    @abstractmethod
    def _redraw_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Draw again, in place, what ``seat`` may not know (see :meth:`redraw_hidden`)."""

    @abstractmethod
    def _restored(self) -> None:
        """Rebuild what derives from the restored state fields (rules, indexes, result)."""

    def _check_seat(self, seat: object) -> None:
        if not self._admit(seat):
            raise EngineError(f"no seat {seat!r} in a {self.seats}-seat match")

    def _admit(self, seat: object) -> bool:
        """Is ``seat`` one of this match's seats? Remembered in ``_admitted`` if so."""
        if not _is_seat(seat, self.seats):
            return False
        self._admitted = seat
        return True


def _is_seat(seat: object, seats: int) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats


def _plain_copy(value: Any) -> Any:
    """A deep copy of plain data (lists and dicts of scalars), so no state is shared."""
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain_copy(v) for k, v in value.items()}
    return value


def _rng_to_plain(state: tuple[Any, ...]) -> list[Any]:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _rng_from_plain(plain: Sequence[Any]) -> tuple[Any, ...]:
    version, internal, gauss = plain
    return (version, tuple(internal), gauss)


def count_in(seat: int, action: Action, value: object, low: int, high: int, *, what: str) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (never a bool), else an
    IllegalAction naming ``what``.

    >>> count_in(0, None, 2, 1, 3, what="dice")
    2
    >>> count_in(0, None, True, 1, 3, what="dice")
    Traceback (most recent call last):
    ...
    engines.core.contract.IllegalAction: seat 0: illegal action None: dice must be a whole \
number from 1 to 3, not True
    """
    if type(value) is not int or not low <= value <= high:
        raise IllegalAction(
            seat, action, f"{what} must be a whole number from {low} to {high}, not {value!r}"
        )
    return value


def check_field_types(seat: int, action: Action) -> None:
    """Refuse, with an IllegalAction naming the field, an action holding a value of another
    type than its field declares (a bool or a float for a number, a number or None for a
    name): the rules then only ever read values of the declared types.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Move(Action):
    ...     target: str
    ...     armies: int | None
    >>> check_field_types(0, Move("peru", 2))
    >>> check_field_types(0, Move("peru", True))
    Traceback (most recent call last):
    ...
    engines.core.contract.IllegalAction: seat 0: illegal action Move(target='peru', \
armies=True): armies must be int or NoneType, not True
    """
    checks = _FIELD_TYPES.get(type(action))
    if checks is None:
        checks = _FIELD_TYPES[type(action)] = _field_types(type(action))
    for name, allowed, items in checks:
        value = getattr(action, name)
        if type(value) not in allowed or (
            items is not None and any(type(item) is not items for item in value)
        ):
            shown = " or ".join(kind.__name__ for kind in allowed)
            shown = f"a tuple of {items.__name__}" if items is not None else shown
            raise IllegalAction(seat, action, f"{name} must be {shown}, not {value!r}")


FieldTypes = tuple[tuple[str, tuple[type, ...], type | None], ...]
_FIELD_TYPES: Final[dict[type, FieldTypes]] = {}
"""Each action class's field types, found once."""


def _field_types(cls: type) -> FieldTypes:
    """Per field of an action class: its name, the exact types it allows and, for a
    ``tuple[X, ...]``, the type ``X`` of its items."""
    if not is_dataclass(cls):
        return ()
    hints = field_hints(cls)
    checks = []
    for f in fields(cls):
        hint = hints[f.name]
        options = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
        items = None
        if typing.get_origin(hint) is tuple:
            options, items = (tuple,), typing.get_args(hint)[0]
        checks.append((f.name, tuple(options), items))
    return tuple(checks)


def lookup(index: Mapping[str, int], name: object, seat: int, action: Action, what: str) -> int:
    """The number of the ``what`` (territory, region...) called ``name`` in ``index``, or an
    IllegalAction naming it.

    >>> lookup({"alaska": 0}, "alaska", 0, None, "territory")
    0
    >>> lookup({"alaska": 0}, "mars", 0, None, "territory")
    Traceback (most recent call last):
    ...
    engines.core.contract.IllegalAction: seat 0: illegal action None: no territory 'mars'
    """
    number = index.get(name) if isinstance(name, str) else None
    if number is None:
        raise IllegalAction(seat, action, f"no {what} {name!r}")
    return number
