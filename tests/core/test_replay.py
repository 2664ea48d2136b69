"""Replays re-simulate exactly, and say what differs when they do not."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from bots.house.random_player import RandomPlayer
from engines.core import EngineError
from engines.core.contract import BadSetup
from engines.play import play
from engines.registry import get_game
from engines.replay import Replay, start, verify
from engines.risk import RiskMatch
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


REPLAYS = sorted((Path(__file__).parent / "replays").glob("*.json"))
"""Replays recorded on the engines before a roll became one draw (risk-1.1.0,
colonisation-1.0.0, risk2210-1.0.0): a Hasbro match of blitzes, La conquête du monde (three
defending dice), a defender choosing its dice, a Colonisation war with a general's second
die, Risk 2210 A.D. battles with commanders' d8s."""


@pytest.mark.parametrize("path", REPLAYS, ids=lambda path: path.stem)
def test_replays_of_an_older_dice_stream_still_verify(path):
    replay = Replay.from_json(path.read_text())
    game = get_game(replay.game)
    assert replay.engine_version in game.older_versions
    assert verify(replay) == []
    # The version selects the stream: the newest one deals other dice for the same seed.
    assert verify(dataclasses.replace(replay, engine_version=game.engine_version)) != []


def test_every_game_with_dice_has_a_replay_of_its_older_stream():
    assert {Replay.from_json(path.read_text()).game for path in REPLAYS} == {
        "risk",
        "colonisation",
        "risk2210",
    }


@pytest.mark.parametrize(
    ("game", "variant"),
    [("risk", "hasbro"), ("colonisation", "standard"), ("risk2210", "standard")],
)
def test_a_replay_of_each_version_verifies_and_says_its_version(game, variant):
    for version in get_game(game).versions:
        recorder = start(game, variant, 3, 4, options={"max_steps": 300}, version=version)
        play(recorder, [RandomPlayer(seed=s) for s in range(3)])
        replay = Replay.from_json(recorder.replay().to_json())
        assert replay.engine_version == version == recorder.match.engine_version
        assert verify(replay) == []


def test_a_snapshot_keeps_the_version_its_match_plays():
    """``restore`` rebuilds a match of the snapshot's version, which plays on identically."""
    old = get_game("risk").older_versions[0]
    recorder = start("risk", "hasbro", 3, 8, version=old)
    players = [RandomPlayer(seed=s) for s in range(3)]
    for _ in range(120):
        seat = recorder.match.to_move()[0]
        recorder.apply(seat, players[seat].act(None, recorder.match.legal_actions(seat)))
    state = recorder.match.snapshot()
    assert state["engine_version"] == old
    copy = RiskMatch.restore(state)
    assert copy.engine_version == old
    while not recorder.match.is_over() and recorder.match.steps < 400:
        seat = recorder.match.to_move()[0]
        action = players[seat].act(None, recorder.match.legal_actions(seat))
        assert copy.apply(seat, action) == recorder.match.apply(seat, action)


def test_a_snapshot_taken_before_an_option_existed_restores_with_its_default():
    """A snapshot of risk-1.1.0 from before the option ``cards`` has no such key: restored,
    it plays on with the default (cards on), as it did when it was taken."""
    old = get_game("risk").older_versions[0]
    match = get_game("risk").new_match("hasbro", 3, 8, version=old)
    state = match.snapshot()
    del state["options"]["cards"]
    copy = RiskMatch.restore(state)
    assert copy.options == match.options
    assert copy.snapshot() == match.snapshot()


def test_a_version_the_engine_does_not_play_is_refused_everywhere():
    with pytest.raises(BadSetup, match=r"risk-0\.0\.1"):
        start("risk", "hasbro", 3, 1, version="risk-0.0.1")
    state = get_game("risk").new_match("hasbro", 3, 1).snapshot()
    with pytest.raises(BadSetup, match=r"snapshot of risk-0\.0\.1"):
        RiskMatch.restore({**state, "engine_version": "risk-0.0.1"})
