"""Rating updates, and their recomputation from the match history.

A rated result takes the league's next sequence number inside the transaction that records it
(the league row is locked), so the stored ratings are the fold of :func:`maths.rate` over the
league's rated matches in sequence order; :func:`recompute` does that fold again.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from conquest.leagues.models import Entry, League
from conquest.matches.models import Match, MatchSeat
from conquest.ratings.maths import Rating, conservative, rate
from conquest.ratings.models import RatingChange


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


def rate_match(match: Match, seats: list[MatchSeat]) -> None:
    """Apply ``match``'s placements to its entries' ratings.

    The caller holds the league's row lock and read ``seats`` (with their entries) under it.
    """
    league = match.league
    League.objects.filter(pk=league.pk).update(rated_count=league.rated_count + 1)
    league.rated_count += 1
    match.rated_seq = league.rated_count
    ordered = [s.entry for s in seats]
    before = [Rating(e.elo, e.mu, e.sigma) for e in ordered]
    after = rate(before, [s.placement for s in seats], league.elo_k)
    changes = []
    for entry, old, new in zip(ordered, before, after, strict=True):
        entry.elo, entry.mu, entry.sigma = new.elo, new.mu, new.sigma
        entry.ordinal = new.conservative
        entry.games += 1
        changes.append(_change(entry.pk, match.pk, match.rated_seq, old, new))
    Entry.objects.bulk_create(
        ordered,
        update_conflicts=True,
        unique_fields=["pk"],
        update_fields=["elo", "mu", "sigma", "ordinal", "games"],
    )
    RatingChange.objects.bulk_create(changes)


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


def recompute(league: League, *, write: bool = False) -> list[Difference]:
    """Fold every rated result of ``league`` again; the differences from what is stored.

    With ``write``, the recomputed ratings and history replace the stored ones.
    """
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=league.pk)
        ratings: dict[int, Rating] = {}
        games: dict[int, int] = {}
        history: dict[tuple[int, int], tuple[Rating, Rating, int]] = {}
        matches = (
            Match.objects.filter(league=league, status=Match.Status.FINISHED, rated=True)
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
    Entry.objects.bulk_update(entries, ["elo", "mu", "sigma", "ordinal", "games"])
    RatingChange.objects.filter(entry__in=entries).delete()
    RatingChange.objects.bulk_create(
        _change(entry_id, match_id, seq, old, new)
        for (entry_id, match_id), (old, new, seq) in history.items()
    )
