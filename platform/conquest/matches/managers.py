"""QuerySets of the matches app."""

from __future__ import annotations

from django.db import models

PENDING = ("scheduled", "queued", "running")


class MatchQuerySet(models.QuerySet):
    """Matches."""

    def pending(self):
        """Scheduled, queued or running."""
        return self.filter(status__in=PENDING)

    def lapsed(self, now):
        """Running with an expired lease: their worker is gone or stuck."""
        return self.filter(status="running", lease_expires_at__lt=now)
