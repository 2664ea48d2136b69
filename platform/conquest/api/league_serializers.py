"""API serializers of leagues: leagues, their entries, standings and challenges."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema_serializer
from rest_framework import serializers

from conquest.api.common import ListedChoiceField, StrictInput
from conquest.leagues import selectors
from conquest.leagues.models import Entry, League
from conquest.ratings.models import RatingChange


@extend_schema_serializer(
    examples=[
        OpenApiExample(
            "a Risk duel ladder",
            value={
                "name": "Risk duel",
                "game": "risk",
                "variant": "hasbro",
                "seats": 2,
                "options": {"defender_dice": "choose"},
                "decision_seconds": 1.0,
                "ladder": "active",
            },
            request_only=True,
        )
    ]
)
class LeagueInput(serializers.ModelSerializer):
    """A league's settings (create: name, game, variant and seats required; update: any)."""

    serializer_choice_field = ListedChoiceField

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
            "pace_seconds",
            "elo_k",
            "ladder",
            "ladder_matches_per_tick",
            "ladder_max_pending",
            "allow_same_owner",
            "replays_downloadable",
        ]

    def validate_options(self, value):
        if not isinstance(value, dict):
            raise serializers.ValidationError("an object of match options")
        return value

    def validate(self, attrs):
        return StrictInput.validate(self, attrs)


@extend_schema_serializer(
    examples=[OpenApiExample("enter a version", value={"version": 31}, request_only=True)]
)
class EnterInput(StrictInput):
    """A bot version to enter in a league."""

    version = serializers.IntegerField(min_value=1, help_text="The BotVersion id.")


@extend_schema_serializer(
    examples=[
        OpenApiExample(
            "your entry first, then the others in seat order",
            value={"entries": [7, 9]},
            request_only=True,
        )
    ]
)
class ChallengeInput(StrictInput):
    """The entries of a challenge match, in seat order, the requester's first."""

    entries = serializers.ListField(
        child=serializers.IntegerField(min_value=1), min_length=1, help_text="Entry ids."
    )


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
            "pace_seconds",
            "elo_k",
            "ladder",
            "ladder_matches_per_tick",
            "ladder_max_pending",
            "allow_same_owner",
            "replays_downloadable",
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


class EntryStatusOutput(EntryOutput):
    """A league entry, with why it cannot play now if it cannot."""

    waiting = serializers.SerializerMethodField(
        help_text="null when the entry can play; else why not (withdrawn, disabled, a remote "
        "bot with no gateway on the platform or not connected)."
    )

    class Meta(EntryOutput.Meta):
        fields = [*EntryOutput.Meta.fields, "waiting"]
        read_only_fields = fields

    def get_waiting(self, entry) -> str | None:
        return selectors.entry_waiting(entry)


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
