"""Every classic Risk variant of the books as data: one :class:`Rules` each, no code copies.

Books (``shared/seeds/``): 000 is the Miro-Meccano booklet (règle pour 3 à 6 joueurs with
secret missions, règle pour 2 joueurs with "l'allié", the world-domination "Variante pour 3
à 6 joueurs", and "La conquête du monde" with its "deuxième règle"); 003 ends with the Hasbro
"Règles pour le RISK classique" and its 2-player rule. Each field says where it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engines.core.contract import Option, VariantRules

DEFENDER_DICE = Option(
    "defender_dice",
    "the attacked seat's dice: 'most' (it always rolls the most it may, the engine's rule) or "
    "'choose' (the books' rule: it is asked, out of turn, after the attacker announces its "
    "dice)",
    default="most",
    choices=("most", "choose"),
)
"""000 "Le défenseur peut donc décider en conséquence s'il a intérêt à se défendre en force ou
non"; 003 "le défenseur peut lancer 1 ou 2 dés": the books' rule is 'choose' (RULES.md,
"Defender's dice")."""

CARDS = Option(
    "cards",
    "'on' (the books' rule): territory cards are earned and traded for armies; 'off': no "
    "card is ever earned or traded (no book rule: for comparisons with engines without cards "
    "and for training)",
    default="on",
    choices=("on", "off"),
)
"""A project option, not a book's (RULES.md, "Cards off"): with 'off' the deck of play is never
made, so nothing is drawn and no set is ever held; the set-up deal and the missions, which
are not the deck of play, stay."""

# Setup kinds.
# 003 "Placement initial des armées": claim one by one, then reinforce one by one.
CLAIM: Final = "claim"
# 000 "Occupations des territoires": the cards are dealt, one army on each.
DEAL: Final = "deal"
# 000 Conquête "I - La distribution des territoires": a die per turn.
DICE_DEAL: Final = "dice_deal"

# How cards are earned.
# one card at the end of a turn with a conquest (000, 003).
ON_CONQUEST: Final = "conquest"
# 000 Conquête "Premier temps a)": a card at every turn start.
TURN_START: Final = "turn_start"
# 000 Conquête "deuxième règle": t//4 armies and t%4 cards.
PROPORTIONAL: Final = "proportional"

# Sets that can be traded.
# three alike, three different, or two and a wild (003, 000 variante).
SETS_STANDARD: Final = "standard"
# 000 "Premier temps C)": the five combinations of the table.
SETS_SYMBOL_TABLE: Final = "symbol_table"
# 000 Conquête "CARTES": 3 different, or a joker.
SETS_DIFFERENT_OR_WILD: Final = "different_or_wild"

# Territory bonus for traded cards showing an owned territory.
# 003: +2 on one such territory, once a turn.
BONUS_ONCE: Final = "once_per_turn"
# 000 "Premier temps C)": +2 per such card, placed there.
BONUS_PER_CARD: Final = "per_card"

# After an elimination (the eliminator takes the cards).
# 003: 6+ cards: trade at once down to 4 or fewer, then stop.
ELIM_TRADE_DOWN: Final = "trade_down"
# 000: may trade at once ("peut s'en servir immédiatement").
ELIM_TRADE_OPTIONAL: Final = "optional"

# Fortification.
# 000 "Troisième temps", 003 "Consolider": one move between neighbours.
ONE_MOVE: Final = "one_move"
# 000 Conquête "Troisième temps": any moves of unfought armies.
UNFOUGHT_ARMIES: Final = "unfought"

# Two-player third force.
# 003 "Règles du RISK classique pour 2 joueurs".
NEUTRAL: Final = "neutral"
# 000 "Règle pour 2 joueurs": "l'allié".
ALLY: Final = "ally"


@dataclass(frozen=True)
class Rules(VariantRules):
    """What varies between the variants; every field cites the book that sets it."""

    starting_armies: dict[int, int]
    setup: str
    third_force: str | None = None
    third_force_armies: int = 0
    deck: str = "us"  # which card-symbol deck: "us" (Hasbro) or "fr" (Miro French deck)
    minimum_reinforcement: int = 0
    card_gain: str = ON_CONQUEST
    sets: str = SETS_STANDARD
    progression: tuple[int, ...] = (4, 6, 8, 10, 12, 15)  # then +5 each (003, 000)
    territory_bonus: str | None = None
    forced_trade_at: int | None = 5
    elimination_trade: str = ELIM_TRADE_OPTIONAL
    traded_to_deck_bottom: bool = False
    defender_max_dice: int = 2
    fortify: str = ONE_MOVE
    protected_rounds: int = 0  # no elimination before the end of this round
    missions: bool = False

    def set_value(self, trades_done: int) -> int:
        """Armies for the next progressive set when ``trades_done`` sets were traded before.

        >>> HASBRO.set_value(0), HASBRO.set_value(5), HASBRO.set_value(6), HASBRO.set_value(7)
        (4, 15, 20, 25)
        >>> CONQUETE_PROPORTIONAL.set_value(0)
        6
        """
        steps = self.progression
        if trades_done < len(steps):
            return steps[trades_done]
        return steps[-1] + 5 * (trades_done - len(steps) + 1)


HASBRO = Rules(
    name="hasbro",
    description="Hasbro classic Risk (003): claim the board, escalating sets, conquer the world; "
    "2 players with a neutral army",
    book="003 Règles pour le RISK classique; Règles du RISK classique pour 2 joueurs",
    seats=(2, 3, 4, 5),
    starting_armies={2: 40, 3: 35, 4: 30, 5: 25},  # 003 "Placement initial", 2 joueurs: 40
    setup=CLAIM,
    third_force=NEUTRAL,
    third_force_armies=40,
    deck="us",
    minimum_reinforcement=3,  # 003 "IMPORTANT : vous recevez toujours un minimum de 3 MODs"
    territory_bonus=BONUS_ONCE,
    elimination_trade=ELIM_TRADE_DOWN,
    traded_to_deck_bottom=True,  # 003 "replacées au bas de la pile"
)

MIRO_MISSIONS = Rules(
    name="miro-missions",
    description="Miro-Meccano Risk for 3-6 (000): dealt territories, secret missions, "
    "fixed symbol-set table",
    book="000 Règle pour 3 à 6 joueurs",
    seats=(3, 4, 5, 6),
    starting_armies={3: 35, 4: 30, 5: 25, 6: 20},  # 000 "Distribution des armées"
    setup=DEAL,
    deck="fr",
    sets=SETS_SYMBOL_TABLE,
    territory_bonus=BONUS_PER_CARD,
    protected_rounds=4,  # 000 "Fin d'un combattant": not before the end of the 4th round
    missions=True,
)

MIRO_2P = Rules(
    name="miro-2p",
    description="Miro-Meccano Risk for 2 (000): 40 armies each and 'l'allié', a third force "
    "reinforced by half the mover's gain and played by the opponent",
    book="000 Règle pour 2 joueurs",
    seats=(2,),
    starting_armies={2: 40},  # 000 "Les adversaires ... disposent chacun de 40 armées"
    setup=DEAL,
    third_force=ALLY,
    third_force_armies=28,  # 000 "Les forces alliées sont de 28 armées"
    deck="fr",
    sets=SETS_SYMBOL_TABLE,
    territory_bonus=BONUS_PER_CARD,
    protected_rounds=4,
)

MIRO_DOMINATION = Rules(
    name="miro-domination",
    description="Miro-Meccano world-domination variant for 3-6 (000): no missions, "
    "escalating set values",
    book="000 Variante pour 3 à 6 joueurs",
    seats=(3, 4, 5, 6),
    starting_armies={3: 35, 4: 30, 5: 25, 6: 20},
    setup=DEAL,
    deck="fr",
    territory_bonus=BONUS_PER_CARD,  # "les dispositions fondamentales de la règle sont les mêmes"
    protected_rounds=4,
)

CONQUETE = Rules(
    name="conquete-du-monde",
    description="'La conquête du monde' (000): territories dealt by dice, a card every turn, "
    "three defence dice, free moves of unfought armies",
    book="000 La conquête du monde, règle du jeu",
    seats=(3, 4, 5, 6),
    starting_armies={3: 0, 4: 0, 5: 0, 6: 0},  # armies come only from the dice deal
    setup=DICE_DEAL,
    deck="fr",
    card_gain=TURN_START,
    sets=SETS_DIFFERENT_OR_WILD,
    forced_trade_at=None,
    defender_max_dice=3,  # "sans dépasser trois, bien entendu"
    fortify=UNFOUGHT_ARMIES,
    protected_rounds=4,  # "Élimination d'un joueur": "avant la fin du quatrième tour"
)

CONQUETE_PROPORTIONAL = Rules(
    name="conquete-du-monde-proportional",
    description="'La conquête du monde', deuxième règle (000): armies and cards in proportion "
    "to territories, first set worth 6",
    book="000 La conquête du monde, Variante: deuxième règle",
    seats=CONQUETE.seats,
    starting_armies=CONQUETE.starting_armies,
    setup=DICE_DEAL,
    deck="fr",
    card_gain=PROPORTIONAL,
    sets=SETS_DIFFERENT_OR_WILD,
    progression=(6, 8, 10, 12, 15),
    forced_trade_at=None,
    defender_max_dice=3,
    fortify=UNFOUGHT_ARMIES,
    protected_rounds=4,
)

VARIANTS: dict[str, Rules] = {
    rules.name: rules
    for rules in (HASBRO, MIRO_MISSIONS, MIRO_2P, MIRO_DOMINATION, CONQUETE, CONQUETE_PROPORTIONAL)
}
