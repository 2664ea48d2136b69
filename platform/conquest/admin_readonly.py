"""A tabular admin inline that only shows rows (shared by the apps' admins)."""

from __future__ import annotations

from django.contrib import admin


class ReadOnlyInline(admin.TabularInline):
    """Rows shown, never added, changed or deleted here; ``fields`` are all read-only."""

    extra = 0
    can_delete = False

    def get_readonly_fields(self, request, obj=None):
        return self.fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
