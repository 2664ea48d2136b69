"""``manage.py bench_pipeline``: matches per minute through the whole pipeline vs the engine alone.

Same matches (same seeds, seats and house players) three ways, in one run:

- **engine alone** in K plain processes (no database, no broker, no sandbox): the best that K
  worker processes could do on this machine;
- **pipeline** with K worker processes: schedule, queue, claim with a lease, play in the
  sandbox, record result, replay and ratings — on the configured database and broker;

for each K of ``--workers`` (1 and 2 by default), alternating for ``--rounds`` rounds. Per
process, time per match is wall time × K / matches; the overhead is the median pipeline's
minus the median engine's. It also gives each worker's CPU time (its sandbox's included) as a
share of the pipeline's wall time: how busy a core each worker kept.
"""

from __future__ import annotations

import multiprocessing
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
from conquest.leagues import services as leagues
from conquest.matches import services as matches
from conquest.matches.models import Match
from conquest.matches.runner import build_seats, run
from conquest.matches.selectors import match_spec
from conquest.matches.workers import WorkerProcess, cpu_seconds, stop_all
from engines.players import player_class


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--matches", type=int, default=100, help="matches per round")
        parser.add_argument("--rounds", type=int, default=3, help="rounds of each measure")
        parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
        parser.add_argument("--game", default="risk")
        parser.add_argument("--variant", default="hasbro")
        parser.add_argument(
            "--players", default="heuristic,attacker,attacker,heuristic", help="one per seat"
        )

    def handle(self, *args, matches: int, rounds: int, workers, game, variant, players, **options):
        call_command("migrate", verbosity=0)
        players = players.split(",")
        db = settings.DATABASES["default"]
        self.stdout.write(
            f"{matches} matches of {game}/{variant}, players {players}\n"
            f"database {db['ENGINE'].rsplit('.', 1)[-1]}:{db['NAME']}, "
            f"broker {settings.CELERY_BROKER_URL.split('@')[-1]}"
        )
        league = self._league(game, variant, players)
        with transaction.atomic():
            specs = [match_spec(m.pk) for m in self._schedule(league, matches)]
            transaction.set_rollback(True)
        for count in workers:
            # Alternate the two, several rounds: this machine's speed drifts between runs.
            engine, pipeline, busy = [], [], []
            for _ in range(rounds):
                engine.append(_engine_alone(specs, count))
                wall, cpu = self._pipeline(league, matches, count)
                pipeline.append(wall * count / matches)
                busy.append(cpu / wall / count)
            for label, values in (("engine alone", engine), ("pipeline", pipeline)):
                self.stdout.write(
                    f"{count} process(es), {label}: ms per match per process "
                    + ", ".join(f"{v * 1000:.1f}" for v in values)
                )
            e, p = statistics.median(engine), statistics.median(pipeline)
            self.stdout.write(
                f"{count} process(es), medians: engine alone {e * 1000:.1f} ms "
                f"({count * 60 / e:.0f} matches/min), pipeline {p * 1000:.1f} ms "
                f"({count * 60 / p:.0f} matches/min): overhead {(p - e) * 1000:.1f} ms per "
                f"match, {e / p:.0%} of the engine-alone rate per process\n"
                f"{count} process(es), pipeline: each worker's CPU (its sandbox's included) "
                + ", ".join(f"{b:.0%}" for b in busy)
                + " of a core"
            )

    def _league(self, game: str, variant: str, players: list[str]):
        owner, _ = User.objects.get_or_create(username="bench")
        league = leagues.league_create(
            name=f"bench {time.time():.0f}",
            game=game,
            variant=variant,
            seats=len(players),
            ladder="off",
            allow_same_owner=True,
        )
        for i, player in enumerate(players):
            bot = bots.bot_create(owner=owner, name=f"bench-{league.pk}-{i}", games=[game])
            leagues.entry_create(
                league=league, version=bots.version_create(bot=bot, kind="house", player=player)
            )
        return league

    def _schedule(self, league, count: int) -> list[Match]:
        entries = list(league.entries.order_by("pk"))
        return [
            matches.match_schedule(league=league, entries=entries, seed=seed)
            for seed in range(count)
        ]

    def _pipeline(self, league, count: int, workers: int) -> tuple[float, float]:
        """Wall seconds from queueing ``count`` matches to the last one recorded, and the CPU
        seconds the worker processes (their children included) used meanwhile."""
        with tempfile.TemporaryDirectory() as logs:
            processes = [
                WorkerProcess(f"bench{i}", Path(logs) / f"bench{i}.log") for i in range(workers)
            ]
            try:
                for process in processes:
                    process.wait_ready()
                with transaction.atomic():
                    ids = [m.pk for m in self._schedule(league, count)]
                began, cpu = time.perf_counter(), cpu_seconds(*(p.process.pid for p in processes))
                with transaction.atomic():
                    matches.match_enqueue(match_ids=ids)
                pending = Match.objects.filter(pk__in=ids).exclude(status__in=["finished", "error"])
                while pending.exists():
                    time.sleep(0.02)
                wall, cpu = (
                    time.perf_counter() - began,
                    cpu_seconds(*(p.process.pid for p in processes)) - cpu,
                )
                errors = Match.objects.filter(pk__in=ids, status="error").count()
                if errors:
                    self.stderr.write(f"{errors} matches ended in error")
                return wall, cpu
            finally:
                stop_all(processes)


def _play(spec) -> None:
    run(spec, build_seats(spec, player_class))


def _engine_alone(specs: list, processes: int) -> float:
    """Seconds per match per process, playing ``specs`` in ``processes`` plain processes
    (no database, broker or sandbox): the best that many worker processes could do."""
    began = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        pool.map(_play, specs, chunksize=1)
    return (time.perf_counter() - began) * processes / len(specs)
