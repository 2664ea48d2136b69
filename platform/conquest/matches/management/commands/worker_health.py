"""``manage.py worker_health <name>``: is the worker alive? Exit 0 when its heartbeat is fresh,
1 otherwise (a Kubernetes exec probe; deploy/operations.md)."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from conquest.health import heartbeat_age

PERIODS = 3
"""A heartbeat older than this many periods (``ARENA_WORKER_HEARTBEAT_SECONDS``) is stale."""


class Command(BaseCommand):
    help = (
        "Exit 0 if the worker named NAME (its Celery node name, e.g. w1@host) touched its "
        "heartbeat file recently, 1 if not (stopped, hung or never started)."
    )

    def add_arguments(self, parser):
        parser.add_argument("name", help="the worker's node name (celery worker -n)")
        parser.add_argument(
            "--max-age",
            type=float,
            help="seconds a heartbeat stays fresh (default: three heartbeat periods)",
        )

    def handle(self, *args, name, max_age, **kw):
        limit = max_age
        if limit is None:
            limit = PERIODS * settings.ARENA.worker_heartbeat_seconds
        age = heartbeat_age(name)
        if age is None:
            raise CommandError(f"worker {name}: no heartbeat", returncode=1)
        if age > limit:
            raise CommandError(f"worker {name}: last heartbeat {age:.0f} s ago", returncode=1)
        self.stdout.write(f"worker {name}: alive ({age:.0f} s ago)")
