"""``manage.py bench_site``: the website's latencies on a big generated database.

Fills the configured PostgreSQL database (use a scratch one: the data stays) with ``--bots``
bots in ``--leagues`` leagues and ``--matches`` finished matches with their rating history,
then asks the leaderboard, a bot page, the match list and a match page ``--samples`` times
each and prints p50 and p95 (goal: p95 under 100 ms). ``--measure-only`` measures what an
earlier run left.
"""

from __future__ import annotations

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test.utils import override_settings

from conquest.bots.models import Bot
from conquest.leagues.models import League
from conquest.matches.models import Match
from conquest.web.bench import PREFIX, Filled, fill, measure


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--bots", type=int, default=10_000, help="bots to generate")
        parser.add_argument("--matches", type=int, default=1_000_000, help="matches to generate")
        parser.add_argument("--leagues", type=int, default=10, help="leagues sharing the bots")
        parser.add_argument("--samples", type=int, default=200, help="requests per page")
        parser.add_argument(
            "--measure-only", action="store_true", help="measure the data of an earlier run"
        )

    def handle(self, *args, bots, matches, leagues, samples, measure_only, **options):
        if connection.vendor != "postgresql":
            raise CommandError("bench_site needs PostgreSQL: set DATABASE_URL to a scratch one")
        if min(bots, matches, leagues, samples) < 1 or bots < 4 * leagues:
            raise CommandError("give at least one of each, and 4 bots per league")
        call_command("migrate", verbosity=0)
        if measure_only:
            filled = Filled(
                list(League.objects.filter(name__startswith=PREFIX).values_list("pk", flat=True)),
                list(Bot.objects.filter(name__startswith=PREFIX).values_list("pk", flat=True)),
                list(
                    Match.objects.filter(league__name__startswith=PREFIX)
                    .order_by("?")
                    .values_list("pk", flat=True)[:500]
                ),
            )
            if not filled.leagues:
                raise CommandError("no generated data: run without --measure-only first")
        else:
            self.stdout.write(f"generating {bots} bots, {matches} matches in {leagues} leagues")
            filled = fill(bots=bots, matches=matches, leagues=leagues)
        self.stdout.write(
            f"database: {Match.objects.count()} matches, {Bot.objects.count()} bots; "
            f"{samples} requests per page"
        )
        with override_settings(ALLOWED_HOSTS=["testserver"]):  # the test client's host
            latencies = measure(filled, samples=samples)
        self.stdout.write(f"{'page':<24} {'p50 ms':>8} {'p95 ms':>8} {'worst ms':>9}")
        for row in latencies:
            self.stdout.write(f"{row.page:<24} {row.p50:>8.1f} {row.p95:>8.1f} {row.worst:>9.1f}")
