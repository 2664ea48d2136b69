"""The checks catch broken games: toy games that leak as real games did, or that end with a
reason they do not declare, fail them (the suite is no test that cannot fail)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from conformance import (
    check_hidden_redrawn,
    check_result,
    check_unseen_actions_leave_no_trace,
    walk,
)
from toy_games import GAME, Bid, BidView, EndReason, SealedBids, Secret


@dataclass(slots=True)
class LoudSecret(Secret):
    """Redacted, not hidden: others still see that the seat bid (as Risk's MissionChanged and
    Africa's OrderGiven once did)."""

    def redacted(self) -> LoudSecret:
        return replace(self, note="")


class LoudBids(SealedBids):
    """Tells every seat, by an event, that a seat has bid."""

    def _apply(self, seat, action):
        return [
            LoudSecret(e.seat, e.note) if type(e) is Secret else e
            for e in super()._apply(seat, action)
        ]


class PeekingBids(SealedBids):
    """Shows each seat the highest bid made so far this round."""

    def _observation(self, seat: int) -> BidView:
        view = super()._observation(seat)
        highest = max((b for b in self.bids if b is not None), default=None)
        return replace(view, my_bid=highest)


class PeekingTable(SealedBids):
    """Shows spectators, on the table, the sum of this round's secret bids so far."""

    def _spectator_board(self):
        board = super()._spectator_board()
        pot = sum(b for b in self.bids if b is not None)
        return replace(board, places={"table": replace(board.places["table"], count=pot)})


class UndeclaredEnd(SealedBids):
    """Ends after three rounds with a reason its game does not declare."""

    def _totals(self, reason: EndReason):
        return replace(super()._totals(reason), reason="most_bids")


@pytest.mark.parametrize(
    ("match_class", "check", "message"),
    [
        (LoudBids, check_unseen_actions_leave_no_trace, r"changes nothing seat \d observes"),
        (PeekingBids, check_hidden_redrawn, r"seat \d: observation"),
        (PeekingTable, check_hidden_redrawn, "spectator board"),
        (PeekingTable, check_unseen_actions_leave_no_trace, "changes the spectator board"),
    ],
)
def test_a_leaking_toy_game_fails_the_checks(match_class, check, message):
    game = replace(GAME, name=f"leaky-{match_class.__name__}", match_class=match_class)
    with pytest.raises(AssertionError, match=message):
        for step in walk(game, "plain", 3, seed=1):
            check(step)


@pytest.mark.parametrize("check", [check_unseen_actions_leave_no_trace, check_hidden_redrawn])
def test_the_toy_game_itself_passes_them(check):
    for step in walk(GAME, "plain", 3, seed=1):
        check(step)


def test_a_toy_game_ending_with_an_undeclared_reason_fails_the_result_check():
    game = replace(GAME, name="undeclared-end", match_class=UndeclaredEnd)
    for step in walk(game, "plain", 3, seed=1):
        last = step
    with pytest.raises(AssertionError, match="undeclared end reason 'most_bids'"):
        check_result(last.match.result(), game, 3)


def test_the_result_check_itself_refuses_an_undeclared_reason():
    match = GAME.new_match("plain", 2, seed=1, options={"max_steps": 1})
    match.apply(0, Bid(1))
    result = match.result()
    check_result(result, GAME, 2)
    with pytest.raises(AssertionError, match="undeclared end reason 'most_bids'"):
        check_result(replace(result, reason="most_bids"), GAME, 2)
