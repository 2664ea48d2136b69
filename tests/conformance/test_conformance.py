"""The conformance suite: every registered game, variant and allowed seat count, played with
random legal actions to the end or the step limit, meets the engine contract (see
``conformance.py`` for each check). A new game is done only when it passes.

``CONFORMANCE_EXAMPLES=N`` plays N matches (seeds) per test instead of 2: the long run.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from conformance import (
    GAMES,
    REGISTRATION,
    Step,
    check_deciders,
    check_end_reasons,
    check_hidden_redrawn,
    check_independent_deciders,
    check_refusals,
    check_result,
    check_snapshot,
    check_spectator_board,
    check_unseen_actions_leave_no_trace,
    check_wire,
    new_recorder,
    walk,
)
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engines import registry
from engines.core import GameInfo
from engines.replay import Replay, verify

CASES = [
    pytest.param(game, variant.name, seats, {}, id=f"{game.name}-{variant.name}-{seats}")
    for game in GAMES.values()
    for variant in game.variants
    for seats in variant.seats
] + [
    # Every other value of an option with choices, on every variant at its fewest seats:
    # options change the decisions too (Risk's defender asked out of turn).
    pytest.param(
        game,
        variant.name,
        variant.seats[0],
        {option.name: value},
        id=f"{game.name}-{variant.name}-{variant.seats[0]}-{option.name}={value}",
    )
    for game in GAMES.values()
    for option in game.options
    for value in option.choices
    if value != option.default
    for variant in game.variants
]
SEEDS = given(seed=st.integers(min_value=0, max_value=2**32 - 1))
EXAMPLES = settings(
    max_examples=int(os.environ.get("CONFORMANCE_EXAMPLES", "2")),
    derandomize=True,  # the same seeds on every run: a failure is a bug, never luck
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.generate),  # a failing seed is reported, not shrunk
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    """While a test runs, the toy game's registration is installed as a package's is (its
    metadata on the path), so that every part of the engines finds it by name."""
    monkeypatch.syspath_prepend(str(REGISTRATION))
    registry._installed.cache_clear()
    registry._by_observation_type.cache_clear()
    yield
    monkeypatch.undo()
    registry._installed.cache_clear()
    registry._by_observation_type.cache_clear()


def every_step(
    game: GameInfo,
    variant: str,
    seats: int,
    seed: int,
    check: Callable[[Step], None],
    *,
    options: dict[str, Any],
) -> None:
    """Play one match with ``options``, running ``check`` at the steps that get costly
    checks."""
    for step in walk(game, variant, seats, seed, options):
        if step.costly:
            check(step)


def test_the_suite_covers_every_installed_game_and_the_toy():
    assert {game.name for game in registry.games()} == set(GAMES)
    assert "sealed-bids" in GAMES


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_game_declares_its_end_reasons(game):
    check_end_reasons(game)


@pytest.mark.parametrize(("game", "variant", "seats", "options"), CASES)
@EXAMPLES
@SEEDS
def test_random_play_ends_with_a_result_ranking_every_seat(game, variant, seats, options, seed):
    last = None
    for step in walk(game, variant, seats, seed, options):
        check_deciders(step)
        last = step
    match = last.match if last else new_recorder(game, variant, seats, seed, options).match
    assert match.is_over() and match.to_move() == ()
    check_result(match.result(), game, seats)


@pytest.mark.parametrize(("game", "variant", "seats", "options"), CASES)
@EXAMPLES
@SEEDS
def test_replays_reproduce_and_restored_snapshots_play_on_identically(
    game, variant, seats, options, seed
):
    twin = None
    last = None
    for step in walk(game, variant, seats, seed, options):
        step.twin = twin
        twin = check_snapshot(step, at=seed % 40)
        last = step
    assert last is not None
    recorder = last.recorder
    replay = Replay.from_json(recorder.replay().to_json())
    assert replay == recorder.replay()
    assert verify(replay) == []


@pytest.mark.parametrize(("game", "variant", "seats", "options"), CASES)
@EXAMPLES
@SEEDS
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(
    game, variant, seats, options, seed
):
    every_step(game, variant, seats, seed, check_refusals, options=options)


@pytest.mark.parametrize(("game", "variant", "seats", "options"), CASES)
@EXAMPLES
@SEEDS
def test_observations_actions_and_events_cross_the_wire_unchanged(
    game, variant, seats, options, seed
):
    every_step(game, variant, seats, seed, check_wire, options=options)


@pytest.mark.parametrize(("game", "variant", "seats", "options"), CASES)
@EXAMPLES
@SEEDS
def test_spectators_see_the_board_on_its_layout_and_every_event_in_words(
    game, variant, seats, options, seed
):
    every_step(game, variant, seats, seed, check_spectator_board, options=options)


@pytest.mark.parametrize(("game", "variant", "seats", "options"), CASES)
@EXAMPLES
@SEEDS
def test_nothing_shown_depends_on_what_the_viewer_may_not_know(game, variant, seats, options, seed):
    every_step(game, variant, seats, seed, check_hidden_redrawn, options=options)


@pytest.mark.parametrize(("game", "variant", "seats", "options"), CASES)
@EXAMPLES
@SEEDS
def test_unseen_actions_leave_no_trace_and_simultaneous_seats_are_independent(
    game, variant, seats, options, seed
):
    def check(step: Step) -> None:
        check_unseen_actions_leave_no_trace(step)
        check_independent_deciders(step)

    for step in walk(game, variant, seats, seed, options):
        check(step)  # every step: a trace left once is a leak
