"""A match of a league and its seats; the lifecycle is DESIGN.md's.

Leagues sit above matches (DESIGN.md, "Pieces and boundaries"): their models are named by
string here, never imported.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from conquest import refs
from conquest.matches.codes import SeatCode
from conquest.matches.managers import MatchQuerySet


class Match(models.Model):
    """One game between entries of a league, run once by a worker and recorded exactly once."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "scheduled: created, not yet sent to the workers"
        QUEUED = "queued", "queued: sent to the workers, waiting for one to claim it"
        RUNNING = "running", "running: claimed by a worker holding its lease"
        FINISHED = "finished", "finished: result, replay and ratings recorded"
        CANCELLED = "cancelled", "cancelled: will not be played"
        ERROR = "error", "error: an infrastructure failure; ratings untouched"

    class Origin(models.TextChoices):
        LADDER = "ladder", "ladder: created by matchmaking"
        CHALLENGE = "challenge", "challenge: requested by a user"
        TOURNAMENT = "tournament", "tournament: a game of a tournament (played first)"

    league = models.ForeignKey(
        refs.LEAGUE, on_delete=models.CASCADE, related_name="matches", help_text="The league."
    )
    seed = models.BigIntegerField(help_text="The engine's seed: the match is a function of it.")
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.SCHEDULED, help_text="Lifecycle."
    )
    origin = models.CharField(
        max_length=10, choices=Origin.choices, default=Origin.LADDER, help_text="Who made it."
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="challenges",
        help_text="The user who asked for a challenge match.",
    )
    rated = models.BooleanField(default=True, help_text="Does its result change ratings?")
    attempts = models.PositiveSmallIntegerField(default=0, help_text="Times a worker claimed it.")
    lease_owner = models.CharField(
        max_length=200, blank=True, help_text="The worker (host, pid, attempt) holding it."
    )
    lease_expires_at = models.DateTimeField(
        null=True, blank=True, help_text="When the lease lapses unless the worker renews it."
    )
    created_at = models.DateTimeField(auto_now_add=True, help_text="When it was created.")
    queued_at = models.DateTimeField(null=True, blank=True, help_text="When it was last sent.")
    started_at = models.DateTimeField(null=True, blank=True, help_text="When it was last claimed.")
    finished_at = models.DateTimeField(null=True, blank=True, help_text="When it ended.")
    end_reason = models.CharField(
        max_length=200, blank=True, help_text="Why it ended (the engine's reason, or the error)."
    )
    last_failure = models.CharField(
        max_length=200,
        blank=True,
        default="",
        db_default="",
        help_text="Why its last attempt failed (an infrastructure reason, or a lost worker): "
        "what the match ends with if it is given up.",
    )
    steps = models.PositiveIntegerField(default=0, help_text="Actions applied.")
    rated_seq = models.PositiveIntegerField(
        null=True, blank=True, help_text="Its place in the league's sequence of rated results."
    )
    log = models.TextField(
        blank=True, help_text="The match log: claims, faults, errors with their traceback."
    )
    replay = models.BinaryField(
        null=True, blank=True, help_text="The engine replay, zlib-compressed JSON (has the seed)."
    )

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = "matches"
        indexes = [
            models.Index(fields=["status", "lease_expires_at"]),
            models.Index(fields=["seed"], name="match_seed"),  # seed_in_play, fresh seeds
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "rated_seq"], name="unique_rated_seq_per_league"
            )
        ]

    def __str__(self) -> str:
        return f"match {self.pk} ({self.league}, {self.status})"


class MatchSeat(models.Model):
    """One seat of a match: who sat there and how it ended for them."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="seats", help_text="The match."
    )
    seat = models.PositiveSmallIntegerField(help_text="Seat number, 0 first to play.")
    entry = models.ForeignKey(
        refs.ENTRY, on_delete=models.PROTECT, related_name="seats", help_text="Who sat here."
    )
    placement = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="1 = first; equal placements are ties."
    )
    score = models.FloatField(null=True, blank=True, help_text="The engine's score.")
    code = models.CharField(
        max_length=10, choices=SeatCode.choices(), blank=True, help_text="How the seat ended."
    )
    faults = models.PositiveSmallIntegerField(
        default=0,
        help_text="Faults committed, every kind: timeouts, crashes, illegal actions and "
        "disconnections.",
    )
    timeouts = models.PositiveSmallIntegerField(
        default=0, help_text="Decisions later than the deadline and the time bank."
    )
    crashes = models.PositiveSmallIntegerField(
        default=0, help_text="Decisions that failed: the bot raised an error."
    )
    illegal_actions = models.PositiveSmallIntegerField(
        default=0, help_text="Actions refused: illegal, malformed or not of the game."
    )
    disconnects = models.PositiveSmallIntegerField(
        default=0, help_text="Decisions lost because the bot was not connected."
    )
    time_used = models.FloatField(default=0.0, help_text="Seconds spent deciding.")

    class Meta:
        ordering = ["match", "seat"]
        # A bot's matches newest first, and its seats' statistics, without the match table.
        indexes = [models.Index(fields=["entry", "match"], name="seat_entry_match")]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="unique_seat"),
            models.UniqueConstraint(fields=["match", "entry"], name="unique_entry_per_match"),
        ]

    def __str__(self) -> str:
        return f"seat {self.seat} of match {self.match_id}: {self.entry}"


class EntrySeatTally(models.Model):
    """An entry's rated results from one seat, summed: kept by ``match_record`` in the
    transaction that records each rated result, so that a leaderboard reads one row per
    entry and seat instead of adding up its matches (always equal to that sum)."""

    entry = models.ForeignKey(
        refs.ENTRY, on_delete=models.CASCADE, related_name="seat_tallies", help_text="The entry."
    )
    seat = models.PositiveSmallIntegerField(help_text="The seat number, 0 first to play.")
    games = models.PositiveIntegerField(default=0, help_text="Rated results from this seat.")
    wins = models.PositiveIntegerField(default=0, help_text="Of them, first places (ties too).")
    placements = models.PositiveIntegerField(
        default=0, help_text="The sum of the placements (for the average place)."
    )
    faults = models.PositiveIntegerField(default=0, help_text="Faults of every kind committed.")
    timeouts = models.PositiveIntegerField(default=0, help_text="Late decisions.")
    crashes = models.PositiveIntegerField(default=0, help_text="Decisions the bot failed.")
    illegal_actions = models.PositiveIntegerField(default=0, help_text="Illegal actions sent.")
    disconnects = models.PositiveIntegerField(default=0, help_text="Connections lost.")
    forfeits = models.PositiveIntegerField(
        default=0, help_text="Results in which the seat forfeited (any code but normal)."
    )

    class Meta:
        ordering = ["entry", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "seat"], name="one_tally_per_entry_seat")
        ]

    def __str__(self) -> str:
        return f"{self.entry} from seat {self.seat}: {self.wins}/{self.games}"
