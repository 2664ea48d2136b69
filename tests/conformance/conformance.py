"""What every game must do under the engine contract, as checks made during random legal play.

:func:`walk` plays a match with random legal actions (the deciding seat drawn among every seat
asked at once) and stops before each action so that a check can look at the match, the
action about to be played and the events of the last one. Each ``check_*`` function takes one
such :class:`Step`; the suite (``test_conformance.py``) runs them over every registered game,
variant and seat count, and ``test_positive_control.py`` shows that they catch a leaking game.

Hidden information (DESIGN.md, "The engine contract"): what a seat or a spectator is shown
must not depend on anything it may not know, not even by which events exist, how many or
when. Three checks prove it:

- :func:`check_hidden_redrawn`: the seat's observation, legal actions and who is to move, and
  what it and a spectator are shown by the next action, are the same in the match and in
  ``match.redraw_hidden(seat)`` (everything it may not know drawn again), unless that action
  reveals something to it (its observation after differs, or the match ends);
- :func:`check_unseen_actions_leave_no_trace`: an action that changes nothing another seat
  observes shows that seat no event (a secret order leaves no trace: neither count nor
  timing), and shows a spectator none when it changes nothing any other seat observes;
- :func:`check_independent_deciders`: seats asked at once decide independently.

The spectator board (``Match.spectator_board``) is held to the same rules: the same in every
world ``redraw_hidden(None)`` draws, unchanged by an action that shows a spectator nothing,
and drawn on the game's layout (:func:`check_spectator_board`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib.metadata import distributions, entry_points
from pathlib import Path
from typing import Any

import orjson

from bots.house.choice import bounds, fill
from bots.protocol.wire import codec
from engines import registry
from engines.core import (
    Action,
    Amount,
    Event,
    GameInfo,
    IllegalAction,
    Match,
    Result,
    amount_field,
    visible_events,
)
from engines.core.codec import to_plain
from engines.replay import Recorder

REGISTRATION = Path(__file__).parents[1] / "toy" / "registration"
"""The toy game's registration: a distribution's metadata with its entry point."""
TOY_POINTS = [
    point
    for dist in distributions(path=[str(REGISTRATION)])
    for point in dist.entry_points
    if point.group == registry.GROUP
]
GAMES = registry.catalogue([*entry_points(group=registry.GROUP), *TOY_POINTS])
"""Every game under test, by name: the installed ones and the toy, found by the registry's
own code from their entry points."""

MAX_STEPS = 1500
"""The matches' step limit: random play ends by the rules or there."""
FIRST = 6
"""The first steps of a match, where set-up happens, all get the costly checks…"""
EVERY = 12
"""…and after them one step in this many."""
BAD_SEATS: tuple[Any, ...] = (-1, True, "0", None, 1.0)
"""Seats that are never in a match (with the seat count itself)."""
GARBAGE: tuple[Any, ...] = (None, "Attack", 42, ("EndPhase",), {"type": "EndPhase"})


@dataclass(frozen=True, slots=True)
class Foreign(Action):
    """An action of no registered game."""

    value: int = 0


@dataclass
class Step:
    """A match about to take ``action`` from ``seat``; ``events`` came from the last action
    (the match's set-up at the first step)."""

    recorder: Recorder
    index: int
    seat: int
    action: Action
    events: list[Event]
    rng: random.Random
    previous: tuple[int, Action] | None = None
    twin: Match | None = field(default=None, repr=False)

    @property
    def match(self) -> Match:
        """The match being played."""
        return self.recorder.match

    @property
    def costly(self) -> bool:
        """Does this step get the costly checks?"""
        return self.index < FIRST or self.index % EVERY == 0


def random_action(rng: random.Random, legal: tuple[Action, ...]) -> Action:
    """A random legal action: a random template, filled with a random amount."""
    template = rng.choice(legal)
    amount = bounds(template)
    return template if amount is None else fill(template, rng.randint(amount.low, amount.high))


def new_recorder(
    game: GameInfo, variant: str, seats: int, seed: int, options: Mapping[str, Any] | None = None
) -> Recorder:
    """A recorded new match of ``game`` (registered or not) with ``options`` that ends by
    ``MAX_STEPS``."""
    match = game.new_match(variant, seats, seed, {**(options or {}), "max_steps": MAX_STEPS})
    recorder = Recorder(match)
    recorder.add_events(match.setup_events)
    return recorder


def walk(
    game: GameInfo, variant: str, seats: int, seed: int, options: Mapping[str, Any] | None = None
) -> Iterator[Step]:
    """Random legal play to the end, stopping before every action (see :class:`Step`)."""
    rng = random.Random(seed)
    recorder = new_recorder(game, variant, seats, seed, options)
    match = recorder.match
    events = list(match.setup_events)
    previous = None
    index = 0
    while not match.is_over():
        movers = match.to_move()
        assert movers, f"step {index}: the match is not over and nobody is to move"
        seat = rng.choice(movers)
        legal = match.legal_actions(seat)
        assert legal, f"step {index}: seat {seat} is to move with no legal action"
        action = random_action(rng, legal)
        yield Step(recorder, index, seat, action, events, random.Random(rng.random()), previous)
        events = recorder.apply(seat, action)
        previous = (seat, action)
        index += 1


def listed(action: Action, legal: tuple[Action, ...]) -> bool:
    """Is ``action`` one of ``legal``, or a template of it filled within its range?"""
    for template in legal:
        if template == action:
            return True
        name = amount_field(template)
        if name is not None and type(template) is type(action):
            value = getattr(action, name)
            if value in getattr(template, name) and fill(template, value) == action:
                return True
    return False


def copy_of(match: Match) -> Match:
    """An independent copy of ``match`` (snapshot and restore)."""
    return type(match).restore(match.snapshot())


# ----------------------------------------------------------------------------- play


def check_deciders(step: Step) -> None:
    """Every seat asked has a legal action, and the game's default action is one of them."""
    match = step.match
    for seat in match.to_move():
        legal = match.legal_actions(seat)
        assert legal, f"seat {seat} is to move with no legal action"
        default = match.game.default_action(legal)
        assert listed(default, legal), f"default action {default} is not legal"
    others = [s for s in range(match.seats) if s not in match.to_move()]
    assert all(match.legal_actions(s) == () for s in others), "a seat not asked may act"


def check_end_reasons(game: GameInfo) -> None:
    """The game declares its end reasons: distinct codes, the step limit's among them."""
    reasons = game.end_reasons
    assert all(isinstance(r, str) and r for r in reasons), f"end reasons {reasons}"
    assert len(set(reasons)) == len(reasons), f"end reasons {reasons} repeat one"
    assert "step_limit" in reasons, f"{game.name} does not declare the step limit's reason"


def check_result(result: Result, game: GameInfo, seats: int) -> None:
    """The result ranks every seat once, has a score per seat, names one of the reasons its
    game declares, and its winners come first."""
    ranked = [seat for group in result.ranking for seat in group]
    assert sorted(ranked) == list(range(seats)), f"ranking {result.ranking}"
    assert all(result.ranking), "an empty group in the ranking"
    assert len(result.scores) == seats
    assert result.reason in game.end_reasons, (
        f"{game.name}: undeclared end reason '{result.reason}' "
        f"(declared: {', '.join(game.end_reasons)})"
    )
    if result.winners:
        assert set(result.winners) == set(result.ranking[0]), (result.winners, result.ranking)
    if result.reason == "step_limit":
        assert result.winners == (), "nobody wins by the step limit"


def check_snapshot(step: Step, at: int) -> Match | None:
    """From step ``at`` on, a restored copy of the match (its twin) is equal to it and plays
    on identically; returns the twin to carry to the next step."""
    match, twin = step.match, step.twin
    if step.index == at:  # the snapshot as JSON, as it would be stored
        twin = type(match).restore(json.loads(json.dumps(match.snapshot())))
        assert twin.snapshot() == match.snapshot()
    if twin is None:
        return None
    assert twin.to_move() == match.to_move()
    for seat in twin.to_move():
        assert twin.observation(seat) == match.observation(seat)
        assert twin.legal_actions(seat) == match.legal_actions(seat)
    assert twin.apply(step.seat, step.action) == copy_of(match).apply(step.seat, step.action)
    return twin


# ----------------------------------------------------------------------------- bad input


def check_refusals(step: Step) -> None:
    """Wrong seats, stale actions, quantities out of range, other games' actions and garbage
    are refused with IllegalAction naming the reason, and the match is unchanged."""
    match = step.match
    before = match.snapshot()

    def refused(seat: Any, action: Any) -> None:
        try:
            match.apply(seat, action)
        except IllegalAction as error:
            assert error.reason, f"{action!r} refused without a reason"
        else:
            raise AssertionError(f"seat {seat!r}: {action!r} was accepted")
        assert match.snapshot() == before, f"refusing {action!r} changed the match"

    for seat in (*BAD_SEATS, match.seats):
        refused(seat, step.action)
    for seat in set(range(match.seats)) - set(match.to_move()):
        refused(seat, step.action)
    for garbage in (*GARBAGE, Foreign()):
        refused(step.seat, garbage)
    for template in match.legal_actions(step.seat):
        amount = bounds(template)
        if amount is not None:
            refused(step.seat, fill(template, amount.high + 1))
            refused(step.seat, fill(template, amount.low - 1))
            refused(step.seat, fill(template, Amount(amount.low, amount.high)))
    if step.previous is not None:  # stale: the last action again, legal now or refused
        seat, action = step.previous
        try:
            copy_of(match).apply(seat, action)
        except IllegalAction as error:
            assert error.reason


# ----------------------------------------------------------------------------- the wire


def check_wire(step: Step) -> None:
    """Observations (of the game's declared ``observation_type``), legal actions, the chosen
    action and events go through the protocol's codec, as bytes, and come back equal: in the
    game's typed messages where it has them, else as JSON."""
    match, wire = step.match, codec(step.match.game.name)
    form = wire.game.name if wire.typed else "json"

    def sent(message: Any) -> Any:
        assert message.WhichOneof("game") == form
        return type(message).FromString(message.SerializeToString())

    for seat in match.to_move():
        observation = match.observation(seat)
        assert type(observation) is match.game.observation_type
        setup = wire.decode_setup(sent(wire.encode_setup(observation)))
        assert wire.decode_observation(sent(wire.encode_observation(observation)), setup) == (
            observation
        )
        legal = match.legal_actions(seat)
        assert wire.decode_legal_actions([sent(m) for m in wire.encode_actions(legal)]) == legal
    assert wire.decode_action(sent(wire.encode_action(step.action))) == step.action
    for seat in (*range(match.seats), None):
        shown = visible_events(step.events, seat)
        assert [wire.decode_event(text) for text in wire.encode_events(step.events, seat)] == shown


# ----------------------------------------------------------------------------- hidden information


def shown(events: list[Event], seat: int | None) -> list[Event]:
    """What ``seat`` (None: a spectator) is shown of ``events``."""
    return visible_events(events, seat)


def check_hidden_redrawn(step: Step) -> None:
    """Nothing a seat or a spectator is shown depends on what it may not know (see the module
    docstring); nor does any observation depend on the generator's state."""
    match = step.match
    reseeded = copy_of(match)
    reseeded.rng.seed(step.rng.random())
    for seat in range(match.seats):
        assert reseeded.observation(seat) == match.observation(seat), "the generator shows"
    for seat in (*range(match.seats), None):
        other = match.redraw_hidden(seat, random.Random(step.rng.random()))
        where = f"seat {seat}" if seat is not None else "a spectator"
        assert other.to_move() == match.to_move(), f"who is to move tells {where} a secret"
        if step.index == 0:
            assert shown(other.setup_events, seat) == shown(match.setup_events, seat), (
                f"the set-up's events tell {where} a secret"
            )
            assert shown(other.setup_events, None) == shown(match.setup_events, None)
        if seat is None:
            assert other.spectator_board() == match.spectator_board(), (
                "the spectator board tells a spectator a secret"
            )
            continue
        assert other.observation(seat) == match.observation(seat), f"{where}: observation"
        assert other.legal_actions(seat) == match.legal_actions(seat), f"{where}: legal actions"
        original = copy_of(match)
        events = original.apply(step.seat, step.action)
        try:
            other_events = other.apply(step.seat, step.action)
        except IllegalAction:
            continue  # the mover's secret made this action impossible in the other world
        if original.is_over() or other.is_over():
            continue  # the end reveals (a mission, the scores)
        if other.observation(seat) != original.observation(seat):
            continue  # the action revealed something to this seat
        assert shown(other_events, seat) == shown(events, seat), (
            f"{type(step.action).__name__} by seat {step.seat} shows {where} events that "
            f"depend on what it may not know: {shown(events, seat)} / {shown(other_events, seat)}"
        )
        assert shown(other_events, None) == shown(events, None), (
            f"{type(step.action).__name__} by seat {step.seat} shows a spectator events that "
            f"depend on what seat {seat} may not know"
        )
        assert other.spectator_board() == original.spectator_board(), (
            f"after {type(step.action).__name__} by seat {step.seat}, the spectator board "
            f"depends on what seat {seat} may not know"
        )


def check_unseen_actions_leave_no_trace(step: Step) -> None:
    """An action that changes nothing another seat observes shows that seat nothing, and a
    spectator nothing when no other seat observes a change."""
    match = step.match
    before = {s: match.observation(s) for s in range(match.seats) if s != step.seat}
    after = copy_of(match)
    events = after.apply(step.seat, step.action)
    if after.is_over():
        return
    unchanged = [s for s, seen in before.items() if after.observation(s) == seen]
    for seat in unchanged:
        assert shown(events, seat) == [], (
            f"{type(step.action).__name__} by seat {step.seat} changes nothing seat {seat} "
            f"observes, yet shows it {shown(events, seat)}"
        )
    if not shown(events, None):
        assert after.spectator_board() == match.spectator_board(), (
            f"{type(step.action).__name__} by seat {step.seat} shows a spectator no event, "
            "yet changes the spectator board"
        )
    if before and len(unchanged) == len(before):
        assert shown(events, None) == [], (
            f"{type(step.action).__name__} by seat {step.seat} changes nothing any other seat "
            f"observes, yet shows a spectator {shown(events, None)}"
        )


def check_independent_deciders(step: Step) -> None:
    """Seats asked at once decide independently: until the last has acted, one's action
    changes nothing that another of them observes or may do."""
    match = step.match
    asked = match.to_move()
    if len(asked) < 2:
        return
    after = copy_of(match)
    after.apply(step.seat, step.action)
    for seat in asked:
        if seat != step.seat and seat in after.to_move():
            assert after.observation(seat) == match.observation(seat), (
                f"seat {step.seat}'s {type(step.action).__name__} changed what seat {seat}, "
                "asked at the same time, observes"
            )
            assert after.legal_actions(seat) == match.legal_actions(seat)


# ----------------------------------------------------------------------------- spectators


def check_spectator_board(step: Step) -> None:
    """The spectator board has the layout's places, each held by a seat or nobody with a
    count of zero or more, public facts for every seat or none, the whole as JSON's types
    with str keys (a live feed's JSON), and every event shown to anyone has words for people
    (a spectator's also that JSON)."""
    match = step.match
    board = match.spectator_board()
    assert set(board.places) == set(match.game.layout.spots), (
        "the spectator board's places are not the layout's: "
        f"{sorted(set(board.places) ^ set(match.game.layout.spots))}"
    )
    for name, place in board.places.items():
        assert place.owner is None or 0 <= place.owner < match.seats, (name, place)
        assert place.count >= 0 and all(isinstance(m, str) and m for m in place.marks), place
    assert len(board.seats) in (0, match.seats), board.seats
    orjson.dumps(board.to_plain())  # as a live feed writes it (conquest.relay.feeds.dumps)
    names = [f"Player {seat}" for seat in range(match.seats)]
    for event in step.events:
        for seat in (*range(match.seats), None):
            for seen in shown([event], seat):
                words = seen.describe(names)
                assert isinstance(words, str) and words.strip(), (seen, words)
                if seat is None:  # as the gateway serves a finished match's events
                    orjson.dumps(to_plain(seen))
