"""Admin of the rating history: read-only, one row per entry and rated match."""

from __future__ import annotations

from django.contrib import admin

from conquest.ratings.models import RatingChange


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    """Rating changes, read-only: they are written when a rated result is recorded."""

    list_display = (
        "entry",
        "match",
        "seq",
        "elo_before",
        "elo_after",
        "mu_after",
        "sigma_after",
        "created_at",
    )
    list_filter = (("entry__league", admin.RelatedOnlyFieldListFilter),)
    list_select_related = ("entry__league", "entry__version__bot", "match__league")
    search_fields = ("entry__version__bot__name", "=match__id")
    fields = (
        "entry",
        "match",
        "seq",
        "elo_before",
        "elo_after",
        "mu_before",
        "mu_after",
        "sigma_before",
        "sigma_after",
        "created_at",
    )
    readonly_fields = fields

    def get_queryset(self, request):
        # The match's log and replay are never shown here.
        return super().get_queryset(request).defer("match__log", "match__replay")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
