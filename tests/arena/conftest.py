"""Fixtures shared by the platform's integration tests."""

from __future__ import annotations

import pytest
from arena_workers import flush_broker, worker
from browser_helpers import browser, page  # noqa: F401 - the browser tests' fixtures
from conquest.matches.workers import stop_all


@pytest.fixture
def workers(tmp_path):
    """Start real worker processes (``workers(name, **options)``); all stop after the test."""
    flush_broker()
    started = []

    def start(name: str, **kw):
        process = worker(name, tmp_path, **kw)
        started.append(process)
        return process

    yield start
    stop_all(started)
