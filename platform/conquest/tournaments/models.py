"""Tournaments of a league, their field of entries, their games and their byes."""

from __future__ import annotations

from django.db import models

from conquest.leagues.models import Entry, League
from conquest.matches.models import Match
from conquest.tournaments.managers import (
    TournamentEntryQuerySet,
    TournamentGameQuerySet,
    TournamentQuerySet,
)


class Tournament(models.Model):
    """A competition of a fixed field of a league's entries in one format (see formats.py)."""

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", "round robin: every group of entries meets"
        SWISS = "swiss", "Swiss: rounds paired by standing"
        KNOCKOUT = "knockout", "knockout: the top places of each table advance"

    class State(models.TextChoices):
        DRAFT = "draft", "draft: being set up"
        REGISTRATION = "registration", "registration: entries are added or removed"
        RUNNING = "running", "running: matches are played, rounds paired as they end"
        PAUSED = "paused", "paused: no match is sent; running ones finish"
        FINISHED = "finished", "finished: every round played"
        CANCELLED = "cancelled", "cancelled: stopped for good"

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="tournaments", help_text="The league."
    )
    name = models.CharField(max_length=100, unique=True, help_text="Unique public name.")
    format = models.CharField(
        max_length=12, choices=Format.choices, help_text="Round robin, Swiss or knockout."
    )
    state = models.CharField(
        max_length=12, choices=State.choices, default=State.DRAFT, help_text="Lifecycle."
    )
    games = models.PositiveSmallIntegerField(
        default=1,
        help_text="Games per group (round robin) or table (Swiss, knockout); the seat order "
        "rotates from one game to the next.",
    )
    rounds = models.PositiveSmallIntegerField(
        default=0, help_text="Swiss only: the number of rounds."
    )
    advance = models.PositiveSmallIntegerField(
        default=1, help_text="Knockout only: the places of each table that go through."
    )
    points = models.JSONField(
        default=list,
        blank=True,
        help_text="Points per placement, first place first (one per seat); empty: the "
        "number of seats beaten (k − 1 … 0).",
    )
    rated = models.BooleanField(
        default=False, help_text="Do its matches change the league's ratings?"
    )
    current_round = models.PositiveSmallIntegerField(
        default=0, help_text="The round being played (a round robin schedules them all)."
    )
    created_at = models.DateTimeField(auto_now_add=True, help_text="When it was created.")
    started_at = models.DateTimeField(null=True, blank=True, help_text="When it started.")
    finished_at = models.DateTimeField(
        null=True, blank=True, help_text="When it finished or was cancelled."
    )

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.name


class TournamentEntry(models.Model):
    """A league entry (a bot version, frozen at registration) in a tournament's field."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", help_text="The tournament."
    )
    entry = models.ForeignKey(
        Entry,
        on_delete=models.PROTECT,
        related_name="tournament_entries",
        help_text="The league entry: its bot version plays every game.",
    )
    seed = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="1 = best: by league rating when the tournament starts."
    )
    disqualified_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When it was disqualified: its remaining games are forfeits.",
    )
    voided = models.BooleanField(
        default=False, help_text="Disqualified with its games voided: they count for nobody."
    )
    created_at = models.DateTimeField(auto_now_add=True, help_text="When it was registered.")

    objects = TournamentEntryQuerySet.as_manager()

    class Meta:
        ordering = ["tournament", "seed", "pk"]
        verbose_name_plural = "tournament entries"
        constraints = [
            models.UniqueConstraint(fields=["tournament", "entry"], name="unique_tournament_entry")
        ]

    def __str__(self) -> str:
        return f"{self.entry.version} in {self.tournament}"


class TournamentGame(models.Model):
    """One game of a tournament: a match, its round, table and number at the table."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="tournament_games",
        help_text="The tournament.",
    )
    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, related_name="tournament_game", help_text="The match."
    )
    round = models.PositiveSmallIntegerField(help_text="Round number, 1 first.")
    table = models.PositiveSmallIntegerField(help_text="Table number in the round, 1 first.")
    number = models.PositiveSmallIntegerField(help_text="Game number at the table, 1 first.")

    objects = TournamentGameQuerySet.as_manager()

    class Meta:
        ordering = ["tournament", "round", "table", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "table", "number"], name="unique_tournament_game"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.round} table {self.table} game {self.number}"


class TournamentBye(models.Model):
    """An entry that sat out a Swiss round (scored as a bye) or a knockout round (went through)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="byes", help_text="The tournament."
    )
    round = models.PositiveSmallIntegerField(help_text="Round number, 1 first.")
    entry = models.ForeignKey(
        TournamentEntry, on_delete=models.CASCADE, related_name="byes", help_text="Who sat out."
    )

    class Meta:
        ordering = ["tournament", "round", "entry"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "round", "entry"], name="unique_bye")
        ]

    def __str__(self) -> str:
        return f"bye for {self.entry} in round {self.round}"
