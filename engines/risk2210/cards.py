"""The 100 command cards of the five decks (003 "ANNEXE : CARTES DE COMMANDEMENT"), as data.

Read from ``data/risk2210_tables.json`` (the annex's counts, costs, timings and French texts;
each deck holds 20 cards). A card in play is an index into :data:`CARDS`; copies of one card
differ only by their index. The blank cards are left out (003 "CARTES DE COMMANDEMENT
VIERGES": "elle ne saurait être utilisée en tournoi").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engines.risk2210.board import TABLES
from engines.risk2210.variants import COMMANDERS

END_OF_GAME = "end_of_game"  # "À la fin de la partie"
BEFORE_FIRST_INVASION = "before_first_invasion"  # "avant la déclaration de votre première invasion"
AFTER_INVASION = "after_opponent_declares_invasion"  # "Après qu'un adversaire ait déclaré"
END_OF_TURN = "end_of_your_turn"  # "À la fin de votre tour"


@dataclass(frozen=True, slots=True)
class Card:
    """One command card: ``id`` (``"<deck>:<name>:<copy>"``), its deck (a commander type),
    kind (the card's English name as a slug, the same for every copy), names, energy cost,
    timing and French text.

    >>> CARDS[0].id, CARDS[0].deck, CARDS[0].cost, CARDS[0].timing
    ('land:colony_influence:1', 'land', 0, 'end_of_game')
    >>> len(CARDS), [sum(c.deck == deck for c in CARDS) for deck in COMMANDERS]
    (100, [20, 20, 20, 20, 20])
    """

    id: str
    deck: str
    kind: str
    name_fr: str
    name_en: str
    cost: int
    timing: str
    text_fr: str


def _slug(name: str) -> str:
    return re.sub(r"[^a-z]+", "_", name.lower()).strip("_")


def _cards() -> tuple[Card, ...]:
    cards = []
    for deck in COMMANDERS:
        for entry in TABLES["command_decks"][deck]:
            kind = _slug(entry["name_en"])
            for copy in range(1, entry["count"] + 1):
                cards.append(
                    Card(
                        id=f"{deck}:{kind}:{copy}",
                        deck=deck,
                        kind=kind,
                        name_fr=entry["name_fr"],
                        name_en=entry["name_en"],
                        cost=entry["energy_cost"],
                        timing=entry["timing"],
                        text_fr=entry["effect_fr"],
                    )
                )
    return tuple(cards)


CARDS = _cards()
"""Every command card, deck after deck in the commanders' order (land, naval, space,
nuclear, diplomat)."""
DECK_OF = tuple(COMMANDERS.index(card.deck) for card in CARDS)
"""Each card's deck, as the index of its commander."""
COLONY_INFLUENCE = "colony_influence"
