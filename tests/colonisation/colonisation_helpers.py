"""Helpers for the Risk : la colonisation tests: precise positions, scripted dice, random play.

The engine keeps its state in plain fields of :class:`ColonisationMatch`; :func:`arrange`
writes them directly so a test can start from any position, in the actions phase of a seat's
turn. :func:`script` makes the match's next dice the given faces, so a rule can be tested on
the rolls the book names. Seats play the colours in order: 0 yellow, 1 red, 2 blue, 3 black.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from roll_cells import cell

from bots.house.random_player import RandomPlayer
from engines.colonisation.board import WORLD
from engines.colonisation.match import WAR_ROLLS, ColonisationMatch
from engines.registry import get_game

GAME = get_game("colonisation")
IDS = WORLD.territories
N = len(IDS)
YELLOW, RED, BLUE, BLACK = 0, 1, 2, 3
ALL_SEATS = tuple((variant.name, seats) for variant in GAME.variants for seats in variant.seats)
"""Every (variant, seat count) the registry allows."""


def new_match(
    seats: int = 3, seed: int = 0, *, version: str | None = None, **options
) -> ColonisationMatch:
    """A fresh match through the registry (options by keyword) of engine ``version`` (None:
    the newest)."""
    match = GAME.new_match("standard", seats, seed, options, version=version)
    assert isinstance(match, ColonisationMatch)
    return match


def idx(name: str) -> int:
    """The index of a territory id."""
    return WORLD.index[name]


class Scripted(random.Random):
    """A generator whose next ``random()`` values make the dice ``faces`` (then it goes on as
    a seeded generator): ``die(rng, 6)`` is ``int(random() * 6) + 1``; a float (see
    :func:`war`) is given as it is."""

    def __init__(self, faces: Iterable[int | float], seed: int = 0) -> None:
        super().__init__(seed)
        self.faces = list(faces)

    def random(self) -> float:
        if self.faces:
            face = self.faces.pop(0)
            return face if isinstance(face, float) else (face - 1) / 6 + 0.01
        return super().random()


def script(match: ColonisationMatch, *faces: int | float) -> None:
    """The match's next dice (6-sided) show ``faces``, in order (a war round's: :func:`war`)."""
    match.rng = Scripted(faces)


def war(attacker: tuple[int, ...], defender: tuple[int, ...]) -> float:
    """The value of the one draw that makes a war round (engine ``VERSION``) roll these faces
    (each side's highest first)."""
    table = WAR_ROLLS[len(attacker)][len(defender)]
    return cell(table, lambda roll: (roll.attacker, roll.defender) == (attacker, defender))


def arrange(
    match: ColonisationMatch,
    territories: Mapping[str, tuple[int, int]],
    *,
    mover: int = YELLOW,
    homes: Mapping[int, str] | None = None,
    hostile: Iterable[str] = (),
    schools: Mapping[str, int] | None = None,
    diplomats: Mapping[str, int] | None = None,
    generals: Mapping[str, int] | None = None,
    year: int = 1,
) -> ColonisationMatch:
    """Put ``match`` in the actions phase of ``mover``'s turn in ``year`` with exactly these
    territories (id -> (seat, armies)), homes (seat -> id; by default each seat's first
    territory listed), hostile territories, schools (id -> bits), diplomats and general
    commands; every other territory virgin, nothing used, no columns laid out."""
    seats = match.seats
    match.owner = [-1] * N
    match.armies = [0] * N
    for name, (seat, armies) in territories.items():
        match.owner[idx(name)], match.armies[idx(name)] = seat, armies
    match.hostile = [IDS[t] in set(hostile) for t in range(N)]
    match.schools = [(schools or {}).get(t, 0) for t in IDS]
    match.diplomats = [(diplomats or {}).get(t, 0) for t in IDS]
    match.generals = [(generals or {}).get(t, 0) for t in IDS]
    if homes is None:
        homes = {}
        for name, (seat, _) in territories.items():
            homes.setdefault(seat, name)
    match.homes = [idx(homes[s]) if s in homes else -1 for s in range(seats)]
    match.alive = [True] * seats
    match.eliminated = []
    match.points = [0] * seats
    match.phase, match.year, match.last_year = "actions", year, max(match.last_year, year)
    match.first = match.mover = mover
    match.turns_left = [(mover + i) % seats for i in range(1, seats)]
    match.lot, match.bids, match.chooser = -1, [-1] * seats, -1
    match.tied = [[] for _ in range(seats)]
    match.column = [0] * N
    match.to_lay = [[] for _ in range(seats)]
    match.laid = [0] * seats
    match.rolls, match.hits = [], []
    match.ready = [match.owner[t] == mover and not match.hostile[t] for t in range(N)]
    match.used_armies = [0] * N
    match.used_diplomats = [0] * N
    match.used_generals = [0] * N
    match.war = None
    match.end_reason = None
    match._result = None
    return match


def of_type(events: Iterable, kind: type) -> list:
    """The events of one kind, in order."""
    return [e for e in events if isinstance(e, kind)]


def armies(match: ColonisationMatch, name: str) -> int:
    """The armies on ``name``."""
    return match.armies[idx(name)]


def owner(match: ColonisationMatch, name: str) -> int:
    """The owner of ``name`` (-1: virgin)."""
    return match.owner[idx(name)]


def play_random(match: ColonisationMatch, seed: int = 0, until=None, max_actions: int = 20_000):
    """Play uniformly random legal actions (amounts too) until ``until(match)`` or the end."""
    player = RandomPlayer(seed)
    events = []
    for _ in range(max_actions):
        if match.is_over() or (until is not None and until(match)):
            break
        seat = match.to_move()[0]
        action = player.act(match.observation(seat), match.legal_actions(seat))
        events.extend(match.apply(seat, action))
    return events
