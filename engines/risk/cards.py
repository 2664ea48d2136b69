"""Sets of cards and what they are worth, for each variant's set rule.

- standard (003 "Cartes RISK"; 000 "Variante pour 3 à 6 joueurs"): three alike, three
  different, or two cards of any kind and a wild card; progressive values.
- symbol_table (000 "Premier temps C)"): 3 artillery 4, 3 infantry 6, 3 cavalry 8, one of
  each 10, a joker and two identical 12. A joker with two different cards is not in the table
  and so is not a set (RULES.md).
- different_or_wild (000 Conquête "Cartes"): an infantry, an artillery and a cavalry, or one
  joker alone ("trois cartes d'armes différentes ... (ou un Joker)"); progressive values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from engines.risk.board import WILD
from engines.risk.variants import SETS_DIFFERENT_OR_WILD, SETS_STANDARD, SETS_SYMBOL_TABLE

SYMBOL_TABLE: dict[tuple[str, ...], int] = {
    ("artillery", "artillery", "artillery"): 4,
    ("infantry", "infantry", "infantry"): 6,
    ("cavalry", "cavalry", "cavalry"): 8,
    ("artillery", "cavalry", "infantry"): 10,
}
JOKER_PAIR_VALUE = 12


def is_set(symbols: Sequence[str], rule: str) -> bool:
    """Whether cards with these symbols form a set under ``rule``.

    >>> is_set(["infantry", "wild", "wild"], "standard"), is_set(["wild"], "standard")
    (True, False)
    >>> is_set(["wild"], "different_or_wild")
    True
    >>> is_set(["wild", "infantry", "cavalry"], "symbol_table")
    False
    """
    key = tuple(sorted(symbols))
    if rule == SETS_DIFFERENT_OR_WILD:
        return key in (("artillery", "cavalry", "infantry"), (WILD,))
    if len(key) != 3:
        return False
    if rule == SETS_SYMBOL_TABLE:
        return key in SYMBOL_TABLE or _joker_pair(key)
    if rule == SETS_STANDARD:
        return WILD in key or len(set(key)) in (1, 3)
    raise ValueError(f"unknown set rule {rule!r}")


def table_value(symbols: Sequence[str]) -> int:
    """Armies for a set under the 000 symbol table (the set must be valid)."""
    key = tuple(sorted(symbols))
    return JOKER_PAIR_VALUE if _joker_pair(key) else SYMBOL_TABLE[key]


def _joker_pair(key: tuple[str, ...]) -> bool:
    others = [s for s in key if s != WILD]
    return len(key) == 3 and len(others) == 2 and others[0] == others[1]


_CODES = {"infantry": 0, "cavalry": 1, "artillery": 2, WILD: 3}
_NAMES = ("infantry", "cavalry", "artillery", WILD)
# For each rule, whether three symbol codes (in any order) make a set: a 64-entry table
# indexed by 16*a + 4*b + c, so that listing sets needs no sorting (a hot path).
_TRIPLES = {
    rule: tuple(
        is_set((_NAMES[i // 16], _NAMES[i // 4 % 4], _NAMES[i % 4]), rule) for i in range(64)
    )
    for rule in (SETS_STANDARD, SETS_SYMBOL_TABLE, SETS_DIFFERENT_OR_WILD)
}


def candidate_sets(
    hand: Sequence[int], symbol_of: Callable[[int], str], rule: str, distinct_cards: bool
) -> list[tuple[int, ...]]:
    """The sets a hand can trade, as tuples of cards in increasing order.

    With ``distinct_cards`` every combination of cards is listed (the cards' territories
    matter for a bonus); otherwise one set per pattern of symbols, of the lowest cards.

    >>> symbols = {1: "infantry", 2: "infantry", 3: "infantry", 4: "cavalry"}
    >>> candidate_sets([4, 3, 2, 1], symbols.get, "standard", distinct_cards=False)
    [(1, 2, 3)]
    """
    cards = sorted(hand)
    codes = [_CODES[symbol_of(c)] for c in cards]
    triples = _TRIPLES[rule]
    found: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    if rule == SETS_DIFFERENT_OR_WILD:
        for card, code in zip(cards, codes, strict=True):
            if code == 3 and (distinct_cards or (3,) not in seen):
                seen.add((3,))
                found.append((card,))
    for i, j, k in combinations(range(len(cards)), 3):
        if not triples[16 * codes[i] + 4 * codes[j] + codes[k]]:
            continue
        if not distinct_cards:
            pattern = tuple(sorted((codes[i], codes[j], codes[k])))
            if pattern in seen:
                continue
            seen.add(pattern)
        found.append((cards[i], cards[j], cards[k]))
    return found
