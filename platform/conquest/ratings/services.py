"""Rating updates, and their recomputation from the match history.

A rated result takes the league's next sequence number inside the transaction that records it
(the league row is locked), so the stored ratings are the fold of :func:`maths.rate` over the
league's rated matches in sequence order; :func:`rating_recompute` does that fold again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from django.db import transaction
from django.utils import timezone

from conquest import refs, sql
from conquest.ratings.maths import Rating, rate
from conquest.ratings.models import RatingChange

if TYPE_CHECKING:
    from conquest.leagues.models import League

CHUNK: Final = 10_000
"""Rated results :func:`rating_recompute` reads (and rewrites) at a time."""
LISTED: Final = 100
"""History rows listed one by one among the differences; those after are counted."""

_RATED_COUNT = sql.Statement(
    "UPDATE {league} SET rated_count = %s WHERE id = %s", league=refs.LEAGUE
)
_RATINGS = sql.Statement(
    "UPDATE {entry} SET elo = %s, mu = %s, sigma = %s, ordinal = %s, games = games + 1"
    " WHERE id = %s",
    entry=refs.ENTRY,
)
_CHANGE = sql.Statement(
    "INSERT INTO {change} (entry_id, match_id, seq, elo_before, elo_after, mu_before, mu_after,"
    " sigma_before, sigma_after, created_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
    change=RatingChange,
)


def rating_apply(
    *, league_id: int, match_id: int, seq: int, elo_k: float, seats: list[tuple[int, Rating, int]]
) -> None:
    """Apply a match's placements to its entries' ratings as the league's ``seq``-th result.

    ``seats`` holds (entry id, rating before, placement) per seat. The caller holds the
    league's row lock and read the ratings under it.
    """
    after = rate([before for _, before, _ in seats], [place for *_, place in seats], elo_k)
    sql.execute(_RATED_COUNT.text, [seq, league_id])
    sql.execute_many(
        _RATINGS.text,
        [
            (new.elo, new.mu, new.sigma, new.conservative, entry)
            for (entry, _, _), new in zip(seats, after, strict=True)
        ],
    )
    now = sql.moment(timezone.now())
    sql.execute_many(
        _CHANGE.text,
        [
            (entry, match_id, seq, old.elo, new.elo, old.mu, new.mu, old.sigma, new.sigma, now)
            for (entry, old, _), new in zip(seats, after, strict=True)
        ],
    )


@dataclass(frozen=True)
class Difference:
    """One place where the stored ratings differ from the recomputed ones."""

    entry: int
    field: str
    stored: float
    recomputed: float

    def __str__(self) -> str:
        return (
            f"entry {self.entry} {self.field}: "
            f"stored {self.stored!r}, recomputed {self.recomputed!r}"
        )


class _Seat(NamedTuple):
    """A seat of a rated result with its stored history row (None when it has none)."""

    match_id: int
    rated_seq: int
    entry_id: int
    placement: int
    elo_before: float | None
    elo_after: float | None
    mu_after: float | None
    sigma_after: float | None
    seq: int | None


class _Entry(NamedTuple):
    id: int
    elo: float
    mu: float
    sigma: float
    games: int


class _League(NamedTuple):
    elo_k: float


_LEAGUE_LOCK = sql.Statement("SELECT elo_k FROM {league} WHERE id = %s", league=refs.LEAGUE)


class _Last(NamedTuple):
    last_seq: int | None


_LAST_SEQ = sql.Statement(
    "SELECT MAX(rated_seq) AS last_seq FROM {match} WHERE league_id = %s", match=refs.MATCH
)
_SEATS = sql.Statement(
    "SELECT m.id AS match_id, m.rated_seq, s.entry_id, s.placement, c.elo_before, c.elo_after,"
    " c.mu_after, c.sigma_after, c.seq FROM {match} m JOIN {seat} s ON s.match_id = m.id"
    " LEFT JOIN {change} c ON c.match_id = m.id AND c.entry_id = s.entry_id"
    " WHERE m.league_id = %s AND m.status = %s AND m.rated"
    " AND m.rated_seq > %s AND m.rated_seq <= %s ORDER BY m.rated_seq, s.seat",
    match=refs.MATCH,
    seat=refs.SEAT,
    change=RatingChange,
)
_STORED_ROWS = sql.Statement(
    "SELECT COUNT(*) AS count FROM {change} c JOIN {entry} e ON e.id = c.entry_id"
    " WHERE e.league_id = %s",
    change=RatingChange,
    entry=refs.ENTRY,
)


class _Count(NamedTuple):
    count: int


_ENTRIES = sql.Statement(
    "SELECT id, elo, mu, sigma, games FROM {entry} WHERE league_id = %s ORDER BY ordinal DESC, id",
    entry=refs.ENTRY,
)
_WRITE_ENTRY = sql.Statement(
    "UPDATE {entry} SET elo = %s, mu = %s, sigma = %s, ordinal = %s, games = %s WHERE id = %s",
    entry=refs.ENTRY,
)
_DELETE_EXTRA = sql.Statement(
    "DELETE FROM {change} WHERE entry_id IN (SELECT id FROM {entry} WHERE league_id = %s)"
    " AND NOT EXISTS (SELECT 1 FROM {seat} s JOIN {match} m ON m.id = s.match_id"
    " WHERE s.match_id = {change}.match_id AND s.entry_id = {change}.entry_id"
    " AND m.league_id = %s AND m.status = %s AND m.rated AND m.rated_seq IS NOT NULL)",
    change=RatingChange,
    entry=refs.ENTRY,
    seat=refs.SEAT,
    match=refs.MATCH,
)
HISTORY_COLUMNS: Final = tuple(
    f.column for f in RatingChange._meta.concrete_fields if not f.primary_key
)
"""A history row's columns, in the order of :class:`RatingChange`'s fields: the order of
the rows :func:`rating_recompute` rewrites and the site benchmark generates."""
_HISTORY_KEY: Final = ("entry_id", "match_id")
"""The columns that identify a history row (unique together)."""


_START: Final = Rating()


@dataclass
class _Fold:
    """The fold of a league's rated results so far, and how its history compares."""

    elo_k: float
    ratings: dict[int, Rating] = field(default_factory=dict)
    games: dict[int, int] = field(default_factory=dict)
    rows: int = 0
    """History rows recomputed."""
    matched: int = 0
    """Of those, rows that are stored (equal or not)."""
    differing: list[Difference] = field(default_factory=list)
    unlisted: int = 0
    """Differing stored rows beyond the :data:`LISTED` first."""

    def add(self, seats: list[_Seat], now: Any) -> list[tuple[Any, ...]]:
        """Fold one rated result in; its history rows when the stored ones differ or miss."""
        entries = [seat.entry_id for seat in seats]
        before = [self.ratings.get(entry, _START) for entry in entries]
        after = rate(before, [seat.placement for seat in seats], self.elo_k)
        match_id, seq = seats[0].match_id, seats[0].rated_seq
        equal = True
        for seat, old, new in zip(seats, before, after, strict=True):
            self.ratings[seat.entry_id] = new
            self.games[seat.entry_id] = self.games.get(seat.entry_id, 0) + 1
            if seat.seq is None:
                equal = False
                continue
            self.matched += 1
            if (seat.elo_before, seat.elo_after, seat.mu_after, seat.sigma_after, seat.seq) != (
                old.elo,
                new.elo,
                new.mu,
                new.sigma,
                seq,
            ):
                equal = False
                if len(self.differing) < LISTED:
                    self.differing.append(
                        Difference(seat.entry_id, f"history of match {match_id}", 0, 0)
                    )
                else:
                    self.unlisted += 1
        self.rows += len(seats)
        if equal:
            return []
        return [
            (entry, match_id, seq, old.elo, new.elo, old.mu, new.mu, old.sigma, new.sigma, now)
            for entry, old, new in zip(entries, before, after, strict=True)
        ]


def rating_recompute(*, league: League, write: bool = False) -> list[Difference]:
    """Fold every rated result of ``league`` again; the differences from what is stored.

    The results are read with their stored history :data:`CHUNK` at a time, so memory stays
    bounded. With ``write``, the recomputed ratings replace the stored ones, and the history
    of each result that differs (or lacks a row) is replaced; rows of no rated result go.
    Differing history rows after the first :data:`LISTED` are counted in one last difference.
    """
    with transaction.atomic():
        # Locked: no result is recorded meanwhile (each takes the lock to rate).
        elo_k = sql.rows(_League, _LEAGUE_LOCK.text + sql.for_update(), [league.pk])[0].elo_k
        last_seq = sql.rows(_Last, _LAST_SEQ.text, [league.pk])[0].last_seq or 0
        sql.jit_off()  # each chunk's query would be compiled anew
        stored_rows = sql.rows(_Count, _STORED_ROWS.text, [league.pk])[0].count
        fold = _Fold(elo_k)
        now = sql.moment(timezone.now())
        finished = refs.model(refs.MATCH).Status.FINISHED

        def read(start: int) -> list[_Seat]:
            return sql.rows(_Seat, _SEATS.text, [league.pk, finished, start, start + CHUNK])

        # The next chunk is read and the last one written while this one is folded.
        with sql.worker() as worker:
            reading = worker.submit(read, 0)
            writing = None
            for start in range(0, last_seq, CHUNK):
                seats = reading.result()
                if start + CHUNK < last_seq:
                    reading = worker.submit(read, start + CHUNK)
                rewritten = []
                for _, result in groupby(seats, key=attrgetter("match_id")):
                    rewritten += fold.add(list(result), now)
                if writing is not None:
                    writing.result()  # its error, if any, before the next chunk's
                    writing = None
                if write and rewritten:
                    writing = worker.submit(_replace_history, rewritten)
            if writing is not None:
                writing.result()
        entries = sql.rows(_Entry, _ENTRIES.text, [league.pk])
        differences = _entry_differences(entries, fold)
        if stored_rows != fold.matched or fold.matched != fold.rows:
            differences.append(Difference(0, "history rows", stored_rows, fold.rows))
        differences += fold.differing
        if fold.unlisted:
            differences.append(Difference(0, "more history rows", 0, fold.unlisted))
        if write and differences:
            sql.execute_many(
                _WRITE_ENTRY.text,
                [
                    (new.elo, new.mu, new.sigma, new.conservative, fold.games.get(e.id, 0), e.id)
                    for e in entries
                    for new in [fold.ratings.get(e.id, _START)]
                ],
            )
            if stored_rows != fold.matched:
                sql.execute(_DELETE_EXTRA.text, [league.pk, league.pk, finished])
        return differences


def _entry_differences(entries: list[_Entry], fold: _Fold) -> list[Difference]:
    differences = []
    for entry in entries:
        new = fold.ratings.get(entry.id, _START)
        for name, stored, again in (
            ("elo", entry.elo, new.elo),
            ("mu", entry.mu, new.mu),
            ("sigma", entry.sigma, new.sigma),
            ("games", entry.games, fold.games.get(entry.id, 0)),
        ):
            if stored != again:
                differences.append(Difference(entry.id, name, stored, again))
    return differences


def _replace_history(rows: list[tuple[Any, ...]]) -> None:
    """Replace the history rows of these results (rows as :data:`HISTORY_COLUMNS`)."""
    sql.upsert(RatingChange, HISTORY_COLUMNS, _HISTORY_KEY, rows, binary=True)
