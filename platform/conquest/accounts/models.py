"""The users' API tokens: only a digest of each is kept."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class UserToken(models.Model):
    """An API token of a user (``Authorization: Token <token>``); only its SHA-256 is kept."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="api_tokens",
        help_text="The user it authenticates as.",
    )
    prefix = models.CharField(
        max_length=8, help_text="The token's first characters, to recognise it later."
    )
    digest = models.CharField(
        max_length=64, unique=True, help_text="SHA-256 of the token (the token is never stored)."
    )
    created_at = models.DateTimeField(default=timezone.now, help_text="When it was issued.")
    last_used_at = models.DateTimeField(null=True, blank=True, help_text="Last authentication.")

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user})"
