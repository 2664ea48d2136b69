"""API serializers of matches: matches, their seats and their replays."""

from __future__ import annotations

from rest_framework import serializers

from conquest.api.common import EntryBotFields, ListedChoiceField
from conquest.matches.models import Match, MatchSeat


class MatchFilter(serializers.Serializer):
    """Query parameters of the match list."""

    league = serializers.IntegerField(required=False, min_value=1, help_text="League id.")
    entry = serializers.IntegerField(
        required=False, min_value=1, help_text="Only matches where this entry has a seat."
    )
    status = ListedChoiceField(choices=Match.Status.choices, required=False)


class ReplayQuery(serializers.Serializer):
    """Query parameters of a replay download."""

    view = ListedChoiceField(
        choices=[("spectator", "spectator"), ("full", "full")],
        required=False,
        default="spectator",
        help_text="spectator (default): public facts only; full: the stored engine replay "
        "with its seed, for staff and the owners of the match's bots (when the league allows "
        "it and no match still to be played shares the seed).",
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
            "timeouts",
            "crashes",
            "illegal_actions",
            "disconnects",
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


class BotLogLineOutput(serializers.Serializer):
    """A line a bot sent to its match's log with ``log()``."""

    at = serializers.CharField(help_text="When it was recorded (UTC, YYYY-MM-DD HH:MM:SS).")
    step = serializers.IntegerField(help_text="The match's step (actions applied) then.")
    seat = serializers.IntegerField(help_text="The seat of the bot that sent it.")
    text = serializers.CharField(help_text="The line, as the bot sent it (one line, cut).")


class MatchLogOutput(serializers.Serializer):
    """The bot log lines of a match that the requester may read."""

    match = serializers.IntegerField(help_text="The match.")
    seats = serializers.ListField(
        child=serializers.IntegerField(), help_text="The seats whose lines these are."
    )
    lines = BotLogLineOutput(many=True)
