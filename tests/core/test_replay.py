"""Replays re-simulate exactly, and say what differs when they do not."""

from __future__ import annotations

import dataclasses
import json

import pytest

from bots.house.random_player import RandomPlayer
from engines.core import EngineError
from engines.play import play
from engines.replay import Replay, start, verify
from engines.risk.actions import EndPhase


def _played(variant: str = "hasbro", seats: int = 3, seed: int = 4) -> Replay:
    recorder = start("risk", variant, seats, seed, options={"max_steps": 600})
    play(recorder, [RandomPlayer(seed=s) for s in range(seats)])
    return recorder.replay()


def test_a_replay_survives_json_and_reproduces():
    replay = _played()
    again = Replay.from_json(replay.to_json())
    assert again == replay
    assert verify(again) == []


def test_a_changed_seed_is_reported():
    replay = dataclasses.replace(_played(), seed=5)
    problems = verify(replay)
    assert problems and ("re-simulation failed" in problems[0] or "differ" in problems[0])


def test_a_changed_digest_or_result_is_reported():
    replay = _played()
    assert "events differ" in verify(dataclasses.replace(replay, events_digest="0" * 64))[0]
    assert "result differs" in verify(dataclasses.replace(replay, result=None))[0]


def test_an_illegal_action_in_a_replay_is_reported_not_raised():
    replay = _played()
    bad = dataclasses.replace(replay, actions=((0, EndPhase()), *replay.actions))
    assert verify(bad)[0].startswith("re-simulation failed")


def test_another_engine_version_is_reported():
    replay = dataclasses.replace(_played(), engine_version="risk-0.0.1")
    assert "engine version" in verify(replay)[0]


@pytest.mark.parametrize(
    "text",
    ["not json", json.dumps({"format": "other"}), json.dumps([1, 2])],
)
def test_malformed_replays_get_a_clear_error(text):
    with pytest.raises(EngineError):
        Replay.from_json(text)


def test_unknown_action_type_in_a_replay_is_a_clear_error():
    doc = json.loads(_played().to_json())
    doc["actions"][0][1]["type"] = "Nuke"
    with pytest.raises(EngineError, match="unknown type 'Nuke'"):
        Replay.from_json(json.dumps(doc))
