"""QuerySets of the bots app."""

from __future__ import annotations

from django.db import models


class BotTokenQuerySet(models.QuerySet):
    """Bot tokens."""

    def live(self) -> BotTokenQuerySet:
        """Tokens not revoked, of enabled bots whose owner is active."""
        return self.filter(revoked_at__isnull=True, bot__enabled=True, bot__owner__is_active=True)
