"""Tournament pairings and standings (pure maths): seats balanced exactly, byes, odd fields."""

from __future__ import annotations

import ast
import itertools
import math
import sys
from collections import Counter
from pathlib import Path

import pytest
from conquest.tournaments import formats, scoring
from conquest.tournaments.formats import Table
from conquest.tournaments.scoring import GameResult, SeatResult
from hypothesis import given, settings
from hypothesis import strategies as st


def seat_counts(tables) -> Counter:
    counts: Counter = Counter()
    for table in tables:
        for order in table.orders:
            for seat, entry in enumerate(order):
                counts[(entry, seat)] += 1
    return counts


@st.composite
def fields(draw, max_groups: int = 60):
    """(entry ids, seats, games) of a round robin small enough to pair in a test."""
    k = draw(st.integers(2, 6))
    n = draw(st.integers(k, k + 5).filter(lambda n: math.comb(n, k) <= max_groups))
    ids = draw(st.lists(st.integers(1, 10**6), min_size=n, max_size=n, unique=True))
    return ids, k, draw(st.integers(1, 2 * k + 1))


# --- round robin ----------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(fields())
def test_round_robin_meets_every_group_once_with_seats_balanced_exactly(field):
    ids, k, games = field
    rounds = formats.round_robin(ids, k, games)
    tables = [t for r in rounds for t in r.tables]
    assert sorted(tuple(sorted(t.members)) for t in tables) == sorted(
        itertools.combinations(sorted(ids), k)
    )
    for r in rounds:
        playing = [e for t in r.tables for e in t.members]
        assert len(playing) == len(set(playing)), "an entry plays twice in a round"
    q, extra = divmod(games, k)
    for table in tables:
        assert len(table.orders) == games
        assert all(sorted(order) == sorted(table.members) for order in table.orders)
        at_table = seat_counts([table])
        for entry in table.members:
            per_seat = sorted(at_table[(entry, s)] for s in range(k))
            # rotations: q full cycles, then `extra` different seats
            assert per_seat == [q] * (k - extra) + [q + 1] * extra, per_seat
    counts = seat_counts(tables)
    assert formats.seat_spread(counts, ids, k) <= 1
    if games % k == 0:
        assert formats.seat_spread(counts, ids, k) == 0


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6])
def test_round_robin_seat_balance_on_every_small_field_and_game_count(k):
    for n in range(k, k + 4):
        for games in range(1, k + 1):
            ids = list(range(n))
            tables = [t for r in formats.round_robin(ids, k, games) for t in r.tables]
            assert formats.seat_spread(seat_counts(tables), ids, k) <= 1, (n, k, games)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 8, 9])
def test_two_seat_round_robin_takes_the_fewest_rounds_and_alternates_colours(n):
    rounds = formats.round_robin(list(range(n)), 2, 2)
    assert len(rounds) == (n if n % 2 else n - 1)
    for table in (t for r in rounds for t in r.tables):
        (a, b), (c, d) = table.orders
        assert (c, d) == (b, a)


def test_a_round_robin_is_deterministic():
    assert formats.round_robin(list(range(7)), 3, 1) == formats.round_robin(list(range(7)), 3, 1)


# --- Swiss ----------------------------------------------------------------------------------


def partitions(items: list[int], k: int):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for others in itertools.combinations(rest, k - 1):
        left = [x for x in rest if x not in others]
        for tail in partitions(left, k):
            yield [(first, *others), *tail]


@st.composite
def swiss_states(draw):
    k = draw(st.integers(2, 4))
    n = draw(st.integers(k, {2: 9, 3: 10, 4: 9}[k]))
    ranked = draw(st.permutations(range(n)))
    pairs = list(itertools.combinations(range(n), 2))
    met = Counter(frozenset(p) for p in draw(st.lists(st.sampled_from(pairs), max_size=3 * n)))
    byes = {e: draw(st.integers(0, 2)) for e in range(n)}
    counts = Counter({(e, s): draw(st.integers(0, 3)) for e in range(n) for s in range(k)})
    return list(ranked), k, met, byes, counts


@settings(max_examples=80, deadline=None)
@given(swiss_states(), st.integers(1, 3))
def test_swiss_byes_tables_and_fewest_repeats(state, games):
    ranked, k, met, byes, counts = state
    round_ = formats.swiss_round(ranked, k, games, met=met, byes=byes, counts=counts)
    # byes: n mod k of them, to the entries with the fewest byes, lowest ranked first
    assert len(round_.byes) == len(ranked) % k
    position = {e: i for i, e in enumerate(ranked)}
    order = sorted(ranked, key=lambda e: (byes[e], -position[e]))
    assert set(round_.byes) == set(order[: len(ranked) % k])
    playing = [e for e in ranked if e not in round_.byes]
    assert sorted(e for t in round_.tables for e in t.members) == sorted(playing)
    assert all(len(t.members) == k and len(t.orders) == games for t in round_.tables)
    # no repeat meeting while avoidable: as few repeats as the best partition of all
    fewest = min(sum(formats.repeats(t, met) for t in p) for p in partitions(playing, k))
    assert sum(formats.repeats(t.members, met) for t in round_.tables) == fewest


def test_swiss_pairs_by_standing_when_nothing_repeats():
    round_ = formats.swiss_round([5, 3, 1, 2, 4, 6], 2, 1, met={}, byes={}, counts={})
    assert [sorted(t.members) for t in round_.tables] == [[3, 5], [1, 2], [4, 6]]
    met = Counter({frozenset((5, 3)): 1})
    round_ = formats.swiss_round([5, 3, 1, 2, 4, 6], 2, 1, met=met, byes={}, counts={})
    assert [sorted(t.members) for t in round_.tables] == [[1, 5], [2, 3], [4, 6]]


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.data())
def test_a_table_seats_each_member_where_it_sat_least(k, data):
    members = data.draw(st.lists(st.integers(0, 50), min_size=k, max_size=k, unique=True))
    counts = Counter({(e, s): data.draw(st.integers(0, 4)) for e in members for s in range(k)})
    [table] = formats.seat_tables([members], 1, counts)
    cost = lambda order: sum(counts[(e, s)] for s, e in enumerate(order))  # noqa: E731
    assert cost(table.orders[0]) == min(cost(o) for o in itertools.permutations(members))


def test_a_two_seat_swiss_gives_the_first_seat_to_who_had_it_less():
    counts = Counter({(1, 0): 2, (1, 1): 1, (2, 0): 1, (2, 1): 2})
    round_ = formats.swiss_round([1, 2], 2, 1, met={}, byes={}, counts=counts)
    assert round_.tables[0].orders == ((2, 1),)


def test_swiss_over_many_rounds_never_repeats_while_a_fresh_pairing_exists():
    n, k = 8, 2
    met: Counter = Counter()
    counts: Counter = Counter()
    for _ in range(n - 1):
        round_ = formats.swiss_round(list(range(n)), k, 1, met=met, byes={}, counts=counts)
        for table in round_.tables:
            met.update(frozenset(p) for p in itertools.combinations(table.members, 2))
        counts.update(seat_counts(round_.tables))
    assert set(met.values()) == {1}, "seven rounds of eight entries: everyone met once"
    assert formats.seat_spread(counts, range(n), k) <= 1


# --- knockout -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("k", "advance"), [(k, advance) for k in range(2, 7) for advance in range(1, k)]
)
def test_knockout_rounds_shrink_to_one_final_table(k, advance):
    """Every field of k to 80 entries, checked exhaustively (a sample once missed 9 at k=6)."""
    for n in range(k, 81):
        sizes = formats.knockout_sizes(n, k, advance)
        assert sizes[0] == n and sizes[-1] == k
        assert all(a > b for a, b in itertools.pairwise(sizes)), n
        seeded = list(range(1, n + 1))
        round_ = formats.knockout_round(seeded, k, 1, advance, {})
        byes = len(round_.byes)
        assert round_.byes == tuple(seeded[:byes]), f"{n}: the top seeds get the byes"
        assert all(len(t.members) == k for t in round_.tables)
        assert byes + k * len(round_.tables) == n
        full = formats.full_brackets(k, advance, n)
        if n in full:
            assert byes == 0, f"{n}: a full bracket needs no bye"
        after = len(round_.tables) * advance + byes
        if any((n - b) // k * advance + b in full for b in range(n % k, n - k + 1, k)):
            assert after in full, f"{n}: byes make the next round a full bracket when one exists"


@pytest.mark.parametrize(
    ("n", "k", "sizes"),
    [(8, 2, [8, 4, 2]), (5, 2, [5, 4, 2]), (9, 3, [9, 3]), (4, 3, [4, 3]), (16, 4, [16, 4])],
)
def test_knockout_sizes_of_classic_fields(n, k, sizes):
    assert formats.knockout_sizes(n, k, 1) == sizes


def test_knockout_tables_spread_the_seeds_and_qualifiers_fill_the_final():
    round_ = formats.knockout_round(list(range(1, 9)), 2, 1, 1, {})
    assert [sorted(t.members) for t in round_.tables] == [[1, 8], [2, 7], [3, 6], [4, 5]]
    # four entries at tables of three: one bye (seed 1), one table; two more needed → the
    # table's second goes through as a lucky loser
    round_ = formats.knockout_round([1, 2, 3, 4], 3, 1, 1, {})
    assert round_.byes == (1,)
    through = formats.qualifiers([[4, 2, 3]], round_.byes, 3, 1, order=lambda e: (e,))
    assert through == [1, 4, 2]


# --- standings ------------------------------------------------------------------------------


def game(round_: int, *placements: tuple[int, int, float]) -> GameResult:
    """A game from (entry, placement, score) in seat order."""
    return GameResult(
        round_, 1, tuple(SeatResult(e, s, p, sc) for s, (e, p, sc) in enumerate(placements))
    )


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 6), st.data())
def test_every_game_hands_out_the_points_of_its_places(k, data):
    placements = data.draw(st.lists(st.integers(1, k), min_size=k, max_size=k))
    # engine rankings are dense from 1 with ties covering places: rebuild them that way
    ranked = sorted(range(k), key=lambda s: placements[s])
    places = [0] * k
    for i, s in enumerate(ranked):
        same = i > 0 and placements[s] == placements[ranked[i - 1]]
        places[s] = places[ranked[i - 1]] if same else i + 1
    points = formats.default_points(k)
    got = scoring.placement_points(places, points)
    assert sum(got) == pytest.approx(sum(points))
    rates = scoring.seat_win_rates([game(1, *((s, p, 0.0) for s, p in enumerate(places)))], k)
    assert sum(r["wins"] for r in rates) == pytest.approx(1.0)


def test_round_robin_tiebreaks_head_to_head_then_sonneborn_berger_then_score():
    points = [1.0, 0.0]
    games = [
        game(1, (1, 1, 9.0), (2, 2, 0.0)),  # A beats B
        game(1, (3, 1, 0.0), (4, 2, 0.0)),  # C beats D
        game(2, (2, 1, 0.0), (3, 2, 0.0)),  # B beats C
        game(2, (4, 1, 0.0), (1, 2, 0.0)),  # D beats A
        game(3, (1, 1, 0.0), (3, 2, 0.0)),  # A beats C
        game(3, (2, 1, 0.0), (4, 2, 0.0)),  # B beats D
    ]
    rows = scoring.standings([1, 2, 3, 4], games, points, scoring.ROUND_ROBIN_TIEBREAKS)
    assert [(r.entry, r.points) for r in rows] == [(1, 2.0), (2, 2.0), (3, 1.0), (4, 1.0)]
    assert rows[0].tiebreaks["head_to_head"] == 1.0 and rows[1].tiebreaks["head_to_head"] == 0.0
    assert rows[2].tiebreaks["head_to_head"] == 1.0  # C beat D
    # Sonneborn–Berger: A beat B (2) and C (1) → 3
    assert rows[0].tiebreaks["sonneborn_berger"] == 3.0
    assert rows[0].seats == (2, 1)


def test_swiss_buchholz_breaks_a_tie_head_to_head_cannot():
    points = [1.0, 0.0]
    games = [
        game(1, (1, 1, 0.0), (3, 2, 0.0)),
        game(1, (2, 1, 0.0), (4, 2, 0.0)),
        game(2, (1, 1, 0.0), (5, 2, 0.0)),
        game(2, (2, 1, 0.0), (3, 2, 0.0)),
        game(3, (3, 1, 0.0), (4, 2, 0.0)),
    ]
    rows = scoring.standings([1, 2, 3, 4, 5], games, points, scoring.SWISS_TIEBREAKS)
    # 1 and 2 both 2 points and never met; 1's opponents (3, 5) score 1, 2's (4, 3) score 1
    assert rows[0].tiebreaks["buchholz"] == rows[1].tiebreaks["buchholz"] == 1.0
    assert [r.entry for r in rows[:2]] == [1, 2], "then seed"
    byes = scoring.standings([1, 2, 3, 4, 5], games, points, scoring.SWISS_TIEBREAKS, byes={5: 1})
    assert next(r for r in byes if r.entry == 5).points == 0.5


def test_multi_seat_ties_share_points_and_disqualified_entries_come_last():
    points = formats.default_points(3)
    games = [game(1, (1, 1, 5.0), (2, 1, 5.0), (3, 3, 0.0))]
    rows = scoring.standings([3, 2, 1], games, points, scoring.ROUND_ROBIN_TIEBREAKS)
    assert [(r.entry, r.points) for r in rows] == [(2, 1.5), (1, 1.5), (3, 0.0)]
    rows = scoring.standings(
        [3, 2, 1], games, points, scoring.ROUND_ROBIN_TIEBREAKS, disqualified=frozenset({2})
    )
    assert [r.entry for r in rows] == [1, 3, 2] and rows[-1].disqualified


def test_knockout_standings_rank_by_round_reached_then_place():
    points = [1.0, 0.0]
    semi_a = scoring.KnockoutTable(1, (1, 4), (game(1, (1, 1, 0.0), (4, 2, 0.0)),))
    semi_b = scoring.KnockoutTable(1, (3, 2), (game(1, (2, 2, 0.0), (3, 1, 0.0)),))
    final = scoring.KnockoutTable(2, (3, 1), (game(2, (3, 1, 0.0), (1, 2, 0.0)),))
    rows = scoring.knockout_standings([1, 2, 3, 4], [semi_a, semi_b, final], points)
    assert [r.entry for r in rows] == [3, 1, 2, 4]
    assert rows[0].tiebreaks["round"] == 2 and rows[0].tiebreaks["place"] == 1


def test_the_pairing_and_scoring_maths_import_only_the_standard_library():
    for module in (formats, scoring):
        tree = ast.parse(Path(module.__file__).read_text())
        imported = {
            name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for name in (
                [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            )
        }
        assert imported <= sys.stdlib_module_names | {"__future__"}, (module, imported)


def test_a_table_knows_its_members():
    assert Table(((3, 1, 2), (1, 2, 3))).members == (3, 1, 2)
