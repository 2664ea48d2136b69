"""The wire conversion: what real matches of every game send comes back equal, in both forms
(typed messages and the engines' JSON), and anything malformed is one WireError."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bots.house.random_player import RandomPlayer
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.arena.v1 import risk_pb2
from bots.protocol.wire import GameCodec, WireError, codec, decode_result, encode_result
from engines.core import Amount, visible_events
from engines.core.codec import to_plain
from engines.registry import games, get_game
from engines.risk.actions import Attack, EndPhase, Occupy

SETUPS = [
    (game.name, variant.name, seats)
    for game in games()
    for variant in game.variants
    for seats in variant.seats
]
WIRE = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass
class Position:
    """A moment of a real random match: what a deciding seat is sent, and what it answers."""

    game: str
    match: object
    seat: int
    observation: object
    legal: tuple
    action: object
    events: list


@st.composite
def positions(draw) -> Position:
    """A random match of any game, variant and seat count, played randomly for a while."""
    game, variant, seats = draw(st.sampled_from(SETUPS))
    seed = draw(st.integers(0, 2**20))
    match = get_game(game).new_match(variant, seats, seed, options={"max_steps": 2000})
    players = [RandomPlayer(seed=seed + s) for s in range(seats)]
    events = list(match.setup_events)
    for _ in range(draw(st.integers(0, 400))):
        if match.is_over():
            break
        seat = match.to_move()[0]
        events += match.apply(
            seat, players[seat].act(match.observation(seat), match.legal_actions(seat))
        )
    seat = match.to_move()[0] if not match.is_over() else 0
    observation, legal = match.observation(seat), match.legal_actions(seat)
    action = players[seat].act(observation, legal) if legal else None
    return Position(game, match, seat, observation, legal, action, events)


def _over_the_wire(message):
    return type(message).FromString(message.SerializeToString())


def _assert_comes_back_equal(wire: GameCodec, observation, legal: tuple, action) -> None:
    """The setup, observation, legal actions and action a seat exchanges come back equal,
    in the game's typed messages (JSON for a game without)."""
    form = wire.game.name if wire.typed else "json"
    sent_setup = _over_the_wire(wire.encode_setup(observation))
    sent = _over_the_wire(wire.encode_observation(observation))
    assert sent_setup.WhichOneof("game") == sent.WhichOneof("game") == form
    if not wire.typed:  # what the platform sends is the engines' own JSON
        plain = {k: v for k, v in to_plain(observation).items() if k not in wire.static_names}
        assert json.loads(sent.json) == plain
    assert wire.decode_observation(sent, wire.decode_setup(sent_setup)) == observation
    listed = [_over_the_wire(m) for m in wire.encode_actions(legal)]
    assert {m.WhichOneof("game") for m in listed} <= {form}
    assert wire.decode_legal_actions(listed) == legal
    if action is not None:
        reply = _over_the_wire(wire.encode_action(action))
        assert reply.WhichOneof("game") == form
        assert wire.decode_action(reply) == action


@WIRE
@given(positions())
def test_what_a_seat_is_sent_comes_back_equal(position):
    wire = codec(position.game)
    _assert_comes_back_equal(wire, position.observation, position.legal, position.action)


@WIRE
@given(positions())
def test_a_decision_request_holds_the_observation_and_the_legal_actions(position):
    """decision_body gives the message built from encode_observation and encode_actions,
    byte for byte, every time (the second time from remembered bytes), and the request's
    other fields put before it."""
    wire = codec(position.game)
    built = pb.DecisionRequest(
        observation=wire.encode_observation(position.observation),
        legal_actions=wire.encode_actions(position.legal),
    )
    for _ in range(2):
        body = wire.decision_body(position.observation, position.legal)
        assert body == built.SerializeToString()
    head = pb.DecisionRequest(match_id=3, request_id=9, seat=1, decision_seconds=2.5)
    built.MergeFrom(head)
    assert pb.DecisionRequest.FromString(head.SerializeToString() + body) == built


@WIRE
@given(positions())
def test_the_engines_json_is_accepted_for_every_game(position):
    """A bot in any language may answer with to_plain's JSON, typed game or not."""
    wire = codec(position.game)
    setup = wire.decode_setup(wire.encode_setup(position.observation))
    observation = to_plain(position.observation)
    del observation["board"]
    message = pb.Observation(json=json.dumps(observation))
    assert wire.decode_observation(message, setup) == position.observation
    legal = [pb.Action(json=json.dumps(to_plain(a))) for a in position.legal]
    assert wire.decode_legal_actions(legal) == position.legal
    if position.action is not None:
        reply = pb.Action(json=json.dumps(to_plain(position.action)))
        assert wire.decode_action(reply) == position.action


@WIRE
@given(positions())
def test_spectators_see_public_events_and_the_result(position):
    wire = codec(position.game)
    public = visible_events(position.events, None)
    texts = wire.encode_events(position.events)
    assert [json.loads(text) for text in texts] == [to_plain(event) for event in public]
    assert [wire.decode_event(text) for text in texts] == public
    if position.match.is_over():
        result = position.match.result()
        assert decode_result(encode_result(result)) == result


def test_the_board_travels_once_in_the_setup_not_in_observations():
    match = get_game("risk").new_match("hasbro", 4, seed=3)
    wire = codec("risk")
    setup = wire.encode_setup(match.observation(0))
    observation = wire.encode_observation(match.observation(0))
    assert setup.risk.board.territories[0] == "alaska"
    assert setup.risk.board.index["alaska"] == 0
    assert observation.ByteSize() < setup.ByteSize() / 4


def test_a_quantity_is_a_range_in_a_template_and_a_number_in_an_action():
    wire = codec("risk")
    template = wire.encode_action(Attack("alberta", "ontario", Amount(1, 3)))
    assert template.risk.attack.dice.WhichOneof("quantity") == "amount"
    assert wire.decode_legal_actions([template]) == (Attack("alberta", "ontario", Amount(1, 3)),)
    with pytest.raises(WireError, match=r"action\.attack\.dice: a range"):
        wire.decode_action(template)
    sent = wire.encode_action(Attack("alberta", "ontario", 2))
    assert sent.risk.attack.dice.value == 2
    json_template = pb.Action(json=json.dumps(to_plain(Occupy(Amount(2, 5)))))
    with pytest.raises(WireError, match=r"action\.armies: a range"):
        wire.decode_action(json_template)


@pytest.mark.parametrize(
    ("message", "error"),
    [
        (pb.Action(), "action is empty"),
        (pb.Action(risk=risk_pb2.RiskAction()), "holds no action"),
        (
            pb.Action(risk=risk_pb2.RiskAction(occupy=risk_pb2.RiskAction.Occupy())),
            r"action\.occupy\.armies is missing",
        ),
        (pb.Action(json="{"), r"action\.json: not JSON"),
        (pb.Action(json='{"type": "Nuke"}'), "one of Attack, Blitz, Claim"),
        (pb.Action(json='{"type": "Occupy", "armies": 2, "x": 1}'), r"no field\(s\) \['x'\]"),
        (pb.Action(json='{"type": "Occupy"}'), "missing 1 required"),
        (pb.Action(json='{"type": "Occupy", "armies": true}'), "expected int, got True"),
        (pb.Action(json='{"type": "Claim", "territory": ["a"]}'), "expected str"),
        (pb.Action(json="[" * 100_000), "not JSON"),
    ],
)
def test_malformed_risk_actions_are_wire_errors_naming_the_problem(message, error):
    with pytest.raises(WireError, match=error):
        codec("risk").decode_action(message)


def test_a_message_of_another_game_is_refused():
    risk_action = codec("risk").encode_action(EndPhase())
    with pytest.raises(WireError, match="a 'risk' message in a 'conquetes' match"):
        codec("conquetes").decode_action(risk_action)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from([g.name for g in games()]), data=st.data())
def test_any_json_is_an_action_or_a_wire_error(game, data):
    wire = codec(game)
    types = sorted(wire.actions.choices)
    value = data.draw(
        JSON
        | st.fixed_dictionaries({"type": st.sampled_from(types)}, optional={"x": JSON})
        | (
            st.sampled_from(types).flatmap(
                lambda name: st.fixed_dictionaries(
                    {"type": st.just(name)},
                    optional={field: JSON for field, _ in wire.actions.choices[name].fields},
                )
            )
        )
    )
    try:
        action = wire.decode_action(pb.Action(json=json.dumps(value)))
    except WireError:
        return
    assert type(action).__name__ == value["type"]
