"""API serializers of bots: bots, their versions and their tokens."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema_serializer
from rest_framework import serializers

from conquest.api.common import ListedChoiceField, StrictInput
from conquest.bots.models import Bot, BotToken, BotVersion


@extend_schema_serializer(
    examples=[
        OpenApiExample(
            "a bot for two games",
            value={
                "name": "ada-bot",
                "description": "attacks where it outnumbers",
                "games": ["risk", "risk2210"],
            },
            request_only=True,
        )
    ]
)
class BotCreateInput(StrictInput):
    """A new bot."""

    name = serializers.SlugField(max_length=64, help_text="Unique public name (a slug).")
    description = serializers.CharField(required=False, allow_blank=True, default="")
    games = serializers.ListField(
        child=serializers.CharField(), required=False, default=list, help_text="Game names."
    )


@extend_schema_serializer(
    examples=[OpenApiExample("switch a bot off", value={"enabled": False}, request_only=True)]
)
class BotUpdateInput(StrictInput):
    """What the owner may change on a bot."""

    description = serializers.CharField(required=False, allow_blank=True)
    games = serializers.ListField(child=serializers.CharField(), required=False)
    enabled = serializers.BooleanField(required=False)


@extend_schema_serializer(
    examples=[
        OpenApiExample(
            "a remote version", value={"kind": "remote", "notes": "first try"}, request_only=True
        )
    ]
)
class VersionCreateInput(StrictInput):
    """A new version of a bot."""

    kind = ListedChoiceField(choices=BotVersion.Kind.choices)
    player = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text="House versions: a house player's name (staff may give module:Class).",
    )
    notes = serializers.CharField(required=False, allow_blank=True, default="")


@extend_schema_serializer(
    examples=[
        OpenApiExample("new notes", value={"notes": "plays the defence dice"}, request_only=True)
    ]
)
class VersionUpdateInput(StrictInput):
    """What may change on a version that has not played yet."""

    kind = ListedChoiceField(choices=BotVersion.Kind.choices, required=False)
    player = serializers.CharField(required=False, allow_blank=True)
    notes = serializers.CharField(required=False, allow_blank=True)


@extend_schema_serializer(
    examples=[
        OpenApiExample("a token for one machine", value={"name": "laptop"}, request_only=True)
    ]
)
class TokenCreateInput(StrictInput):
    """A new bot token."""

    name = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class BotFilter(serializers.Serializer):
    """Query parameters of the bot list."""

    owner = serializers.CharField(required=False, help_text="Only the bots of this username.")


class BotOutput(serializers.ModelSerializer):
    """A bot."""

    owner = serializers.CharField(source="owner.username", read_only=True)

    class Meta:
        model = Bot
        fields = ["id", "name", "owner", "description", "games", "enabled", "created_at"]
        read_only_fields = fields


class VersionOutput(serializers.ModelSerializer):
    """A bot version."""

    bot_name = serializers.CharField(source="bot.name", read_only=True)
    frozen = serializers.BooleanField(
        read_only=True, help_text="Has played: it can no longer change."
    )

    class Meta:
        model = BotVersion
        fields = [
            "id",
            "bot",
            "bot_name",
            "number",
            "kind",
            "player",
            "notes",
            "created_at",
            "first_played_at",
            "frozen",
        ]
        read_only_fields = fields


class BotTokenOutput(serializers.ModelSerializer):
    """A bot token as listed: never the token itself."""

    class Meta:
        model = BotToken
        fields = ["id", "bot", "name", "prefix", "created_at", "last_used_at", "revoked_at"]
        read_only_fields = fields


class IssuedBotTokenOutput(BotTokenOutput):
    """A bot token just issued, with its plaintext: shown this once only."""

    token = serializers.SerializerMethodField(
        help_text="The token: send it as 'Authorization: Bot <token>'. Never shown again."
    )

    class Meta(BotTokenOutput.Meta):
        fields = [*BotTokenOutput.Meta.fields, "token"]
        read_only_fields = fields

    def get_token(self, obj) -> str:
        return self.context["plaintext"]
