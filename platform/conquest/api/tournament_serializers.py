"""API serializers of tournaments: their settings, field, standings, progress and games."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from conquest.api.common import EntryBotFields, ListedChoiceField, StrictInput
from conquest.tournaments import selectors
from conquest.tournaments.models import Tournament, TournamentEntry


@extend_schema_serializer(
    examples=[
        OpenApiExample(
            "a Swiss tournament",
            value={
                "name": "Winter cup",
                "league": 1,
                "format": "swiss",
                "rounds": 5,
                "games": 2,
                "rated": False,
            },
            request_only=True,
        )
    ]
)
class TournamentInput(serializers.ModelSerializer):
    """A tournament's settings (create: name, league and format required; update: any)."""

    serializer_choice_field = ListedChoiceField

    class Meta:
        model = Tournament
        fields = ["name", "league", "format", "games", "rounds", "advance", "points", "rated"]

    def validate(self, attrs):
        return StrictInput.validate(self, attrs)


@extend_schema_serializer(
    examples=[OpenApiExample("register a league entry", value={"entry": 7}, request_only=True)]
)
class RegisterEntryInput(StrictInput):
    """A league entry to register."""

    entry = serializers.IntegerField(min_value=1, help_text="The league Entry id.")


@extend_schema_serializer(
    examples=[
        OpenApiExample(
            "disqualify, its past games standing", value={"void": False}, request_only=True
        )
    ]
)
class DisqualifyInput(StrictInput):
    """How a disqualification treats the entry's games."""

    void = serializers.BooleanField(
        required=False,
        default=False,
        help_text="false: its past games stand; true: none of its games count (not in a "
        "knockout). Its remaining games are forfeited either way.",
    )


class ExportQuery(serializers.Serializer):
    """Query parameters of an export."""

    type = ListedChoiceField(choices=["json", "csv"], default="json")
    table = ListedChoiceField(
        choices=["standings", "games"],
        default="standings",
        help_text="CSV only: one line per entry (standings) or per seat of each game (games).",
    )


class TournamentOutput(serializers.ModelSerializer):
    """A tournament."""

    league_name = serializers.CharField(source="league.name", read_only=True)
    seats = serializers.IntegerField(source="league.seats", read_only=True)
    tiebreaks = serializers.SerializerMethodField(help_text="The tie-breaks, in order.")

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "league",
            "league_name",
            "seats",
            "format",
            "state",
            "games",
            "rounds",
            "advance",
            "points",
            "rated",
            "tiebreaks",
            "current_round",
            "created_at",
            "started_at",
            "finished_at",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_tiebreaks(self, tournament) -> list[str]:
        return list(selectors.tiebreak_names(tournament))


class TournamentEntryOutput(EntryBotFields, serializers.ModelSerializer):
    """An entry of a tournament's field."""

    class Meta:
        model = TournamentEntry
        fields = [
            "id",
            "tournament",
            "entry",
            "bot",
            "bot_name",
            "version",
            "version_number",
            "owner",
            "seed",
            "disqualified_at",
            "voided",
            "created_at",
        ]
        read_only_fields = fields


class StandingRowOutput(serializers.Serializer):
    """One line of a tournament's standings."""

    rank = serializers.IntegerField()
    entry = serializers.IntegerField(help_text="The tournament entry id.")
    league_entry = serializers.IntegerField()
    bot = serializers.CharField()
    version = serializers.IntegerField(help_text="The version number.")
    owner = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)
    points = serializers.FloatField()
    games = serializers.IntegerField()
    byes = serializers.IntegerField()
    tiebreaks = serializers.DictField(
        child=serializers.FloatField(), help_text="The tie-break values, by name."
    )
    seats = serializers.ListField(
        child=serializers.IntegerField(), help_text="Games sat in each seat."
    )
    disqualified = serializers.BooleanField()
    voided = serializers.BooleanField()


class SeatRateOutput(serializers.Serializer):
    """How often one seat won in the tournament."""

    seat = serializers.IntegerField()
    games = serializers.IntegerField()
    wins = serializers.FloatField(help_text="A first place shared by t seats counts 1/t.")
    rate = serializers.FloatField(allow_null=True)


class StandingsOutput(serializers.Serializer):
    """A tournament's standings, its tie-breaks in order and its seat win rates."""

    tiebreaks = serializers.ListField(child=serializers.CharField())
    standings = StandingRowOutput(many=True)
    seat_win_rates = SeatRateOutput(many=True)


class ProgressOutput(serializers.Serializer):
    """Where a tournament stands."""

    round = serializers.IntegerField()
    done = serializers.IntegerField(help_text="Matches finished or cancelled.")
    running = serializers.IntegerField()
    left = serializers.IntegerField(
        help_text="Matches queued, scheduled (held while paused) or not yet paired."
    )
    error = serializers.IntegerField(help_text="Matches in error: the round waits for a re-run.")
    expected_end = serializers.DateTimeField(
        allow_null=True,
        help_text="Mean match duration × (left + running) ÷ workers seen in the last 10 minutes.",
    )


class GameSeatOutput(serializers.Serializer):
    """One seat of a tournament game."""

    seat = serializers.IntegerField()
    entry = serializers.IntegerField(help_text="The tournament entry id.")
    bot = serializers.CharField()
    placement = serializers.IntegerField(allow_null=True)
    score = serializers.FloatField(allow_null=True)
    points = serializers.FloatField(allow_null=True, help_text="Null when the game counts not.")


class GameOutput(serializers.Serializer):
    """One game of a tournament."""

    round = serializers.IntegerField()
    table = serializers.IntegerField()
    match = serializers.IntegerField()
    status = serializers.CharField()
    counted = serializers.BooleanField(help_text="Finished, with no voided entry at the table.")
    seats = GameSeatOutput(many=True)
