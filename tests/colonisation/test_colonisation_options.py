"""The conformance suite's checks over every option set of Risk : la colonisation.

The suite (``tests/conformance``) plays every registered game, variant and seat count with
the default options. This game's alternatives are match options (``trading``,
``school_cost``, ``symbols``, ``years``: the decisions C1, C2, C6, C23), so this file plays
random legal matches with each non-default set, at every seat count, through the same
checks: deciders and defaults, refusals, the wire, hidden information (``redraw_hidden``),
traces of unseen actions, independent simultaneous seats, the spectator board, snapshots,
and the replay.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engines.colonisation import GAME
from engines.replay import Recorder, Replay, verify

_PATH = Path(__file__).parents[1] / "conformance" / "conformance.py"
_SPEC = importlib.util.spec_from_file_location("conformance_checks", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
suite = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = suite
_SPEC.loader.exec_module(suite)

OPTION_SETS = (
    {"trading": "none"},
    {"school_cost": 3},
    {"symbols": "us"},
    {"years": 1},
    {"trading": "none", "school_cost": 1, "symbols": "us", "years": 4},
)
CASES = [
    pytest.param(seats, options, id=f"{seats}-" + ",".join(f"{k}={v}" for k, v in options.items()))
    for options in OPTION_SETS
    for seats in (3, 4, 5, 6)
]


def walk(seats: int, options: dict, seed: int) -> Iterator:
    """Random legal play to the end with ``options`` (``conformance.walk`` with options)."""
    rng = random.Random(seed)
    match = GAME.new_match("standard", seats, seed, {"max_steps": suite.MAX_STEPS, **options})
    recorder = Recorder(match)
    recorder.add_events(match.setup_events)
    events = list(match.setup_events)
    previous = None
    index = 0
    while not match.is_over():
        seat = rng.choice(match.to_move())
        action = suite.random_action(rng, match.legal_actions(seat))
        yield suite.Step(
            recorder, index, seat, action, events, random.Random(rng.random()), previous
        )
        events = recorder.apply(seat, action)
        previous = (seat, action)
        index += 1


@pytest.mark.parametrize(("seats", "options"), CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_option_set_meets_the_contract(seats, options, seed):
    twin = None
    last = None
    for step in walk(seats, options, seed):
        suite.check_deciders(step)
        suite.check_unseen_actions_leave_no_trace(step)
        suite.check_independent_deciders(step)
        step.twin = twin
        twin = suite.check_snapshot(step, at=seed * 7)
        if step.costly:
            suite.check_refusals(step)
            suite.check_wire(step)
            suite.check_hidden_redrawn(step)
            suite.check_spectator_board(step)
        last = step
    assert last is not None
    match = last.match
    assert match.is_over()
    suite.check_result(match.result(), GAME, seats)
    replay = Replay.from_json(last.recorder.replay().to_json())
    assert replay.options["school_cost"] == options.get("school_cost", 0)
    assert verify(replay) == []
