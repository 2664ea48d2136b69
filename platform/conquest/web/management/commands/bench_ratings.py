"""``manage.py bench_ratings``: how long ``recompute_ratings`` takes on a million rated results.

Fills the configured PostgreSQL database (a scratch one of its own: the data stays, and the
next run reuses it) with ``--results`` finished rated results, half in a 4-seat and half in a
2-seat Risk league with ``--entries`` entries between them, by the site benchmark's generator
(``conquest.web.bench.fill``, whose history rows are made up), unless it holds them already.
Then it runs ``manage.py recompute_ratings`` in a child process three times and prints each
run's wall time (the child's start-up included), results per second, the child's CPU time
(user and system; PostgreSQL's is not in it) and its peak resident memory:

1. compare, after every history row was spoiled and the table vacuumed (untimed): every row
   differs, the worst case;
2. ``--write``: the history of every result is replaced;
3. compare again: everything equal, the usual case.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from urllib.parse import quote

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from conquest import sql
from conquest.config import REPO
from conquest.leagues.models import League
from conquest.matches.models import Match
from conquest.ratings.models import RatingChange
from conquest.web.bench import PREFIX, fill

_SPOIL = sql.Statement("UPDATE {change} SET sigma_after = sigma_after + 1", change=RatingChange)
_VACUUM = sql.Statement("VACUUM ANALYZE {change}", change=RatingChange)


def _database_url() -> str:
    """The URL of the database this process uses, for the child."""
    db = connection.settings_dict
    login = quote(db["USER"] or "postgres") + (
        f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else ""
    )
    return f"postgres://{login}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--results", type=int, default=1_000_000, help="rated results")
        parser.add_argument("--entries", type=int, default=1_000, help="entries, both leagues")

    def handle(self, *args, results, entries, **options):
        if connection.vendor != "postgresql":
            raise CommandError("bench_ratings needs PostgreSQL: set DATABASE_URL to a scratch one")
        if results < 2 or entries < 8:
            raise CommandError("give at least 2 results and 8 entries")
        call_command("migrate", verbosity=0)
        self._seed(results, entries)
        began = time.perf_counter()
        sql.execute(_SPOIL.text)
        sql.execute(_VACUUM.text)  # the dead rows gone, as autovacuum would between runs
        self.stdout.write(
            f"every history row spoiled (and vacuumed) in {time.perf_counter() - began:.1f} s"
        )
        heads = ("seconds", "results/s", "CPU s", "peak MB")
        self.stdout.write(f"{'recompute_ratings':<30}" + "".join(f"{h:>10}" for h in heads))
        for name, write, differ in (
            ("compare, every row differs", False, True),
            ("--write, every row rewritten", True, False),
            ("compare, all equal", False, False),
        ):
            seconds, cpu, peak = self._run(write=write, differ=differ)
            figures = f"{seconds:>10.1f}{results / seconds:>10.0f}{cpu:>10.1f}{peak:>10.0f}"
            self.stdout.write(f"{name:<30}{figures}")

    def _seed(self, results: int, entries: int) -> None:
        """Generate the leagues and results unless the database holds exactly them."""
        leagues = League.objects.count()
        held = Match.objects.filter(rated=True, status=Match.Status.FINISHED).count()
        if leagues and (
            held != results or League.objects.exclude(name__startswith=PREFIX).exists()
        ):
            raise CommandError(
                f"the database holds {leagues} leagues and {held} rated results: "
                f"give a database of its own (or --results {held} to reuse this one)"
            )
        if leagues:
            self.stdout.write(f"{held} rated results in {leagues} leagues, generated earlier")
            return
        self.stdout.write(f"generating {results} rated results, {entries} entries")
        fill(bots=entries // 2, matches=results // 2, leagues=1, seats=4)
        fill(bots=entries - entries // 2, matches=results - results // 2, leagues=1, seats=2)

    def _run(self, *, write: bool, differ: bool) -> tuple[float, float, float]:
        """Seconds, CPU seconds and peak resident megabytes of one ``recompute_ratings``."""
        command = [sys.executable, str(REPO / "manage.py"), "recompute_ratings"]
        env = {**os.environ, "DATABASE_URL": _database_url()}
        with tempfile.TemporaryFile() as output:
            began = time.perf_counter()
            child = subprocess.Popen(
                command + ["--write"] * write, cwd=REPO, env=env, stdout=output, stderr=output
            )
            _, status, usage = os.wait4(child.pid, 0)
            seconds = time.perf_counter() - began
            child.returncode = os.waitstatus_to_exitcode(status)
            output.seek(0)
            text = output.read().decode()
        if child.returncode != int(differ):
            raise CommandError(f"recompute_ratings exited {child.returncode}:\n{text}")
        return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
