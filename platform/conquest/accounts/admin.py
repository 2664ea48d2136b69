"""The users' API tokens in the admin: listed and deleted, never created (a token is shown
once, by the API that issues it)."""

from __future__ import annotations

from django.contrib import admin

from conquest.accounts.models import UserToken


@admin.register(UserToken)
class UserTokenAdmin(admin.ModelAdmin):
    """Users' API tokens (prefix and dates, never the digest); delete one to revoke it."""

    list_display = ("prefix", "user", "created_at", "last_used_at")
    list_select_related = ("user",)
    search_fields = ("user__username", "prefix")
    fields = ("prefix", "user", "created_at", "last_used_at")
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
