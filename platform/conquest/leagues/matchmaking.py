"""Ladder matchmaking: fill each active ladder up to its cap, fairly.

Per tick and league (at most ``ladder_matches_per_tick`` matches, never more than
``ladder_max_pending`` pending ladder matches):

1. the **focal** entry is the one with the fewest matches (played + pending), then the highest
   uncertainty σ: new and uncertain bots play first;
2. its opponents are the entries nearest to it by the conservative rating μ − 3σ, skipping
   entries of an owner already at the table unless the league allows it;
3. **seats**: of every seat order, the one that gives each entry the seat it has sat in least
   (counted over all its matches of the league); ties are broken at random.

A remote bot's entries are scheduled only while the bot is connected to a gateway (the
presences) and under the number of matches it plays at once (its Hello's, capped), counting
its scheduled, queued and running matches in every league. (The claim enforces that number
for every match, whatever its origin: ``matches.services.match_claim``; here it only keeps
the ladder from queueing matches that would wait for the bot.)

While a tournament match of the league waits in the queue, the ladder schedules nothing: the
tournament's matches go first.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from django.db import transaction
from django.db.models import Count, Q

from conquest.bots.models import BotVersion
from conquest.leagues.models import Entry, League
from conquest.matches import services as matches
from conquest.matches.managers import PENDING
from conquest.matches.models import Match, MatchSeat
from conquest.matches.selectors import pending_per_bot
from conquest.relay import presence


def _seat_order(table: list[Entry], seat_counts: Counter, rng: random.Random) -> list[Entry]:
    """The order of ``table`` that sits each entry where it has sat least."""
    orders = list(itertools.permutations(table))
    rng.shuffle(orders)
    return list(
        min(orders, key=lambda order: sum(seat_counts[(e.pk, i)] for i, e in enumerate(order)))
    )


def fill_ladder(league: League, rng: random.Random | None = None) -> list[Match]:
    """Schedule and queue this tick's ladder matches of ``league``."""
    rng = rng or random.Random()
    if league.ladder != League.Ladder.ACTIVE:
        return []
    if Match.objects.filter(
        league=league, origin=Match.Origin.TOURNAMENT, status=Match.Status.QUEUED
    ).exists():
        return []
    pending = Match.objects.filter(
        league=league, origin=Match.Origin.LADDER, status__in=PENDING
    ).count()
    room = min(league.ladder_matches_per_tick, league.ladder_max_pending - pending)
    entries = list(
        Entry.objects.playable()
        .filter(league=league)
        .select_related("version__bot")
        .annotate(pending=Count("seats", filter=Q(seats__match__status__in=PENDING)))
    )
    if room <= 0 or len(entries) < league.seats:
        return []
    capacity = _remote_capacity(entries)
    seat_counts = Counter(
        (row["entry"], row["seat"])
        for row in MatchSeat.objects.filter(match__league=league).values("entry", "seat")
    )
    load = {e.pk: e.games + e.pending for e in entries}
    created = []
    with transaction.atomic():
        for _ in range(room):
            available = [e for e in entries if capacity.get(e.version.bot_id, 1) > 0]
            table = _table(league, available, load, rng)
            if table is None:
                break
            table = _seat_order(table, seat_counts, rng)
            match = matches.match_schedule(league=league, entries=table)
            for seat, entry in enumerate(table):
                seat_counts[(entry.pk, seat)] += 1
                load[entry.pk] += 1
                if entry.version.bot_id in capacity:
                    capacity[entry.version.bot_id] -= 1
            created.append(match)
        matches.match_enqueue(match_ids=[m.pk for m in created])
    return created


def _remote_capacity(entries: list[Entry]) -> dict[int, int]:
    """How many more matches each remote bot of ``entries`` may start now, by bot id (0 for
    a bot that is not connected)."""
    bots = sorted({e.version.bot_id for e in entries if e.version.kind == BotVersion.Kind.REMOTE})
    if not bots:
        return {}
    connected = presence.presences().connected(bots) if presence.enabled() else {}
    busy = pending_per_bot(list(connected))
    return {
        bot: connected[bot].max_matches - busy.get(bot, 0) if bot in connected else 0
        for bot in bots
    }


def _table(league: League, entries: list[Entry], load: dict, rng: random.Random):
    """The focal entry and its nearest-rated opponents, or None if no legal table exists."""
    shuffled = rng.sample(entries, len(entries))
    by_need = sorted(shuffled, key=lambda e: (load[e.pk], -e.sigma))
    for focal in by_need:
        table = [focal]
        owners = {focal.version.bot.owner_id}
        for other in sorted(shuffled, key=lambda e: abs(e.ordinal - focal.ordinal)):
            if len(table) == league.seats:
                break
            if other.pk == focal.pk:
                continue
            if not league.allow_same_owner and other.version.bot.owner_id in owners:
                continue
            table.append(other)
            owners.add(other.version.bot.owner_id)
        if len(table) == league.seats:
            return table
    return None


def fill_ladders() -> int:
    """Fill every active ladder; the number of matches created."""
    return sum(
        len(fill_ladder(league)) for league in League.objects.filter(ladder=League.Ladder.ACTIVE)
    )
