"""The engine contract: the one shape every game has, and the plain data it exchanges.

A game is a :class:`GameInfo` (its variants, seat counts and options) whose ``new_match``
builds a :class:`Match`. A match is a pure state machine: :meth:`Match.to_move` says which
seats must decide now (one, or several at once for simultaneous decisions),
:meth:`Match.observation` is what a seat may know, :meth:`Match.legal_actions` what it may do,
and :meth:`Match.apply` performs one action or raises :class:`IllegalAction` leaving the match
untouched. All chance comes from the seeded generator kept in the match, so a match is a pure
function of its replay (see :mod:`engines.core.replay`).
"""

from __future__ import annotations

import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from operator import attrgetter
from typing import Any, ClassVar, Final, NamedTuple, TypeVar

from engines.core.spectator import Board, Layout

# ----------------------------------------------------------------------------- errors


class EngineError(Exception):
    """Base of every error an engine raises on bad input."""


class UnknownGame(EngineError):
    """No game, variant or option of that name."""


class BadSetup(EngineError):
    """A match cannot be created from these seats, options or seed."""


class IllegalAction(EngineError):
    """The action may not be taken now; the match is unchanged.

    >>> IllegalAction(0, "Claim(territory='mars')", "no territory 'mars'").reason
    "no territory 'mars'"
    """

    def __init__(self, seat: int, action: object, reason: str) -> None:
        super().__init__(f"seat {seat}: illegal action {action!r}: {reason}")
        self.seat = seat
        self.action = action
        self.reason = reason


class MatchOver(IllegalAction):
    """The match has ended: no more actions are accepted."""


class ContractError(AssertionError):
    """A game broke the engine contract: a bug in the game, never the seats' input."""


# ----------------------------------------------------------------------------- data


@dataclass(frozen=True, slots=True)
class Amount:
    """An inclusive range of a quantity the deciding seat chooses.

    In a legal-action listing a field holding an ``Amount`` is a template: the seat
    applies the same action with an integer in the range.

    >>> 3 in Amount(1, 5), 6 in Amount(1, 5)
    (True, False)
    """

    low: int
    high: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.low, self.high + 1))


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions: frozen, typed, one class per kind of decision.

    A legal action may carry at most one :class:`Amount` field (the template's range).
    """


@dataclass(slots=True)
class Event:
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


@dataclass(frozen=True, slots=True)
class Result:
    """How a match ended.

    ``ranking`` lists groups of tied seats, best first (it orders every seat, also when
    nobody won); ``winners`` are the seats that won by the rules, none when the match was
    stopped (e.g. by the step limit) or the rules call it a draw; ``scores`` is one number per
    seat; ``reason`` is a short code, one of the game's ``end_reasons`` (e.g.
    ``"world_conquered"``, ``"step_limit"``), and ``detail`` a sentence for people.

    >>> r = Result(((1,), (0, 2)), (3.0, 42.0, 3.0), "world_conquered", winners=(1,))
    >>> r.winners, r.placement(2)
    ((1,), 2)
    """

    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[float, ...]
    reason: str
    detail: str = ""
    winners: tuple[int, ...] = ()

    def placement(self, seat: int) -> int:
        """1-based finishing place of ``seat``; tied seats share the better place."""
        place = 1
        for group in self.ranking:
            if seat in group:
                return place
            place += len(group)
        raise ValueError(f"seat {seat} is not ranked")


@dataclass(frozen=True, slots=True)
class Variant:
    """A named configuration of a game, with the seat counts it allows and its book."""

    name: str
    description: str
    seats: tuple[int, ...]
    book: str


@dataclass(frozen=True, slots=True)
class Option:
    """A match option: its name, one-line description, default and allowed values.

    ``choices`` is empty for an integer option, which must lie in ``[minimum, maximum]``.
    """

    name: str
    description: str
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        """Return ``value`` if allowed, else raise :class:`BadSetup` naming the option."""
        if self.choices:
            if value not in self.choices:
                raise BadSetup(f"option {self.name}={value!r}: expected one of {self.choices}")
            return value
        if not isinstance(value, int) or isinstance(value, bool):
            raise BadSetup(f"option {self.name}={value!r}: expected an integer")
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise BadSetup(f"option {self.name}={value}: expected {self.minimum}..{self.maximum}")
        return value


@dataclass(frozen=True)
class VariantRules:
    """Base of each game's variant data (its ``Rules``): what the registry shows of it."""

    name: str
    description: str
    book: str
    seats: tuple[int, ...]

    @property
    def variant(self) -> Variant:
        """The registry entry of this variant."""
        return Variant(self.name, self.description, self.seats, self.book)


STEP_LIMIT = Option(
    "max_steps",
    "actions after which the match stops with reason 'step_limit' (ranked by the game's "
    "tie-break on the board)",
    default=20_000,
    minimum=1,
    maximum=10_000_000,
)


@dataclass(frozen=True)
class GameInfo:
    """A game in the registry: its variants, options, action types and constructors.

    ``end_reasons`` is the closed set of codes its results' ``reason`` may take, ``step_limit``
    included: the values of the game's ``EndReason`` enum, each one of its rules' endings
    (:meth:`Match.result` refuses any other with :class:`ContractError`).

    ``engine_version`` is the version a new match plays unless told otherwise; the engine
    still plays each of its ``older_versions`` exactly as it did (their chance drawn the old
    way), so that their replays re-simulate and a league pinned to one keeps running.

    Building it makes it the ``game`` of its ``match_class``.
    """

    name: str
    description: str
    engine_version: str
    variants: tuple[Variant, ...]
    options: tuple[Option, ...]
    action_types: tuple[type[Action], ...]
    event_types: tuple[type[Event], ...]
    end_reasons: tuple[str, ...]
    layout: Layout = field(repr=False)
    """The board as a drawing (see :mod:`engines.core.spectator`)."""
    match_class: type[Match] = field(repr=False)
    observation_type: type = field(repr=False)
    """The class of this game's observations (what ``Match.observation`` returns)."""
    passive_actions: tuple[type[Action], ...] = ()
    older_versions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        self.match_class.game = self

    @property
    def versions(self) -> tuple[str, ...]:
        """The engine versions this engine plays, the newest (the default) first."""
        return (self.engine_version, *self.older_versions)

    def playable(self, version: str | None) -> str:
        """``version`` if this engine plays it (None: the newest), else :class:`BadSetup`.

        >>> from engines.registry import get_game
        >>> get_game("risk").playable("risk-1.1.0")
        'risk-1.1.0'
        >>> get_game("risk").playable("risk-0.9.0")
        Traceback (most recent call last):
        ...
        engines.core.contract.BadSetup: risk does not play engine version risk-0.9.0 (it \
plays risk-1.2.0, risk-1.1.0)
        """
        if version is None:
            return self.engine_version
        if version not in self.versions:
            plays = ", ".join(self.versions)
            raise BadSetup(f"{self.name} does not play engine version {version} (it plays {plays})")
        return version

    def default_action(self, legal_actions: tuple[Action, ...]) -> Action:
        """The action played for a seat that did not decide (late, crashed, illegal, forfeited).

        The first legal action of a ``passive_actions`` type (passing, ending a phase), else
        the first legal action; an Amount template takes its low end.

        >>> from engines.registry import get_game
        >>> from engines.risk.actions import Attack, EndPhase
        >>> get_game("risk").default_action((Attack("a", "b", Amount(1, 3)), EndPhase()))
        EndPhase()
        >>> get_game("risk").default_action((Attack("a", "b", Amount(1, 3)),))
        Attack(source='a', target='b', dice=1)
        """
        passive = [a for a in legal_actions if isinstance(a, self.passive_actions)]
        action = (passive or list(legal_actions))[0]
        name = amount_field(action)
        return action if name is None else fill_amount(action, getattr(action, name).low)

    def variant(self, name: str) -> Variant:
        """The variant called ``name``, or :class:`UnknownGame`."""
        for variant in self.variants:
            if variant.name == name:
                return variant
        known = ", ".join(v.name for v in self.variants)
        raise UnknownGame(f"game {self.name!r} has no variant {name!r} (known: {known})")

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """All options with defaults filled in; unknown names or bad values raise BadSetup."""
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise BadSetup(f"unknown option(s) {unknown} for {self.name} (known: {sorted(known)})")
        return {name: o.check(given.get(name, o.default)) for name, o in known.items()}

    def new_match(
        self,
        variant: str,
        seats: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        *,
        version: str | None = None,
    ) -> Match:
        """Create a match of ``variant`` for ``seats`` seats from ``seed`` and ``options``,
        played by engine ``version`` (one of :attr:`versions`; None: the newest)."""
        info = self.variant(variant)
        if seats not in info.seats:
            raise BadSetup(f"{self.name}/{variant} is for {seat_counts(info.seats)}, not {seats}")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise BadSetup(f"seed must be a non-negative integer, not {seed!r}")
        version = self.playable(version)
        return self.match_class(variant, seats, seed, self.resolve_options(options), version)


# ----------------------------------------------------------------------------- match

_NOT_A_SEAT: Final = object()
"""What ``Match._admitted`` holds before any seat was checked (no seat is this object)."""


class Match(ABC):
    """One match of a game: a deterministic state machine driven by seats' actions.

    Subclasses implement the ``_``-prefixed hooks; the public methods add the checks every
    game shares (match over, wrong seat, step limit, declared end reason) so games cannot
    forget them.
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

    def observation(self, seat: int) -> Any:
        """Everything ``seat`` may know now, and nothing it may not."""
        if seat is not self._admitted:  # see _admit: one seat check per decision
            self._check_seat(seat)
        return self._observation(seat)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now (empty if it is not to move); may hold Amount templates."""
        if seat is not self._admitted:
            self._check_seat(seat)
        if self._result is not None or seat not in self._to_move():
            return ()
        return self._legal_actions(seat)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Perform ``action`` for ``seat`` and return the events it caused.

        Raises :class:`IllegalAction` (the match is then unchanged) if it is not legal, also
        for a seat that is not in the match.
        """
        if seat is not self._admitted and not self._admit(seat):
            raise IllegalAction(seat, action, f"no seat {seat!r} in a {self.seats}-seat match")
        if self._result is not None:
            raise MatchOver(seat, action, f"the match is over ({self._result.reason})")
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

    def _check_seat(self, seat: int) -> None:
        if not self._admit(seat):
            raise EngineError(f"no seat {seat!r} in a {self.seats}-seat match")

    def _admit(self, seat: object) -> bool:
        """Is ``seat`` one of this match's seats? Remembered in ``_admitted`` if so."""
        if not _is_seat(seat, self.seats):
            return False
        self._admitted = seat
        return True


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, in the plural unless one (words in "y" take "ies"): for the
    texts of events, results and messages.

    >>> plural(1, "army"), plural(3, "army"), plural(0, "seat")
    ('1 army', '3 armies', '0 seats')
    """
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word[:-1]}ies" if word.endswith("y") else f"{count} {word}s"


def seat_counts(counts: Sequence[int]) -> str:
    """Seat counts in words.

    >>> seat_counts((3, 4, 5)), seat_counts((2,)), seat_counts((1,))
    ('3, 4 or 5 seats', '2 seats', '1 seat')
    """
    *rest, last = (str(count) for count in counts)
    listed = f"{', '.join(rest)} or {last}" if rest else last
    return f"{listed} seat{'' if tuple(counts) == (1,) else 's'}"


def _is_seat(seat: object, seats: int) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats


def neighbours_from_links(
    ids: tuple[str, ...], links: Iterable[Sequence[str]]
) -> tuple[tuple[int, ...], ...]:
    """Each place's neighbours (sorted indices) from undirected ``(id, id)`` links of a map.

    >>> neighbours_from_links(("a", "b", "c"), [("a", "b"), ("c", "b")])
    ((1,), (0, 2), (1,))
    """
    index = {name: i for i, name in enumerate(ids)}
    sets: list[set[int]] = [set() for _ in ids]
    for a, b in links:
        sets[index[a]].add(index[b])
        sets[index[b]].add(index[a])
    return tuple(tuple(sorted(s)) for s in sets)


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

    >>> @dataclass(frozen=True, slots=True)
    ... class Move(Action):
    ...     target: str
    ...     armies: int | Amount
    >>> check_field_types(0, Move("peru", 2))
    >>> check_field_types(0, Move("peru", True))
    Traceback (most recent call last):
    ...
    engines.core.contract.IllegalAction: seat 0: illegal action Move(target='peru', \
armies=True): armies must be int or Amount, not True
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
_FIELD_TYPES: dict[type, FieldTypes] = {}
"""Each action class's field types, found once."""


def _field_types(cls: type) -> FieldTypes:
    """Per field of an action class: its name, the exact types it allows and, for a
    ``tuple[X, ...]``, the type ``X`` of its items."""
    if not is_dataclass(cls):
        return ()
    hints = typing.get_type_hints(cls)
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


A = TypeVar("A", bound=Action)


def amount_field(action: Action) -> str | None:
    """The name of the :class:`Amount` field of a legal-action template, if any.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Move(Action):
    ...     armies: int | Amount
    >>> amount_field(Move(Amount(1, 3))), amount_field(Move(2))
    ('armies', None)
    """
    for name in _action_fields(type(action)).names:
        if isinstance(getattr(action, name), Amount):
            return name
    return None


def fill_amount(template: A, value: int) -> A:
    """``template`` with its :class:`Amount` field set to ``value`` (``template`` itself if it
    has none): the action a seat sends for a legal-action template. The same as
    ``dataclasses.replace``, without its reflection on every call.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Move(Action):
    ...     target: str
    ...     armies: int | Amount
    >>> fill_amount(Move("peru", Amount(1, 3)), 2), fill_amount(Move("peru", 1), 2)
    (Move(target='peru', armies=2), Move(target='peru', armies=1))
    """
    found = _action_fields(type(template))
    if found.values is None:
        name = amount_field(template)
        return template if name is None else replace(template, **{name: value})
    values = found.values(template)
    for index, old in enumerate(values):
        if isinstance(old, Amount):
            filled = list(values)
            filled[index] = value
            return type(template)(*filled)
    return template


class _ActionFields(NamedTuple):
    """An action class's fields, found once by reflection: ``dataclasses.fields`` and
    ``replace`` on every decision cost a house bot more than the rest of its choice."""

    names: tuple[str, ...]
    """Every field, in order."""
    values: Callable[[Any], tuple[Any, ...]] | None
    """The fields' values in order, when the class is built from them positionally (every
    field a positional ``__init__`` parameter, as usual); None otherwise."""


def _action_fields(cls: type) -> _ActionFields:
    found = _ACTION_FIELDS.get(cls)
    if found is None:
        every = fields(cls)  # a TypeError for a class that is not a dataclass
        names = tuple(f.name for f in every)
        positional = all(f.init and not f.kw_only for f in every)
        values = _getter(names) if positional and names else None
        found = _ACTION_FIELDS[cls] = _ActionFields(names, values)
    return found


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The values of the attributes ``names`` of an object, as a tuple."""
    if len(names) > 1:
        return attrgetter(*names)
    get = attrgetter(names[0])  # one name: attrgetter gives the value itself
    return lambda item: (get(item),)


_ACTION_FIELDS: dict[type, _ActionFields] = {}


def visible_event(event: Event, seat: int | None) -> Event | None:
    """``event`` as ``seat`` may see it (``None``: a spectator, who sees only public facts),
    or None when it may not see it at all."""
    owner = event.private_to
    return event if owner is None or owner == seat else event.redacted()


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` (``None``: a spectator) is shown, each as it may see it.

    >>> from engines.risk.events import MissionChanged
    >>> visible_events([MissionChanged(2, "24_territories")], 2)
    [MissionChanged(seat=2, mission='24_territories')]
    >>> visible_events([MissionChanged(2, "24_territories")], 0)
    []
    """
    shown = []
    for event in events:
        seen = visible_event(event, seat)
        if seen is not None:
            shown.append(seen)
    return shown


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
