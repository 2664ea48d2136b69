"""QuerySets of the tournaments app."""

from __future__ import annotations

from django.db import models

ENDED = ("finished", "cancelled")  # a round waits for every match to end so (error waits too)


class TournamentQuerySet(models.QuerySet):
    """Tournaments."""

    def running(self):
        """Tournaments whose matches are being played."""
        return self.filter(state="running")


class TournamentEntryQuerySet(models.QuerySet):
    """Entries of tournaments."""

    def in_seed_order(self):
        """By seed (then registration), with their league entry, version and bot."""
        return self.select_related("entry__version__bot__owner").order_by("seed", "pk")

    def competing(self):
        """Not disqualified."""
        return self.filter(disqualified_at__isnull=True)


class TournamentGameQuerySet(models.QuerySet):
    """Games of tournaments."""

    def unended(self):
        """Games whose match is not finished or cancelled (an error waits for a re-run)."""
        return self.exclude(match__status__in=ENDED)
