"""API serializers of accounts: registration, login and the current user."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator
from drf_spectacular.utils import OpenApiExample, extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from conquest.api.common import StrictInput
from conquest.bots.models import Bot


@extend_schema_serializer(
    examples=[
        OpenApiExample(
            "a new account",
            value={"username": "ada", "password": "a long passphrase", "email": "ada@example.org"},
            request_only=True,
        )
    ]
)
class RegisterInput(StrictInput):
    """A new account."""

    username = serializers.CharField(max_length=150, validators=[UnicodeUsernameValidator()])
    password = serializers.CharField(write_only=True, style={"input_type": "password"})
    email = serializers.EmailField(required=False, allow_blank=True, default="")


@extend_schema_serializer(
    examples=[
        OpenApiExample(
            "credentials",
            value={"username": "ada", "password": "a long passphrase"},
            request_only=True,
        )
    ]
)
class LoginInput(serializers.Serializer):
    """Credentials exchanged for the user's API token (the schema of AuthTokenSerializer)."""

    username = serializers.CharField()
    password = serializers.CharField(write_only=True, style={"input_type": "password"})


class UserOutput(serializers.ModelSerializer):
    """A user account."""

    class Meta:
        model = get_user_model()
        fields = ["id", "username", "email", "is_staff", "date_joined"]
        read_only_fields = fields


class BotRefOutput(serializers.ModelSerializer):
    """A bot named briefly."""

    class Meta:
        model = Bot
        fields = ["id", "name"]
        read_only_fields = fields


class MeOutput(UserOutput):
    """The current user, and the bot when authenticated by a bot token (context ``bot``)."""

    bot = serializers.SerializerMethodField(
        help_text="The bot of the bot token the request used, else null."
    )

    class Meta(UserOutput.Meta):
        fields = [*UserOutput.Meta.fields, "bot"]
        read_only_fields = fields

    @extend_schema_field(BotRefOutput(allow_null=True))
    def get_bot(self, user) -> dict | None:
        bot = self.context.get("bot")
        return None if bot is None else BotRefOutput(bot).data


class RegisteredOutput(serializers.Serializer):
    """A new account and its API token."""

    id = serializers.IntegerField()
    username = serializers.CharField()
    token = serializers.CharField(help_text="Send it as 'Authorization: Token <token>'.")


class TokenOutput(serializers.Serializer):
    """The user's API token."""

    token = serializers.CharField(help_text="Send it as 'Authorization: Token <token>'.")
