"""The contract tests' toy game: sealed bids, every seat at once, in secret.

It is registered as any installed game is, by an entry point of ``conquest_arena.games``
(``registration/*.dist-info/entry_points.txt``, what pip writes from a ``pyproject.toml``
line), and passes the conformance suite like every game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engines.core import STEP_LIMIT, Action, Amount, Event, GameInfo, IllegalAction, Match, Result
from engines.core.contract import Variant
from engines.core.spectator import Board, Layout, Place, Spot


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid 0 to 3 this round."""

    amount: int | Amount


@dataclass(slots=True)
class Revealed(Event):
    """Every seat's bid of the round, once all have bid."""

    bids: tuple[int, ...]


@dataclass(slots=True)
class Secret(Event):
    """A note for ``seat`` alone: nobody else learns even that it bid."""

    seat: int
    note: str

    @property
    def private_to(self) -> int:
        return self.seat

    def redacted(self) -> None:
        return None


@dataclass(frozen=True, slots=True)
class BidView:
    """A seat's bid this round, if it has bid, and every revealed round."""

    seat: int
    my_bid: int | None
    revealed: tuple[tuple[int, ...], ...]


class EndReason(StrEnum):
    """Why a sealed-bids match ended: every ``reason`` its results may give."""

    THREE_ROUNDS = "three_rounds"
    """Three rounds were bid: the highest total wins, ties share the win (the toy's own rule,
    no book)."""
    STEP_LIMIT = "step_limit"
    """The step limit stopped the match: no winner, seats ranked by their totals."""


class SealedBids(Match):
    """Every seat bids 0-3 at once, in secret; three rounds; the highest total wins."""

    state_fields = ("bids", "rounds")

    def __init__(
        self, variant: str, seats: int, seed: int, options: dict[str, Any], version: str
    ) -> None:
        super().__init__(variant, seats, seed, options, version)
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
        self.rounds.append([b for b in self.bids if b is not None])
        self.bids = [None] * self.seats
        if len(self.rounds) == 3:
            self._result = self._totals(EndReason.THREE_ROUNDS)
        return [Revealed(tuple(self.rounds[-1]))]

    def _totals(self, reason: EndReason) -> Result:
        totals = [sum(r[s] for r in self.rounds) for s in range(self.seats)]
        groups = [
            tuple(s for s in range(self.seats) if totals[s] == t)
            for t in sorted(set(totals), reverse=True)
        ]
        winners = groups[0] if reason != EndReason.STEP_LIMIT else ()
        return Result(tuple(groups), tuple(float(t) for t in totals), reason, winners=winners)

    def _step_limit_result(self) -> Result:
        return self._totals(EndReason.STEP_LIMIT)

    def _spectator_board(self) -> Board:
        """The table: how many rounds were revealed; each seat's total of them."""
        totals = [sum(r[s] for r in self.rounds) for s in range(self.seats)]
        return Board(
            {"table": Place(None, len(self.rounds))},
            tuple({"total": total} for total in totals),
        )

    def _redraw_hidden(self, seat: int | None, rng: random.Random) -> None:
        for other, bid in enumerate(self.bids):
            if other != seat and bid is not None:
                self.bids[other] = rng.randint(0, 3)

    def _restored(self) -> None:
        if len(self.rounds) == 3:
            self._result = self._totals(EndReason.THREE_ROUNDS)


GAME = GameInfo(
    name="sealed-bids",
    description="toy simultaneous game",
    engine_version="toy-1",
    variants=(Variant("plain", "three rounds", (2, 3), "none"),),
    options=(STEP_LIMIT,),
    action_types=(Bid,),
    event_types=(Revealed, Secret),
    end_reasons=tuple(EndReason),
    layout=Layout(100, 60, {"table": Spot(50, 30, "Table")}),
    match_class=SealedBids,
    observation_type=BidView,
)
