"""Helpers for the Africa tests: precise positions, whole turns of orders, random legal play.

The engine keeps its state in plain fields of :class:`AfricaMatch`; :func:`arrange` writes
them directly so a test can start from any position, at the orders phase of a turn. Seats
play the book's powers in order: 0 Great Britain, 1 France, 2 Germany, 3 Italy, ...
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from engines.africa.actions import Message, SubmitOrders
from engines.africa.board import MAP
from engines.africa.match import AfricaMatch
from engines.africa.variants import ALLIANCE
from engines.core.contract import Action
from engines.registry import get_game

GAME = get_game("africa")
IDS = MAP.territories
N = len(IDS)
GB, FR, DE, IT = 0, 1, 2, 3
ALL_VARIANT_SEATS = tuple(
    (variant.name, seats) for variant in GAME.variants for seats in variant.seats
)
"""Every (variant, seat count) the registry allows."""


def new_match(variant: str = "historical", seats: int = 3, seed: int = 0, **options):
    """A fresh match through the registry (options by keyword)."""
    return GAME.new_match(variant, seats, seed, options)


def idx(name: str) -> int:
    """The index of a territory id."""
    return MAP.index[name]


def arrange(
    match: AfricaMatch,
    presences: Mapping[str, Sequence[int]],
    *,
    developed: Mapping[str, int] | None = None,
    colonies: Iterable[str] = (),
    turn: int = 1,
) -> AfricaMatch:
    """Put ``match`` at the orders phase of ``turn`` with exactly these presences (territory
    -> seats), development tokens and colonies; relations all alliance, no order given."""
    seats = match.seats
    match.presence = [sorted(presences.get(t, ())) for t in IDS]
    match.developed = [(developed or {}).get(t, 0) for t in IDS]
    match.colony = [False] * N
    for t in colonies:
        match.colony[idx(t)] = True
        match.developed[idx(t)] = MAP.squares[idx(t)]
    match.relations = [["" if a == b else ALLIANCE for b in range(seats)] for a in range(seats)]
    match.phase, match.turn, match.placer = "orders", turn, seats
    match.done = [False] * seats
    match.sent = [0] * seats
    match.queued = [None] * seats
    match.orders = [{} for _ in range(seats)]
    match.landing = [""] * seats
    match.declared = [{} for _ in range(seats)]
    match.end_reason = None
    match._result = None
    match._forget_views()  # the observations' views of a state written by hand
    return match


def give(match: AfricaMatch, sheets: Mapping[int, Sequence[Action]]) -> list:
    """Every seat gives its actions in ``sheets`` (none for the others), then all submit;
    returns the events of the whole turn's end (reading, conflicts, colonies)."""
    events: list = []
    for seat in range(match.seats):
        for action in sheets.get(seat, ()):
            events.extend(match.apply(seat, action))
    for seat in range(match.seats):
        events.extend(match.apply(seat, SubmitOrders()))
    return events


def of_type(events: Iterable, kind: type) -> list:
    """The events of one kind, in order."""
    return [e for e in events if isinstance(e, kind)]


def present(match: AfricaMatch, territory: str) -> list[int]:
    """The seats present on ``territory``."""
    return list(match.presence[idx(territory)])


def play_random(match: AfricaMatch, seed: int = 0, until=None, max_actions: int = 5000):
    """Play uniformly random legal actions until ``until(match)`` or the match ends."""
    rng = random.Random(seed)
    events = []
    for _ in range(max_actions):
        if match.is_over() or (until is not None and until(match)):
            break
        seat = match.to_move()[0]
        events.extend(match.apply(seat, rng.choice(match.legal_actions(seat))))
    return events


def random_action(match: AfricaMatch, rng: random.Random) -> tuple[int, Action]:
    """A random seat to move and a random legal action of it; a message's text is random
    (``"talk"`` zero to three times)."""
    movers = match.to_move()
    seat = movers[rng.randrange(len(movers))]
    action = rng.choice(match.legal_actions(seat))
    if isinstance(action, Message):
        action = Message(action.to, "talk" * rng.randrange(4))
    return seat, action
