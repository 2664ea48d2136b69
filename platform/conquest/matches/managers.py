"""QuerySets of the matches app."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

PENDING = ("scheduled", "queued", "running")


class MatchQuerySet(models.QuerySet):
    """Matches."""

    def pending(self):
        """Scheduled, queued or running."""
        return self.filter(status__in=PENDING)

    def to_be_played(self):
        """Matches that may still be played: scheduled, queued or running; in error, or
        cancelled outside a tournament, since an admin may re-run them (same seed,
        ``services.match_rerun``; a tournament re-runs its games in error only)."""
        return self.filter(
            Q(status__in=PENDING)
            | Q(status="error")
            | (Q(status="cancelled") & ~Q(origin="tournament"))
        )

    def lapsed(self, now):
        """Running with an expired lease: their worker is gone or stuck."""
        return self.filter(status="running", lease_expires_at__lt=now)
