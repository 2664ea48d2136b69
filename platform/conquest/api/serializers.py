"""API serializers: inputs are validated here (types and shapes), rules live in the services.

Inputs refuse fields they do not know (a read-only field such as a bot's name is an error, not
silently ignored). Outputs are read-only model serializers.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from conquest.bots.models import Bot, BotToken, BotVersion
from conquest.leagues.models import Entry, League
from conquest.matches.models import Match, MatchSeat
from conquest.ratings.models import RatingChange

# --- Inputs ---------------------------------------------------------------------------------


class StrictInput(serializers.Serializer):
    """An input that refuses unknown fields."""

    def validate(self, attrs):
        if isinstance(self.initial_data, dict):
            unknown = sorted(set(self.initial_data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    dict.fromkeys(unknown, "unknown or read-only field")
                )
        return attrs


class RegisterInput(StrictInput):
    """A new account."""

    username = serializers.CharField(max_length=150, validators=[UnicodeUsernameValidator()])
    password = serializers.CharField(write_only=True, style={"input_type": "password"})
    email = serializers.EmailField(required=False, allow_blank=True, default="")


class LoginInput(serializers.Serializer):
    """Credentials exchanged for the user's API token (the schema of AuthTokenSerializer)."""

    username = serializers.CharField()
    password = serializers.CharField(write_only=True, style={"input_type": "password"})


class BotCreateInput(StrictInput):
    """A new bot."""

    name = serializers.SlugField(max_length=64, help_text="Unique public name (a slug).")
    description = serializers.CharField(required=False, allow_blank=True, default="")
    games = serializers.ListField(
        child=serializers.CharField(), required=False, default=list, help_text="Game names."
    )


class BotUpdateInput(StrictInput):
    """What the owner may change on a bot."""

    description = serializers.CharField(required=False, allow_blank=True)
    games = serializers.ListField(child=serializers.CharField(), required=False)
    enabled = serializers.BooleanField(required=False)


class VersionCreateInput(StrictInput):
    """A new version of a bot."""

    kind = serializers.ChoiceField(choices=BotVersion.Kind.choices)
    player = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text="House versions: a house player's name (staff may give module:Class).",
    )
    notes = serializers.CharField(required=False, allow_blank=True, default="")


class VersionUpdateInput(StrictInput):
    """What may change on a version that has not played yet."""

    kind = serializers.ChoiceField(choices=BotVersion.Kind.choices, required=False)
    player = serializers.CharField(required=False, allow_blank=True)
    notes = serializers.CharField(required=False, allow_blank=True)


class TokenCreateInput(StrictInput):
    """A new bot token."""

    name = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


class LeagueInput(serializers.ModelSerializer):
    """A league's settings (create: name, game, variant and seats required; update: any)."""

    class Meta:
        model = League
        fields = [
            "name",
            "game",
            "variant",
            "seats",
            "options",
            "decision_seconds",
            "time_bank_seconds",
            "max_faults",
            "elo_k",
            "ladder",
            "ladder_matches_per_tick",
            "ladder_max_pending",
            "allow_same_owner",
        ]

    def validate_options(self, value):
        if not isinstance(value, dict):
            raise serializers.ValidationError("an object of match options")
        return value

    def validate(self, attrs):
        return StrictInput.validate(self, attrs)


class EnterInput(StrictInput):
    """A bot version to enter in a league."""

    version = serializers.IntegerField(min_value=1, help_text="The BotVersion id.")


class ChallengeInput(StrictInput):
    """The entries of a challenge match, in seat order, the requester's first."""

    entries = serializers.ListField(
        child=serializers.IntegerField(min_value=1), min_length=1, help_text="Entry ids."
    )


class BotFilter(serializers.Serializer):
    """Query parameters of the bot list."""

    owner = serializers.CharField(required=False, help_text="Only the bots of this username.")


class MatchFilter(serializers.Serializer):
    """Query parameters of the match list."""

    league = serializers.IntegerField(required=False, min_value=1, help_text="League id.")
    entry = serializers.IntegerField(
        required=False, min_value=1, help_text="Only matches where this entry has a seat."
    )
    status = serializers.ChoiceField(choices=Match.Status.choices, required=False)


class ReplayQuery(serializers.Serializer):
    """Query parameters of a replay download."""

    view = serializers.ChoiceField(
        choices=[("spectator", "spectator"), ("full", "full")],
        required=False,
        default="spectator",
        help_text="spectator (default): public facts only; full: the stored engine replay "
        "with its seed (staff only).",
    )
    seat = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="The view of this seat (its private events too): for its bot's owner only.",
    )

    def validate(self, attrs):
        if attrs.get("view") == "full" and "seat" in attrs:
            raise serializers.ValidationError({"seat": "choose either view=full or a seat"})
        return attrs


# --- Outputs --------------------------------------------------------------------------------


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


class LeagueOutput(serializers.ModelSerializer):
    """A league."""

    class Meta:
        model = League
        fields = [
            "id",
            "name",
            "game",
            "variant",
            "seats",
            "options",
            "engine_version",
            "decision_seconds",
            "time_bank_seconds",
            "max_faults",
            "elo_k",
            "ladder",
            "ladder_matches_per_tick",
            "ladder_max_pending",
            "allow_same_owner",
            "rated_count",
            "created_at",
        ]
        read_only_fields = fields


class EntryOutput(serializers.ModelSerializer):
    """A league entry: a bot version and its ratings."""

    bot = serializers.IntegerField(source="version.bot_id", read_only=True, help_text="Bot id.")
    bot_name = serializers.CharField(source="version.bot.name", read_only=True)
    version_number = serializers.IntegerField(source="version.number", read_only=True)
    owner = serializers.CharField(source="version.bot.owner.username", read_only=True)

    class Meta:
        model = Entry
        fields = [
            "id",
            "league",
            "bot",
            "bot_name",
            "version",
            "version_number",
            "owner",
            "active",
            "elo",
            "mu",
            "sigma",
            "ordinal",
            "games",
            "created_at",
        ]
        read_only_fields = fields


class StandingOutput(EntryOutput):
    """An entry in its league's standings."""

    rank = serializers.IntegerField(read_only=True, help_text="1 = first.")

    class Meta(EntryOutput.Meta):
        fields = ["rank", *EntryOutput.Meta.fields]
        read_only_fields = fields


class RatingChangeOutput(serializers.ModelSerializer):
    """An entry's ratings before and after one rated match."""

    class Meta:
        model = RatingChange
        fields = [
            "seq",
            "match",
            "elo_before",
            "elo_after",
            "mu_before",
            "mu_after",
            "sigma_before",
            "sigma_after",
            "created_at",
        ]
        read_only_fields = fields


class EntryBotFields(serializers.Serializer):
    """The bot, version and owner behind an object's league ``entry``."""

    bot = serializers.IntegerField(source="entry.version.bot_id", read_only=True)
    bot_name = serializers.CharField(source="entry.version.bot.name", read_only=True)
    version = serializers.IntegerField(source="entry.version_id", read_only=True)
    version_number = serializers.IntegerField(source="entry.version.number", read_only=True)
    owner = serializers.CharField(source="entry.version.bot.owner.username", read_only=True)


class MatchSeatOutput(EntryBotFields, serializers.ModelSerializer):
    """One seat of a match and how it ended."""

    class Meta:
        model = MatchSeat
        fields = [
            "seat",
            "entry",
            "bot",
            "bot_name",
            "version",
            "version_number",
            "owner",
            "placement",
            "score",
            "code",
            "faults",
            "time_used",
        ]
        read_only_fields = fields


class MatchOutput(serializers.ModelSerializer):
    """A match and its seats (never its seed, its log or its worker's lease)."""

    league_name = serializers.CharField(source="league.name", read_only=True)
    requested_by = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )
    seats = MatchSeatOutput(many=True, read_only=True)

    class Meta:
        model = Match
        fields = [
            "id",
            "league",
            "league_name",
            "status",
            "origin",
            "rated",
            "requested_by",
            "created_at",
            "started_at",
            "finished_at",
            "end_reason",
            "steps",
            "rated_seq",
            "seats",
        ]
        read_only_fields = fields


class ErrorDetailOutput(serializers.Serializer):
    """What went wrong."""

    status = serializers.IntegerField(help_text="The HTTP status.")
    code = serializers.CharField(help_text="invalid, not_found, permission_denied, throttled…")
    message = serializers.CharField(help_text="A readable summary.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="400: the messages by field (non_field_errors for the rest).",
    )
    wait = serializers.IntegerField(
        required=False, allow_null=True, help_text="429: seconds to wait."
    )


class ErrorOutput(serializers.Serializer):
    """Every error response."""

    error = ErrorDetailOutput()
