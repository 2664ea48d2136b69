"""API serializers of version tests: a request, and a test with its SPRT figures."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema_serializer
from rest_framework import serializers

from conquest.api.common import StrictInput
from conquest.versiontests import selectors
from conquest.versiontests.models import VersionTest


@extend_schema_serializer(
    examples=[
        OpenApiExample(
            "version 3 against the ladder entry 12",
            value={"baseline": 12, "candidate": 31, "elo0": 0.0, "elo1": 50.0},
            request_only=True,
        )
    ]
)
class VersionTestInput(StrictInput):
    """A version test: the ladder entry to beat, the new version, and the SPRT's settings."""

    baseline = serializers.IntegerField(
        min_value=1, help_text="The league Entry id of the version on the ladder (yours)."
    )
    candidate = serializers.IntegerField(
        min_value=1, help_text="The BotVersion id of the new version of the same bot."
    )
    elo0 = serializers.FloatField(required=False, help_text="H0, in logistic Elo (default 0).")
    elo1 = serializers.FloatField(required=False, help_text="H1, in logistic Elo (default 50).")
    alpha = serializers.FloatField(
        required=False, help_text="Chance of accepting at elo0 (default 0.05)."
    )
    beta = serializers.FloatField(
        required=False, help_text="Chance of rejecting at elo1 (default 0.05)."
    )
    max_pairs = serializers.IntegerField(
        required=False, min_value=1, max_value=100_000, help_text="Pairs at most (1000)."
    )
    concurrency = serializers.IntegerField(
        required=False, min_value=1, max_value=32, help_text="Pairs played at once (4)."
    )


class VersionTestOutput(serializers.ModelSerializer):
    """A version test: its settings, its status, the pairs counted (the pentanomial), the LLR
    with its bounds, and the Elo difference with its 95% interval."""

    bot = serializers.IntegerField(source="baseline.version.bot_id", read_only=True)
    bot_name = serializers.CharField(source="baseline.version.bot.name", read_only=True)
    owner = serializers.CharField(source="requested_by.username", read_only=True)
    baseline_version = serializers.IntegerField(source="baseline.version.number", read_only=True)
    candidate_version = serializers.IntegerField(source="candidate.version.number", read_only=True)
    pentanomial = serializers.ListField(
        child=serializers.IntegerField(),
        read_only=True,
        help_text="Pairs the candidate scored 0, ¼, ½, ¾ and 1.",
    )
    lower_bound = serializers.SerializerMethodField(help_text="Rejected at or below.")
    upper_bound = serializers.SerializerMethodField(help_text="Accepted at or above.")
    elo = serializers.SerializerMethodField(
        help_text="The candidate's Elo difference so far (null before a pair)."
    )
    elo_low = serializers.SerializerMethodField(help_text="Its 95% interval's low end.")
    elo_high = serializers.SerializerMethodField(help_text="Its 95% interval's high end.")

    class Meta:
        model = VersionTest
        fields = [
            "id", "league", "bot", "bot_name", "owner", "baseline", "baseline_version",
            "candidate", "candidate_version", "elo0", "elo1", "alpha", "beta", "max_pairs",
            "concurrency", "status", "llr", "lower_bound", "upper_bound", "pentanomial",
            "voided", "elo", "elo_low", "elo_high", "created_at", "finished_at", "promoted_at",
        ]  # fmt: skip
        read_only_fields = fields

    def _figures(self, test: VersionTest) -> selectors.Figures:
        return selectors.version_test_figures(test)

    def get_lower_bound(self, test: VersionTest) -> float:
        return self._figures(test).lower_bound

    def get_upper_bound(self, test: VersionTest) -> float:
        return self._figures(test).upper_bound

    def get_elo(self, test: VersionTest) -> float | None:
        return self._figures(test).elo

    def get_elo_low(self, test: VersionTest) -> float | None:
        return self._figures(test).elo_low

    def get_elo_high(self, test: VersionTest) -> float | None:
        return self._figures(test).elo_high


class VersionTestFilter(serializers.Serializer):
    """Query parameters of the version test list."""

    bot = serializers.IntegerField(required=False, min_value=1, help_text="Only this bot's.")
