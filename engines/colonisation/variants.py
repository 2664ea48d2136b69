"""Risk : la colonisation (seed 004) as data: its one game, its numbers and its match options.

The book is one home-made rule for 3–6 players. Every number below cites the book's section
(its French headings); the options are the alternatives of the project's readings of the gaps
(``../shared/specs/colonisation.md``, table "Decisions", ids C1–C23), each written in
``RULES.md`` beside the sentence it completes.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.contract import Option, VariantRules

START_ARMIES = 10  # 004 "Début": "Chaque joueur dispose de dix armées au début"
COLOUR_BONUS = 3  # 004 "Début": "il dispose de 3 armées supplémentaires"
CARDS_EACH = 2  # 004 "Début": "Chaque joueur en pioche deux, l'une après l'autre"
FIRST_YEAR = 1830  # 004 "Début": "Le jeu commence à l'année 1830" (a label)
SCHOOL_ROLLS = 3  # 004 "Ecoles militaires": "le joueur lance trois fois un dé"
COLUMN_COUNT = 6  # 004 "Ecoles militaires": "Il y a au maximum six colonnes" (C8: always six)
CONTINENT_TERRITORIES = 4  # 004 "Contrôle d'un continent": "au moins 4 territoires"
SKIP_DIE = 1  # 004 "Un tour de jeu": "Sur un 1 ... Ce tour n'est pas joué"
EXTRA_YEAR_DICE = (5, 6)  # 004 "Fin de la partie": "Sur un cinq ou un six"
HOSTILE_DICE = (1, 2)  # 004 "Un tour de jeu" table, row 1 (C10: rows 1-2)
NO_PERSONS_DIE = 3  # table row 3: "Aucun diplomate ou commandement général ne peut entrer"
NO_GENERAL_DIE = 4  # table row 4: "Aucun commandement général ne peut entrer"
CONVERT_DICE = (2, 4)  # 004 "Diplomate": "si le résultat est 2 ou 4, les armées ... converties"
DIPLOMAT_DEATH = 6  # 004 "Diplomate": "Si le résultat du dé est égal à 6, le diplomate est tué"
OFFICER_ROLL = 1  # 004 "Ecoles militaires": "S'il fait un 1 et que la carte est ... artillerie"
POLITICAL_ROLL = 2  # 004 "Ecoles militaires": "S'il fait un 2 et que la carte est ... cavalier"

# School kinds, as bits of a territory's schools (004 "Ecoles militaires": "une seule école de
# chaque type (militaire, d'officier, politique) par territoire").
MILITARY, OFFICER, POLITICAL = 1, 2, 4
SCHOOL_KINDS = (("military", MILITARY), ("officer", OFFICER), ("political", POLITICAL))

# What a school card hit by a school roll produces (004 "Ecoles militaires"), ``Produce.kind``.
ARMY = "army"  # "un pion militaire est ajouté"
GENERAL = "general"  # officer school: "ajouter un pion de commandement général"
DIPLOMAT = "diplomat"  # political school: "ajouter un pion de diplomate"
TO_OFFICER = "officer_school"  # a 1 on an artillery card: military -> officer school
TO_POLITICAL = "political_school"  # a 2 on a cavalry card: military -> political school
PRODUCTS = (ARMY, GENERAL, DIPLOMAT, TO_OFFICER, TO_POLITICAL)

YEARS = Option(
    "years",
    "years to play before the extra-year dice (004 'Début': 'Il est conseillé que le nombre "
    "choisi soit proportionnel au nombre de joueurs'); 0: twice the number of players (C23)",
    default=0,
    minimum=0,
    maximum=60,
)
TRADING = Option(
    "trading",
    "the set-up trade of the second cards (004 'Début'): 'auction', one sealed-bid auction "
    "per second card paid in starting armies (C1); 'none', everyone keeps its two cards",
    default="auction",
    choices=("auction", "none"),
)
SCHOOL_COST = Option(
    "school_cost",
    "armies removed from a territory that founds a military school (C2: the book never says "
    "how a school is built)",
    default=0,
    minimum=0,
    maximum=9,
)
SYMBOLS = Option(
    "symbols",
    "the card symbols that drive the school conversions (C6): 'fr', the French deck of 'Risk "
    "Monde (Parker)'; 'us', the Hasbro/Parker US deck",
    default="fr",
    choices=("fr", "us"),
)
OPTIONS = (YEARS, TRADING, SCHOOL_COST, SYMBOLS)


@dataclass(frozen=True)
class Rules(VariantRules):
    """The one game of the book (no variant: the alternatives are match options)."""


STANDARD = Rules(
    name="standard",
    description="Risk : la colonisation (004): 3-6 nations found schools, colonise virgin "
    "territories and score points every year on the classic world board",
    book="004 Risk : la colonisation (Askywhale, 2000-2003)",
    seats=(3, 4, 5, 6),
)

VARIANTS: dict[str, Rules] = {STANDARD.name: STANDARD}
