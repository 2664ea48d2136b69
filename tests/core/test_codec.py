"""Actions, events and results travel as plain JSON-able data and come back unchanged."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bots.house.random_player import RandomPlayer
from engines.core import EngineError, Result
from engines.core.codec import from_plain, json_encoder, to_plain
from engines.registry import games


@pytest.mark.parametrize("game", games(), ids=lambda g: g.name)
def test_every_event_and_action_of_a_match_round_trips(game):
    types = {t.__name__: t for t in (*game.action_types, *game.event_types, Result)}
    for variant in game.variants:
        seats = variant.seats[0]
        match = game.new_match(variant.name, seats, seed=3, options={"max_steps": 300})
        players = [RandomPlayer(seed=s) for s in range(seats)]
        events, actions = list(match.setup_events), []
        while not match.is_over():
            seat = match.to_move()[0]
            actions.append(players[seat].act(match.observation(seat), match.legal_actions(seat)))
            events.extend(match.apply(seat, actions[-1]))
        seen = {type(e) for e in events}
        for item in [*events, *actions, match.result()]:
            plain = json.loads(json.dumps(to_plain(item)))
            assert from_plain(plain, types) == item
        assert seen <= set(game.event_types)


def test_unknown_fields_are_refused():
    with pytest.raises(EngineError, match="no field"):
        from_plain(
            {"type": "Result", "ranking": [], "scores": [], "reason": "", "x": 1},
            {"Result": Result},
        )


PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)
OPTIONS = [{"sort_keys": True}, {"separators": (",", ":"), "ensure_ascii": False}]


@given(PLAIN, st.sampled_from(OPTIONS))
def test_the_kept_json_encoder_writes_what_the_standard_library_writes(value, options):
    """Replays' digests and the wire's JSON keep their exact text (non-ASCII, NaN included)."""
    assert json_encoder(**options)(value) == json.JSONEncoder(**options).encode(value)
