"""Writes on matches: scheduling, claiming with a lease, recording exactly once, requeueing.

Exactly once: a worker records a result only while it holds the match's lease, inside one
transaction that locks the league (so rated results get consecutive sequence numbers) and the
match; a second worker running the same match finds it no longer running under its lease and
records nothing.

Capacity: a remote bot plays at most the matches it declared (its presence's
``max_matches``) at once, whatever their origin: a match is claimed under the lock of its
remote bots' rows, counting their running matches, and one that would exceed a bot's capacity
waits in the queue (:class:`AtCapacity`, :func:`match_wait`) without using an attempt.
"""

from __future__ import annotations

import logging
import random
import secrets
import zlib
from collections.abc import Sequence
from datetime import timedelta
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from celery import current_app
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from conquest import metrics, refs, sql
from conquest.bots.models import Bot, BotVersion
from conquest.bots.services import version_freeze
from conquest.events import log_event
from conquest.matches.codes import SeatCode
from conquest.matches.models import EntrySeatTally, Match, MatchSeat
from conquest.matches.outages import TRANSIENT_DATABASE_ERRORS
from conquest.matches.signals import match_ended
from conquest.matches.spec import FAULT_KINDS, Outcome
from conquest.ratings.maths import Rating
from conquest.ratings.services import rating_apply
from conquest.relay import presence

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
CAPACITY_WAIT_SECONDS = 2.0
"""A match waiting for a remote bot's capacity is tried again after this (plus up to 1 s, at
random, so that the matches waiting for one bot do not all come back at once)."""
REQUEUE_SECONDS = 5.0
"""A match requeued after an infrastructure failure is sent again after this, doubled at each
attempt (at most a minute): the failed service gets time to come back."""
LAPSED = "the worker was lost (its lease lapsed)"
"""The failure of an attempt whose worker stopped renewing its lease: it died, hung, or lost
the database for longer than the lease."""
MESSAGE_LOST = "its message was not picked up"
"""Why the sweep sends a queued match again: its message was lost, or never sent."""


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
    """A new scheduled match of ``league``; ``entries[i]`` sits in seat i. Its seed is a
    fresh one (no match has had it) unless ``seed`` is given (paired games, benchmarks)."""
    if len(entries) != league.seats:
        raise ValidationError({"entries": f"{league} needs {league.seats} entries"})
    if len({e.pk for e in entries}) != len(entries):
        raise ValidationError({"entries": "an entry can sit in only one seat"})
    if any(e.league_id != league.pk for e in entries):
        raise ValidationError({"entries": f"every entry must belong to {league}"})
    match = Match.objects.create(
        league=league,
        seed=_fresh_seed() if seed is None else seed,
        origin=origin,
        requested_by=requested_by,
        rated=rated,
        log=_stamp(f"scheduled ({origin})"),
    )
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, entry=e) for i, e in enumerate(entries)
    )
    return match


def _fresh_seed() -> int:
    """A random seed no match has had, so that a seed revealed with a finished match's replay
    (``selectors.seed_in_play``) is never met again by chance."""
    while True:
        seed = secrets.randbelow(2**31)
        if not Match.objects.filter(seed=seed).exists():
            return seed


def match_enqueue(*, match_ids: list[int], countdown: float | None = None) -> None:
    """Mark scheduled (or lapsed) matches queued and send them to the workers after commit
    (``countdown``: to be run that many seconds later): a match with a remote seat to the
    ``remote`` queue, the others to the default one."""
    now = timezone.now()
    Match.objects.filter(pk__in=match_ids).update(status=Match.Status.QUEUED, queued_at=now)
    origins = dict(Match.objects.filter(pk__in=match_ids).values_list("pk", "origin"))
    remote = set(
        MatchSeat.objects.filter(
            match_id__in=match_ids, entry__version__kind=BotVersion.Kind.REMOTE
        ).values_list("match_id", flat=True)
    )
    messages = []
    for match_id in match_ids:
        options: dict[str, Any] = {"priority": PRIORITY.get(origins.get(match_id), LATER)}
        if match_id in remote:
            options["queue"] = REMOTE_QUEUE
        if countdown is not None:
            options["countdown"] = countdown
        messages.append((match_id, options))
    if messages:
        transaction.on_commit(lambda: _send(messages))


def _send(messages: list[tuple[int, dict[str, Any]]]) -> None:
    """Send each match's message; if the broker is unreachable (after the publish retries of
    ``CELERY_TASK_PUBLISH_RETRY_POLICY``), mark the unsent matches so that the next sweep
    sends them (:func:`match_requeue_lapsed`) instead of leaving them queued with no message."""
    for n, (match_id, options) in enumerate(messages):
        try:
            current_app.send_task(RUN_MATCH, args=[match_id], **options)
        except Exception:
            unsent = [m for m, _ in messages[n:]]
            logger.exception("could not send matches %s to the workers: the sweep will", unsent)
            Match.objects.filter(pk__in=unsent, status=Match.Status.QUEUED).update(queued_at=None)
            return


def _ended(match_id: int, status: str, origin: str) -> None:
    """Send ``match_ended`` once the transaction commits."""
    transaction.on_commit(
        lambda: _log_failures(
            match_ended.send_robust(Match, match_id=match_id, status=status, origin=origin)
        )
    )


def _event(event: str, *, match_id: int, attempt: int, **fields: Any) -> None:
    """Once the transaction commits, log a match's significant ``event`` (one JSON line:
    ``conquest.events``) and count it (``conquest.metrics``)."""
    transaction.on_commit(partial(log_event, event, match_id=match_id, attempt=attempt, **fields))
    transaction.on_commit(metrics.MATCH_EVENTS[event].inc)


def _log_failures(responses) -> None:
    for receiver, response in responses:
        if isinstance(response, Exception):
            logger.error("match_ended receiver %s failed", receiver, exc_info=response)


_CLAIM_TEMPLATE = (
    "UPDATE {match} SET status = %s, attempts = attempts + 1, lease_owner = %s,"
    " lease_expires_at = %s, started_at = %s,"
    " log = log || %s || CAST(attempts + 1 AS TEXT) || %s"
    " WHERE id = %s AND attempts < %s"
    " AND (status = %s OR (status = %s AND lease_expires_at < %s))"
)
_HAS_REMOTE_SEAT = (
    "EXISTS (SELECT 1 FROM {seat} s JOIN {entry} e ON e.id = s.entry_id"
    " JOIN {version} v ON v.id = e.version_id WHERE s.match_id = {match}.id AND v.kind = %s)"
)
_CLAIM_HOUSE = sql.Statement(
    _CLAIM_TEMPLATE + " AND NOT " + _HAS_REMOTE_SEAT + " RETURNING attempts",
    match=Match,
    seat=MatchSeat,
    entry=refs.ENTRY,
    version=BotVersion,
)
"""Claims a match with no remote seat (every other match is left alone)."""
_CLAIM = sql.Statement(_CLAIM_TEMPLATE + " RETURNING attempts", match=Match)
"""Claims any match (the one with remote seats, under its bots' locks)."""
_REMOTE_BOTS = sql.Statement(
    "SELECT DISTINCT v.bot_id FROM {seat} s JOIN {entry} e ON e.id = s.entry_id"
    " JOIN {version} v ON v.id = e.version_id WHERE s.match_id = %s AND v.kind = %s"
    " ORDER BY v.bot_id",
    seat=MatchSeat,
    entry=refs.ENTRY,
    version=BotVersion,
)
_LOCK_BOTS = sql.Statement(
    "SELECT id AS bot_id FROM {bot} WHERE id IN ({{ids}}) ORDER BY id", bot=Bot
)
_RUNNING_PER_BOT = sql.Statement(
    "SELECT v.bot_id, COUNT(DISTINCT m.id) AS running FROM {match} m"
    " JOIN {seat} s ON s.match_id = m.id JOIN {entry} e ON e.id = s.entry_id"
    " JOIN {version} v ON v.id = e.version_id"
    " WHERE m.status = %s AND m.id <> %s AND v.bot_id IN ({{ids}}) GROUP BY v.bot_id",
    match=Match,
    seat=MatchSeat,
    entry=refs.ENTRY,
    version=BotVersion,
)


class _Claimed(NamedTuple):
    """The attempt a claim started (the column of ``_CLAIM``)."""

    attempts: int


class _BotId(NamedTuple):
    """A bot's id (the column of ``_REMOTE_BOTS`` and ``_LOCK_BOTS``)."""

    bot_id: int


class _Running(NamedTuple):
    """How many running matches a bot sits in (the columns of ``_RUNNING_PER_BOT``)."""

    bot_id: int
    running: int


class AtCapacity(Exception):
    """The match was not claimed: a remote bot of it already plays as many matches as it
    declared. It waits in the queue (:func:`match_wait`); no attempt is used."""


def match_claim(*, match_id: int, owner: str) -> int:
    """Take the match for ``owner`` with a fresh lease, if it is queued or its lease lapsed;
    the number of the attempt this claim starts (1, 2, ...), or 0 when it was not taken.
    AtCapacity (nothing changed) when a remote bot of the match is at its capacity.

    One conditional UPDATE: of two workers claiming at once, exactly one matches its WHERE.
    The attempt number fences the relays: a stale attempt cannot write where a newer one of
    the same match writes (``conquest.relay``). A match with remote seats is claimed under the
    row locks of its remote bots, which orders the claims of their matches: each claim counts
    the bots' running matches with every earlier claim committed.
    """
    now = timezone.now()
    attempt = _claim(_CLAIM_HOUSE, match_id, owner, now, [BotVersion.Kind.REMOTE])
    if not attempt:
        bots = [
            row.bot_id
            for row in sql.rows(_BotId, _REMOTE_BOTS.text, [match_id, BotVersion.Kind.REMOTE])
        ]
        if bots:
            attempt = _claim_within_capacity(match_id, owner, bots)
    if attempt:
        _event("match_claimed", match_id=match_id, attempt=attempt, owner=owner)
    else:
        _give_up(match_id, now)
    return attempt


def _claim(statement: sql.Statement, match_id: int, owner: str, now, more: list) -> int:
    """Run a claim statement; the attempt it started, or 0."""
    expires = now + timedelta(seconds=settings.ARENA.lease_seconds)
    claimed = sql.rows(
        _Claimed,
        statement.text,
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
            *more,
        ],
    )
    return claimed[0].attempts if claimed else 0


def bot_capacities(bot_ids: list[int]) -> dict[int, int]:
    """How many matches each remote bot of ``bot_ids`` plays at once: what its connection
    declared (``max_matches``), or 1 while it is not connected, so that none exceeds its
    declaration when it comes back (every bot plays at least one)."""
    connected = presence.presences().connected(bot_ids) if presence.enabled() else {}
    return {bot: max(1, connected[bot].max_matches) if bot in connected else 1 for bot in bot_ids}


def _claim_within_capacity(match_id: int, owner: str, bots: list[int]) -> int:
    """Claim a match with remote seats unless one of its ``bots`` is at its capacity."""
    capacity = bot_capacities(bots)  # from Redis, before any lock is taken
    ids = ", ".join(["%s"] * len(bots))
    with transaction.atomic():
        # The bots' rows first, in id order (no deadlock): claims of their matches queue here.
        sql.rows(_BotId, _LOCK_BOTS.text.replace("{ids}", ids) + sql.for_update(), bots)
        running = dict(
            sql.rows(
                _Running,
                _RUNNING_PER_BOT.text.replace("{ids}", ids),
                [Match.Status.RUNNING, match_id, *bots],
            )
        )
        full = [bot for bot in bots if running.get(bot, 0) >= capacity[bot]]
        now = timezone.now()  # after the count: the match starts after those it waited for
        if not full:
            return _claim(_CLAIM, match_id, owner, now, [])
        takeable = Match.objects.filter(
            Q(status=Match.Status.QUEUED)
            | Q(status=Match.Status.RUNNING, lease_expires_at__lt=now),
            pk=match_id,
            attempts__lt=settings.ARENA.max_attempts,
        )
        if takeable.exists():
            raise AtCapacity(
                ", ".join(f"remote bot {bot} plays {capacity[bot]} at once" for bot in full)
            )
        return 0


def match_wait(*, match_id: int, why: str) -> bool:
    """Send a queued match again in :data:`CAPACITY_WAIT_SECONDS` (a remote bot of it is at
    its capacity, ``why``); its log says so once. False if it is no longer queued."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.QUEUED:
            return False
        line = f"waiting: {why}"
        if not match.log.rstrip("\n").endswith(line):
            match.log += _stamp(line)
            match.save(update_fields=["log"])
        match_enqueue(match_ids=[match_id], countdown=CAPACITY_WAIT_SECONDS + random.random())
        return True


def _give_up(match_id: int, now) -> None:
    """End in error a takeable match that used up its attempts, with the last one's failure."""
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
            # Still running: its last worker's lease lapsed (it is not requeued yet).
            lapsed = match.status == Match.Status.RUNNING
            why = LAPSED if lapsed or not match.last_failure else match.last_failure
            _error(match, f"gave up after {match.attempts} attempts: {why}", "")


def match_leases_renew(*, held: Sequence[tuple[int, str]]) -> set[tuple[int, str]]:
    """Extend the leases ``held`` (match id and owner; an owner names one claim) in two
    queries whatever their number; those no longer theirs.

    >>> match_leases_renew(held=[])
    set()
    """
    if not held:
        return set()
    running = Match.objects.filter(pk__in={match_id for match_id, _ in held})
    running = running.filter(status=Match.Status.RUNNING)
    current = set(running.values_list("pk", "lease_owner"))
    ours = [pair for pair in held if pair in current]
    if ours:
        lease = timedelta(seconds=settings.ARENA.lease_seconds)
        running.filter(
            pk__in=[match_id for match_id, _ in ours], lease_owner__in=[owner for _, owner in ours]
        ).update(lease_expires_at=timezone.now() + lease)
    return set(held) - current


class _Locked(NamedTuple):
    """A match's lease and its league's rating state (the columns of ``_LOCK``)."""

    status: str
    lease_owner: str
    attempts: int
    rated: bool
    origin: str
    league_id: int
    rated_count: int
    elo_k: float


_LOCK = sql.Statement(
    "SELECT m.status, m.lease_owner, m.attempts, m.rated, m.origin, l.id AS league_id,"
    " l.rated_count, l.elo_k"
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
        _ended(match_id, Match.Status.FINISHED, locked.origin)
        _event("match_recorded", match_id=match_id, attempt=locked.attempts, owner=owner)
        return True


_LEAGUES_OF = sql.Statement(
    "SELECT l.id FROM {league} l WHERE l.id IN (SELECT m.league_id FROM {match} m WHERE m.id IN",
    league=refs.LEAGUE,
    match=Match,
)


def match_record_many(*, results: Sequence[tuple[int, str, Outcome]]) -> list[bool | Exception]:
    """:func:`match_record` for each of ``results`` (match id, owner, outcome) in one
    transaction, one commit for all; the answers in order. A recording that raises is undone
    alone (a savepoint) and its error is its answer, unless the database was unreachable
    (``TRANSIENT_DATABASE_ERRORS``: that error propagates, nothing is written). The results'
    leagues are locked first, in one order, so that two writers never wait for each other."""
    with transaction.atomic():
        ids = [match_id for match_id, _, _ in results]
        places = ", ".join(["%s"] * len(ids))
        sql.execute(f"{_LEAGUES_OF.text} ({places})) ORDER BY l.id{sql.for_update()}", ids)
        answers: list[bool | Exception] = []
        for match_id, owner, outcome in results:
            try:
                with transaction.atomic():
                    answers.append(match_record(match_id=match_id, owner=owner, outcome=outcome))
            except TRANSIENT_DATABASE_ERRORS:
                raise
            except Exception as error:
                answers.append(error)
        return answers


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
    _ended(match.pk, Match.Status.ERROR, match.origin)
    _event("match_failed", match_id=match.pk, attempt=match.attempts, reason=message)


def match_fail(*, match_id: int, owner: str, message: str, detail: str = "") -> bool:
    """Record an infrastructure error (ratings untouched); False if the lease is not ours."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.Status.RUNNING or match.lease_owner != owner:
            return False
        _error(match, message, detail)
        return True


def match_requeue(*, match_id: int, owner: str, why: str, detail: str = "") -> str:
    """Put back in the queue a match ``owner`` could not play or record for an infrastructure
    reason, ``why`` (its traceback: ``detail``), to be sent again after a backoff
    (:data:`REQUEUE_SECONDS`); the attempt counts, and one that was the last allowed ends the
    match in error instead ("gave up after N attempts: why"). The match's status afterwards
    ("queued" or "error"), or "" if the lease is not ``owner``'s."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.Status.RUNNING or match.lease_owner != owner:
            return ""
        match.last_failure = why[:200]
        if match.attempts >= settings.ARENA.max_attempts:
            match.log += _stamp(f"attempt {match.attempts} failed: {why}") + detail
            _error(match, f"gave up after {match.attempts} attempts: {why}", "")
            return Match.Status.ERROR
        match.log += _stamp(f"requeued: {why}") + detail
        match.lease_owner = ""
        match.lease_expires_at = None
        match.save(update_fields=["log", "last_failure", "lease_owner", "lease_expires_at"])
        backoff = min(60.0, REQUEUE_SECONDS * 2 ** (match.attempts - 1))
        match_enqueue(match_ids=[match_id], countdown=backoff)
        _event("match_requeued", match_id=match_id, attempt=match.attempts, reason=why)
        return Match.Status.QUEUED


def match_requeue_lapsed() -> list[int]:
    """Send again the matches whose worker vanished (lease lapsed) or whose message was lost
    (queued longer than ``requeue_after_seconds``, or not sent: the broker was away)."""
    now = timezone.now()
    stale = now - timedelta(seconds=settings.ARENA.requeue_after_seconds)
    with transaction.atomic():
        lapsed = list(
            Match.objects.lapsed(now)
            .select_for_update(skip_locked=True)
            .values_list("pk", flat=True)
        )
        lost = dict(
            Match.objects.filter(
                Q(queued_at__lt=stale) | Q(queued_at__isnull=True), status=Match.Status.QUEUED
            )
            .select_for_update(skip_locked=True)
            .values_list("pk", "attempts")
        )
        for match in Match.objects.filter(pk__in=lapsed):
            match.log += _stamp(f"lease of {match.lease_owner} lapsed: requeued")
            match.last_failure = LAPSED
            match.lease_owner = ""
            match.lease_expires_at = None
            match.save(update_fields=["log", "last_failure", "lease_owner", "lease_expires_at"])
            _event("match_requeued", match_id=match.pk, attempt=match.attempts, reason=LAPSED)
        for match_id, attempts in lost.items():
            _event("match_requeued", match_id=match_id, attempt=attempts, reason=MESSAGE_LOST)
        match_enqueue(match_ids=lapsed + list(lost))
    return lapsed + list(lost)


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
        _ended(match.pk, Match.Status.CANCELLED, match.origin)
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
        match.last_failure = ""
        match.finished_at = None
        match.end_reason = ""
        match.lease_owner = ""
        match.log += _stamp("re-run requested")
        match.save()
        match_enqueue(match_ids=[match.pk])
        return True
