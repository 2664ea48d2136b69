"""Territories and points (001 "Fin du jeu", "LES TERRITOIRES", "Variante", solo "FIN DE
PARTIE"), as pure functions of region indices; bots may use them too.

>>> from engines.conquetes.board import MAP
>>> camp = [MAP.index[r] for r in ("maghreb", "afrique_atlantique", "scandinavie",
...                                "russie_europeenne", "russie_asiatique")]
>>> [[MAP.regions[r] for r in t] for t in territories(camp)]
[['scandinavie', 'russie_europeenne', 'russie_asiatique'], ['maghreb', 'afrique_atlantique']]
>>> hand = [MAP.index[r] for r in ("russie_europeenne", "russie_europeenne",
...                                "russie_asiatique")]
>>> territory, duplicates = best_territory(camp, hand)
>>> len(territory) + len(duplicates)  # the book's "Exemple de fin de partie": 3 + 3
6
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engines.conquetes.board import MAP, Board
from engines.conquetes.variants import BOT_LOOT_POINTS, BOT_REGION_POINTS, CONTINENT_BONUS


def territories(camp: Iterable[int], board: Board = MAP) -> list[tuple[int, ...]]:
    """The territories of a camp: its sets of connected regions, any colour (001 "LES
    TERRITOIRES"), largest first, then by their first region in board order."""
    left = set(camp)
    found: list[tuple[int, ...]] = []
    for start in sorted(left):
        if start not in left:
            continue
        left.discard(start)
        group, todo = [start], [start]
        while todo:
            for n in board.neighbours[todo.pop()]:
                if n in left:
                    left.discard(n)
                    group.append(n)
                    todo.append(n)
        found.append(tuple(sorted(group)))
    found.sort(key=lambda t: (-len(t), t[0]))
    return found


def best_territory(
    camp: Iterable[int], hand: Sequence[int], board: Board = MAP
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The territory worth the most (a point per region, 001 "Décompte des points") with the
    duplicates of its regions in ``hand`` (a point each): the one a player chooses.

    Returns ``((), ())`` for an empty camp. Equal worth: the larger territory, then the first.
    """
    best: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    for territory in territories(camp, board):
        inside = set(territory)
        duplicates = tuple(sorted(c for c in hand if c in inside))
        if len(territory) + len(duplicates) > len(best[0]) + len(best[1]):
            best = (territory, duplicates)
    return best


def continent_winners(camps: Mapping[int, Iterable[int]], board: Board = MAP) -> list[int | None]:
    """Per continent, the owner holding strictly the most of its regions, or None (a tie, or
    nobody holds any): 001 "Variante", "En cas d'égalité dans un continent, aucun point"."""
    counts = [dict.fromkeys(camps, 0) for _ in board.continents]
    for owner, camp in camps.items():
        for r in camp:
            counts[board.continent_of[r]][owner] += 1
    winners: list[int | None] = []
    for per_owner in counts:
        most = max(per_owner.values(), default=0)
        leaders = [o for o, n in per_owner.items() if n == most]
        winners.append(leaders[0] if most > 0 and len(leaders) == 1 else None)
    return winners


def player_points(territory: Sequence[int], duplicates: Sequence[int], continents: int) -> int:
    """A player's points: one per region of the chosen territory, one per duplicate laid down
    (001 "Décompte des points"), and 3 per continent won (001 "Variante")."""
    return len(territory) + len(duplicates) + CONTINENT_BONUS * continents


def bot_points(regions: int, loot: int, continents: int) -> int:
    """The solo bot's points: 2 per region in its camp, 1 per loot card (001 solo "FIN DE
    PARTIE"), 3 per continent won when the variant applies to it too."""
    return BOT_REGION_POINTS * regions + BOT_LOOT_POINTS * loot + CONTINENT_BONUS * continents
