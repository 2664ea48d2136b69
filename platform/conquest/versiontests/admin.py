"""Admin of version tests: read-only (their owners ask for them through the API), and the
cancel action, through ``conquest.versiontests.services``."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import ValidationError

from conquest.admin_readonly import rounded
from conquest.versiontests import services
from conquest.versiontests.models import VersionTest

SETTINGS = ("elo0", "elo1", "alpha", "beta", "max_pairs", "concurrency")


@admin.register(VersionTest)
class VersionTestAdmin(admin.ModelAdmin):
    """Version tests: settings, status, pentanomial and LLR; cancel a running one."""

    list_display = ("pk", "__str__", "status", "llr_rounded", "pentanomial", "promoted_at")
    list_filter = ("status",)
    list_select_related = ("league", "candidate__version__bot", "baseline__version__bot")
    search_fields = ("baseline__version__bot__name", "league__name")
    fields = (
        "league", "requested_by", "baseline", "candidate", *SETTINGS, "status", "llr",
        "pentanomial", "voided", "created_at", "finished_at", "promoted_at",
    )  # fmt: skip
    readonly_fields = fields
    actions = ["cancel"]
    llr_rounded = rounded("llr", 2, "LLR")

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.action(description="Cancel the selected running tests")
    def cancel(self, request, queryset) -> None:
        for test in queryset:
            try:
                services.version_test_cancel(user=request.user, test=test)
            except ValidationError as error:
                self.message_user(request, f"{test}: {error.messages[0]}", messages.WARNING)
