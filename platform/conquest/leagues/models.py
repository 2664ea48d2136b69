"""Leagues (a game, a variant, seats, time control and ladder settings) and their entries."""

from __future__ import annotations

from django.db import models

from conquest.bots.models import BotVersion
from conquest.leagues.managers import EntryQuerySet
from conquest.ratings.maths import ELO_START, MU_START, SIGMA_START, conservative


class League(models.Model):
    """A competition frame: bots entered here are rated against each other, and only here."""

    class Ladder(models.TextChoices):
        ACTIVE = "active", "active: matchmaking fills it continuously"
        PAUSED = "paused", "paused: no new ladder matches; running ones finish"
        OFF = "off", "off: no ladder (challenges and tournaments only)"

    name = models.CharField(max_length=100, unique=True, help_text="Unique public name.")
    game = models.CharField(max_length=32, help_text="The engine's game name (e.g. risk).")
    variant = models.CharField(max_length=64, help_text="The game's variant (e.g. hasbro).")
    seats = models.PositiveSmallIntegerField(help_text="Seats per match.")
    options = models.JSONField(
        default=dict, blank=True, help_text="Match options for the engine (checked by it)."
    )
    engine_version = models.CharField(
        max_length=32,
        help_text="The engine version the league's ratings belong to: its matches are played "
        "on this version while the engine still plays it, and refused once it does not.",
    )
    decision_seconds = models.FloatField(
        default=1.0, help_text="Time for one decision before the time bank is drawn on."
    )
    time_bank_seconds = models.FloatField(
        default=10.0, help_text="Extra time per seat per match, spent by slow decisions."
    )
    max_faults = models.PositiveSmallIntegerField(
        default=3,
        help_text="Timeouts, crashes or illegal actions a seat may commit before it forfeits; "
        "each one plays the default action instead.",
    )
    pace_seconds = models.FloatField(
        default=0.0,
        help_text="Matches of house bots only: the least time between two actions, so that "
        "spectators can follow them live (0: full speed; charged to no seat).",
    )
    elo_k = models.FloatField(default=32.0, help_text="Elo K factor (see ratings/maths.py).")
    ladder = models.CharField(
        max_length=8, choices=Ladder.choices, default=Ladder.ACTIVE, help_text="Ladder state."
    )
    ladder_matches_per_tick = models.PositiveSmallIntegerField(
        default=4, help_text="Most ladder matches created per matchmaking tick."
    )
    ladder_max_pending = models.PositiveSmallIntegerField(
        default=8, help_text="Cap on this league's scheduled, queued and running ladder matches."
    )
    allow_same_owner = models.BooleanField(
        default=False, help_text="May two entries of the same owner meet in one match?"
    )
    replays_downloadable = models.BooleanField(
        default=True,
        help_text="May the owners of a finished match's bots download its full replay (with "
        "the seed), to re-run it locally? Only once no match still to be played shares the "
        "seed.",
    )
    rated_count = models.PositiveIntegerField(
        default=0, help_text="Rated results so far: the next one gets this number plus one."
    )
    created_at = models.DateTimeField(auto_now_add=True, help_text="When it was created.")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A bot version in a league, with its current ratings."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="entries", help_text="The league."
    )
    version = models.ForeignKey(
        BotVersion, on_delete=models.PROTECT, related_name="entries", help_text="Who plays."
    )
    active = models.BooleanField(
        default=True, help_text="Withdrawn entries keep their history but get no new matches."
    )
    elo = models.FloatField(default=ELO_START, help_text="Current Elo.")
    mu = models.FloatField(default=MU_START, help_text="OpenSkill mean skill μ.")
    sigma = models.FloatField(default=SIGMA_START, help_text="OpenSkill uncertainty σ.")
    ordinal = models.FloatField(
        default=conservative(MU_START, SIGMA_START),
        help_text="μ − 3σ, the conservative estimate the ladder is ordered by.",
    )
    games = models.PositiveIntegerField(default=0, help_text="Rated matches played.")
    created_at = models.DateTimeField(auto_now_add=True, help_text="When it entered.")

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ["-ordinal", "pk"]
        verbose_name_plural = "entries"
        constraints = [models.UniqueConstraint(fields=["league", "version"], name="unique_entry")]

    def __str__(self) -> str:
        return f"{self.version} in {self.league}"
