"""Bots, their immutable versions and their API tokens."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from conquest.bots.managers import BotTokenQuerySet


class Bot(models.Model):
    """A bot: a named program of one user, which plays through its versions."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="bots",
        help_text="The user who owns and may change this bot.",
    )
    name = models.SlugField(max_length=64, unique=True, help_text="Unique public name.")
    description = models.TextField(blank=True, help_text="Free text shown on the bot's page.")
    games = models.JSONField(
        default=list, blank=True, help_text="Names of the games this bot plays (engines)."
    )
    enabled = models.BooleanField(
        default=True, help_text="A disabled bot is never scheduled; its past matches stand."
    )
    created_at = models.DateTimeField(auto_now_add=True, help_text="When the bot was created.")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class BotVersion(models.Model):
    """One version of a bot; immutable once it has played a match."""

    class Kind(models.TextChoices):
        HOUSE = "house", "house: a player that runs inside the worker"
        REMOTE = "remote", "remote: a program that connects through the gRPC gateway"

    bot = models.ForeignKey(
        Bot, on_delete=models.CASCADE, related_name="versions", help_text="The bot."
    )
    number = models.PositiveIntegerField(help_text="1, 2, 3… in order of creation, per bot.")
    kind = models.CharField(
        max_length=8, choices=Kind.choices, help_text="Where the version's decisions come from."
    )
    player = models.CharField(
        max_length=200,
        blank=True,
        help_text="House versions: an installed player's name (e.g. heuristic); "
        "staff may also give module:Class.",
    )
    notes = models.TextField(blank=True, help_text="What changed in this version.")
    created_at = models.DateTimeField(auto_now_add=True, help_text="When it was created.")
    first_played_at = models.DateTimeField(
        null=True, blank=True, help_text="When it first played; from then on it is frozen."
    )

    class Meta:
        ordering = ["bot", "number"]
        constraints = [
            models.UniqueConstraint(fields=["bot", "number"], name="unique_version_number")
        ]

    def __str__(self) -> str:
        return f"{self.bot.name} v{self.number}"

    @property
    def frozen(self) -> bool:
        """True once the version has played: it can no longer be edited."""
        return self.first_played_at is not None


class BotToken(models.Model):
    """An API token scoped to one bot; only its SHA-256 digest is kept."""

    bot = models.ForeignKey(
        Bot, on_delete=models.CASCADE, related_name="tokens", help_text="The bot it acts for."
    )
    name = models.CharField(max_length=100, blank=True, help_text="A label chosen by the owner.")
    prefix = models.CharField(
        max_length=12, help_text="The token's first characters, to recognise it later."
    )
    digest = models.CharField(
        max_length=64, unique=True, help_text="SHA-256 of the token (the token is never stored)."
    )
    created_at = models.DateTimeField(auto_now_add=True, help_text="When it was issued.")
    last_used_at = models.DateTimeField(null=True, blank=True, help_text="Last authentication.")
    revoked_at = models.DateTimeField(
        null=True, blank=True, help_text="When it was revoked; a revoked token never works."
    )

    objects = BotTokenQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.bot.name})"
