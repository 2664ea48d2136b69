"""``manage.py bench_pipeline``: matches per minute through the whole pipeline vs the engine alone.

Same matches (same seeds, seats and house players) three ways, in one run:

- **engine alone**: the runner in this process, one match after the other (no database, no
  broker, no sandbox) — the best a worker process could do;
- **pipeline** with 1 and then 2 worker processes: schedule, queue, claim with a lease, play in
  the sandbox, record result, replay and ratings — on the configured database and broker.

Overhead per match = (wall time × workers / matches) − engine time per match.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from conquest.bots import services as bots
from conquest.bots.services import resolve_player
from conquest.leagues import services as leagues
from conquest.matches import services as matches
from conquest.matches.models import Match
from conquest.matches.runner import build_seats, run
from conquest.matches.selectors import match_spec
from conquest.matches.workers import WorkerProcess


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--matches", type=int, default=100)
        parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
        parser.add_argument("--game", default="risk")
        parser.add_argument("--variant", default="hasbro")
        parser.add_argument(
            "--players", default="heuristic,attacker,attacker,heuristic", help="one per seat"
        )

    def handle(self, *args, matches: int, workers, game, variant, players, **options):
        call_command("migrate", verbosity=0)
        players = players.split(",")
        db = settings.DATABASES["default"]
        self.stdout.write(
            f"{matches} matches of {game}/{variant}, players {players}\n"
            f"database {db['ENGINE'].rsplit('.', 1)[-1]}:{db['NAME']}, "
            f"broker {settings.CELERY_BROKER_URL.split('@')[-1]}"
        )
        league = self._league(game, variant, players)
        engine = self._engine_alone(league, matches)
        self.stdout.write(
            f"engine alone: {engine * 1000:.1f} ms per match (mean of {matches}), "
            f"{60 / engine:.0f} matches/min"
        )
        for count in workers:
            wall = self._pipeline(league, matches, count)
            per_match = wall * count / matches
            self.stdout.write(
                f"pipeline, {count} worker process(es): {matches / wall * 60:.0f} matches/min, "
                f"{per_match * 1000:.1f} ms per match per worker, "
                f"overhead {(per_match - engine) * 1000:.1f} ms per match, "
                f"{engine / per_match:.0%} of the engine-alone rate per worker"
            )

    def _league(self, game: str, variant: str, players: list[str]):
        owner, _ = User.objects.get_or_create(username="bench")
        league = leagues.create_league(
            name=f"bench {time.time():.0f}",
            game=game,
            variant=variant,
            seats=len(players),
            ladder="off",
            allow_same_owner=True,
        )
        for i, player in enumerate(players):
            bot = bots.create_bot(owner=owner, name=f"bench-{league.pk}-{i}", games=[game])
            leagues.enter(league, bots.create_version(bot, kind="house", player=player))
        return league

    def _schedule(self, league, count: int) -> list[Match]:
        entries = list(league.entries.order_by("pk"))
        return [matches.schedule(league, entries, seed=seed) for seed in range(count)]

    def _engine_alone(self, league, count: int) -> float:
        """Mean seconds per match, playing the pipeline's matches in this process."""
        with transaction.atomic():
            specs = [match_spec(m) for m in self._schedule(league, count)]
            transaction.set_rollback(True)
        times = []
        for spec in specs:
            began = time.perf_counter()
            run(spec, build_seats(spec, resolve_player))
            times.append(time.perf_counter() - began)
        return statistics.fmean(times)

    def _pipeline(self, league, count: int, workers: int) -> float:
        """Wall seconds from queueing ``count`` matches to the last one recorded."""
        with tempfile.TemporaryDirectory() as logs:
            processes = [
                WorkerProcess(f"bench{i}", Path(logs) / f"bench{i}.log") for i in range(workers)
            ]
            try:
                for process in processes:
                    process.wait_ready()
                with transaction.atomic():
                    ids = [m.pk for m in self._schedule(league, count)]
                began = time.perf_counter()
                with transaction.atomic():
                    matches.enqueue(ids)
                pending = Match.objects.filter(pk__in=ids).exclude(status__in=["finished", "error"])
                while pending.exists():
                    time.sleep(0.02)
                wall = time.perf_counter() - began
                errors = Match.objects.filter(pk__in=ids, status="error").count()
                if errors:
                    self.stderr.write(f"{errors} matches ended in error")
                return wall
            finally:
                for process in processes:
                    process.stop()
