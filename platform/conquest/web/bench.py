"""The website's speed on a big database: generated data, then the pages' latencies.

:func:`fill` writes, with PostgreSQL's COPY, owners, bots (one house version each), leagues
with the bots entered, and finished matches with their seats and rating history, as the
platform would have recorded them (placements, scores, faults, Elo and μ/σ before and after).
:func:`measure` asks the pages through Django's test client (the whole view and template, no
network) and gives each page's latency percentiles.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import connection, models
from django.test import Client
from django.urls import reverse
from tqdm import tqdm

from conquest import sql
from conquest.bots.models import Bot, BotVersion
from conquest.leagues.models import Entry, League
from conquest.matches.models import EntrySeatTally, Match, MatchSeat
from conquest.matches.services import tally_recount
from conquest.ratings.maths import ELO_START, MU_START, SIGMA_START
from conquest.ratings.models import RatingChange
from conquest.ratings.services import HISTORY_COLUMNS
from engines.registry import get_game

CHUNK = 20_000
"""Matches generated and copied at a time."""
PREFIX = "bench-"
"""Every generated user, bot and league is named with this prefix."""


def _copy(model: type[models.Model], columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """COPY ``rows`` (values in the order of ``columns``, field names) into ``model``'s table."""
    sql.insert(model, [model._meta.get_field(c).column for c in columns], rows)


def _next_id(model: type[models.Model]) -> int:
    """The first primary key free after the table's largest."""
    return (model.objects.aggregate(top=models.Max("pk"))["top"] or 0) + 1


def _reset_sequence(model: type[models.Model]) -> None:
    """Move the table's id sequence past the ids COPY wrote."""
    table = model._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
            f"(SELECT COALESCE(MAX(id), 1) FROM {table}))"
        )


@dataclass(frozen=True)
class Filled:
    """What :func:`fill` made: its leagues' and bots' ids and some of its matches'."""

    leagues: list[int]
    bots: list[int]
    matches: list[int]


def fill(*, bots: int, matches: int, leagues: int, seats: int = 4, seed: int = 1) -> Filled:
    """Generate ``bots`` bots in ``leagues`` Risk leagues of ``seats`` seats and ``matches``
    finished rated matches among them, with their history (PostgreSQL only)."""
    if connection.vendor != "postgresql":
        raise ValueError("the site benchmark fills PostgreSQL (set DATABASE_URL)")
    rng = random.Random(seed)
    now = datetime.now(UTC)
    owners = max(1, bots // 10)
    game = get_game("risk")

    user0 = _next_id(User)
    _copy(
        User,
        [
            "id",
            "username",
            "password",
            "is_superuser",
            "is_staff",
            "is_active",
            "first_name",
            "last_name",
            "email",
            "date_joined",
        ],
        (
            (user0 + i, f"{PREFIX}{user0 + i}", "!", False, False, True, "", "", "", now)
            for i in range(owners)
        ),
    )
    bot0 = _next_id(Bot)
    _copy(
        Bot,
        ["id", "owner", "name", "description", "games", "enabled", "created_at"],
        (
            (
                bot0 + i,
                user0 + i % owners,
                f"{PREFIX}{bot0 + i}",
                "generated",
                '["risk"]',
                True,
                now,
            )
            for i in range(bots)
        ),
    )
    version0 = _next_id(BotVersion)
    _copy(
        BotVersion,
        ["id", "bot", "number", "kind", "player", "notes", "created_at"],
        ((version0 + i, bot0 + i, 1, "house", "random", "", now) for i in range(bots)),
    )
    league_ids = []
    for number in range(leagues):
        league = League.objects.create(
            name=f"{PREFIX}{_next_id(League)}-{number}",
            game="risk",
            variant="hasbro",
            seats=seats,
            engine_version=game.engine_version,
            ladder=League.Ladder.OFF,
        )
        league_ids.append(league.pk)
    entry0 = _next_id(Entry)
    members: list[list[int]] = [[] for _ in league_ids]  # bot i plays in league i % leagues
    for i in range(bots):
        members[i % leagues].append(entry0 + i)
    _copy(
        Entry,
        [
            "id",
            "league",
            "version",
            "active",
            "elo",
            "mu",
            "sigma",
            "ordinal",
            "games",
            "created_at",
        ],
        (
            (
                entry0 + i,
                league_ids[i % leagues],
                version0 + i,
                True,
                ELO_START,
                MU_START,
                SIGMA_START,
                MU_START - 3 * SIGMA_START,
                0,
                now,
            )
            for i in range(bots)
        ),
    )

    ratings = dict.fromkeys(range(entry0, entry0 + bots), (ELO_START, MU_START, SIGMA_START, 0))
    match0 = _next_id(Match)
    seq = [0] * leagues
    start = now - timedelta(seconds=matches)
    sample: list[int] = []
    with tqdm(total=matches, desc="matches", unit="match", mininterval=1) as bar:
        for chunk in range(0, matches, CHUNK):
            match_rows, seat_rows, change_rows = [], [], []
            for m in range(chunk, min(matches, chunk + CHUNK)):
                league = m % leagues
                seq[league] += 1
                at = start + timedelta(seconds=m)
                match_rows.append(
                    (
                        match0 + m,
                        league_ids[league],
                        rng.randrange(2**62),
                        "finished",
                        "ladder",
                        True,
                        1,
                        "",
                        at,
                        at,
                        at,
                        at,
                        "world_conquered",
                        rng.randint(200, 2000),
                        seq[league],
                        "",
                    )
                )
                order = list(range(1, seats + 1))
                rng.shuffle(order)
                for seat, entry in enumerate(rng.sample(members[league], seats)):
                    timeouts = int(rng.random() < 0.02)
                    illegal = int(rng.random() < 0.01)
                    seat_rows.append(
                        (
                            match0 + m,
                            seat,
                            entry,
                            order[seat],
                            float(seats - order[seat]),
                            "normal",
                            timeouts + illegal,
                            timeouts,
                            0,
                            illegal,
                            0,
                            rng.uniform(0.5, 5.0),
                        )
                    )
                    elo, mu, sigma, games = ratings[entry]
                    delta = (seats + 1 - 2 * order[seat]) * 4.0
                    new = (elo + delta, mu + delta / 20, max(1.0, sigma * 0.995), games + 1)
                    change_rows.append(
                        (entry, match0 + m, seq[league], elo, new[0], mu, new[1], sigma, new[2], at)
                    )
                    ratings[entry] = new
                if m % 997 == 0:
                    sample.append(match0 + m)
            _copy(
                Match,
                [
                    "id",
                    "league",
                    "seed",
                    "status",
                    "origin",
                    "rated",
                    "attempts",
                    "lease_owner",
                    "created_at",
                    "queued_at",
                    "started_at",
                    "finished_at",
                    "end_reason",
                    "steps",
                    "rated_seq",
                    "log",
                ],
                match_rows,
            )
            _copy(
                MatchSeat,
                [
                    "match",
                    "seat",
                    "entry",
                    "placement",
                    "score",
                    "code",
                    "faults",
                    "timeouts",
                    "crashes",
                    "illegal_actions",
                    "disconnects",
                    "time_used",
                ],
                seat_rows,
            )
            sql.insert(RatingChange, HISTORY_COLUMNS, change_rows, binary=True)
            bar.update(len(match_rows))
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {Entry._meta.db_table} SET elo=%s, mu=%s, sigma=%s, ordinal=%s, games=%s"
            " WHERE id=%s",
            [
                (elo, mu, sigma, mu - 3 * sigma, games, entry)
                for entry, (elo, mu, sigma, games) in ratings.items()
            ],
        )
    for number, league_id in enumerate(league_ids):
        League.objects.filter(pk=league_id).update(rated_count=seq[number])
    tally_recount()
    for model in (User, Bot, BotVersion, Entry, Match, MatchSeat, RatingChange, EntrySeatTally):
        _reset_sequence(model)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return Filled(league_ids, list(range(bot0, bot0 + bots)), sample)


@dataclass(frozen=True)
class Latency:
    """One page's latencies over its samples, in milliseconds."""

    page: str
    samples: int
    p50: float
    p95: float
    worst: float


def _percentiles(page: str, times: list[float]) -> Latency:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return Latency(page, len(ms), statistics.median(ms), p95, ms[-1])


def measure(filled: Filled, *, samples: int, seed: int = 2) -> list[Latency]:
    """The latencies of the leaderboard, a bot page, the match list (plain, by league and by
    bot) and a match page, each asked ``samples`` times (after one warm-up) with random
    ids from ``filled``."""
    rng = random.Random(seed)
    client = Client()
    pages: dict[str, Callable[[], str]] = {
        "leaderboard": lambda: reverse("web-league", args=[rng.choice(filled.leagues)]),
        "bot page": lambda: reverse("web-bot", args=[rng.choice(filled.bots)]),
        "match list": lambda: reverse("web-matches"),
        "match list, by league": lambda: (
            f"{reverse('web-matches')}?league={rng.choice(filled.leagues)}"
        ),
        "match list, by bot": lambda: f"{reverse('web-matches')}?bot={rng.choice(filled.bots)}",
        "match page": lambda: reverse("web-match", args=[rng.choice(filled.matches)]),
    }
    results = []
    for page, url in pages.items():
        first = client.get(url())
        if first.status_code != 200:
            raise RuntimeError(f"{page}: {first.status_code} for {first.request['PATH_INFO']}")
        times = []
        for _ in range(samples):
            address = url()
            began = time.perf_counter()
            response = client.get(address)
            times.append(time.perf_counter() - began)
            if response.status_code != 200:
                raise RuntimeError(f"{page}: {response.status_code} for {address}")
        results.append(_percentiles(page, times))
    return results
