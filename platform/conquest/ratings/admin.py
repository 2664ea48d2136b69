"""Admin of the rating history: read-only, one row per entry and rated match."""

from __future__ import annotations

from django.contrib import admin

from conquest.admin_readonly import rounded
from conquest.ratings.models import RatingChange


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    """Rating changes, read-only: they are written when a rated result is recorded.

    Elo shows to 1 decimal, μ and σ to 2.
    """

    list_display = (
        "entry",
        "match",
        "sequence",
        "elo_before_rounded",
        "elo_after_rounded",
        "mu_after_rounded",
        "sigma_after_rounded",
        "created_at",
    )
    list_filter = (("entry__league", admin.RelatedOnlyFieldListFilter),)
    list_select_related = ("entry__league", "entry__version__bot", "match__league")
    search_fields = ("entry__version__bot__name", "=match__id")
    fields = (
        "entry",
        "match",
        "sequence",
        "elo_before_rounded",
        "elo_after_rounded",
        "mu_before_rounded",
        "mu_after_rounded",
        "sigma_before_rounded",
        "sigma_after_rounded",
        "created_at",
    )
    readonly_fields = fields
    elo_before_rounded = rounded("elo_before", 1, "Elo before")
    elo_after_rounded = rounded("elo_after", 1, "Elo after")
    mu_before_rounded = rounded("mu_before", 2, "μ before")
    mu_after_rounded = rounded("mu_after", 2, "μ after")
    sigma_before_rounded = rounded("sigma_before", 2, "σ before")
    sigma_after_rounded = rounded("sigma_after", 2, "σ after")

    @admin.display(description="rated result no.", ordering="seq")
    def sequence(self, change: RatingChange) -> int:
        return change.seq

    def get_queryset(self, request):
        # The match's log and replay are never shown here.
        return super().get_queryset(request).defer("match__log", "match__replay")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
