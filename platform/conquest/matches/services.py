"""Writes on matches: scheduling, claiming with a lease, recording exactly once, requeueing.

Exactly once: a worker records a result only while it holds the match's lease, inside one
transaction that locks the league (so rated results get consecutive sequence numbers) and the
match; a second worker running the same match finds it no longer running under its lease and
records nothing.
"""

from __future__ import annotations

import secrets
import zlib
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from conquest.bots.services import freeze_versions
from conquest.leagues.models import Entry, League
from conquest.matches.models import Match, MatchSeat
from conquest.matches.runner import Outcome
from conquest.ratings.services import rate_match

RUN_MATCH = "conquest.matches.tasks.run_match"


def _stamp(text: str) -> str:
    return f"[{timezone.now():%Y-%m-%d %H:%M:%S}] {text}\n"


def schedule(
    league: League,
    entries: list[Entry],
    *,
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


def enqueue(match_ids: list[int]) -> None:
    """Mark scheduled (or lapsed) matches queued and send them to the workers after commit."""
    now = timezone.now()
    Match.objects.filter(pk__in=match_ids).update(status=Match.Status.QUEUED, queued_at=now)
    for match_id in match_ids:
        transaction.on_commit(lambda m=match_id: current_app.send_task(RUN_MATCH, args=[m]))


def claim(match_id: int, owner: str) -> Match | None:
    """Take the match for ``owner`` with a fresh lease, if it is queued or its lease lapsed."""
    now = timezone.now()
    lease = timedelta(seconds=settings.ARENA["LEASE_SECONDS"])
    with transaction.atomic():
        match = (
            Match.objects.select_for_update(of=("self",))
            .select_related("league")
            .defer("replay")
            .filter(pk=match_id)
            .first()
        )
        if match is None:
            return None
        takeable = match.status == Match.Status.QUEUED or (
            match.status == Match.Status.RUNNING and match.lease_expires_at < now
        )
        if not takeable:
            return None
        if match.attempts >= settings.ARENA["MAX_ATTEMPTS"]:
            _error(match, f"gave up after {match.attempts} attempts (workers lost)", "")
            return None
        match.status = Match.Status.RUNNING
        match.attempts += 1
        match.lease_owner = owner
        match.lease_expires_at = now + lease
        match.started_at = now
        match.log += _stamp(f"attempt {match.attempts} claimed by {owner}")
        match.save(
            update_fields=[
                "status",
                "attempts",
                "lease_owner",
                "lease_expires_at",
                "started_at",
                "log",
            ]
        )
        return match


def renew(match_id: int, owner: str) -> bool:
    """Extend ``owner``'s lease; False when the lease is no longer theirs."""
    lease = timedelta(seconds=settings.ARENA["LEASE_SECONDS"])
    return bool(
        Match.objects.filter(pk=match_id, status=Match.Status.RUNNING, lease_owner=owner).update(
            lease_expires_at=timezone.now() + lease
        )
    )


def _upsert(model, rows: list, fields: list[str]) -> None:
    """Update ``fields`` of existing ``rows`` in one statement (INSERT … ON CONFLICT UPDATE)."""
    model.objects.bulk_create(
        rows, update_conflicts=True, unique_fields=["pk"], update_fields=fields
    )


def record(match_id: int, owner: str, outcome: Outcome) -> bool:
    """Write result, replay and rating update in one transaction, once; False if not ours."""
    with transaction.atomic():
        league_id = Match.objects.values_list("league_id", flat=True).get(pk=match_id)
        league = League.objects.select_for_update().get(pk=league_id)
        match = Match.objects.select_for_update().defer("replay").get(pk=match_id)
        match.league = league
        if match.status != Match.Status.RUNNING or match.lease_owner != owner:
            return False
        # Read after the league lock: every rating write of the league happens under it.
        seats = list(match.seats.select_related("entry__version").order_by("seat"))
        for seat, result in zip(seats, outcome.seats, strict=True):
            seat.placement = result.placement
            seat.score = result.score
            seat.code = result.code
            seat.faults = result.faults
            seat.time_used = result.time_used
        _upsert(MatchSeat, seats, ["placement", "score", "code", "faults", "time_used"])
        match.status = Match.Status.FINISHED
        match.finished_at = timezone.now()
        match.end_reason = outcome.result.reason
        match.steps = outcome.steps
        match.replay = zlib.compress(outcome.replay_json.encode(), 6)
        match.lease_expires_at = None
        match.log += "".join(_stamp(line) for line in outcome.log)
        match.log += _stamp(
            f"finished: {outcome.result.reason}, {outcome.steps} steps "
            f"in {outcome.seconds:.3f} s of play"
        )
        if match.rated:
            rate_match(match, seats)
        match.save()
        unfrozen = [seat.entry.version_id for seat in seats if not seat.entry.version.frozen]
        if unfrozen:
            freeze_versions(unfrozen)
        return True


def _error(match: Match, message: str, detail: str) -> None:
    match.status = Match.Status.ERROR
    match.finished_at = timezone.now()
    match.end_reason = message[:200]
    match.lease_expires_at = None
    match.log += _stamp(f"infrastructure error: {message}") + detail
    match.save()


def fail(match_id: int, owner: str, message: str, detail: str = "") -> bool:
    """Record an infrastructure error (ratings untouched); False if the lease is not ours."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.Status.RUNNING or match.lease_owner != owner:
            return False
        _error(match, message, detail)
        return True


def requeue_lapsed() -> list[int]:
    """Send again the matches whose worker vanished (lease lapsed) or whose message was lost."""
    now = timezone.now()
    stale = now - timedelta(seconds=settings.ARENA["REQUEUE_AFTER_SECONDS"])
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
        enqueue(lapsed + lost)
    return lapsed + lost


def cancel(match: Match, *, why: str = "cancelled by an admin") -> bool:
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
        return True


def rerun(match: Match) -> bool:
    """Play again a match that ended in an infrastructure error or was cancelled (same seed)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        if match.status not in (Match.Status.ERROR, Match.Status.CANCELLED):
            return False
        match.seats.update(placement=None, score=None, code="", faults=0, time_used=0.0)
        match.attempts = 0
        match.finished_at = None
        match.end_reason = ""
        match.lease_owner = ""
        match.log += _stamp("re-run requested")
        match.save()
        enqueue([match.pk])
        return True
