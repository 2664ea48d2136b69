"""Reads on ratings: the changes a match made."""

from __future__ import annotations

from conquest.ratings.models import RatingChange


def match_rating_changes(match_id: int) -> dict[int, RatingChange]:
    """The rating changes match ``match_id`` made, by entry id (none for an unrated match)."""
    return {change.entry_id: change for change in RatingChange.objects.filter(match_id=match_id)}
