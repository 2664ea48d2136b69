"""What a worker does with one match: claim it, play it in a sandbox, record it once."""

from __future__ import annotations

import os
import socket
import uuid

from django.conf import settings

from conquest.bots.services import resolve_player
from conquest.matches import services
from conquest.matches.runner import MatchSpec, Outcome, build_seats, run
from conquest.matches.sandbox import Sandbox, SandboxError
from conquest.matches.selectors import match_spec


class LeaseLost(Exception):
    """Another worker took the match, or an admin cancelled it: stop playing."""


def play(spec: MatchSpec) -> Outcome:
    """Play ``spec`` with its seats (this runs inside the sandbox)."""
    return run(spec, build_seats(spec, resolve_player))


def _play(spec: MatchSpec) -> Outcome:
    return play(spec)  # looked up at call time, in the sandbox's copy of this module


_sandbox: Sandbox | None = None


def sandbox() -> Sandbox:
    """This worker process's match sandbox (started on first use)."""
    global _sandbox  # noqa: PLW0603 - one sandbox per worker process
    if _sandbox is None:
        # The child never touches the database: the worker alone reads and writes it.
        _sandbox = Sandbox(_play, memory_mb=settings.ARENA["MATCH_MEMORY_MB"])
    return _sandbox


def close_sandbox() -> None:
    """Stop this process's sandbox; the next match starts a fresh one."""
    global _sandbox  # noqa: PLW0603
    if _sandbox is not None:
        _sandbox.close()
        _sandbox = None


def execute(match_id: int) -> str:
    """Run one match to the end; returns what happened (finished, error, skipped, superseded)."""
    owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
    match = services.claim(match_id, owner)
    if match is None:
        return "skipped"
    spec = match_spec(match)

    def heartbeat() -> None:
        if not services.renew(match_id, owner):
            raise LeaseLost

    limits = settings.ARENA
    try:
        outcome = sandbox().call(
            spec,
            wall_seconds=limits["MATCH_WALL_SECONDS"],
            heartbeat=heartbeat,
            heartbeat_every=limits["LEASE_SECONDS"] / 3,
        )
    except LeaseLost:
        return "superseded"
    except SandboxError as error:
        services.fail(match_id, owner, str(error), error.detail)
        return "error"
    return "finished" if services.record(match_id, owner, outcome) else "superseded"
