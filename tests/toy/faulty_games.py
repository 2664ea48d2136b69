"""A toy game whose engine misbehaves on demand, for the platform's isolation tests.

``faulty-bids`` is the sealed-bids toy (:mod:`toy_games`) played for ``rounds`` rounds; after
the first round its engine does what the ``fault`` option says: raise, loop forever, or eat
memory until it runs out. It is registered apart from the contract tests' toy
(``faulty_registration/``), and only in the processes of the tests that put that folder on
their path: it is no game of the conformance suite.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from toy_games import GAME as SEALED_BIDS
from toy_games import EndReason, SealedBids

from engines.core import Action, Event, Option

FAULTS = ("none", "raise", "loop", "memory")
ROUNDS = Option("rounds", "rounds to bid", default=3, minimum=1, maximum=100_000)
FAULT = Option("fault", "what the engine does after the first round", "none", choices=FAULTS)


class FaultyBids(SealedBids):
    """Sealed bids for ``rounds`` rounds, with the ``fault`` after the first."""

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = super()._apply(seat, action)
        if len(self.rounds) == 1 and self.bids == [None] * self.seats:  # the first round's end
            _misbehave(self.options["fault"])
        if self._result is None and len(self.rounds) == self.options["rounds"]:
            self._result = self._totals(EndReason.THREE_ROUNDS)
        elif self._result is not None and len(self.rounds) < self.options["rounds"]:
            self._result = None  # the toy's own three rounds are not the end here
        return events

    def _restored(self) -> None:
        if len(self.rounds) == self.options["rounds"]:
            self._result = self._totals(EndReason.THREE_ROUNDS)


def _misbehave(fault: str) -> None:
    if fault == "raise":
        raise RuntimeError("engine bug")
    if fault == "loop":
        while True:
            pass
    if fault == "memory":
        hog: list[Any] = []
        while True:
            hog.append(bytearray(16 * 2**20))  # zeroed: really resident


GAME = replace(
    SEALED_BIDS,
    name="faulty-bids",
    description="toy game whose engine fails on demand",
    engine_version="faulty-1",
    options=(*SEALED_BIDS.options, ROUNDS, FAULT),
    match_class=FaultyBids,
)
