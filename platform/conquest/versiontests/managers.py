"""QuerySets of the version tests app."""

from __future__ import annotations

from django.db import models

ENDED = ("finished", "error", "cancelled")  # a match that will not be played again by itself


class VersionTestQuerySet(models.QuerySet):
    """Version tests."""

    def running(self):
        """Tests still playing pairs."""
        return self.filter(status="running")


class VersionTestPairQuerySet(models.QuerySet):
    """Pairs of version tests."""

    def open(self):
        """Pairs not yet counted nor void."""
        return self.filter(category__isnull=True, void=False)
