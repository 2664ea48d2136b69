"""Helpers for the Conquêtes tests: precise positions, card counts, random legal play.

The engine keeps its state in plain fields (``STATE_FIELDS`` of ``engines.conquetes.match``);
:func:`arrange` writes them directly so a test can start from any position. Cards are numbers
whose region is ``REGION[card]`` (three copies a region); tests name them by region and
:func:`cards` numbers them. The deck is drawn from its end, so :func:`arrange` takes it in
drawing order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from engines.conquetes.board import MAP
from engines.conquetes.match import REGION, ConquetesMatch
from engines.conquetes.observation import BOT, NOBODY
from engines.core.contract import Action
from engines.registry import get_game

GAME = get_game("conquetes")
IDS = MAP.regions
N = len(IDS)
ALL_VARIANT_SEATS = tuple(
    (variant.name, seats) for variant in GAME.variants for seats in variant.seats
)
"""Every (variant, seat count) the registry allows."""


def new_match(variant: str, seats: int, seed: int = 0, **options) -> ConquetesMatch:
    """A fresh match through the registry (options by keyword)."""
    return GAME.new_match(variant, seats, seed, options)


def idx(name: str) -> int:
    """The index of a region id."""
    return MAP.index[name]


def names(cards: Iterable[int]) -> list[str]:
    """Region ids of cards."""
    return [IDS[REGION[c]] for c in cards]


def cards(regions: Iterable[str], used: Counter | None = None) -> list[int]:
    """Cards of these region ids: each the next copy of its region not in ``used`` (updated),
    starting over past the third (for tests that break the card count on purpose)."""
    used = Counter() if used is None else used
    out = []
    for name in regions:
        r = idx(name)
        out.append(r * MAP.copies + used[r] % MAP.copies)
        used[r] += 1
    return out


def arrange(
    match: ConquetesMatch,
    camps: Mapping[int, Sequence[str]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    *,
    deck: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    loot: Sequence[str] = (),
    bot_camp: Sequence[str] = (),
    seat: int = 0,
    exhaustions: int = 0,
) -> ConquetesMatch:
    """Put ``match`` in ``seat``'s turn, after its draw, waiting for the turn's action (with no
    set-up events: no deal led there).

    ``camps`` and ``hands`` map seats to region ids; ``deck`` lists the cards in the order
    they will be drawn (default: every card not placed elsewhere, in board order), so the 90
    cards stay conserved unless a test gives its own deck.
    """
    owner = [NOBODY] * N
    for s, regions in (camps or {}).items():
        for r in regions:
            owner[idx(r)] = s
    for r in bot_camp:
        owner[idx(r)] = BOT
    match.owner = owner
    used = Counter(r for r in range(N) if owner[r] != NOBODY)
    match.hands = [cards((hands or {}).get(s, ()), used) for s in range(match.seats)]
    match.discard = cards(discard, used)
    match.loot = cards(loot, used)
    if deck is None:
        deck = [IDS[r] for r in range(N) for _ in range(MAP.copies - used[r])]
    match.deck = cards(deck, used)[::-1]
    match.holders = [0] * MAP.cards
    for s, hand in enumerate(match.hands):
        for card in hand:
            match.holders[card] = 1 << s
    match.setup_cards, match.setup_events = [], []  # no deal led here
    match.phase = "action"
    match.turn = match.current = seat
    match.attack = match.attack_support = match.defence_support = None
    match.selection = []
    match.excess_to = None
    match.exhaustions = exhaustions
    match.end_reason = None
    match._result = None
    return match


def unplayed(match: ConquetesMatch) -> list[int]:
    """Every card not in a camp, wherever it lies: deck, discard, loot, hands, support."""
    found = [*match.deck, *match.discard, *match.loot]
    for hand in match.hands:
        found += hand
    return [*found, *(match.attack_support or ()), *(match.defence_support or ())]


def everywhere(match: ConquetesMatch) -> Counter:
    """The regions of every card of the match, wherever it lies: camps included."""
    regions = Counter(REGION[c] for c in unplayed(match))
    regions.update(r for r in range(N) if match.owner[r] != NOBODY)
    return regions


def of_type(events: Iterable, kind: type) -> list:
    """The events of one kind, in order."""
    return [e for e in events if isinstance(e, kind)]


def play_random(match: ConquetesMatch, seed: int = 0, until=None, max_actions: int = 5000):
    """Play uniformly random legal actions until ``until(match)`` or the match ends."""
    rng = random.Random(seed)
    events = []
    for _ in range(max_actions):
        if match.is_over() or (until is not None and until(match)):
            break
        seat = match.to_move()[0]
        events.extend(match.apply(seat, rng.choice(match.legal_actions(seat))))
    return events


def is_legal(match: ConquetesMatch, seat: int, action: Action) -> bool:
    """Whether ``action`` is listed for ``seat`` (Conquêtes has no Amount templates)."""
    return action in match.legal_actions(seat)
