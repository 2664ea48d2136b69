"""The engine contract (engines.core.contract) on a toy simultaneous game and on Risk."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from engines.core import (
    STEP_LIMIT,
    Action,
    Amount,
    BadSetup,
    EngineError,
    Event,
    GameInfo,
    IllegalAction,
    Match,
    MatchOver,
    Result,
    UnknownGame,
    Variant,
    amount_field,
    visible_event,
)
from engines.registry import get_game


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int | Amount


@dataclass(slots=True)
class Revealed(Event):
    bids: tuple[int, ...]


@dataclass(slots=True)
class Secret(Event):
    seat: int
    note: str

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> Secret:
        return Secret(self.seat, "")


@dataclass(frozen=True, slots=True)
class BidView:
    seat: int
    my_bid: int | None
    revealed: tuple[tuple[int, ...], ...]


class SealedBids(Match):
    """Every seat bids 0-3 at once, in secret; three rounds; the highest total wins."""

    state_fields = ("bids", "rounds")

    def __init__(self, variant: str, seats: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(variant, seats, seed, options)
        self.bids: list[int | None] = [None] * seats  # this round's bids, secret until all
        self.rounds: list[list[int]] = []

    def _to_move(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if self.bids[s] is None)

    def _observation(self, seat: int) -> BidView:
        return BidView(seat, self.bids[seat], tuple(tuple(r) for r in self.rounds))

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        return (Bid(Amount(0, 3)),)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, Bid) or action.amount not in Amount(0, 3):
            raise IllegalAction(seat, action, "bid 0 to 3")
        self.bids[seat] = action.amount
        if None in self.bids:
            return [Secret(seat, f"you bid {action.amount}")]
        self.rounds.append(list(self.bids))
        self.bids = [None] * self.seats
        if len(self.rounds) == 3:
            self._result = self._totals("three_rounds")
        return [Revealed(tuple(self.rounds[-1]))]

    def _totals(self, reason: str) -> Result:
        totals = [sum(r[s] for r in self.rounds) for s in range(self.seats)]
        groups = [
            tuple(s for s in range(self.seats) if totals[s] == t)
            for t in sorted(set(totals), reverse=True)
        ]
        winners = groups[0] if reason != "step_limit" else ()
        return Result(tuple(groups), tuple(float(t) for t in totals), reason, winners=winners)

    def _step_limit_result(self) -> Result:
        return self._totals("step_limit")

    def _restored(self) -> None:
        if len(self.rounds) == 3:
            self._result = self._totals("three_rounds")


TOY = GameInfo(
    name="sealed-bids",
    description="toy simultaneous game",
    engine_version="toy-1",
    variants=(Variant("plain", "three rounds", (2, 3), "none"),),
    options=(STEP_LIMIT,),
    action_types=(Bid,),
    event_types=(Revealed, Secret),
    match_class=SealedBids,
)
SealedBids.game = TOY


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


def test_private_events_are_redacted_for_others_and_spectators():
    secret = Secret(1, "you bid 3")
    assert visible_event(secret, 1) == secret
    assert visible_event(secret, 0) == Secret(1, "")
    assert visible_event(secret, None) == Secret(1, "")
    public = Revealed((1, 2))
    assert visible_event(public, None) is public


def test_a_seat_that_already_decided_or_a_wrong_seat_is_refused():
    match = TOY.new_match("plain", 2, seed=1)
    match.apply(0, Bid(2))
    with pytest.raises(IllegalAction, match="not this seat's decision"):
        match.apply(0, Bid(1))
    with pytest.raises(EngineError, match="no seat 5"):
        match.apply(5, Bid(1))


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
    with pytest.raises(UnknownGame, match="known: risk"):
        get_game("chess")


def test_amount_templates():
    template = Bid(Amount(0, 3))
    assert amount_field(template) == "amount"
    assert amount_field(Bid(2)) is None
    assert list(Amount(1, 3)) == [1, 2, 3]
    assert 0 not in Amount(1, 3) and True not in Amount(2, 3)


def test_result_placement_counts_tied_groups():
    result = Result(((2,), (0, 3), (1,)), (1.0, 0.0, 3.0, 1.0), "x")
    assert [result.placement(s) for s in range(4)] == [2, 4, 1, 2]
    assert result.winners == ()
    with pytest.raises(ValueError, match="seat 9"):
        result.placement(9)
