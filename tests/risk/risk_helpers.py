"""Helpers for the classic Risk tests: precise boards, controlled dice, random legal play.

The engine keeps its state in plain fields (``STATE_FIELDS`` of ``engines.risk.match``);
:func:`arrange` writes them directly so a test can start from any position, keeping the
``owned`` index consistent with ``owner`` (one list per seat plus a last one for the third
force, owner -1). :class:`Dice` replaces ``match.rng`` so a roll gives the chosen faces.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from roll_cells import cell

from bots.house.choice import bounds, fill
from engines.core.contract import Action, amount_field
from engines.registry import get_game
from engines.risk import missions as mission_cards
from engines.risk.actions import EndPhase
from engines.risk.board import WORLD
from engines.risk.match import ROLLS, SIDES, TABLES, RiskMatch
from engines.risk.observation import UNOWNED

GAME = get_game("risk")
IDS = WORLD.territories
N = len(IDS)
NEUTRAL = -1
END = EndPhase()
SETUP_PHASES = ("claim", "setup")

ALL_VARIANT_SEATS = tuple(
    (variant.name, seats) for variant in GAME.variants for seats in variant.seats
)
"""Every (variant, seat count) the registry allows."""


def new_match(
    variant: str, seats: int, seed: int = 0, *, version: str | None = None, **options
) -> RiskMatch:
    """A fresh match through the registry (options by keyword) of engine ``version`` (None:
    the newest)."""
    match = GAME.new_match(variant, seats, seed, options, version=version)
    assert isinstance(match, RiskMatch)
    return match


def territories_of(continent: str) -> list[str]:
    """The territory ids of a continent, in board order."""
    for c in WORLD.continents:
        if c.id == continent:
            return [IDS[t] for t in c.territories]
    raise KeyError(continent)


def card(name: str) -> int:
    """The engine's card index of a public card id (territory id or wild-1 / wild-2)."""
    index = WORLD.card_index(name)
    assert index is not None, name
    return index


def cards_with(symbol: str, deck: str, exclude: Iterable[str] = ()) -> list[str]:
    """Territory card ids showing ``symbol`` in the ``us`` or ``fr`` deck."""
    skip = set(exclude)
    return [IDS[t] for t in range(N) if WORLD.card_symbol(t, deck) == symbol and IDS[t] not in skip]


class Dice:
    """Stand-in for ``match.rng``: each roll gives the chosen faces.

    All chance in the engine comes from ``rng.random()`` (``engines.core.chance``). A roll
    (engine ``VERSION``) is one draw from ``TABLES[a][d]``, the outcomes of a attacking and d
    defending dice: the arguments go in pairs, the attacker's faces then the defender's (any
    order), and each pair gives the middle of the first cell holding that outcome. With
    ``per_side`` (the stream of ``VERSION_1_1``) a roll draws once per side, the attacker's
    then the defender's, and takes ``ROLLS[k][int(u * 6**k)]``, the i-th of the 6**k equally
    likely ordered outcomes of k dice: each argument is one side's faces. Any other draw (a
    reshuffle) takes the next value too, so a test that supplies exactly the dice it expects
    fails loudly if the engine draws otherwise.
    """

    def __init__(self, *sides: Sequence[int], per_side: bool = False) -> None:
        self.values: list[float] = []
        self.per_side = per_side
        self.push(*sides)

    def push(self, *sides: Sequence[int]) -> None:
        if self.per_side:
            self.values.extend(side_value(faces) for faces in sides)
            return
        assert len(sides) % 2 == 0, "the attacker's and the defender's faces of each roll"
        for attacker, defender in zip(sides[::2], sides[1::2], strict=True):
            self.values.append(roll_value(attacker, defender))

    def random(self) -> float:
        assert self.values, "the engine drew more chance than the test supplied"
        return self.values.pop(0)


def roll_value(attacker: Sequence[int], defender: Sequence[int]) -> float:
    """The ``random()`` value that makes the engine roll these faces in one draw."""
    assert 1 <= len(attacker) <= 3 and 1 <= len(defender) <= 3, (attacker, defender)
    faces = (tuple(sorted(attacker, reverse=True)), tuple(sorted(defender, reverse=True)))
    return cell(TABLES[len(attacker)][len(defender)], lambda r: (r.attacker, r.defender) == faces)


def side_value(faces: Sequence[int]) -> float:
    """The ``random()`` value that makes the engine of ``VERSION_1_1`` roll ``faces`` for one
    side."""
    k = len(faces)
    assert 1 <= k <= 3 and all(1 <= f <= 6 for f in faces), faces
    index = 0
    for face in faces:
        index = index * 6 + face - 1
    # Self-check against the engine's table, so a change of dice encoding fails loudly here.
    assert ROLLS[k][index] == tuple(sorted(faces, reverse=True)), (faces, ROLLS[k][index])
    return (index + 0.5) / SIDES[k]


def arrange(
    match: RiskMatch,
    owners: Mapping[str, int] | None = None,
    armies: Mapping[str, int] | None = None,
    *,
    fill_owners: int | Sequence[int] | None = None,
    default_armies: int = 1,
    phase: str = "attack",
    seat: int = 0,
    round: int = 5,
    pending: int = 0,
    gain: int = 0,
    hands: Mapping[int, Sequence[str]] | None = None,
    deck: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    trades: int = 0,
    missions: Mapping[int, str] | None = None,
) -> RiskMatch:
    """Put ``match`` in play after set-up, in ``phase`` of ``seat``'s turn, on a given board.

    ``owners``/``armies`` name some territories; the others go to ``fill_owners`` (one owner,
    or owners cycled in board order; default: every seat in turn) with ``default_armies``.
    ``hands`` maps seats to card ids; ``deck`` lists the draw pile bottom first (default:
    every card not in a hand or ``discard``, in card order). In the allié phases the
    opponent (``1 - seat``) is the one deciding.
    """
    owners = dict(owners or {})
    armies = dict(armies or {})
    for name in (*owners, *armies):
        assert name in WORLD.index, name
    if fill_owners is None:
        fill_owners = tuple(range(match.seats))
    elif isinstance(fill_owners, int):
        fill_owners = (fill_owners,)
    cycle = 0
    match.owner = [NEUTRAL] * N
    match.armies = [default_armies] * N
    for t, name in enumerate(IDS):
        if name in owners:
            match.owner[t] = owners[name]
        else:
            match.owner[t] = fill_owners[cycle % len(fill_owners)]
            cycle += 1
        if name in armies:
            match.armies[t] = armies[name]
    match.owned = [[] for _ in range(match.seats + 1)]
    for t, o in enumerate(match.owner):
        match.owned[o].append(t)
    match.alive = [bool(match.owned[s]) for s in range(match.seats)]
    match.eliminations = [[s, NEUTRAL, 0] for s in range(match.seats) if not match.alive[s]]
    hands = hands or {}
    match.hands = [[card(c) for c in hands.get(s, ())] for s in range(match.seats)]
    match.discard = [card(c) for c in discard]
    used = {c for hand in match.hands for c in hand} | set(match.discard)
    if deck is None:
        match.deck = [c for c in range(WORLD.cards) if c not in used]
    else:
        match.deck = [card(c) for c in deck]
    if missions:
        ids = [m.id for m in mission_cards.ALL]
        for s, mission_id in missions.items():
            match.dealt[s] = match.mission[s] = ids.index(mission_id)
    match.queue = []
    match.claims_left = 0
    match.phase = phase
    match.turn = seat
    match.current = 1 - seat if phase in ("ally_place", "ally_attack") else seat
    match.first = 0
    match.round = round
    match.pending = pending
    match.gain = gain
    match.trade_mode = "turn"
    match.trading_open = phase == "place"
    match.trades = trades
    match.bonus_used = False
    match.conquered = False
    match.occupation = None
    match.after_occupy = "attack"
    match.attack = None
    match.after_defend = "attack"
    match.elim_trade = None
    match.locked = [0] * N
    match.ally_done = phase in ("ally_place", "ally_attack")
    match.winner_reason = None
    match._result = None
    match._forget_views()  # the state was written directly: the engine's views are stale
    return match


def next_turn(match: RiskMatch, seat: int) -> list:
    """End ``seat``'s turn from its fortify phase; returns the events (the next TurnStarted)."""
    match.phase, match.turn, match.current = "fortify", seat, seat
    return match.apply(seat, END)


def board_total(match: RiskMatch) -> int:
    return sum(match.armies)


def armies_of(match: RiskMatch, owner: int) -> int:
    return sum(a for a, o in zip(match.armies, match.owner, strict=True) if o == owner)


def of_type(events: Iterable, kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def concrete(template: Action, rng: random.Random) -> Action:
    """A legal-action template with its amount (if any) drawn uniformly."""
    amount = bounds(template)
    return template if amount is None else fill(template, rng.randint(amount.low, amount.high))


def play_random(match: RiskMatch, seed: int = 0, until=None, max_actions: int = 5000) -> list:
    """Play uniformly random legal actions until ``until(match)`` or the match ends."""
    rng = random.Random(seed)
    events = []
    for _ in range(max_actions):
        if match.is_over() or (until is not None and until(match)):
            break
        seat = match.to_move()[0]
        events.extend(match.apply(seat, concrete(rng.choice(match.legal_actions(seat)), rng)))
    return events


def give_cards(match: RiskMatch, seat: int, names: Iterable[str]) -> None:
    """Move the named cards (from the deck, the discard or any hand) into ``seat``'s hand."""
    for name in names:
        c = card(name)
        for pile in (match.deck, match.discard, *match.hands):
            if c in pile:
                pile.remove(c)
        match.hands[seat].append(c)
    match._forget_views()


def foreign_cards(match: RiskMatch, seat: int, symbol: str, k: int) -> list[str]:
    """``k`` territory cards of ``symbol`` (in the match's deck) that ``seat`` does not own."""
    names = [
        IDS[t]
        for t in range(N)
        if WORLD.card_symbol(t, match.rules.deck) == symbol and match.owner[t] != seat
    ]
    assert len(names) >= k, (symbol, names)
    return names[:k]


def owned_cards(match: RiskMatch, seat: int, symbol: str, k: int) -> list[str]:
    """``k`` territory cards of ``symbol`` (in the match's deck) whose territory ``seat`` owns."""
    names = [
        IDS[t]
        for t in range(N)
        if WORLD.card_symbol(t, match.rules.deck) == symbol and match.owner[t] == seat
    ]
    assert len(names) >= k, (symbol, names)
    return names[:k]


def is_legal(match: RiskMatch, seat: int, action: Action) -> bool:
    """Whether ``action`` is one of ``match``'s legal actions for ``seat`` (templates filled)."""
    for template in match.legal_actions(seat):
        name = amount_field(template)
        if name is None:
            if template == action:
                return True
        elif type(template) is type(action):
            value = getattr(action, name)
            if value in getattr(template, name) and fill(template, value) == action:
                return True
    return False


def check_board(match: RiskMatch) -> None:
    """After set-up every territory is held with at least one army (the territory waiting
    for its occupation excepted, even when a conquest ends the match); the owned index
    follows the owners."""
    owned = [[] for _ in range(match.seats + 1)]
    for t, owner in enumerate(match.owner):
        if owner != UNOWNED:
            owned[owner].append(t)
    assert [sorted(x) for x in match.owned] == owned
    if match.phase in SETUP_PHASES:
        return
    empty = {t for t in range(N) if match.armies[t] < 1}
    assert UNOWNED not in match.owner
    if match.phase == "occupy":
        empty.discard(match.occupation[1])
    assert not empty, [IDS[t] for t in empty]
    for seat in range(match.seats):
        assert match.alive[seat] == bool(match.owned[seat])


def check_cards(match: RiskMatch) -> None:
    """The 44 cards (42 territories, 2 jokers) are in the deck, the discard or a hand, once."""
    if match.phase in SETUP_PHASES:
        return
    everywhere = [*match.deck, *match.discard, *(c for hand in match.hands for c in hand)]
    assert sorted(everywhere) == list(range(WORLD.cards))
