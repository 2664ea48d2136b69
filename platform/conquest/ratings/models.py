"""The history of every entry's ratings, one row per rated match.

Ratings sit below leagues and matches: their models are named by string, never imported.
"""

from __future__ import annotations

from django.db import models

from conquest import refs


class RatingChange(models.Model):
    """An entry's ratings before and after one rated match."""

    entry = models.ForeignKey(
        refs.ENTRY,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        db_index=False,  # one_change_per_match's index (entry, match) serves it
        help_text="The entry.",
    )
    match = models.ForeignKey(
        refs.MATCH,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        help_text="The match.",
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

    @property
    def elo_delta(self) -> float:
        """How much the match moved the Elo."""
        return self.elo_after - self.elo_before

    @property
    def mu_delta(self) -> float:
        """How much the match moved μ."""
        return self.mu_after - self.mu_before

    def __str__(self) -> str:
        return f"{self.entry} #{self.seq}: {self.elo_before:.1f} → {self.elo_after:.1f}"
