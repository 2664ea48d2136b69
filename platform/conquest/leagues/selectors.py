"""Reads on leagues, entries, standings and rating histories."""

from __future__ import annotations

from django.db.models import F, QuerySet, Window
from django.db.models.functions import RowNumber

from conquest.leagues.models import Entry, League
from conquest.ratings.models import RatingChange


def league_list() -> QuerySet[League]:
    """Every league by name."""
    return League.objects.order_by("name")


def league_get(league_id: int) -> League | None:
    """The league ``league_id``, or None."""
    return League.objects.filter(pk=league_id).first()


def entry_get(entry_id: int) -> Entry | None:
    """The entry ``entry_id`` with its league, version, bot and owner, or None."""
    return Entry.objects.select_related("league", "version__bot__owner").filter(pk=entry_id).first()


def standings(league: League) -> QuerySet[Entry]:
    """The entries of ``league`` in standings order, each annotated with its ``rank`` (1 first)."""
    return (
        Entry.objects.standings()
        .filter(league=league)
        .select_related("league")
        .annotate(
            rank=Window(RowNumber(), order_by=[F("ordinal").desc(), F("elo").desc(), F("pk").asc()])
        )
    )


def entry_history(entry: Entry) -> QuerySet[RatingChange]:
    """The rating changes of ``entry`` in the league's sequence order."""
    return RatingChange.objects.filter(entry=entry).order_by("seq", "pk")


def entries_by_id(entry_ids: list[int]) -> dict[int, Entry]:
    """The entries among ``entry_ids`` that exist, by id, with their versions and bots."""
    return Entry.objects.select_related("league", "version__bot__owner").in_bulk(entry_ids)
