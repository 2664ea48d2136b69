"""Prometheus metrics of every process (deploy/operations.md): their definitions, and how each
process exposes them. The code where an event happens counts it, in one line.

- **web**: the latency of every request (:class:`LatencyMiddleware`), at ``/metrics``
  (:func:`web_metrics`, answered by ``conquest.health.ProbeMiddleware``);
- **workers**: matches started, finished, failed and requeued, the queued matches, the
  decisions' time and timeouts, on the port ``ARENA_WORKER_METRICS_PORT``
  (:func:`serve`, at ``worker_ready``);
- **gateway**: bots connected, decisions and their round trip, on the port
  ``ARENA_GATEWAY_METRICS_PORT``.

Each process has its own values (Prometheus adds them up). A web server running several
processes sets ``PROMETHEUS_MULTIPROC_DIR`` (prometheus_client's multiprocess mode) so that
each one's ``/metrics`` answers for all of them.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterable

from django.http import HttpRequest, HttpResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
    start_http_server,
)

logger = logging.getLogger(__name__)

# -- web
HTTP_SECONDS = Histogram(
    "arena_http_request_duration_seconds",
    "Time to answer an HTTP request, by view (its URL name), method and status.",
    ["view", "method", "status"],
)
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

# -- workers
MATCHES_STARTED = Counter("arena_matches_started", "Matches claimed by a worker (attempts).")
MATCHES_FINISHED = Counter("arena_matches_finished", "Matches whose result was recorded.")
MATCHES_FAILED = Counter("arena_matches_failed", "Matches ended in error.")
MATCHES_REQUEUED = Counter(
    "arena_matches_requeued", "Matches put back in the queue (infrastructure, lapsed lease)."
)
MATCH_EVENTS = {
    "match_claimed": MATCHES_STARTED,
    "match_recorded": MATCHES_FINISHED,
    "match_failed": MATCHES_FAILED,
    "match_requeued": MATCHES_REQUEUED,
}
"""The counter of each significant event of a match (``conquest.events``)."""
MATCHES_QUEUED = Gauge(
    "arena_matches_queued", "Matches waiting in the queue (from the database, when scraped)."
)
DECISION_SECONDS = Histogram(
    "arena_decision_seconds",
    "Time charged to a seat for one decision (a remote bot's: its think time).",
    buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
DECISION_TIMEOUTS = Counter("arena_decision_timeouts", "Decisions a seat did not make in time.")

# -- gateway
BOTS_CONNECTED = Gauge("arena_gateway_bots_connected", "Bots connected to this gateway.")
GATEWAY_DECISIONS = Counter(
    "arena_gateway_decisions",
    "Decision requests written to bots, by how they ended: answered, timeout or other.",
    ["result"],
)
GATEWAY_DECISION_SECONDS = Histogram(
    "arena_gateway_decision_round_trip_seconds",
    "From writing a decision request to a bot to reading its answer (network included).",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)


def decisions_observed(seconds: Iterable[float], timeouts: int) -> None:
    """Count a played match's decisions (each one's time) and its timeouts."""
    for spent in seconds:
        DECISION_SECONDS.observe(spent)
    DECISION_TIMEOUTS.inc(timeouts)


def serve(port: int, *, queued: Callable[[], float] | None = None) -> bool:
    """Serve this process's metrics over HTTP on ``port`` (0: not at all), from a thread;
    ``queued`` gives the queued matches' count when scraped. False if the port was not
    available (logged: the process goes on without)."""
    if not port:
        return False
    if queued is not None:
        MATCHES_QUEUED.set_function(queued)
    try:
        start_http_server(port)
    except OSError as error:
        logger.error("could not serve the metrics on port %s: %s", port, error)
        return False
    logger.info("metrics served on port %s", port)
    return True


def web_metrics(request: HttpRequest) -> HttpResponse:
    """``/metrics``: this process's metrics, or every process's in multiprocess mode."""
    registry = REGISTRY
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    return HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)


class LatencyMiddleware:
    """Times every request into :data:`HTTP_SECONDS` (high in ``MIDDLEWARE``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        began = time.perf_counter()
        response = self.get_response(request)
        resolved = request.resolver_match
        HTTP_SECONDS.labels(
            view=resolved.view_name if resolved is not None else "unresolved",
            method=request.method if request.method in METHODS else "other",
            status=str(response.status_code),
        ).observe(time.perf_counter() - began)
        return response
