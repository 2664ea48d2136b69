"""Celery tasks of the version tests app."""

from __future__ import annotations

from celery import shared_task

from conquest.versiontests import services


@shared_task(name="conquest.versiontests.tasks.advance_version_tests")
def advance_version_tests() -> int:
    """Periodic: count the ended pairs of every running version test and play on or stop
    (the ``match_ended`` receiver does it at once; this catches a signal lost with its
    process)."""
    return services.version_test_advance_all()
