"""The engine contract: the one shape every game has, and the plain data it exchanges.

A game is a :class:`GameInfo` (its variants, seat counts and options) whose ``new_match``
builds a :class:`~engines.core.match.Match` (its own module, compiled with the rules). A match
is a pure state machine: :meth:`Match.to_move` says which seats must decide now (one, or
several at once for simultaneous decisions), :meth:`Match.observation` is what a seat may know,
:meth:`Match.legal_actions` what it may do, and :meth:`Match.apply` performs one action or
raises :class:`IllegalAction` leaving the match untouched. All chance comes from the seeded
generator kept in the match, so a match is a pure function of its replay (see
:mod:`engines.core.replay`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

# Re-exported (the "as" says so to the type checker): part of the contract.
from engines.core.records import Event as Event  # noqa: PLC0414
from engines.core.spectator import Layout

if TYPE_CHECKING:
    from engines.core.match import Match


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
