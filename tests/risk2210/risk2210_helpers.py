"""Helpers for the Risk 2210 A.D. tests: precise positions, chosen dice, random legal play.

:func:`arrange` writes the engine's state fields directly (``STATE_FIELDS`` of
``engines.risk2210.match``), so a test starts from any position; :class:`Faces` replaces
``match.rng`` so that each die, or each roll of battle (:func:`roll`), shows chosen faces.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from roll_cells import cell

from bots.house.choice import bounds, fill
from engines.core.chance import roll_table
from engines.registry import get_game
from engines.risk2210.board import BOARD
from engines.risk2210.match import Risk2210Match
from engines.risk2210.observation import NOBODY
from engines.risk2210.variants import COMMANDERS

GAME = get_game("risk2210")
INDEX = BOARD.index
IDS = BOARD.territories


def new_match(
    seats: int = 3, seed: int = 0, *, version: str | None = None, **options
) -> Risk2210Match:
    """A fresh match through the registry (options by keyword) of engine ``version`` (None:
    the newest)."""
    match = GAME.new_match("standard", seats, seed, options, version=version)
    assert isinstance(match, Risk2210Match)
    return match


def arrange(
    match: Risk2210Match,
    owners: Mapping[str, int],
    mods: Mapping[str, int] | None = None,
    *,
    commanders: Mapping[int, Mapping[str, str]] | None = None,
    stations: Mapping[str, int] | None = None,
    phase: str = "invade",
    mover: int = 0,
    year: int = 1,
    energy: Sequence[int] | None = None,
) -> Risk2210Match:
    """Put ``match`` in ``phase`` of ``mover``'s turn in ``year``: only the territories named
    are held (by ``owners``, with ``mods``, default 1), every other one is unoccupied;
    ``commanders`` maps seats to {commander: territory}; ``stations`` territories to seats."""
    mods = dict(mods or {})
    match.owner = [NOBODY] * len(IDS)
    match.mods = [0] * len(IDS)
    match.station = [-1] * len(IDS)
    for name, seat in owners.items():
        match.owner[INDEX[name]] = seat
        match.mods[INDEX[name]] = mods.get(name, 1)
    for name, seat in (stations or {}).items():
        match.station[INDEX[name]] = seat
        match.owner[INDEX[name]] = seat
    match.commander = [[-1] * len(COMMANDERS) for _ in range(match.seats)]
    for seat, placed in (commanders or {}).items():
        for kind, name in placed.items():
            match.commander[seat][COMMANDERS.index(kind)] = INDEX[name]
    match.devastated = [t for t in match.devastated if IDS[t] not in owners]
    match.phase, match.mover, match.year = phase, mover, year
    match.order = list(range(match.seats))
    match.turn_index = match.order.index(mover)
    match.markers = [s + 1 for s in range(match.seats)]
    match.energy = list(energy) if energy is not None else [10] * match.seats
    match.pieces = [[] for _ in range(match.seats)]
    match.starting_left = [0] * match.seats
    match.batch = match.to_place = match.bought = match.contested = 0
    match.bonus_taken = match.fortified = False
    match.invasion = match.pending_roll = match.occupation = None
    match.removals = []
    return match


class Faces:
    """Stand-in for ``match.rng``: each ``random()`` gives the next chosen die, as (face,
    sides) pairs in the order the engine rolls them, or a roll of battle as the float of
    :func:`roll` (engine ``VERSION``: one draw a roll; ``VERSION_1_0`` rolls a battle's dice
    one by one: the attacker's d8s, its d6s, then the defender's d8s and d6s). A test that
    gives exactly the dice it expects fails loudly if the engine draws otherwise."""

    def __init__(self, *dice: tuple[int, int] | float) -> None:
        self.values = [d if isinstance(d, float) else (d[0] - 0.5) / d[1] for d in dice]

    def random(self) -> float:
        return self.values.pop(0)


def roll(attacker: Sequence[tuple[int, int]], defender: Sequence[tuple[int, int]]) -> float:
    """The value of the one draw that makes a roll of battle (engine ``VERSION``) give these
    (face, sides) dice to the attacker and the defender, in any order."""
    a, d = sorted(attacker, reverse=True), sorted(defender, reverse=True)
    # The engine lists the d8s first: the sides of each side's dice, highest first.
    sides = (
        tuple(sorted((n for _, n in a), reverse=True)),
        tuple(sorted((n for _, n in d), reverse=True)),
    )
    table = roll_table(*sides)
    wanted = (
        tuple(f for f, _ in a),
        tuple(n for _, n in a),
        tuple(f for f, _ in d),
        tuple(n for _, n in d),
    )
    return cell(table, lambda r: r[:4] == wanted)


def play_random(match: Risk2210Match, seed: int, until=None) -> None:
    """Random legal actions (amounts filled at random) until the end or ``until(match)``."""
    rng = random.Random(seed)
    while not match.is_over() and not (until and until(match)):
        seat = rng.choice(match.to_move())
        action = rng.choice(match.legal_actions(seat))
        amount = bounds(action)
        if amount is not None:
            action = fill(action, rng.randint(amount.low, amount.high))
        match.apply(seat, action)
