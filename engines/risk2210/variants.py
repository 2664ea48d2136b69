"""Risk 2210 A.D. (seed 003, its first part) as data: its numbers and its match options.

Every number cites the book's section (its French headings). The options are the other
readings of the ambiguities the specification lists (``shared/specs/risk2210.md``, A13), each
written in ``RULES.md`` with the section it settles.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.contract import Option, VariantRules

YEARS = 5  # 003 "VOTRE MISSION": "La guerre va durer 5 années"
STARTING_ENERGY = 3  # 003 "SEMER LES GERMES DE LA GUERRE": "Chaque joueur prend 3 points d'énergie"
DEVASTATED = 4  # 003 "Terres dévastées": "jusqu'à ce que les quatre marqueurs aient été posés"
STARTING_MODS = {2: 30, 3: 35, 4: 30, 5: 25}  # "3 joueurs : 35 ... 4 : 30 ... 5 : 25"; 2p: 30
BATCH = 3  # "Sont placés ensuite les MODs restants, trois à chaque fois"
COMMANDER_COST = 3  # "ENGAGER ET PLACER DES COMMANDEURS": "Un commandeur coûte 3 points"
STATION_COST = 5  # "au coût de 5 points d'énergie l'unité"
MAX_STATIONS = 4  # "Si vos quatre stations sont déjà en jeu, vous ne pouvez en acheter"
CARD_COST = 1  # "ACHETER DES CARTES DE COMMANDEMENT": "Chacune coûte 1 point d'énergie"
CARDS_PER_TURN = 4  # "Chaque tour, vous pouvez acheter jusqu'à 4 cartes"
MIN_INCOME = 3  # "Army Status Report" (not printed in the book): max(3, n // 3) (A14, D1)
CONQUEST_BONUS_CAPTURES = 3  # "Bonus de conquête massive": "au moins trois territoires contestés"
CONQUEST_BONUS_ENERGY = 1  # "vous gagnez immédiatement 1 point d'énergie, ainsi qu'une carte"
NEUTRAL_TERRITORIES = {"land": 16, "lunar": 6, "water": 6}  # "RISK 2210 AD POUR 2 JOUEURS"
NEUTRAL_MODS = 3  # "Placez trois armées « neutres » dans chacun de ces territoires"
ATTACK_DICE = 3  # "l'attaquant peut choisir de lancer 1, 2, ou 3 dés"
DEFENCE_DICE = 2  # "le défenseur peut lancer 1 ou 2 dés"
COLONY_INFLUENCE_VP = 3  # annex, "Influence coloniale": "vous gagnez 3 PVs supplémentaires"
ASSEMBLED_MODS = 3  # annex, "Assemblage de MODs": 3 MODs on one territory of the deck's kind
STEALTH_MODS = 3  # annex, "MODs furtifs": 3 MODs join the attacked territory
HIDDEN_ENERGY = 4  # annex, "Énergie cachée": 4 energy if the territory drawn is yours
EXTRACTED_ENERGY = 7  # annex, "Extraction d'énergie": 7 energy
ASSASSIN_HITS = 3  # annex, "Bombe tueuse": "Sur un résultat de 3 ou plus" (a d8)
SCATTER_CARDS = 2  # annex, "Bombe disruptive" (Mer, Lune): "Retournez 2 cartes"
SCOUT_MODS = 5  # annex, "Force de reconnaissance": "recouverte par 5 MODs"
REINFORCEMENTS = 3  # annex, "Renforts": "un MOD sur trois territoires ... distincts"
REDUCTION_OPPONENTS = 4  # annex, "Désarmement": "doivent retirer 4 MODs chacun"
REDUCTION_SELF = 2  # "Vous-même retirez ensuite 2 MODs"

# Commanders, and the command decks named after them (003 "NOTES GÉNÉRALES SUR LES
# COMMANDEURS"): index k is commander k and deck k.
LAND_COMMANDER, NAVAL, SPACE, NUCLEAR, DIPLOMAT = range(5)
COMMANDERS = ("land", "naval", "space", "nuclear", "diplomat")
STARTING_PIECES = ("land", "diplomat", "station")  # "vos commandeurs terrestre et
# diplomatique, ainsi qu'une station spatiale"

DEFENDER_DICE = Option(
    "defender_dice",
    "the defender's dice (Z13): 'most' (it always rolls the most it may) or 'choose' (the "
    "book's 'Le défenseur peut lancer 1 ou 2 dés': it is asked, out of turn, every roll)",
    default="most",
    choices=("most", "choose"),
)
SAJON_BONUS = Option(
    "sajon_bonus",
    "the Sajon lunar colony's bonus, printed on the score chart only (D3): 4 or 3",
    default=4,
    minimum=3,
    maximum=4,
)
ENERGY_EXTRACTION = Option(
    "energy_extraction",
    "what Energy Extraction asks at the end of the turn (Z27): 'all_moon', every lunar "
    "territory (the French book's 'tous les territoires lunaires'), or 'one_colony', all of one "
    "lunar colony (the English card)",
    default="all_moon",
    choices=("all_moon", "one_colony"),
)
SCATTER_LAND_CARDS = Option(
    "scatter_land_cards",
    "land cards turned over by Bombe disruptive - Terre (Z27): 2 (the French book's 'Retournez "
    "2 cartes') or 3 (the English card)",
    default=2,
    minimum=2,
    maximum=3,
)
OPTIONS = (DEFENDER_DICE, SAJON_BONUS, ENERGY_EXTRACTION, SCATTER_LAND_CARDS)


@dataclass(frozen=True)
class Rules(VariantRules):
    """The one game of the book, 3-5 players, or 2 with the neutral ("RISK 2210 AD POUR 2
    JOUEURS"): the alternatives are match options."""


STANDARD = Rules(
    name="standard",
    description="Risk 2210 A.D.: five years of war on the Earth, its seas and the Moon, with "
    "energy, commanders, space stations and command cards; 3-5 players, or 2 with a neutral",
    book="003 Risk 2210 A.D. (Avalon Hill, 2001), the French rules",
    seats=(2, 3, 4, 5),
)

VARIANTS: dict[str, Rules] = {STANDARD.name: STANDARD}
