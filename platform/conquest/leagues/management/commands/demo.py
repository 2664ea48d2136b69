"""``manage.py demo``: a real ladder on real worker processes, then the website, API and
admin."""

from __future__ import annotations

import os
import signal
import time

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from tqdm import tqdm

from conquest.leagues.demo import DEMOS, admin_credentials, demo_league, showcase_league
from conquest.leagues.models import League
from conquest.matches.models import Match
from conquest.matches.workers import WorkerProcess, stop_all


class Command(BaseCommand):
    help = (
        "Migrate, create a ladder of house bots (classic Risk, or --game), run it on worker "
        "processes until it has played --matches matches, print the standings, then serve the "
        "website, the API and the admin."
    )

    def add_arguments(self, parser):
        parser.add_argument("--matches", type=int, default=40, help="matches to wait for")
        parser.add_argument("--workers", type=int, default=2, help="worker processes")
        parser.add_argument("--port", type=int, default=8000, help="web server port")
        parser.add_argument(
            "--game", choices=sorted(DEMOS), default="risk", help="the game of the ladder"
        )
        parser.add_argument(
            "--no-serve", action="store_true", help="stop after the standings (no web server)"
        )

    def handle(self, *args, matches, workers, port, no_serve, game, **options):
        # SIGTERM and SIGHUP end the demo as Ctrl-C does: the worker processes stop with it.
        for signum in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, _interrupt)
        call_command("migrate", verbosity=0)
        league = demo_league(game)
        showcase = showcase_league(game)
        username, password = admin_credentials(settings.ARENA_HOME)
        League.objects.filter(pk__in=[league.pk, showcase.pk]).update(ladder=League.Ladder.ACTIVE)
        db = settings.DATABASES["default"]
        self.stdout.write(
            f"database: {db['ENGINE'].rsplit('.', 1)[-1]} {db['NAME']}\n"
            f"broker:   {settings.CELERY_BROKER_URL.split('@')[-1]}\n"
            f"starting {workers} worker process(es); logs in {settings.ARENA_HOME / 'logs'}"
        )
        logs = settings.ARENA_HOME / "logs"
        logs.mkdir(exist_ok=True)
        processes = [
            WorkerProcess(
                f"demo{i}",
                logs / f"worker-{i}.log",
                beat=settings.ARENA_HOME / "celerybeat-schedule" if i == 0 else None,
                # A brisk ladder for the demo: matchmaking every second.
                env={"ARENA_LADDER_TICK_SECONDS": os.environ.get("ARENA_LADDER_TICK_SECONDS", "1")},
            )
            for i in range(workers)
        ]
        try:
            target = Match.objects.filter(league=league, status="finished").count() + matches
            self._progress(league, target, processes)
            self._standings(league)
            if no_serve:
                return
            self.stdout.write(
                f"\nThe ladder goes on in the background, and the showcase league plays one "
                f"paced match at a time to be watched live.\n"
                f"  website: http://127.0.0.1:{port}/  (matches being played now, live)\n"
                f"  admin: http://127.0.0.1:{port}/admin/  (user {username!r}, "
                f"password {password!r})\n"
                f"  API:   http://127.0.0.1:{port}/api/leagues/{league.pk}/standings/\n"
                f"  API docs: http://127.0.0.1:{port}/api/docs/ (the index: /api/)\n"
                f"Stop with Ctrl-C.\n"
            )
            call_command(
                "runserver", f"127.0.0.1:{port}", use_reloader=False, insecure_serving=True
            )
        finally:
            stop_all(processes)

    def _progress(self, league: League, target: int, processes) -> None:
        finished = lambda: Match.objects.filter(league=league, status="finished").count()  # noqa: E731
        start = finished()
        with tqdm(
            total=target - start, desc="ladder matches", unit="match", mininterval=0.5
        ) as bar:
            while (done := finished()) < target:
                if not any(p.alive() for p in processes):
                    raise SystemExit("every worker process stopped: see the logs")
                bar.update(done - start - bar.n)
                errors = Match.objects.filter(league=league, status="error").count()
                bar.set_postfix(
                    running=Match.objects.filter(league=league, status="running").count(),
                    errors=errors,
                )
                time.sleep(0.25)
            bar.update(done - start - bar.n)

    def _standings(self, league: League) -> None:
        league.refresh_from_db()
        self.stdout.write(f"\nStandings of {league.name} ({league.rated_count} rated matches)")
        self.stdout.write(
            f"{'#':>2}  {'bot':<14} {'player':<10} {'games':>5}  {'Elo':>7}  "
            f"{'μ − 3σ':>7}  {'μ':>6} ± {'3σ':<5}"
        )
        for rank, entry in enumerate(league.entries.standings(), 1):
            version = entry.version
            self.stdout.write(
                f"{rank:>2}  {version.bot.name:<14} {version.player:<10} {entry.games:>5}  "
                f"{entry.elo:>7.1f}  {entry.ordinal:>7.2f}  "
                f"{entry.mu:>6.2f} ± {3 * entry.sigma:<5.2f}"
            )


def _interrupt(signum, frame):
    raise KeyboardInterrupt
