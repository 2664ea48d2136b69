"""The engine contract (engines.core.contract) on a toy simultaneous game and on Risk."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toy_games import GAME as TOY
from toy_games import Bid, BidView, Revealed, SealedBids, Secret

from engines.core import (
    Action,
    Amount,
    BadSetup,
    ContractError,
    EngineError,
    IllegalAction,
    MatchOver,
    Result,
    UnknownGame,
    amount_field,
    fill_amount,
    visible_events,
)
from engines.registry import games, get_game
from engines.risk.events import CardDrawn


def test_simultaneous_decisions_wait_for_every_seat_and_stay_secret():
    match = TOY.new_match("plain", 3, seed=1)
    assert match.to_move() == (0, 1, 2)
    match.apply(1, Bid(3))
    assert match.to_move() == (0, 2)
    assert match.legal_actions(1) == ()
    # Seat 0 learns nothing of seat 1's bid before the reveal.
    assert match.observation(0) == BidView(0, None, ())
    match.apply(0, Bid(1))
    events = match.apply(2, Bid(2))
    assert events == [Revealed((1, 3, 2))]
    assert match.to_move() == (0, 1, 2)


def test_private_events_are_redacted_or_hidden_whole_for_others_and_spectators():
    secret = Secret(1, "you bid 3")
    assert visible_events([secret], 1) == [secret]
    assert visible_events([secret], 0) == visible_events([secret], None) == []
    drawn = CardDrawn(1, "alaska")
    assert visible_events([drawn], 0) == visible_events([drawn], None) == [CardDrawn(1, "")]
    public = Revealed((1, 2))
    assert visible_events([public], None) == [public]


def test_a_seat_that_already_decided_or_a_wrong_seat_is_refused():
    match = TOY.new_match("plain", 2, seed=1)
    match.apply(0, Bid(2))
    with pytest.raises(IllegalAction, match="not this seat's decision"):
        match.apply(0, Bid(1))
    for seat in (5, -1, True, "0", None):
        with pytest.raises(IllegalAction, match="no seat"):
            match.apply(seat, Bid(1))
    with pytest.raises(EngineError, match="no seat 5"):
        match.observation(5)


def test_a_seat_checked_once_does_not_let_an_equal_non_seat_through():
    """The public methods remember the last seat they checked (the same object): a value
    equal to it but not a seat (True for 1, 1.0) is still checked, and refused."""
    match = TOY.new_match("plain", 2, seed=1)
    assert match.observation(1) == BidView(1, None, ())
    assert match.legal_actions(1)
    for seat in (True, 1.0):
        with pytest.raises(EngineError, match="no seat"):
            match.observation(seat)
        with pytest.raises(EngineError, match="no seat"):
            match.legal_actions(seat)
        with pytest.raises(IllegalAction, match="no seat"):
            match.apply(seat, Bid(1))
    match.apply(1, Bid(1))
    assert match.to_move() == (0,)


def test_result_ranks_ties_together_and_the_match_refuses_more_actions():
    match = TOY.new_match("plain", 2, seed=1)
    for _ in range(3):
        match.apply(0, Bid(2))
        match.apply(1, Bid(2))
    assert match.is_over() and match.to_move() == ()
    result = match.result()
    assert result.ranking == ((0, 1),) and result.placement(1) == 1
    assert result.winners == (0, 1)
    with pytest.raises(MatchOver):
        match.apply(0, Bid(1))


def test_step_limit_ends_the_match_with_its_documented_reason():
    match = TOY.new_match("plain", 2, seed=1, options={"max_steps": 3})
    match.apply(0, Bid(1))
    match.apply(1, Bid(1))
    assert not match.is_over()
    match.apply(0, Bid(1))
    assert match.is_over() and match.result().reason == "step_limit"
    assert match.result().winners == ()


class ThreeRoundsUndeclared(SealedBids):
    """The toy game under a registration that forgets one of its end reasons."""


def test_a_result_whose_reason_the_game_does_not_declare_is_a_contract_error():
    assert TOY.end_reasons == ("three_rounds", "step_limit")
    game = replace(
        TOY, name="forgetful", end_reasons=("step_limit",), match_class=ThreeRoundsUndeclared
    )
    match = game.new_match("plain", 2, seed=1)
    for _ in range(3):
        match.apply(0, Bid(1))
        match.apply(1, Bid(2))
    assert match.is_over()
    with pytest.raises(ContractError, match="forgetful: undeclared end reason 'three_rounds'"):
        match.result()


def test_snapshot_restore_continues_identically():
    match = TOY.new_match("plain", 2, seed=1)
    match.apply(0, Bid(3))
    copy = SealedBids.restore(match.snapshot())
    assert copy.snapshot() == match.snapshot()
    assert copy.apply(1, Bid(0)) == match.apply(1, Bid(0))


def test_restore_refuses_another_engine_version():
    state = TOY.new_match("plain", 2, seed=1).snapshot()
    state["engine_version"] = "toy-0"
    with pytest.raises(BadSetup, match="toy-0"):
        SealedBids.restore(state)


@pytest.mark.parametrize(
    ("variant", "seats", "seed", "options", "message"),
    [
        ("nope", 3, 1, None, "no variant 'nope'"),
        ("hasbro", 7, 1, None, "not 7"),
        ("hasbro", 3, -1, None, "non-negative"),
        ("hasbro", 3, 1, {"colour": "red"}, "unknown option"),
        ("hasbro", 3, 1, {"max_steps": 0}, "max_steps=0"),
        ("miro-missions", 3, 1, {"destroyed_by_other": "maybe"}, "expected one of"),
    ],
)
def test_bad_setups_get_a_clear_error(variant, seats, seed, options, message):
    with pytest.raises((BadSetup, UnknownGame), match=message):
        get_game("risk").new_match(variant, seats, seed, options)


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(UnknownGame, match="known: africa, colonisation, conquetes, risk"):
        get_game("chess")


def test_amount_templates():
    template = Bid(Amount(0, 3))
    assert amount_field(template) == "amount"
    assert amount_field(Bid(2)) is None
    assert fill_amount(template, 2) == Bid(2) and fill_amount(Bid(1), 2) == Bid(1)
    assert list(Amount(1, 3)) == [1, 2, 3]
    assert 0 not in Amount(1, 3) and True not in Amount(2, 3)


def test_result_placement_counts_tied_groups():
    result = Result(((2,), (0, 3), (1,)), (1.0, 0.0, 3.0, 1.0), "x")
    assert [result.placement(s) for s in range(4)] == [2, 4, 1, 2]
    assert result.winners == ()
    with pytest.raises(ValueError, match="seat 9"):
        result.placement(9)


@dataclass(frozen=True, slots=True)
class Muster(Action):
    """An action built with keywords only: filled as ``dataclasses.replace`` does."""

    region: str
    armies: int | Amount = field(kw_only=True)
    note: str = field(default="", kw_only=True)


def test_fill_amount_is_replace_also_for_keyword_only_fields():
    template = Muster("north", armies=Amount(1, 4), note="x")
    assert (
        fill_amount(template, 3)
        == replace(template, armies=3)
        == Muster("north", armies=3, note="x")
    )


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from([game.name for game in games()]), seed=st.integers(0, 10_000))
def test_fill_amount_builds_what_replace_builds_for_every_template_of_every_game(game, seed):
    """Over random play, each listed template filled with each end of its range is the action
    ``dataclasses.replace`` makes: the same class, the same fields, of the same types."""
    info = get_game(game)
    variant = info.variants[0]
    match = info.new_match(variant.name, variant.seats[0], seed, options={"max_steps": 60})
    rng = random.Random(seed)
    while not match.is_over():
        seats = match.to_move()
        for template in match.legal_actions(seats[0]):
            name = amount_field(template)
            if name is None:
                assert fill_amount(template, 1) is template
                continue
            for value in (getattr(template, name).low, getattr(template, name).high):
                filled, replaced = fill_amount(template, value), replace(template, **{name: value})
                assert type(filled) is type(replaced) and filled == replaced
                assert [type(getattr(filled, f.name)) for f in fields(filled)] == [
                    type(getattr(replaced, f.name)) for f in fields(replaced)
                ]
        for seat in seats:
            if match.is_over():
                break
            legal = match.legal_actions(seat)
            template = rng.choice(legal)
            name = amount_field(template)
            value = getattr(template, name).low if name else 0
            match.apply(seat, fill_amount(template, value))
