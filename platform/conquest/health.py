"""Health of the processes (deploy/operations.md): the web's probes and the workers' heartbeat.

- **Web**: ``/healthz`` (liveness: the process answers) and ``/readyz`` (readiness: the
  database answers a query and the broker is reachable), JSON with each check, 200 or 503.
  :class:`ProbeMiddleware`, first in ``MIDDLEWARE``, answers them (and ``/metrics``) before
  any other middleware: a probe that calls a pod by its address is neither refused by
  ``ALLOWED_HOSTS`` nor redirected to https, and needs no login.
- **Workers**: each worker process touches a heartbeat file every
  ``ARENA_WORKER_HEARTBEAT_SECONDS`` (:func:`heartbeat_start`, at ``worker_ready``);
  ``manage.py worker_health <name>`` exits 1 when it is older than three periods (a
  Kubernetes exec probe).
- **Gateway**: its gRPC health service (``conquest/gateway/server.py``).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse

from conquest import metrics

CHECK_SECONDS = 1.0
"""How long a readiness check may wait for the service it checks."""
OK = "ok"


def _failure(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


def database_check() -> str:
    """ "ok" when the database answers a query, else what went wrong."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as error:
        return _failure(error)
    return OK


def broker_check() -> str:
    """ "ok" when the broker is reachable (Redis answers a PING within :data:`CHECK_SECONDS`;
    the folder broker's folder exists and is writable), else what went wrong."""
    url = settings.ARENA.broker_url
    if url.startswith("arenafs://"):
        folder = settings.ARENA.broker_folder
        return OK if os.access(folder, os.W_OK) else f"{folder} is missing or not writable"
    client = redis.Redis.from_url(
        url, socket_connect_timeout=CHECK_SECONDS, socket_timeout=CHECK_SECONDS
    )
    try:
        client.ping()
    except Exception as error:
        return _failure(error)
    finally:
        client.close()
    return OK


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness: the process answers."""
    return JsonResponse({"status": OK})


def readyz(request: HttpRequest) -> JsonResponse:
    """Readiness: each check's answer; 503 unless every one is "ok"."""
    checks = {"database": database_check(), "broker": broker_check()}
    ready = all(answer == OK for answer in checks.values())
    return JsonResponse(
        {"status": OK if ready else "unavailable", "checks": checks}, status=200 if ready else 503
    )


PROBES: dict[str, Callable[[HttpRequest], HttpResponse]] = {
    "/healthz": healthz,
    "/readyz": readyz,
    "/metrics": metrics.web_metrics,
}


class ProbeMiddleware:
    """Answers the paths of :data:`PROBES` before any other middleware (first in
    ``MIDDLEWARE``); ``/metrics`` only with ``ARENA_WEB_METRICS``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        view = PROBES.get(request.path_info.rstrip("/"))
        if view is None or (view is metrics.web_metrics and not settings.ARENA.web_metrics):
            return self.get_response(request)
        return view(request)


# ------------------------------------------------------------------ workers' heartbeat


def heartbeat_file(name: str) -> Path:
    """The heartbeat file of the worker named ``name`` (Celery's node name, ``w1@host``)."""
    return settings.ARENA.heartbeat_folder / name


def heartbeat_start(name: str) -> threading.Thread:
    """Touch the worker's heartbeat file now, then every ``ARENA_WORKER_HEARTBEAT_SECONDS``
    from a daemon thread, for as long as the process lives."""
    path = heartbeat_file(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch()

    def beat() -> None:
        while True:
            time.sleep(settings.ARENA.worker_heartbeat_seconds)
            try:
                path.touch()
            except OSError:  # the folder went away: made again at the next beat
                path.parent.mkdir(parents=True, exist_ok=True)

    thread = threading.Thread(target=beat, name="heartbeat", daemon=True)
    thread.start()
    return thread


def heartbeat_age(name: str) -> float | None:
    """Seconds since the worker's last heartbeat, or None if it never beat."""
    try:
        return time.time() - heartbeat_file(name).stat().st_mtime
    except FileNotFoundError:
        return None
