"""Rating updates, and their recomputation from the match history.

A rated result takes the league's next sequence number inside the transaction that records it
(the league row is locked), so the stored ratings are the fold of :func:`maths.rate` over the
league's rated matches in sequence order; :func:`rating_recompute` does that fold again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from conquest import refs, sql
from conquest.ratings.maths import Rating, conservative, rate
from conquest.ratings.models import RatingChange

if TYPE_CHECKING:
    from conquest.leagues.models import League


def _change(entry_id: int, match_id: int, seq: int, old: Rating, new: Rating) -> RatingChange:
    return RatingChange(
        entry_id=entry_id,
        match_id=match_id,
        seq=seq,
        elo_before=old.elo,
        elo_after=new.elo,
        mu_before=old.mu,
        mu_after=new.mu,
        sigma_before=old.sigma,
        sigma_after=new.sigma,
    )


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


def rating_recompute(*, league: League, write: bool = False) -> list[Difference]:
    """Fold every rated result of ``league`` again; the differences from what is stored.

    With ``write``, the recomputed ratings and history replace the stored ones.
    """
    match_model = refs.model(refs.MATCH)
    with transaction.atomic():
        league = refs.model(refs.LEAGUE).objects.select_for_update().get(pk=league.pk)
        ratings: dict[int, Rating] = {}
        games: dict[int, int] = {}
        history: dict[tuple[int, int], tuple[Rating, Rating, int]] = {}
        matches = (
            match_model.objects.filter(
                league=league, status=match_model.Status.FINISHED, rated=True
            )
            .order_by("rated_seq")
            .prefetch_related("seats")
        )
        for match in matches:
            seats = sorted(match.seats.all(), key=lambda s: s.seat)
            before = [ratings.get(s.entry_id, Rating()) for s in seats]
            after = rate(before, [s.placement for s in seats], league.elo_k)
            for seat, old, new in zip(seats, before, after, strict=True):
                ratings[seat.entry_id] = new
                games[seat.entry_id] = games.get(seat.entry_id, 0) + 1
                history[(seat.entry_id, match.pk)] = (old, new, match.rated_seq)
        differences = []
        entries = list(league.entries.all())
        for entry in entries:
            new = ratings.get(entry.pk, Rating())
            for name, stored, again in (
                ("elo", entry.elo, new.elo),
                ("mu", entry.mu, new.mu),
                ("sigma", entry.sigma, new.sigma),
                ("games", entry.games, games.get(entry.pk, 0)),
            ):
                if stored != again:
                    differences.append(Difference(entry.pk, name, stored, again))
        stored_history = {
            (c.entry_id, c.match_id): c for c in RatingChange.objects.filter(entry__league=league)
        }
        if set(stored_history) != set(history):
            differences.append(Difference(0, "history rows", len(stored_history), len(history)))
        for key, (old, new, seq) in history.items():
            change = stored_history.get(key)
            if change is not None and (
                (
                    change.elo_before,
                    change.elo_after,
                    change.mu_after,
                    change.sigma_after,
                    change.seq,
                )
                != (old.elo, new.elo, new.mu, new.sigma, seq)
            ):
                differences.append(Difference(key[0], f"history of match {key[1]}", 0, 0))
        if write and differences:
            _write(entries, ratings, games, history)
        return differences


def _write(entries, ratings, games, history) -> None:
    for entry in entries:
        new = ratings.get(entry.pk, Rating())
        entry.elo, entry.mu, entry.sigma = new.elo, new.mu, new.sigma
        entry.ordinal = conservative(new.mu, new.sigma)
        entry.games = games.get(entry.pk, 0)
    refs.model(refs.ENTRY).objects.bulk_update(entries, ["elo", "mu", "sigma", "ordinal", "games"])
    RatingChange.objects.filter(entry__in=entries).delete()
    RatingChange.objects.bulk_create(
        _change(entry_id, match_id, seq, old, new)
        for (entry_id, match_id), (old, new, seq) in history.items()
    )
