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

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

from engines.risk.board import WILD
from engines.risk.variants import SETS_DIFFERENT_OR_WILD, SETS_STANDARD, SETS_SYMBOL_TABLE

SYMBOL_TABLE = {
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
    >>> is_set(["wild"], "different_or_wild"), is_set(["wild", "infantry", "cavalry"], "symbol_table")
    (True, False)
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


def candidate_sets(hand: Sequence[int], symbol_of, rule: str,
                   distinct_cards: bool) -> list[tuple[int, ...]]:
    """The sets a hand can trade, as tuples of cards.

    With ``distinct_cards`` every combination of cards is listed (the cards' territories
    matter for a bonus); otherwise one set per pattern of symbols, of the lowest cards.
    """
    sizes = (1, 3) if rule == SETS_DIFFERENT_OR_WILD else (3,)
    cards = sorted(hand)
    if distinct_cards:
        return [combo for size in sizes for combo in combinations(cards, size)
                if is_set([symbol_of(c) for c in combo], rule)]
    by_symbol: dict[str, list[int]] = {}
    for card in cards:
        by_symbol.setdefault(symbol_of(card), []).append(card)
    found = []
    for size in sizes:
        for pattern in combinations_with_replacement(sorted(by_symbol), size):
            if any(pattern.count(s) > len(by_symbol[s]) for s in set(pattern)):
                continue
            if is_set(pattern, rule):
                taken: dict[str, int] = {}
                combo = []
                for symbol in pattern:
                    combo.append(by_symbol[symbol][taken.get(symbol, 0)])
                    taken[symbol] = taken.get(symbol, 0) + 1
                found.append(tuple(sorted(combo)))
    return found
