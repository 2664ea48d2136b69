"""Writes on tournaments: set-up, registration, start, pause, resume, cancel, re-runs,
disqualification, and advancing from round to round. Errors name the field at fault.

Every change of a running tournament locks its row first: two workers (or a worker and an
admin) advancing it at once pair a round once, and :func:`tournament_advance` may be called
any number of times (by the match-ended signal and by the periodic task).

Pausing sends no more matches: the queued ones not yet claimed go back to ``scheduled`` (a
worker that receives their message skips them) and running ones finish; resuming sends the
scheduled ones again. A disqualified entry's remaining matches are played with its seat
forfeiting; with ``void``, its matches are cancelled instead and none of its games count.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Value
from django.db.models.functions import Concat
from django.utils import timezone

from conquest.bots.services import version_freeze
from conquest.leagues.models import Entry, League
from conquest.matches import services as matches
from conquest.matches.codes import SeatCode
from conquest.matches.models import Match, MatchSeat
from conquest.tournaments import formats, selectors
from conquest.tournaments.models import (
    Tournament,
    TournamentBye,
    TournamentEntry,
    TournamentGame,
)

State = Tournament.State
Format = Tournament.Format
FIELDS = ("name", "league", "format", "games", "rounds", "advance", "points", "rated")


def tournament_settings_check(
    *, league: League, format: str, games: int, rounds: int, advance: int, points
) -> list:
    """The points per placement, after checking the settings against the format and seats
    (ValidationError on the field at fault)."""
    k = league.seats
    if format not in Format.values:
        raise ValidationError({"format": f"one of {Format.values}"})
    if not 1 <= games <= formats.MAX_GAMES:
        raise ValidationError({"games": f"from 1 to {formats.MAX_GAMES} per group or table"})
    if format == Format.SWISS and rounds < 1:
        raise ValidationError({"rounds": "a Swiss tournament needs at least one round"})
    if format != Format.SWISS and rounds:
        raise ValidationError({"rounds": "only a Swiss tournament has a number of rounds"})
    if format == Format.KNOCKOUT and not 1 <= advance < k:
        raise ValidationError({"advance": f"from 1 to {k - 1}: the places of a table of {k}"})
    if format != Format.KNOCKOUT and advance != 1:
        raise ValidationError({"advance": "only a knockout has places that advance"})
    points = points or formats.default_points(k)
    numbers = isinstance(points, list | tuple) and all(
        isinstance(p, int | float) and not isinstance(p, bool) for p in points
    )
    if not numbers or len(points) != k or list(points) != sorted(points, reverse=True):
        raise ValidationError(
            {"points": f"{k} numbers, one per placement, first place first, never increasing"}
        )
    return [float(p) for p in points]


def tournament_create(
    *,
    league: League,
    name: str,
    format: str,
    games: int = 1,
    rounds: int = 0,
    advance: int = 1,
    points=None,
    rated: bool = False,
) -> Tournament:
    """A new tournament of ``league``, in draft."""
    if Tournament.objects.filter(name=name).exists():
        raise ValidationError({"name": f"a tournament called {name!r} exists already"})
    return Tournament.objects.create(
        league=league,
        name=name,
        format=format,
        games=games,
        rounds=rounds,
        advance=advance,
        points=tournament_settings_check(
            league=league, format=format, games=games, rounds=rounds, advance=advance, points=points
        ),
        rated=rated,
    )


def _locked(tournament: Tournament) -> Tournament:
    return (
        Tournament.objects.select_related("league")
        .select_for_update(of=("self",))
        .get(pk=tournament.pk)
    )


STEPS = (
    "a tournament goes draft → registration (open) → running (start) ⇄ paused (pause, "
    "resume) → finished; cancel stops it for good before it finishes"
)
"""The order of a tournament's steps, said in every refusal of a step taken out of order."""
NEXT_STEP = {
    (State.DRAFT, State.REGISTRATION): "open its registration first",
    (State.REGISTRATION, State.RUNNING): "start it first",
    (State.RUNNING, State.PAUSED): "pause it first",
    (State.PAUSED, State.RUNNING): "resume it first",
}
"""What to do first when the state needed is the next one from the tournament's."""


def _expect(tournament: Tournament, *states: str, to: str) -> None:
    """Refuse, naming the step to take first and the order of the steps, unless
    ``tournament`` is in one of ``states``."""
    if tournament.state not in states:
        first = [
            NEXT_STEP[tournament.state, s] for s in states if (tournament.state, s) in NEXT_STEP
        ]
        hint = f"{first[0]}; " if first else ""
        raise ValidationError(
            {"state": f"{tournament} is {tournament.state}: only a tournament that is "
             f"{' or '.join(states)} can {to} ({hint}{STEPS})"}
        )  # fmt: skip


def tournament_update(*, tournament: Tournament, **fields) -> Tournament:
    """Change a tournament's settings before it starts; its league is fixed once it has
    entries."""
    unknown = sorted(set(fields) - set(FIELDS))
    if unknown:
        raise ValidationError({unknown[0]: f"cannot be changed (only {', '.join(FIELDS)})"})
    with transaction.atomic():
        tournament = _locked(tournament)
        _expect(tournament, State.DRAFT, State.REGISTRATION, to="change its settings")
        league = fields.get("league", tournament.league)
        if league.pk != tournament.league_id and tournament.entries.exists():
            raise ValidationError({"league": "fixed once entries are registered"})
        name = fields.get("name", tournament.name)
        if Tournament.objects.filter(name=name).exclude(pk=tournament.pk).exists():
            raise ValidationError({"name": f"a tournament called {name!r} exists already"})
        merged = {f: fields.get(f, getattr(tournament, f)) for f in FIELDS}
        if "points" in fields or "league" in fields:
            merged["points"] = fields.get("points") or []
        merged["points"] = tournament_settings_check(
            league=league,
            **{f: merged[f] for f in ("format", "games", "rounds", "advance", "points")},
        )
        for attr, value in merged.items():
            setattr(tournament, attr, value)
        tournament.save()
        return tournament


def tournament_registration_open(*, tournament: Tournament) -> Tournament:
    """Draft → registration: entries may now be added and removed."""
    with transaction.atomic():
        tournament = _locked(tournament)
        _expect(tournament, State.DRAFT, to="open its registration")
        tournament.state = State.REGISTRATION
        tournament.save(update_fields=["state"])
        return tournament


def tournament_entry_add(*, tournament: Tournament, entry: Entry) -> TournamentEntry:
    """Register a league entry; its bot version is frozen from now on."""
    with transaction.atomic():
        tournament = _locked(tournament)
        _expect(tournament, State.REGISTRATION, to="take entries")
        if entry.league_id != tournament.league_id:
            raise ValidationError({"entry": f"{entry} is not an entry of {tournament.league}"})
        if not entry.active or not entry.version.bot.enabled:
            raise ValidationError({"entry": f"{entry} is withdrawn or its bot disabled"})
        try:
            with transaction.atomic():
                registered = TournamentEntry.objects.create(tournament=tournament, entry=entry)
        except IntegrityError:
            raise ValidationError({"entry": f"{entry} is already in {tournament}"}) from None
        version_freeze(version_ids=[entry.version_id])
        return registered


def tournament_entry_remove(*, registered: TournamentEntry) -> None:
    """Take an entry out of the field before the start."""
    with transaction.atomic():
        tournament = _locked(registered.tournament)
        _expect(tournament, State.REGISTRATION, to="lose entries")
        registered.delete()


def _schedule(tournament: Tournament, number: int, round_: formats.Round) -> list[int]:
    """Create the matches (and byes) of round ``number``; their ids."""
    league = tournament.league
    by_id = {e.pk: e.entry for e in tournament.entries.select_related("entry")}
    created = []
    for table_number, table in enumerate(round_.tables, start=1):
        for game_number, order in enumerate(table.orders, start=1):
            match = matches.match_schedule(
                league=league,
                entries=[by_id[e] for e in order],
                origin=Match.Origin.TOURNAMENT,
                rated=tournament.rated,
            )
            TournamentGame.objects.create(
                tournament=tournament,
                match=match,
                round=number,
                table=table_number,
                number=game_number,
            )
            created.append(match.pk)
    TournamentBye.objects.bulk_create(
        TournamentBye(tournament=tournament, round=number, entry_id=e) for e in round_.byes
    )
    return created


def _pair(tournament: Tournament, number: int) -> formats.Round | None:
    """Round ``number`` of a Swiss or knockout, or None when the tournament is over."""
    k = tournament.league.seats
    competing = [e.pk for e in selectors.field(tournament) if e.disqualified_at is None]
    past = selectors.history(tournament)
    if tournament.format == Format.SWISS:
        if number > tournament.rounds or len(competing) < k:
            return None
        ranked = [r.entry for r in selectors.standings(tournament) if not r.disqualified]
        return formats.swiss_round(
            ranked, k, tournament.games, met=past.met, byes=past.byes, counts=past.seats
        )
    if number > 1:
        if selectors.was_final(tournament, number - 1):
            return None
        competing = selectors.knockout_qualifiers(tournament, number - 1)
    if len(competing) < k:
        return None
    return formats.knockout_round(competing, k, tournament.games, tournament.advance, past.seats)


def tournament_start(*, tournament: Tournament) -> Tournament:
    """Registration → running: seed the field by league rating and send the first round (a
    round robin's every round)."""
    with transaction.atomic():
        tournament = _locked(tournament)
        _expect(tournament, State.REGISTRATION, to="start")
        k = tournament.league.seats
        entries = sorted(
            tournament.entries.select_related("entry"),
            key=lambda e: (-e.entry.ordinal, -e.entry.elo, e.entry_id),
        )
        if len(entries) < k:
            raise ValidationError(
                {"entries": f"{tournament.league} plays {k} seats: at least {k} entries needed, "
                 f"{len(entries)} registered"}
            )  # fmt: skip
        n, games = len(entries), tournament.games
        if (
            tournament.format == Format.ROUND_ROBIN
            and formats.round_robin_matches(n, k, games) > formats.MAX_ROUND_ROBIN_MATCHES
        ):
            raise ValidationError(
                {"format": f"a full round robin of {n} entries at tables of {k} is "
                 f"C({n}, {k}) × {games} = {formats.round_robin_matches(n, k, games)} matches, "
                 f"more than {formats.MAX_ROUND_ROBIN_MATCHES}: run a Swiss instead"}
            )  # fmt: skip
        for seed, entry in enumerate(entries, start=1):
            entry.seed = seed
        TournamentEntry.objects.bulk_update(entries, ["seed"])
        tournament.state = State.RUNNING
        tournament.started_at = timezone.now()
        ids = [e.pk for e in entries]
        if tournament.format == Format.ROUND_ROBIN:
            rounds = formats.round_robin(ids, k, games)
        else:
            rounds = [_pair(tournament, 1)]
        created = []
        for number, round_ in enumerate(rounds, start=1):
            created += _schedule(tournament, number, round_)
        tournament.current_round = len(rounds)
        tournament.save()
        matches.match_enqueue(match_ids=created)
        return tournament


def _pending(tournament: Tournament):
    return Match.objects.filter(tournament_game__tournament=tournament).pending()


def _hold(tournament: Tournament) -> int:
    """Queued matches not yet claimed go back to scheduled (their message will be skipped)."""
    stamp = f"[{timezone.now():%Y-%m-%d %H:%M:%S}] held back: tournament paused\n"
    return Match.objects.filter(
        tournament_game__tournament=tournament, status=Match.Status.QUEUED
    ).update(status=Match.Status.SCHEDULED, log=Concat("log", Value(stamp)))


def tournament_pause(*, tournament: Tournament) -> Tournament:
    """Running → paused: nothing more is sent; running matches finish."""
    with transaction.atomic():
        tournament = _locked(tournament)
        _expect(tournament, State.RUNNING, to="pause")
        _hold(tournament)
        tournament.state = State.PAUSED
        tournament.save(update_fields=["state"])
        return tournament


def tournament_resume(*, tournament: Tournament) -> Tournament:
    """Paused → running: the held matches are sent again; a round that ended meanwhile is
    followed by the next."""
    with transaction.atomic():
        tournament = _locked(tournament)
        _expect(tournament, State.PAUSED, to="resume")
        tournament.state = State.RUNNING
        tournament.save(update_fields=["state"])
        held = Match.objects.filter(
            tournament_game__tournament=tournament, status=Match.Status.SCHEDULED
        )
        matches.match_enqueue(match_ids=list(held.values_list("pk", flat=True)))
    tournament_advance(tournament=tournament)
    return tournament


def tournament_cancel(*, tournament: Tournament) -> Tournament:
    """Stop for good: matches not yet ended are cancelled (a running one records nothing)."""
    with transaction.atomic():
        tournament = _locked(tournament)
        _expect(
            tournament, State.DRAFT, State.REGISTRATION, State.RUNNING, State.PAUSED, to="cancel"
        )
        for match in _pending(tournament).only("pk"):
            matches.match_cancel(match=match, why=f"tournament {tournament} cancelled")
        tournament.state = State.CANCELLED
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["state", "finished_at"])
        return tournament


def tournament_match_rerun(*, tournament: Tournament, match: Match) -> None:
    """Play again (same seed) a match of the tournament that ended in an infrastructure error."""
    with transaction.atomic():
        tournament = _locked(tournament)
        _expect(tournament, State.RUNNING, State.PAUSED, to="re-run its matches")
        if not TournamentGame.objects.filter(tournament=tournament, match_id=match.pk).exists():
            raise ValidationError({"match": f"match {match.pk} is not a game of {tournament}"})
        current = Match.objects.get(pk=match.pk)
        if current.status != Match.Status.ERROR:
            raise ValidationError(
                {"match": f"match {match.pk} is {current.status}: only a match that ended in "
                 "an infrastructure error is re-run"}
            )  # fmt: skip
        matches.match_rerun(match=current, by_tournament=True)
        _mark_forfeits(tournament, [match.pk])
        if tournament.state == State.PAUSED:
            _hold(tournament)


def _mark_forfeits(tournament: Tournament, match_ids: list[int]) -> None:
    """Disqualified entries' seats in these matches forfeit (``matches.selectors.match_spec``)."""
    MatchSeat.objects.filter(
        match_id__in=match_ids,
        match__status__in=(Match.Status.SCHEDULED, Match.Status.QUEUED),
        entry__tournament_entries__tournament=tournament,
        entry__tournament_entries__disqualified_at__isnull=False,
    ).update(code=SeatCode.FORFEIT)


def tournament_entry_disqualify(
    *, registered: TournamentEntry, void: bool = False
) -> TournamentEntry:
    """Disqualify an entry of a started tournament: its matches not yet claimed are played
    with its seat forfeiting, and its past games stand; with ``void``, those matches are
    cancelled and none of its games count for anybody (not in a knockout)."""
    with transaction.atomic():
        tournament = _locked(registered.tournament)
        _expect(tournament, State.RUNNING, State.PAUSED, to="disqualify entries")
        registered = TournamentEntry.objects.select_for_update().get(pk=registered.pk)
        if registered.disqualified_at is not None:
            raise ValidationError({"entry": f"{registered} is disqualified already"})
        if void and tournament.format == Format.KNOCKOUT:
            raise ValidationError(
                {"void": "a knockout's games decide who went through: they cannot be voided"}
            )
        registered.disqualified_at = timezone.now()
        registered.voided = void
        registered.save(update_fields=["disqualified_at", "voided"])
        waiting = Match.objects.filter(
            tournament_game__tournament=tournament,
            seats__entry=registered.entry_id,
            status__in=(Match.Status.SCHEDULED, Match.Status.QUEUED),
        )
        if void:
            for match in waiting.only("pk"):
                matches.match_cancel(
                    match=match, why=f"{registered.entry} disqualified: its games are void"
                )
        else:
            _mark_forfeits(tournament, list(waiting.values_list("pk", flat=True)))
        return registered


def tournament_advance(*, tournament: Tournament) -> str:
    """Pair the next round once every match of the current one has ended, or finish.

    Idempotent: 'idle' (not running), 'waiting' (matches not ended; a match in error waits
    for a re-run or a cancel), 'round N' (paired), 'finished'.
    """
    with transaction.atomic():
        tournament = _locked(tournament)
        if tournament.state != State.RUNNING:
            return "idle"
        if tournament.tournament_games.unended().exists():
            return "waiting"
        number = tournament.current_round + 1
        round_ = None if tournament.format == Format.ROUND_ROBIN else _pair(tournament, number)
        if round_ is None:
            tournament.state = State.FINISHED
            tournament.finished_at = timezone.now()
            tournament.save(update_fields=["state", "finished_at"])
            return "finished"
        created = _schedule(tournament, number, round_)
        tournament.current_round = number
        tournament.save(update_fields=["current_round"])
        matches.match_enqueue(match_ids=created)
        return f"round {number}"


def tournament_advance_all() -> int:
    """Advance every running tournament; how many paired a round or finished."""
    return sum(
        tournament_advance(tournament=tournament) not in ("idle", "waiting")
        for tournament in Tournament.objects.running().only("pk")
    )
