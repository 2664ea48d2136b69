"""A version test of a league: its settings, its SPRT state, its pairs and their matches."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from conquest.leagues.models import Entry, League
from conquest.matches.models import Match
from conquest.versiontests.managers import VersionTestPairQuerySet, VersionTestQuerySet


class VersionTest(models.Model):
    """A candidate version of a bot against its baseline (the version on the league's ladder),
    decided by a sequential probability ratio test over paired matches (see sprt.py)."""

    class Status(models.TextChoices):
        RUNNING = "running", "running: pairs are played until the LLR reaches a bound"
        ACCEPTED = "accepted", "accepted: the candidate is stronger (H1)"
        REJECTED = "rejected", "rejected: the candidate is not stronger (H0)"
        INCONCLUSIVE = "inconclusive", "inconclusive: the most pairs played, no bound reached"
        CANCELLED = "cancelled", "cancelled: stopped by its owner or staff"

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="version_tests", help_text="The league."
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="version_tests",
        help_text="Who asked for it: the bot's owner (or staff).",
    )
    baseline = models.ForeignKey(
        Entry,
        on_delete=models.PROTECT,
        related_name="baseline_tests",
        help_text="The entry of the version on the ladder now.",
    )
    candidate = models.ForeignKey(
        Entry,
        on_delete=models.PROTECT,
        related_name="candidate_tests",
        help_text="The entry of the new version (withdrawn from the ladder until promoted).",
    )
    elo0 = models.FloatField(default=0.0, help_text="H0: the candidate is this Elo stronger.")
    elo1 = models.FloatField(default=50.0, help_text="H1: the candidate is this Elo stronger.")
    alpha = models.FloatField(
        default=0.05, help_text="The chance of accepting a candidate no stronger than elo0."
    )
    beta = models.FloatField(
        default=0.05, help_text="The chance of rejecting a candidate as strong as elo1."
    )
    max_pairs = models.PositiveIntegerField(
        default=1000, help_text="Pairs at most: the test is inconclusive after them."
    )
    concurrency = models.PositiveSmallIntegerField(
        default=4, help_text="Pairs played at the same time."
    )
    status = models.CharField(
        max_length=12, choices=Status.choices, default=Status.RUNNING, help_text="Lifecycle."
    )
    llr = models.FloatField(default=0.0, help_text="The log-likelihood ratio so far.")
    pairs_0 = models.PositiveIntegerField(default=0, help_text="Pairs the candidate scored 0.")
    pairs_1 = models.PositiveIntegerField(default=0, help_text="Pairs the candidate scored ¼.")
    pairs_2 = models.PositiveIntegerField(default=0, help_text="Pairs the candidate scored ½.")
    pairs_3 = models.PositiveIntegerField(default=0, help_text="Pairs the candidate scored ¾.")
    pairs_4 = models.PositiveIntegerField(default=0, help_text="Pairs the candidate scored 1.")
    voided = models.PositiveIntegerField(
        default=0, help_text="Pairs not counted: a match of theirs failed or was cancelled."
    )
    created_at = models.DateTimeField(auto_now_add=True, help_text="When it was created.")
    finished_at = models.DateTimeField(
        null=True, blank=True, help_text="When it reached its verdict or was stopped."
    )
    promoted_at = models.DateTimeField(
        null=True, blank=True, help_text="When the candidate replaced the baseline on the ladder."
    )

    objects = VersionTestQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.candidate.version} against {self.baseline.version} in {self.league}"

    @property
    def pentanomial(self) -> list[int]:
        """The pairs counted, by the candidate's score: 0, ¼, ½, ¾, 1."""
        return [self.pairs_0, self.pairs_1, self.pairs_2, self.pairs_3, self.pairs_4]


class VersionTestPair(models.Model):
    """A pair of a version test: its games on one seed, the seats rotated (see services.py)."""

    test = models.ForeignKey(
        VersionTest, on_delete=models.CASCADE, related_name="pairs", help_text="The test."
    )
    number = models.PositiveIntegerField(help_text="1, 2, 3… in order of scheduling.")
    seed = models.BigIntegerField(help_text="The seed every game of the pair is played on.")
    category = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Once its games have ended: the candidate's pair score times 4 (0 to 4).",
    )
    void = models.BooleanField(
        default=False, help_text="Not counted: a game failed or was cancelled."
    )

    objects = VersionTestPairQuerySet.as_manager()

    class Meta:
        ordering = ["test", "number"]
        constraints = [
            models.UniqueConstraint(fields=["test", "number"], name="unique_version_test_pair")
        ]

    def __str__(self) -> str:
        return f"pair {self.number} of {self.test_id}"


class VersionTestGame(models.Model):
    """A match of a pair: ``half`` says which of the pair's two seatings it plays."""

    pair = models.ForeignKey(
        VersionTestPair, on_delete=models.CASCADE, related_name="games", help_text="The pair."
    )
    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, related_name="version_test_game", help_text="The match."
    )
    half = models.PositiveSmallIntegerField(
        help_text="0 or 1: the candidate's and the baseline's seats in this half of the pair."
    )

    class Meta:
        ordering = ["pair", "half", "match"]

    def __str__(self) -> str:
        return f"{self.pair} half {self.half}: match {self.match_id}"
