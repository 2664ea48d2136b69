"""The compiled wire converters write the very bytes the generic ones wrote and decode to the
very same objects, for every registered game, variant and fewest and most seats (issue 19,
item 4). The generic converters live on in tests/bots/reference_codec.py, tests only."""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass

import pytest
import reference_codec as reference

from bots.house.random_player import RandomPlayer
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.wire import GameCodec, WireError, codec
from engines.core import visible_events
from engines.core.codec import to_plain
from engines.registry import games, get_game

SETUPS = [
    (game.name, variant.name, seats)
    for game in games()
    for variant in game.variants
    for seats in sorted({min(variant.seats), max(variant.seats)})
]
DECISIONS = 120


def _same(decoded: object, expected: object, generic: object) -> None:
    """Equal to what was sent, and of the same classes all the way down as what the generic
    codec decodes (which may differ from what was sent: an int sent in a float field comes
    back a float)."""
    assert decoded == expected == generic
    assert _classes(decoded) == _classes(generic)


def _classes(value: object) -> object:
    """``value`` with the class of every part beside it (== alone takes 1 for True)."""
    if is_dataclass(value):
        parts = {f.name: _classes(getattr(value, f.name)) for f in fields(value)}
        return (type(value), parts)
    if isinstance(value, tuple | list):
        return (type(value), [_classes(v) for v in value])
    if isinstance(value, frozenset | set):
        return (type(value), sorted(repr(_classes(v)) for v in value))
    if isinstance(value, dict):
        return (type(value), {k: (type(k), _classes(v)) for k, v in value.items()})
    return (type(value), value)


def _check_observation(wire: GameCodec, observation: object, setup: dict) -> None:
    message = wire.encode_observation(observation)
    sent = message.SerializeToString()
    assert sent == reference.encode_observation(wire, observation).SerializeToString()
    received = pb.Observation.FromString(sent)
    generic = reference.decode_observation(wire, received, setup)
    _same(wire.decode_observation(received, setup), observation, generic)
    data = to_plain(observation)
    for name in wire.static_names:
        del data[name]
    as_json = pb.Observation(json=json.dumps(data))
    generic = reference.decode_observation(wire, as_json, setup)
    _same(wire.decode_observation(as_json, setup), observation, generic)


def _check_actions(wire: GameCodec, actions: tuple, templates: bool) -> None:
    messages = wire.encode_actions(actions)
    sent = [m.SerializeToString() for m in messages]
    assert sent == [reference.encode_action(wire, a).SerializeToString() for a in actions]
    assert [m.SerializeToString() for m in wire.encode_actions(actions)] == sent  # memo
    received = [pb.Action.FromString(b) for b in sent]
    decode = (
        wire.decode_legal_actions if templates else (lambda m: tuple(map(wire.decode_action, m)))
    )
    for form in (received, [pb.Action(json=json.dumps(to_plain(a))) for a in actions]):
        generic = tuple(reference.decode_action(wire, m, templates) for m in form)
        _same(decode(form), actions, generic)
        _same(decode(form), actions, generic)  # again: now from the codec's memo


def _check_events(wire: GameCodec, events: list, seat: int | None) -> None:
    texts = wire.encode_events(events, seat)
    assert texts == reference.encode_events(events, seat)
    shown = visible_events(events, seat)
    generic = [reference.decode_event(wire, text) for text in texts]
    _same([wire.decode_event(text) for text in texts], shown, generic)


@pytest.mark.parametrize(("game", "variant", "seats"), SETUPS)
def test_the_compiled_codec_matches_the_generic_one(game: str, variant: str, seats: int) -> None:
    wire = codec(game)
    seed = len(game) * 1000 + seats
    match = get_game(game).new_match(variant, seats, seed, options={"max_steps": 2000})
    players = [RandomPlayer(seed=seed + s) for s in range(seats)]
    setup_message = wire.encode_setup(match.observation(0))
    sent_setup = setup_message.SerializeToString()
    reference_setup = reference.encode_setup(wire, match.observation(0)).SerializeToString()
    assert sent_setup == reference_setup
    setup = wire.decode_setup(pb.Setup.FromString(sent_setup))
    generic = reference.decode_setup(wire, pb.Setup.FromString(sent_setup))
    _same(setup, generic, generic)
    _check_events(wire, list(match.setup_events), None)
    for _ in range(DECISIONS):
        if match.is_over():
            break
        seat = match.to_move()[0]
        observation, legal = match.observation(seat), match.legal_actions(seat)
        _check_observation(wire, observation, setup)
        _check_actions(wire, legal, templates=True)
        action = players[seat].act(observation, legal)
        _check_actions(wire, (action,), templates=False)
        events = match.apply(seat, action)
        _check_events(wire, events, None)
        _check_events(wire, events, seat)


def _leaves(data: object, path: tuple = ()) -> list[tuple]:
    """The path of every scalar in plain data (the "type" tags too)."""
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _leaves(v, (*path, k))]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in _leaves(v, (*path, i))]
    return [path]


def _replaced(data: object, path: tuple, value: object) -> object:
    copy = json.loads(json.dumps(data))
    place = copy
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return copy


def _outcome(decode) -> str:
    try:
        return repr(decode())
    except WireError as error:
        return f"WireError: {error}"


@pytest.mark.parametrize("game", [game.name for game in games()])
def test_a_wrong_value_anywhere_is_named_as_the_generic_codec_named_it(game: str) -> None:
    """Every scalar of an observation's and a legal action's JSON, replaced by a value of a
    wrong type, gives the generic codec's very error (its place: fields and indexes)."""
    wire = codec(game)
    variant = get_game(game).variants[0]
    match = get_game(game).new_match(variant.name, max(variant.seats), 7)
    players = [RandomPlayer(seed=7 + s) for s in range(max(variant.seats))]
    for _ in range(60):
        seat = match.to_move()[0]
        match.apply(seat, players[seat].act(match.observation(seat), match.legal_actions(seat)))
    seat = match.to_move()[0]
    observation = match.observation(seat)
    setup = wire.decode_setup(wire.encode_setup(observation))
    data = to_plain(observation)
    for name in wire.static_names:
        del data[name]
    for path in _leaves(data):
        for wrong in ("?", 0.5, None, [], {}):
            message = pb.Observation(json=json.dumps(_replaced(data, path, wrong)))
            new = _outcome(lambda m=message: wire.decode_observation(m, setup))
            old = _outcome(lambda m=message: reference.decode_observation(wire, m, setup))
            assert new == old, path
    decoders = {False: wire.decode_action, True: lambda m: wire.decode_legal_actions([m])[0]}
    for action in match.legal_actions(seat):
        plain = to_plain(action)
        messages = [wire.encode_action(action)]  # a range in a bot's action: an error
        for path in _leaves(plain):
            for wrong in ("?", 0.5, None, [], {"type": "Amount", "low": 1, "high": 2}):
                messages.append(pb.Action(json=json.dumps(_replaced(plain, path, wrong))))
        for message in messages:
            for templates, decode in decoders.items():
                new = _outcome(lambda m=message, d=decode: d(m))
                old = _outcome(lambda m=message, t=templates: reference.decode_action(wire, m, t))
                assert new == old, message
