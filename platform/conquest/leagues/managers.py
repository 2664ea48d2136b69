"""QuerySets of the leagues app."""

from __future__ import annotations

from django.db import models


class EntryQuerySet(models.QuerySet):
    """League entries."""

    def playable(self):
        """Active entries whose bot is enabled."""
        return self.filter(active=True, version__bot__enabled=True)

    def standings(self):
        """Ordered by the conservative rating, then Elo."""
        return self.select_related("version__bot__owner").order_by("-ordinal", "-elo", "pk")
