"""The history of every entry's ratings, one row per rated match."""

from __future__ import annotations

from django.db import models

from conquest.leagues.models import Entry
from conquest.matches.models import Match


class RatingChange(models.Model):
    """An entry's ratings before and after one rated match."""

    entry = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="rating_changes", help_text="The entry."
    )
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="rating_changes", help_text="The match."
    )
    seq = models.PositiveIntegerField(help_text="The match's place in the league's sequence.")
    elo_before = models.FloatField(help_text="Elo before the match.")
    elo_after = models.FloatField(help_text="Elo after the match.")
    mu_before = models.FloatField(help_text="μ before.")
    mu_after = models.FloatField(help_text="μ after.")
    sigma_before = models.FloatField(help_text="σ before.")
    sigma_after = models.FloatField(help_text="σ after.")
    created_at = models.DateTimeField(auto_now_add=True, help_text="When it was recorded.")

    class Meta:
        ordering = ["entry", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "match"], name="one_change_per_match")
        ]

    def __str__(self) -> str:
        return f"{self.entry} #{self.seq}: {self.elo_before:.1f} → {self.elo_after:.1f}"
