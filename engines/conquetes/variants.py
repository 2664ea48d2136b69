"""Every way to play Conquêtes in the book (seed 001) as data: one :class:`Rules` each.

The book has the game for 2–4 players, a "Variante" that scores continent majorities, and
"Le mode Solo" against a bot with three levels of difficulty; the variant may also be used in
solo ("Vous pouvez également utiliser cette variante en mode solo ... en l'appliquant aussi au
bot"). Each field says where it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.core.contract import Option, VariantRules

DEAL = 5  # 001 "Préparation": "distribuez-en 5 à chaque joueur"; solo: "Piochez 5 cartes"
HAND_LIMIT = 10  # 001 "NOTE Si à la fin de son tour un joueur a plus de 10 cartes en main"
DEFENDER_REPLACEMENTS = 3  # 001 "Fin de l'attaque": "avec un maximum de trois"
ATTACKER_REPLACEMENTS = 2  # 001 "Fin de l'attaque": "avec un maximum de deux cartes seulement"
CONTINENT_BONUS = 3  # 001 "Variante": "gagne 3 points supplémentaires"
BOT_REGION_POINTS = 2  # 001 solo "FIN DE PARTIE": "2 points par Région posée dans son camp"
BOT_LOOT_POINTS = 1  # 001 solo "FIN DE PARTIE": "1 point pour chaque carte dans son Butin"


@dataclass(frozen=True, slots=True)
class BotLevel:
    """A solo difficulty: the bot's support cards in attack and in defence (001 solo table)."""

    name: str
    name_fr: str
    attack: int
    defence: int


BOT_LEVELS = {
    level.name: level
    for level in (
        BotLevel("debutant", "Débutant", attack=3, defence=2),
        BotLevel("intermediaire", "Intermédiaire", attack=3, defence=3),
        BotLevel("confirme", "Confirmé", attack=4, defence=3),
    )
}
"""001 "Le mode Solo", table "DIFFICULTÉ": the bot's support cards in attack / in defence."""

BOT_LEVEL = Option(
    "bot_level",
    "solo variants only: the bot's difficulty (001 'Le mode Solo': débutant 3/2, "
    "intermédiaire 3/3, confirmé 4/3 support cards in attack/defence); ignored otherwise",
    default="debutant",
    choices=tuple(BOT_LEVELS),
)


@dataclass(frozen=True)
class Rules(VariantRules):
    """What varies between the variants; every field cites the book."""

    continent_majority: bool = False  # 001 "Variante": +3 per continent, none on a tie
    solo: bool = False  # 001 "Le mode Solo": one seat against the book's bot
    # 001 "Fin du jeu": at 2 and 3 players the first exhaustion of the deck ends the game; at
    # 4 the discard is reshuffled once and the second ends it; solo "FIN DE PARTIE": the first.
    exhaustions: dict[int, int] = field(default_factory=lambda: {1: 1, 2: 1, 3: 1, 4: 2})


STANDARD = Rules(
    name="standard",
    description="Conquêtes for 2-4 (001): hidden hands, face-down support, score one "
    "territory of connected regions",
    book="001 Conquêtes, livret de règles",
    seats=(2, 3, 4),
)

CONTINENTS = Rules(
    name="continents",
    description="Conquêtes for 2-4 with the book's variant: +3 points per continent to the "
    "player holding most of its regions (none on a tie)",
    book="001 Variante",
    seats=(2, 3, 4),
    continent_majority=True,
)

SOLO = Rules(
    name="solo",
    description="Conquêtes solo (001): one seat against the book's bot (option bot_level)",
    book="001 Le mode Solo",
    seats=(1,),
    solo=True,
)

SOLO_CONTINENTS = Rules(
    name="solo-continents",
    description="Conquêtes solo with the continent variant, applied to the bot too (001)",
    book="001 Le mode Solo; Variante",
    seats=(1,),
    continent_majority=True,
    solo=True,
)

VARIANTS: dict[str, Rules] = {
    rules.name: rules for rules in (STANDARD, CONTINENTS, SOLO, SOLO_CONTINENTS)
}
