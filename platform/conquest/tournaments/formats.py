"""Pairing maths of the tournament formats: pure (no Django, no I/O), on opaque entry ids.

Tables have k seats (the league's). Every table plays ``games`` games whose seat orders are
**rotations** of one base order: in game j the member at index i of the base sits in seat
(i − j) mod k. So when ``games`` is a multiple of k every member sits in every seat exactly
``games / k`` times at that table (for k = 2 the colours alternate), and otherwise no member
sits twice in one seat at that table. The base order is the one that seats each member where
it has sat least so far (:func:`seat_tables`).

- **Round robin** (:func:`round_robin`): every group of k entries meets once, in one round,
  for ``games`` games. Rounds never hold an entry twice: for k = 2 the circle method (n − 1
  rounds, n when n is odd), for k > 2 a greedy packing. The base orders are balanced over the
  whole tournament: each entry's seat counts differ by at most one (a greedy choice, then a
  local search with seeded perturbations; tests check it on every small field).
- **Swiss** (:func:`swiss_round`): byes (n mod k of them) go to the entries with the fewest
  byes, lowest ranked first; the others are cut into tables by standing (the best with the
  next best…), with the fewest repeated meetings possible (a search that tries zero repeats,
  then one, … within a step budget).
- **Knockout** (:func:`knockout_round`, :func:`qualifiers`): tables of k, seeded in a snake
  so the best seeds are spread over the tables; the top seeds get byes so that, when the
  field allows, the next round is a full bracket (k·(k/advance)^j entries); the top
  ``advance`` of each table go through, and when fewer than k would remain, the best of the
  rest (lucky losers) fill the final table.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

SeatCounts = Mapping[tuple[int, int], int]  # (entry, seat) -> games sat there

# Games per group or table at most: enough against luck, and a round stays a few thousand
# matches at most.
MAX_GAMES = 100
# A full round robin of more matches than this is refused: the organiser should run a Swiss.
MAX_ROUND_ROBIN_MATCHES = 2000
# Tables the Swiss pairing search tries per allowed number of repeats before it allows one more.
SWISS_SEARCH_STEPS = 20000
# Perturbations tried when the round robin's seat balance is not yet within one.
BALANCE_STEPS = 200


@dataclass(frozen=True)
class Table:
    """One table of a round: the seat order (entry ids, seat 0 first) of each of its games."""

    orders: tuple[tuple[int, ...], ...]

    @property
    def members(self) -> tuple[int, ...]:
        """The entries at the table, in the base order."""
        return self.orders[0]


@dataclass(frozen=True)
class Round:
    """The tables of one round, and the entries with a bye (they advance or score a bye)."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()


def default_points(seats: int) -> list[float]:
    """Points per placement: the number of seats beaten, k − 1 for first down to 0.

    >>> default_points(2), default_points(4)
    ([1.0, 0.0], [3.0, 2.0, 1.0, 0.0])
    """
    return [float(seats - 1 - place) for place in range(seats)]


def rotations(base: Sequence[int], games: int) -> tuple[tuple[int, ...], ...]:
    """The seat orders of ``games`` games: game j is ``base`` rotated left by j.

    >>> rotations((1, 2, 3), 4)
    ((1, 2, 3), (2, 3, 1), (3, 1, 2), (1, 2, 3))
    """
    k = len(base)
    return tuple(tuple(base[(i + j) % k] for i in range(k)) for j in range(games))


def _window(k: int, games: int, index: int) -> list[int]:
    """The seats taken over the non-full cycle of games by the member at base ``index``."""
    return [(index - j) % k for j in range(games % k)]


def _base_order(members: Sequence[int], games: int, counts: SeatCounts) -> tuple[int, ...]:
    """The base order that seats each member where it has sat least (first such order)."""
    k = len(members)
    cost = [[sum(counts.get((m, s), 0) for s in _window(k, games, i)) for i in range(k)]
            for m in members]  # fmt: skip
    best = min(
        itertools.permutations(range(k)), key=lambda p: sum(cost[m][i] for i, m in enumerate(p))
    )
    return tuple(members[m] for m in best)


def _count(counts: Counter, orders: Iterable[Sequence[int]], sign: int = 1) -> None:
    for order in orders:
        for seat, entry in enumerate(order):
            counts[(entry, seat)] += sign


def seat_tables(groups: Iterable[Sequence[int]], games: int, counts: SeatCounts) -> list[Table]:
    """A table per group, its base order chosen after ``counts`` and the tables before it."""
    running = Counter(counts)
    tables = []
    for group in groups:
        table = Table(rotations(_base_order(group, games, running), games))
        _count(running, table.orders)
        tables.append(table)
    return tables


def seat_spread(counts: SeatCounts, entries: Iterable[int], seats: int) -> int:
    """The largest difference between two seat counts of one entry.

    >>> seat_spread({(1, 0): 2, (1, 1): 1}, [1], 2)
    1
    """
    return max(
        max(counts.get((e, s), 0) for s in range(seats))
        - min(counts.get((e, s), 0) for s in range(seats))
        for e in entries
    )


# --- Round robin ----------------------------------------------------------------------------


def round_robin_matches(n: int, seats: int, games: int) -> int:
    """Matches of a full round robin: C(n, k) groups times ``games``."""
    return math.comb(n, seats) * games


def _circle(entries: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """Pairs of each round by the circle method (one entry sits out per round if n is odd)."""
    players: list[int | None] = [*entries, None] if len(entries) % 2 else list(entries)
    m = len(players)
    rounds = []
    for _ in range(m - 1):
        pairs = [(players[i], players[m - 1 - i]) for i in range(m // 2)]
        rounds.append([p for p in pairs if None not in p])
        players = [players[0], players[-1], *players[1:-1]]
    return rounds


def _packing(entries: Sequence[int], k: int) -> list[list[tuple[int, ...]]]:
    """Every k-group once, in rounds of disjoint groups (greedy: the busiest members first)."""
    remaining = list(itertools.combinations(entries, k))
    rounds = []
    while remaining:
        load = Counter(m for group in remaining for m in group)
        used: set[int] = set()
        chosen, rest = [], []
        for group in sorted(remaining, key=lambda g: -sum(load[m] for m in g)):
            if used.isdisjoint(group):
                chosen.append(group)
                used.update(group)
            else:
                rest.append(group)
        rounds.append(sorted(chosen))
        remaining = sorted(rest)
    return rounds


def _balance(groups: list[tuple[int, ...]], games: int, seed: int) -> list[tuple[int, ...]]:
    """Base orders of ``groups`` that keep every entry's seat counts within one of each other.

    Greedy, then best responses until none improves the sum of squared counts; while some
    entry is still off by more than one, a group of it gets a random order and the search
    goes on (at most ``BALANCE_STEPS`` times).
    """
    rng = random.Random(seed)
    k = len(groups[0])
    counts: Counter = Counter()
    bases = []
    for group in groups:
        bases.append(_base_order(group, games, counts))
        _count(counts, rotations(bases[-1], games))

    def cost(base: Sequence[int]) -> int:
        return sum(counts[(m, s)] for i, m in enumerate(base) for s in _window(k, games, i))

    def improve() -> None:
        better = True
        while better:
            better = False
            for i, group in enumerate(groups):
                _count(counts, rotations(bases[i], games), -1)
                best = _base_order(group, games, counts)
                if cost(best) < cost(bases[i]):
                    bases[i], better = best, True
                _count(counts, rotations(bases[i], games))

    improve()
    entries = sorted({m for g in groups for m in g})
    for _ in range(BALANCE_STEPS):
        off = [e for e in entries if seat_spread(counts, [e], k) > 1]
        if not off:
            break
        entry = rng.choice(off)
        i = rng.choice([i for i, g in enumerate(groups) if entry in g])
        _count(counts, rotations(bases[i], games), -1)
        bases[i] = tuple(rng.sample(groups[i], k))
        _count(counts, rotations(bases[i], games))
        improve()
    return bases


def round_robin(entries: Sequence[int], seats: int, games: int, *, seed: int = 0) -> list[Round]:
    """Every group of ``seats`` entries meets once, for ``games`` games, in rounds."""
    if len(entries) < seats:
        raise ValueError(f"a round robin needs at least {seats} entries")
    rounds = _circle(entries) if seats == 2 else _packing(entries, seats)
    groups = [group for groups in rounds for group in groups]
    bases = dict(zip(groups, _balance(groups, games, seed), strict=True))
    return [
        Round(tuple(Table(rotations(bases[group], games)) for group in groups)) for groups in rounds
    ]


# --- Swiss ----------------------------------------------------------------------------------


def repeats(table: Sequence[int], met: Mapping[frozenset, int]) -> int:
    """How many earlier meetings the pairs of ``table`` already had."""
    return sum(met.get(frozenset(pair), 0) for pair in itertools.combinations(table, 2))


def _search(rest: list[int], k: int, met, allowed: int, steps: list[int]):
    """Tables of ``rest`` (rank order) with at most ``allowed`` repeats, or None."""
    if not rest:
        return []
    first, others = rest[0], rest[1:]
    for picked in itertools.combinations(range(len(others)), k - 1):
        steps[0] -= 1  # a step per table tried, pruned or not
        if steps[0] < 0:
            return None
        table = (first, *(others[i] for i in picked))
        cost = repeats(table, met)
        if cost > allowed:
            continue
        left = [o for i, o in enumerate(others) if i not in picked]
        found = _search(left, k, met, allowed - cost, steps)
        if found is not None:
            return [table, *found]
    return None


def swiss_groups(ranked: Sequence[int], k: int, met: Mapping[frozenset, int]) -> list[tuple]:
    """``ranked`` (a multiple of k) cut into tables by standing with the fewest repeats."""
    chunks = [tuple(ranked[i : i + k]) for i in range(0, len(ranked), k)]
    worst = sum(repeats(t, met) for t in chunks)
    for allowed in range(worst):
        found = _search(list(ranked), k, met, allowed, [SWISS_SEARCH_STEPS])
        if found is not None:
            return found
    return chunks


def swiss_round(
    ranked: Sequence[int],
    k: int,
    games: int,
    *,
    met: Mapping[frozenset, int],
    byes: Mapping[int, int],
    counts: SeatCounts,
) -> Round:
    """The next Swiss round of ``ranked`` (best first): byes, tables, seat orders.

    ``met`` counts earlier meetings per pair (frozenset), ``byes`` earlier byes per entry,
    ``counts`` seats sat per (entry, seat).
    """
    if len(ranked) < k:
        raise ValueError(f"a Swiss round needs at least {k} entries")
    position = {e: i for i, e in enumerate(ranked)}
    sitting = sorted(ranked, key=lambda e: (byes.get(e, 0), -position[e]))[: len(ranked) % k]
    playing = [e for e in ranked if e not in sitting]
    tables = seat_tables(swiss_groups(playing, k, met), games, counts)
    return Round(tuple(tables), tuple(sorted(sitting, key=position.get)))


# --- Knockout -------------------------------------------------------------------------------


def full_brackets(k: int, advance: int, limit: int) -> set[int]:
    """Field sizes up to ``limit`` that play down to one table with no bye: k·(k/advance)^j.

    A size is full when its tables' winners fill the full size after it.

    >>> sorted(full_brackets(2, 1, 20)), sorted(full_brackets(4, 2, 40)), full_brackets(3, 2, 9)
    ([2, 4, 8, 16], [4, 8, 16, 32], {3})
    >>> full_brackets(6, 4, 80)  # 9 entries cannot fill tables of 6
    {6}
    """
    sizes, size = set(), k
    while size <= limit:
        sizes.add(size)
        if size % advance:
            break
        size = size // advance * k
    return sizes


def knockout_byes(m: int, k: int, advance: int) -> int:
    """Byes of a knockout round of ``m`` entries: the fewest that make the next round a full
    bracket when one exists, else the fewest that fill whole tables (m mod k).

    >>> knockout_byes(5, 2, 1), knockout_byes(6, 2, 1), knockout_byes(13, 4, 1)
    (3, 2, 1)
    """
    if m <= k:
        return 0
    full = full_brackets(k, advance, m - 1)
    for byes in range(m % k, m - k + 1, k):
        if (m - byes) // k * advance + byes in full:
            return byes
    return m % k


def knockout_next(m: int, k: int, advance: int) -> int:
    """Entries left after a knockout round of ``m`` (0 after the final).

    >>> [knockout_next(m, 3, 1) for m in (3, 4, 9, 10)]
    [0, 3, 3, 4]
    """
    if m <= k:
        return 0
    byes = knockout_byes(m, k, advance)
    return max(k, (m - byes) // k * advance + byes)


def knockout_sizes(n: int, k: int, advance: int) -> list[int]:
    """Entries of every round of a knockout of ``n`` entries, the final's last.

    >>> knockout_sizes(5, 2, 1), knockout_sizes(4, 3, 1)
    ([5, 4, 2], [4, 3])
    """
    sizes = [n]
    while sizes[-1] > k:
        sizes.append(knockout_next(sizes[-1], k, advance))
    return sizes


def snake(seeded: Sequence[int], tables: int) -> list[list[int]]:
    """Deal ``seeded`` (best first) to ``tables`` tables back and forth, tier by tier.

    >>> snake([1, 2, 3, 4, 5, 6, 7, 8], 4)
    [[1, 8], [2, 7], [3, 6], [4, 5]]
    """
    dealt: list[list[int]] = [[] for _ in range(tables)]
    for i, entry in enumerate(seeded):
        tier, place = divmod(i, tables)
        dealt[place if tier % 2 == 0 else tables - 1 - place].append(entry)
    return dealt


def knockout_round(
    seeded: Sequence[int], k: int, games: int, advance: int, counts: SeatCounts
) -> Round:
    """A knockout round of ``seeded`` (best seed first): top seeds' byes, snake tables."""
    if len(seeded) < k:
        raise ValueError(f"a knockout round needs at least {k} entries")
    byes = knockout_byes(len(seeded), k, advance)
    playing = seeded[byes:]
    groups = snake(playing, len(playing) // k)
    return Round(tuple(seat_tables(groups, games, counts)), tuple(seeded[:byes]))


def qualifiers(
    rankings: Sequence[Sequence[int]],
    byes: Sequence[int],
    k: int,
    advance: int,
    order: Callable[[int], tuple],
) -> list[int]:
    """Who goes through: the byes and the top ``advance`` of each table (``rankings``, best
    first); when fewer than k, the best of the rest by place at their table, then ``order``.
    """
    through = [*byes, *(e for ranking in rankings for e in ranking[:advance])]
    rest = [
        (place, e) for ranking in rankings for place, e in enumerate(ranking) if place >= advance
    ]
    rest.sort(key=lambda pe: (pe[0], order(pe[1])))
    through += [e for _, e in rest[: max(0, k - len(through))]]
    return through
