"""Every way to play Africa in the book (seed 002) as data: one :class:`Rules` each.

The book has one game for 3–6 players and one "Règle optionnelle": the historical first
presences. The numbers of the game and the match options (the digital bounds of the
diplomacy phase) are here too; each says where it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.contract import Option, VariantRules

POWERS = ("great_britain", "france", "germany", "italy", "netherlands", "belgium")
"""002 "LA MISE EN PLACE DU JEU": the six countries, in the book's order ("A tour de rôle,
dans l'ordre des pays ci-dessus"): seat i plays ``POWERS[i]`` (RULES.md)."""
POWER_NAMES = {
    "great_britain": "Grande-Bretagne",
    "france": "France",
    "germany": "Allemagne",
    "italy": "Italie",
    "netherlands": "Pays-Bas",
    "belgium": "Belgique",
}
YEARS = (1880, 1885, 1890, 1895, 1900, 1905, 1910, 1914)
"""002 "LES TOURS DE JEU": "La partie se déroule en huit tours. Le premier tour se passe en
1880, le deuxième en 1885, etc." and the order sheet's columns, the last one 1914."""
PRESENCES = 22  # 002 "6 Série de 22 pions"; 3.1 "Chaque pays possède un maximum de 22 pions"
COLONIES = 22  # 002 "22 figurines en céramique"; "LA FIN DE LA PARTIE"
ALONE_POINTS = 8  # 002 "LA FIN DE LA PARTIE": "8 points ... aucune présence d'un autre pays"
SHARED_POINTS = 3  # 002 "3 points ... une ou plusieurs présences d'autres pays"
ALLIANCE_POINTS = 1  # 002 "1 point par alliance déclarée dans son ambassade au dernier tour"
ALLIANCE = "alliance"  # 002 2.3: "Une relation diplomatique oubliée ... est une alliance"
WAR = "war"
RELATIONS = (ALLIANCE, WAR)
ALL = "all"
"""Recipient of a message to every other power (002 1 "entre deux joueurs ou davantage")."""

MESSAGES = Option(
    "messages",
    "diplomacy: messages a power may send per turn (002 1 'huit minutes pour discuter "
    "librement'; the digital bound, RULES.md)",
    default=8,
    minimum=0,
    maximum=100,
)
MESSAGE_LENGTH = Option(
    "message_length",
    "diplomacy: most characters in one message (any text up to it is accepted)",
    default=280,
    minimum=1,
    maximum=4000,
)


@dataclass(frozen=True)
class Rules(VariantRules):
    """What varies between the variants; every field cites the book."""

    historical: bool = False  # 002 "Règle optionnelle": the first presences are imposed


STANDARD = Rules(
    name="standard",
    description="Africa 1880-1914 (002): 3-6 powers, free first presences on coastal "
    "territories, secret simultaneous orders, diplomacy, 8 turns",
    book="002 Africa, règle du jeu",
    seats=(3, 4, 5, 6),
)

HISTORICAL = Rules(
    name="historical",
    description="Africa with the optional rule: historical first presences (Alexandrie, Alger, "
    "Dahomey, Mogadiscio, Cap Town, Angola)",
    book="002 Règle optionnelle",
    seats=(3, 4, 5, 6),
    historical=True,
)

VARIANTS: dict[str, Rules] = {rules.name: rules for rules in (STANDARD, HISTORICAL)}
