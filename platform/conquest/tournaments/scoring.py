"""Standings of a tournament: points per placement, tie-breaks in order, seat win rates.

Pure (no Django, no I/O), on opaque entry ids. A game gives each seat the points of its
placement (``points[placement − 1]``); seats tied on a placement share the points of the
places they cover (two seats tied first of two get ½ each with points [1, 0]). A bye is worth
the mean of the points per game it stands for (½ with [1, 0]): neither a win nor a loss.

Tie-breaks, applied in order to entries level on points (round robin and Swiss):

1. **head-to-head**: among the entries level on points only, the pairwise results of their
   games together (1 for placing above one of them, ½ for a tie);
2. **Sonneborn–Berger** (round robin): over every game, the pairwise result against each
   opponent times that opponent's points; **Buchholz** (Swiss): the sum, over every game, of
   the opponents' points;
3. total engine **score**;
4. **seed** (the better seed first).

Disqualified entries come last whatever their points. Knockout standings
(:func:`knockout_standings`) rank by the round reached, then the place at the last table.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

HEAD_TO_HEAD = "head_to_head"
BUCHHOLZ = "buchholz"
SONNEBORN_BERGER = "sonneborn_berger"
SCORE = "score"
SEED = "seed"
ROUND = "round"
PLACE = "place"
TABLE_POINTS = "table_points"

ROUND_ROBIN_TIEBREAKS = (HEAD_TO_HEAD, SONNEBORN_BERGER, SCORE, SEED)
SWISS_TIEBREAKS = (HEAD_TO_HEAD, BUCHHOLZ, SCORE, SEED)
KNOCKOUT_TIEBREAKS = (ROUND, PLACE, TABLE_POINTS, SCORE, SEED)


@dataclass(frozen=True)
class SeatResult:
    """How one entry ended one game."""

    entry: int
    seat: int
    placement: int
    score: float


@dataclass(frozen=True)
class GameResult:
    """One counted game of a tournament: where it was played and its seats."""

    round: int
    table: int
    seats: tuple[SeatResult, ...]


@dataclass
class Row:
    """One line of the standings: rank, points, games, tie-break values and seats sat."""

    entry: int
    rank: int = 0
    points: float = 0.0
    games: int = 0
    byes: int = 0
    tiebreaks: dict[str, float] = field(default_factory=dict)
    seats: tuple[int, ...] = ()
    disqualified: bool = False


def placement_points(placements: Sequence[int], points: Sequence[float]) -> list[float]:
    """Each seat's points; tied seats share the points of the places they cover.

    >>> placement_points([1, 1], [1.0, 0.0]), placement_points([2, 1, 2], [2.0, 1.0, 0.0])
    ([0.5, 0.5], [0.5, 2.0, 0.5])
    """
    tied = Counter(placements)  # seats placed p, tied, cover places p … p + tied[p] − 1
    return [sum(points[p - 1 : p - 1 + tied[p]]) / tied[p] for p in placements]


def pairwise(mine: int, theirs: int) -> float:
    """1 for placing above, ½ for a tie, 0 below.

    >>> pairwise(1, 2), pairwise(2, 2), pairwise(3, 1)
    (1.0, 0.5, 0.0)
    """
    return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0


def bye_points(points: Sequence[float]) -> float:
    """What one game of a bye is worth: the mean of the points per placement."""
    return sum(points) / len(points)


def _totals(entries, games, byes, points):
    """Points, games, engine score and seat counts of every entry."""
    seats_count = len(points)
    total = {e: byes.get(e, 0) * bye_points(points) for e in entries}
    played, score = Counter(), Counter()
    sat = {e: [0] * seats_count for e in entries}
    for game in games:
        got = placement_points([s.placement for s in game.seats], points)
        for seat, won in zip(game.seats, got, strict=True):
            total[seat.entry] += won
            played[seat.entry] += 1
            score[seat.entry] += seat.score
            sat[seat.entry][seat.seat] += 1
    return total, played, score, sat


def _opponents(games: Sequence[GameResult], total: Mapping[int, float]):
    """Buchholz and Sonneborn–Berger of every entry."""
    buchholz, berger = defaultdict(float), defaultdict(float)
    for game in games:
        for mine, theirs in itertools.permutations(game.seats, 2):
            buchholz[mine.entry] += total[theirs.entry]
            berger[mine.entry] += pairwise(mine.placement, theirs.placement) * total[theirs.entry]
    return {BUCHHOLZ: buchholz, SONNEBORN_BERGER: berger}


def _head_to_head(games: Sequence[GameResult], group: set[int]) -> dict[int, float]:
    """Pairwise results of ``group``'s members in their games together."""
    result = dict.fromkeys(group, 0.0)
    for game in games:
        among = [s for s in game.seats if s.entry in group]
        for mine, theirs in itertools.permutations(among, 2):
            result[mine.entry] += pairwise(mine.placement, theirs.placement)
    return result


def standings(
    entries: Sequence[int],
    games: Sequence[GameResult],
    points: Sequence[float],
    tiebreaks: Sequence[str],
    *,
    byes: Mapping[int, int] | None = None,
    disqualified: frozenset[int] = frozenset(),
) -> list[Row]:
    """Rows of ``entries`` (given in seed order) ranked by points, then ``tiebreaks``.

    ``byes`` counts the bye games of each entry.
    """
    byes = byes or {}
    total, played, score, sat = _totals(entries, games, byes, points)
    seed = {e: i + 1 for i, e in enumerate(entries)}
    values = {SCORE: score, SEED: seed, **_opponents(games, total)}
    level: dict[float, set[int]] = defaultdict(set)
    for e in entries:
        level[round(total[e], 9)].add(e)
    h2h: dict[int, float] = {}
    for group in level.values():
        h2h.update(_head_to_head(games, group))
    values[HEAD_TO_HEAD] = h2h

    def key(e: int) -> tuple:
        breaks = [values[name][e] if name == SEED else -values[name][e] for name in tiebreaks]
        return (e in disqualified, -round(total[e], 9), *breaks)

    rows = []
    for rank, e in enumerate(sorted(entries, key=key), start=1):
        rows.append(
            Row(
                entry=e,
                rank=rank,
                points=total[e],
                games=played[e],
                byes=byes.get(e, 0),
                tiebreaks={name: values[name][e] for name in tiebreaks},
                seats=tuple(sat[e]),
                disqualified=e in disqualified,
            )
        )
    return rows


def table_results(
    members: Sequence[int], games: Sequence[GameResult], points: Sequence[float], seed: Mapping
) -> list[tuple[int, float, float]]:
    """A knockout table's (entry, points, score), best first: aggregate points over the
    table's games, then aggregate engine score, then seed."""
    total, _, score, _ = _totals(members, games, {}, points)
    ranked = sorted(members, key=lambda e: (-total[e], -score[e], seed[e]))
    return [(e, total[e], score[e]) for e in ranked]


@dataclass(frozen=True)
class KnockoutTable:
    """One table of a knockout round, its members best first, and its games."""

    round: int
    ranking: tuple[int, ...]
    games: tuple[GameResult, ...]


def knockout_standings(
    entries: Sequence[int],
    tables: Sequence[KnockoutTable],
    points: Sequence[float],
    *,
    bye_rounds: Mapping[int, Sequence[int]] | None = None,
    disqualified: frozenset[int] = frozenset(),
) -> list[Row]:
    """Rows ranked by the round reached, the place at the last table played, that table's
    points, the engine score over the tournament, then the seed.

    The final's places come first; an entry whose last round was a bye ranks above the
    players of that round.
    """
    bye_rounds = bye_rounds or {}
    games = [g for t in tables for g in t.games]
    total, played, score, sat = _totals(entries, games, {}, points)
    seed = {e: i + 1 for i, e in enumerate(entries)}
    reached = dict.fromkeys(entries, (0, 0, 0.0))  # round, place (0 = bye), table points
    for e, rounds in bye_rounds.items():
        reached[e] = (max(rounds), 0, 0.0)
    for table in tables:
        table_total, _, _, _ = _totals(table.ranking, table.games, {}, points)
        for place, e in enumerate(table.ranking, start=1):
            if table.round >= reached[e][0]:
                reached[e] = (table.round, place, table_total[e])

    def key(e: int) -> tuple:
        last, place, at_table = reached[e]
        return (e in disqualified, -last, place, -at_table, -score[e], seed[e])

    rows = []
    for rank, e in enumerate(sorted(entries, key=key), start=1):
        last, place, at_table = reached[e]
        breaks = dict(
            zip(KNOCKOUT_TIEBREAKS, (last, place, at_table, score[e], seed[e]), strict=True)
        )
        rows.append(
            Row(
                entry=e,
                rank=rank,
                points=total[e],
                games=played[e],
                byes=len(bye_rounds.get(e, ())),
                tiebreaks=breaks,
                seats=tuple(sat[e]),
                disqualified=e in disqualified,
            )
        )
    return rows


def seat_win_rates(games: Sequence[GameResult], seats: int) -> list[dict]:
    """Per seat: games, wins (a first place shared by t seats counts 1/t) and win rate."""
    wins = [0.0] * seats
    for game in games:
        first = [s.seat for s in game.seats if s.placement == 1]
        for seat in first:
            wins[seat] += 1 / len(first)
    played = len(games)
    return [
        {"seat": s, "games": played, "wins": wins[s], "rate": wins[s] / played if played else None}
        for s in range(seats)
    ]
