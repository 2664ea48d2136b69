"""Writes on matches: scheduling, claiming with a lease, recording exactly once, requeueing.

Exactly once: a worker records a result only while it holds the match's lease, inside one
transaction that locks the league (so rated results get consecutive sequence numbers) and the
match; a second worker running the same match finds it no longer running under its lease and
records nothing.
"""

from __future__ import annotations

import logging
import secrets
import zlib
from datetime import timedelta
from typing import TYPE_CHECKING, Any, NamedTuple

from celery import current_app
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from conquest import refs, sql
from conquest.bots.models import BotVersion
from conquest.bots.services import version_freeze
from conquest.matches.codes import SeatCode
from conquest.matches.models import EntrySeatTally, Match, MatchSeat
from conquest.matches.signals import match_ended
from conquest.matches.spec import FAULT_KINDS, Outcome
from conquest.ratings.maths import Rating
from conquest.ratings.services import rating_apply

if TYPE_CHECKING:
    from conquest.leagues.models import Entry, League

logger = logging.getLogger(__name__)
RUN_MATCH = "conquest.matches.tasks.run_match"
# Broker priority of a match's message; lower is served first (Redis's convention, which the
# folder broker follows): tournament matches before ladder matches and challenges.
PRIORITY = {Match.Origin.TOURNAMENT: 0}
LATER = 6
# The queue of matches with a remote seat: played in threads by workers started with
# ``--pool threads -Q remote`` (execution.py); the others go to the default queue.
REMOTE_QUEUE = "remote"


def _stamp(text: str) -> str:
    return f"[{timezone.now():%Y-%m-%d %H:%M:%S}] {text}\n"


def match_schedule(
    *,
    league: League,
    entries: list[Entry],
    origin: str = Match.Origin.LADDER,
    requested_by=None,
    rated: bool = True,
    seed: int | None = None,
) -> Match:
    """A new scheduled match of ``league``; ``entries[i]`` sits in seat i."""
    if len(entries) != league.seats:
        raise ValidationError({"entries": f"{league} needs {league.seats} entries"})
    if len({e.pk for e in entries}) != len(entries):
        raise ValidationError({"entries": "an entry can sit in only one seat"})
    if any(e.league_id != league.pk for e in entries):
        raise ValidationError({"entries": f"every entry must belong to {league}"})
    match = Match.objects.create(
        league=league,
        seed=secrets.randbelow(2**31) if seed is None else seed,
        origin=origin,
        requested_by=requested_by,
        rated=rated,
        log=_stamp(f"scheduled ({origin})"),
    )
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, entry=e) for i, e in enumerate(entries)
    )
    return match


def match_enqueue(*, match_ids: list[int]) -> None:
    """Mark scheduled (or lapsed) matches queued and send them to the workers after commit:
    a match with a remote seat to the ``remote`` queue, the others to the default one."""
    now = timezone.now()
    Match.objects.filter(pk__in=match_ids).update(status=Match.Status.QUEUED, queued_at=now)
    origins = dict(Match.objects.filter(pk__in=match_ids).values_list("pk", "origin"))
    remote = set(
        MatchSeat.objects.filter(
            match_id__in=match_ids, entry__version__kind=BotVersion.Kind.REMOTE
        ).values_list("match_id", flat=True)
    )
    for match_id in match_ids:
        options = {"priority": PRIORITY.get(origins.get(match_id), LATER)}
        if match_id in remote:
            options["queue"] = REMOTE_QUEUE
        transaction.on_commit(
            lambda m=match_id, o=options: current_app.send_task(RUN_MATCH, args=[m], **o)
        )


def _ended(match_id: int, status: str) -> None:
    """Send ``match_ended`` once the transaction commits."""
    transaction.on_commit(
        lambda: _log_failures(match_ended.send_robust(Match, match_id=match_id, status=status))
    )


def _log_failures(responses) -> None:
    for receiver, response in responses:
        if isinstance(response, Exception):
            logger.error("match_ended receiver %s failed", receiver, exc_info=response)


_CLAIM = sql.Statement(
    "UPDATE {match} SET status = %s, attempts = attempts + 1, lease_owner = %s,"
    " lease_expires_at = %s, started_at = %s,"
    " log = log || %s || CAST(attempts + 1 AS TEXT) || %s"
    " WHERE id = %s AND attempts < %s"
    " AND (status = %s OR (status = %s AND lease_expires_at < %s))"
    " RETURNING attempts",
    match=Match,
)


class _Claimed(NamedTuple):
    """The attempt a claim started (the column of ``_CLAIM``)."""

    attempts: int


def match_claim(*, match_id: int, owner: str) -> int:
    """Take the match for ``owner`` with a fresh lease, if it is queued or its lease lapsed;
    the number of the attempt this claim starts (1, 2, ...), or 0 when it was not taken.

    One conditional UPDATE: of two workers claiming at once, exactly one matches its WHERE.
    The attempt number fences the relays: a stale attempt cannot write where a newer one of
    the same match writes (``conquest.relay``).
    """
    now = timezone.now()
    expires = now + timedelta(seconds=settings.ARENA.lease_seconds)
    claimed = sql.rows(
        _Claimed,
        _CLAIM.text,
        [
            Match.Status.RUNNING,
            owner,
            sql.moment(expires),
            sql.moment(now),
            _stamp("attempt").rstrip("\n") + " ",
            f" claimed by {owner}\n",
            match_id,
            settings.ARENA.max_attempts,
            Match.Status.QUEUED,
            Match.Status.RUNNING,
            sql.moment(now),
        ],
    )
    if not claimed:
        _give_up(match_id, now)
        return 0
    return claimed[0].attempts


def _give_up(match_id: int, now) -> None:
    """End in error a takeable match that used up its attempts (its workers kept vanishing)."""
    with transaction.atomic():
        match = (
            Match.objects.select_for_update()
            .filter(
                Q(status=Match.Status.QUEUED)
                | Q(status=Match.Status.RUNNING, lease_expires_at__lt=now),
                pk=match_id,
                attempts__gte=settings.ARENA.max_attempts,
            )
            .first()
        )
        if match is not None:
            _error(match, f"gave up after {match.attempts} attempts (workers lost)", "")


def match_lease_renew(*, match_id: int, owner: str) -> bool:
    """Extend ``owner``'s lease; False when the lease is no longer theirs."""
    lease = timedelta(seconds=settings.ARENA.lease_seconds)
    return bool(
        Match.objects.filter(pk=match_id, status=Match.Status.RUNNING, lease_owner=owner).update(
            lease_expires_at=timezone.now() + lease
        )
    )


class _Locked(NamedTuple):
    """A match's lease and its league's rating state (the columns of ``_LOCK``)."""

    status: str
    lease_owner: str
    rated: bool
    league_id: int
    rated_count: int
    elo_k: float


_LOCK = sql.Statement(
    "SELECT m.status, m.lease_owner, m.rated, l.id AS league_id, l.rated_count, l.elo_k"
    " FROM {match} m JOIN {league} l ON l.id = m.league_id WHERE m.id = %s",
    match=Match,
    league=refs.LEAGUE,
)


class _RecordSeat(NamedTuple):
    """A seat's entry with its ratings and version (the columns of ``_RECORD_SEATS``)."""

    seat_id: int
    entry_id: int
    elo: float
    mu: float
    sigma: float
    version_id: int
    first_played_at: Any  # None until the version's first match


_RECORD_SEATS = sql.Statement(
    "SELECT s.id AS seat_id, e.id AS entry_id, e.elo, e.mu, e.sigma, v.id AS version_id,"
    " v.first_played_at"
    " FROM {seat} s JOIN {entry} e ON e.id = s.entry_id JOIN {version} v ON v.id = e.version_id"
    " WHERE s.match_id = %s ORDER BY s.seat",
    seat=MatchSeat,
    entry=refs.ENTRY,
    version=BotVersion,
)
_SEAT_RESULT = sql.Statement(
    "UPDATE {seat} SET placement = %s, score = %s, code = %s, faults = %s, time_used = %s,"
    " timeouts = %s, crashes = %s, illegal_actions = %s, disconnects = %s WHERE id = %s",
    seat=MatchSeat,
)
_TALLIED = ("wins", "placements", "faults", *FAULT_KINDS.values())
_TALLY = sql.Statement(
    "INSERT INTO {tally} (entry_id, seat, games, forfeits, "
    + ", ".join(_TALLIED)
    + ") VALUES (%s, %s, 1, %s, "
    + ", ".join(["%s"] * len(_TALLIED))
    + ") ON CONFLICT (entry_id, seat) DO UPDATE SET games = {tally}.games + 1, "
    + "forfeits = {tally}.forfeits + excluded.forfeits, "
    + ", ".join(f"{c} = {{tally}}.{c} + excluded.{c}" for c in _TALLIED),
    tally=EntrySeatTally,
)
"""Adds one rated result to its entry's tally for the seat (EntrySeatTally)."""
_RECOUNT = sql.Statement(
    "INSERT INTO {tally} (entry_id, seat, games, wins, placements, faults, timeouts, crashes,"
    " illegal_actions, disconnects, forfeits)"
    " SELECT s.entry_id, s.seat, COUNT(*), SUM(CASE WHEN s.placement = 1 THEN 1 ELSE 0 END),"
    " SUM(s.placement), SUM(s.faults), SUM(s.timeouts), SUM(s.crashes), SUM(s.illegal_actions),"
    " SUM(s.disconnects), SUM(CASE WHEN s.code = 'normal' THEN 0 ELSE 1 END)"
    " FROM {seat} s JOIN {match} m ON m.id = s.match_id WHERE m.rated_seq IS NOT NULL"
    " GROUP BY s.entry_id, s.seat",
    tally=EntrySeatTally,
    seat=MatchSeat,
    match=Match,
)
_FINISH = sql.Statement(
    "UPDATE {match} SET status = %s, finished_at = %s, end_reason = %s, steps = %s, replay = %s,"
    " lease_expires_at = NULL, rated_seq = %s, log = log || %s WHERE id = %s",
    match=Match,
)


def match_record(*, match_id: int, owner: str, outcome: Outcome) -> bool:
    """Write result, replay and rating update in one transaction, once; False if not ours."""
    with transaction.atomic():
        # Locks the match and its league: the league's lock orders its rated results.
        locked = sql.rows(_Locked, _LOCK.text + sql.for_update(), [match_id])[0]
        if locked.status != Match.Status.RUNNING or locked.lease_owner != owner:
            return False
        # Read under the league lock: every rating write of the league happens under it.
        seats = sql.rows(_RecordSeat, _RECORD_SEATS.text, [match_id])
        sql.execute_many(
            _SEAT_RESULT.text,
            [
                (
                    r.placement,
                    r.score,
                    r.code,
                    r.faults,
                    r.time_used,
                    r.timeouts,
                    r.crashes,
                    r.illegal_actions,
                    r.disconnects,
                    seat.seat_id,
                )
                for seat, r in zip(seats, outcome.seats, strict=True)
            ],
        )
        rated_seq = None
        if locked.rated:
            rated_seq = locked.rated_count + 1
            rating_apply(
                league_id=locked.league_id,
                match_id=match_id,
                seq=rated_seq,
                elo_k=locked.elo_k,
                seats=[
                    (seat.entry_id, Rating(seat.elo, seat.mu, seat.sigma), r.placement)
                    for seat, r in zip(seats, outcome.seats, strict=True)
                ],
            )
            sql.execute_many(
                _TALLY.text,
                [
                    (
                        seat.entry_id,
                        number,
                        int(r.code != SeatCode.NORMAL),
                        int(r.placement == 1),
                        r.placement,
                        r.faults,
                        r.timeouts,
                        r.crashes,
                        r.illegal_actions,
                        r.disconnects,
                    )
                    for number, (seat, r) in enumerate(zip(seats, outcome.seats, strict=True))
                ],
            )
        log = "".join(_stamp(line) for line in outcome.log) + _stamp(
            f"finished: {outcome.result.reason}, {outcome.steps} steps "
            f"in {outcome.seconds:.3f} s of play"
        )
        sql.execute(
            _FINISH.text,
            [
                Match.Status.FINISHED,
                sql.moment(timezone.now()),
                outcome.result.reason[:200],
                outcome.steps,
                zlib.compress(outcome.replay_json.encode(), 6),
                rated_seq,
                log,
                match_id,
            ],
        )
        unfrozen = [seat.version_id for seat in seats if seat.first_played_at is None]
        if unfrozen:
            version_freeze(version_ids=unfrozen)
        _ended(match_id, Match.Status.FINISHED)
        return True


def tally_recount() -> None:
    """Count every entry's tallies again from its rated results (after a bulk import)."""
    with transaction.atomic():
        EntrySeatTally.objects.all().delete()
        sql.execute(_RECOUNT.text)


def _error(match: Match, message: str, detail: str) -> None:
    match.status = Match.Status.ERROR
    match.finished_at = timezone.now()
    match.end_reason = message[:200]
    match.lease_expires_at = None
    match.log += _stamp(f"infrastructure error: {message}") + detail
    match.save()
    _ended(match.pk, Match.Status.ERROR)


def match_fail(*, match_id: int, owner: str, message: str, detail: str = "") -> bool:
    """Record an infrastructure error (ratings untouched); False if the lease is not ours."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.Status.RUNNING or match.lease_owner != owner:
            return False
        _error(match, message, detail)
        return True


def match_requeue_lapsed() -> list[int]:
    """Send again the matches whose worker vanished (lease lapsed) or whose message was lost."""
    now = timezone.now()
    stale = now - timedelta(seconds=settings.ARENA.requeue_after_seconds)
    with transaction.atomic():
        lapsed = list(
            Match.objects.lapsed(now)
            .select_for_update(skip_locked=True)
            .values_list("pk", flat=True)
        )
        lost = list(
            Match.objects.filter(status=Match.Status.QUEUED, queued_at__lt=stale)
            .select_for_update(skip_locked=True)
            .values_list("pk", flat=True)
        )
        for match in Match.objects.filter(pk__in=lapsed):
            match.log += _stamp(f"lease of {match.lease_owner} lapsed: requeued")
            match.lease_owner = ""
            match.lease_expires_at = None
            match.save(update_fields=["log", "lease_owner", "lease_expires_at"])
        match_enqueue(match_ids=lapsed + lost)
    return lapsed + lost


def match_cancel(*, match: Match, why: str = "cancelled by an admin") -> bool:
    """Cancel a match that has not ended; a worker still running it will record nothing."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        if match.status in (Match.Status.FINISHED, Match.Status.ERROR, Match.Status.CANCELLED):
            return False
        match.status = Match.Status.CANCELLED
        match.finished_at = timezone.now()
        match.end_reason = why[:200]
        match.lease_owner = ""
        match.lease_expires_at = None
        match.log += _stamp(why)
        match.save()
        _ended(match.pk, Match.Status.CANCELLED)
        return True


def match_rerun(*, match: Match, by_tournament: bool = False) -> bool:
    """Play again a match that ended in an infrastructure error or was cancelled (same seed);
    False if it did not. A tournament's game is re-run only ``by_tournament``
    (``tournaments.services.tournament_match_rerun``), which keeps the tournament's rules: a
    pause, its disqualified seats, its voided games."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        if match.status not in (Match.Status.ERROR, Match.Status.CANCELLED):
            return False
        if match.origin == Match.Origin.TOURNAMENT and not by_tournament:
            return False
        match.seats.update(
            placement=None,
            score=None,
            code="",
            faults=0,
            time_used=0.0,
            timeouts=0,
            crashes=0,
            illegal_actions=0,
            disconnects=0,
        )
        match.attempts = 0
        match.finished_at = None
        match.end_reason = ""
        match.lease_owner = ""
        match.log += _stamp("re-run requested")
        match.save()
        match_enqueue(match_ids=[match.pk])
        return True
