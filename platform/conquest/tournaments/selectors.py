"""Reads on tournaments: the field, results, pairing history, standings, progress, exports.

Entries are named by their TournamentEntry id in the pure maths (``formats``, ``scoring``).
"""

from __future__ import annotations

import csv
import io
import itertools
import json
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Avg, Count, F, QuerySet
from django.utils import timezone

from conquest.matches.models import Match, MatchSeat
from conquest.tournaments import formats, scoring
from conquest.tournaments.models import Tournament, TournamentBye, TournamentEntry

# Workers that claimed a match this recently count for the expected end.
WORKERS_SEEN = timedelta(minutes=10)


def tournament_list() -> QuerySet[Tournament]:
    """Every tournament, newest first, with its league."""
    return Tournament.objects.select_related("league").order_by("-created_at", "-pk")


def tournament_get(tournament_id: int) -> Tournament | None:
    """The tournament ``tournament_id`` with its league, or None."""
    return tournament_list().filter(pk=tournament_id).first()


def field(tournament: Tournament) -> list[TournamentEntry]:
    """The tournament's entries, best seed first (registration order before the start)."""
    return list(tournament.entries.in_seed_order())


def points(tournament: Tournament) -> list[float]:
    """Points per placement: the tournament's, else the number of seats beaten."""
    return list(tournament.points) or formats.default_points(tournament.league.seats)


@dataclass(frozen=True)
class GameRow:
    """A tournament game as the maths needs it: where, its match's status, its seats."""

    round: int
    table: int
    match: int
    status: str
    seats: tuple[scoring.SeatResult, ...]


def game_rows(tournament: Tournament) -> list[GameRow]:
    """Every game of the tournament (any status), in round, table and game order."""
    ids = dict(tournament.entries.values_list("entry_id", "pk"))
    seats = (
        MatchSeat.objects.filter(match__tournament_game__tournament=tournament)
        .values_list(
            "match__tournament_game__round",
            "match__tournament_game__table",
            "match__tournament_game__number",
            "match_id",
            "match__status",
            "seat",
            "entry_id",
            "placement",
            "score",
        )
        .order_by(
            "match__tournament_game__round",
            "match__tournament_game__table",
            "match__tournament_game__number",
            "seat",
        )
    )
    rows = []
    for (round_, table, _, match, status), group in itertools.groupby(seats, lambda r: r[:5]):
        results = tuple(
            scoring.SeatResult(ids[entry], seat, placement or 0, score or 0.0)
            for *_, seat, entry, placement, score in group
        )
        rows.append(GameRow(round_, table, match, status, results))
    return rows


def _voided(tournament: Tournament) -> set[int]:
    return set(tournament.entries.filter(voided=True).values_list("pk", flat=True))


def counted(tournament: Tournament, rows: list[GameRow] | None = None) -> list[scoring.GameResult]:
    """The finished games the standings count: none with a voided entry at the table."""
    voided = _voided(tournament)
    return [
        scoring.GameResult(row.round, row.table, row.seats)
        for row in (game_rows(tournament) if rows is None else rows)
        if row.status == Match.Status.FINISHED and not voided & {s.entry for s in row.seats}
    ]


def bye_rounds(tournament: Tournament) -> dict[int, list[int]]:
    """The rounds each entry sat out."""
    byes: dict[int, list[int]] = defaultdict(list)
    for entry, round_ in TournamentBye.objects.filter(tournament=tournament).values_list(
        "entry_id", "round"
    ):
        byes[entry].append(round_)
    return dict(byes)


@dataclass(frozen=True)
class History:
    """What pairing the next round needs: meetings, seats sat, byes had."""

    met: Counter  # frozenset({a, b}) -> tables shared
    seats: Counter  # (entry, seat) -> games sat there (cancelled games left out)
    byes: Counter  # entry -> byes had


def history(tournament: Tournament) -> History:
    """Meetings (tables shared), seats sat and byes of every entry so far."""
    met: Counter = Counter()
    seats: Counter = Counter()
    tables = {}
    for row in game_rows(tournament):
        if row.status == Match.Status.CANCELLED:
            continue
        tables[(row.round, row.table)] = [s.entry for s in row.seats]
        seats.update((s.entry, s.seat) for s in row.seats)
    for members in tables.values():
        met.update(frozenset(pair) for pair in itertools.combinations(members, 2))
    byes = Counter({e: len(r) for e, r in bye_rounds(tournament).items()})
    return History(met, seats, byes)


def _knockout_tables(
    tournament: Tournament, rows: list[GameRow], seed: dict[int, int], results
) -> list[scoring.KnockoutTable]:
    """Each knockout table with its members ranked (aggregate points, score, seed)."""
    by_table: dict[tuple[int, int], list] = defaultdict(list)
    members: dict[tuple[int, int], set[int]] = defaultdict(set)
    for row in rows:
        members[(row.round, row.table)].update(s.entry for s in row.seats)
    for game in results:
        by_table[(game.round, game.table)].append(game)
    return [
        scoring.KnockoutTable(
            key[0],
            tuple(
                e
                for e, _, _ in scoring.table_results(
                    sorted(members[key]), by_table[key], points(tournament), seed
                )
            ),
            tuple(by_table[key]),
        )
        for key in sorted(members)
    ]


def standings(tournament: Tournament) -> list[scoring.Row]:
    """The standings, tie-breaks applied in the format's order (see ``scoring``)."""
    entries = field(tournament)
    ids = [e.pk for e in entries]
    disqualified = frozenset(e.pk for e in entries if e.disqualified_at is not None)
    rows = game_rows(tournament)
    results = counted(tournament, rows)
    byes = bye_rounds(tournament)
    if tournament.format == Tournament.Format.KNOCKOUT:
        seed = {e: i for i, e in enumerate(ids, start=1)}
        tables = _knockout_tables(tournament, rows, seed, results)
        return scoring.knockout_standings(
            ids, tables, points(tournament), bye_rounds=byes, disqualified=disqualified
        )
    tiebreaks = (
        scoring.SWISS_TIEBREAKS
        if tournament.format == Tournament.Format.SWISS
        else scoring.ROUND_ROBIN_TIEBREAKS
    )
    return scoring.standings(
        ids,
        results,
        points(tournament),
        tiebreaks,
        byes={e: len(r) * tournament.games for e, r in byes.items()},
        disqualified=disqualified,
    )


def knockout_qualifiers(tournament: Tournament, number: int) -> list[int]:
    """Who goes through from knockout round ``number``, best seed first (disqualified
    entries never do)."""
    entries = field(tournament)
    seed = {e.pk: i for i, e in enumerate(entries, start=1)}
    out = {e.pk for e in entries if e.disqualified_at is not None}
    rows = [row for row in game_rows(tournament) if row.round == number]
    results = counted(tournament, rows)
    tables = _knockout_tables(tournament, rows, seed, results)
    totals = {}
    for table in tables:
        for e, got, score in scoring.table_results(
            table.ranking, table.games, points(tournament), seed
        ):
            totals[e] = (-got, -score, seed[e])
    byes = [e for e, rounds in bye_rounds(tournament).items() if number in rounds]
    through = formats.qualifiers(
        [[e for e in table.ranking if e not in out] for table in tables],
        [e for e in byes if e not in out],
        tournament.league.seats,
        tournament.advance,
        order=totals.__getitem__,
    )
    return sorted(through, key=seed.__getitem__)


def was_final(tournament: Tournament, number: int) -> bool:
    """Was knockout round ``number`` the final (one table, no bye)?"""
    tables = {row.table for row in game_rows(tournament) if row.round == number}
    byes = TournamentBye.objects.filter(tournament=tournament, round=number).exists()
    return len(tables) == 1 and not byes


def seat_win_rates(tournament: Tournament) -> list[dict]:
    """Per seat: the tournament's counted games, wins and win rate (seat bias shows here)."""
    return scoring.seat_win_rates(counted(tournament), tournament.league.seats)


# --- Progress -------------------------------------------------------------------------------


def _matches_left(tournament: Tournament, scheduled_rounds: int) -> int:
    """Matches of the rounds not yet paired (Swiss and knockout; estimated from the field)."""
    k, games = tournament.league.seats, tournament.games
    competing = tournament.entries.competing().count()
    if tournament.format == Tournament.Format.SWISS:
        return max(0, tournament.rounds - scheduled_rounds) * (competing // k) * games
    if tournament.format == Tournament.Format.KNOCKOUT:
        sizes = formats.knockout_sizes(max(competing, k), k, tournament.advance)
        return sum(
            (m - formats.knockout_byes(m, k, tournament.advance)) // k * games
            for m in sizes[scheduled_rounds:]
        )
    return 0


def _workers_seen(now: datetime) -> int:
    """Worker processes (host:pid) that claimed any match lately."""
    owners = Match.objects.filter(started_at__gte=now - WORKERS_SEEN).values_list(
        "lease_owner", flat=True
    )
    return len({owner.rsplit(":", 1)[0] for owner in owners if owner})


def progress(tournament: Tournament) -> dict:
    """Matches done, running, left (queued, scheduled, not yet paired), in error; the
    expected end: the mean duration of its finished matches × (left + running) ÷ the
    workers seen in the last ten minutes (None before the first result)."""
    matches = Match.objects.filter(tournament_game__tournament=tournament)
    by_status = Counter(matches.values_list("status", flat=True))
    statuses = Match.Status
    unpaired = (
        _matches_left(tournament, tournament.current_round)
        if tournament.state in (Tournament.State.RUNNING, Tournament.State.PAUSED)
        else 0
    )
    done = by_status[statuses.FINISHED] + by_status[statuses.CANCELLED]
    running = by_status[statuses.RUNNING]
    left = by_status[statuses.QUEUED] + by_status[statuses.SCHEDULED] + unpaired
    mean = matches.filter(status=statuses.FINISHED).aggregate(
        mean=Avg(F("finished_at") - F("started_at"))
    )["mean"]
    now = timezone.now()
    expected_end = None
    if tournament.state == Tournament.State.RUNNING and mean is not None:
        expected_end = now + mean * (left + running) / max(1, _workers_seen(now))
    return {
        "round": tournament.current_round,
        "done": done,
        "running": running,
        "left": left,
        "error": by_status[statuses.ERROR],
        "expected_end": expected_end,
    }


# --- Exports --------------------------------------------------------------------------------


def _names(tournament: Tournament) -> dict[int, TournamentEntry]:
    return {e.pk: e for e in field(tournament)}


def standings_table(tournament: Tournament) -> list[dict]:
    """The standings as plain rows: entry, bot, version, owner, points, tie-breaks, seats."""
    entries = _names(tournament)
    table = []
    for row in standings(tournament):
        entry = entries[row.entry]
        version = entry.entry.version
        table.append(
            {
                "rank": row.rank,
                "entry": row.entry,
                "league_entry": entry.entry_id,
                "bot": version.bot.name,
                "version": version.number,
                "owner": version.bot.owner.username,
                "seed": entry.seed,
                "points": row.points,
                "games": row.games,
                "byes": row.byes,
                "tiebreaks": row.tiebreaks,
                "seats": list(row.seats),
                "disqualified": row.disqualified,
                "voided": entry.voided,
            }
        )
    return table


def games_table(tournament: Tournament) -> list[dict]:
    """Every game: round, table, match, status, and per seat the entry, placement, score and
    the points it earned (voided games earn none)."""
    entries = _names(tournament)
    got_points = points(tournament)
    voided = _voided(tournament)
    table = []
    for row in game_rows(tournament):
        counts = row.status == Match.Status.FINISHED and not voided & {s.entry for s in row.seats}
        earned = scoring.placement_points([s.placement for s in row.seats], got_points)
        table.append(
            {
                "round": row.round,
                "table": row.table,
                "match": row.match,
                "status": row.status,
                "counted": counts,
                "seats": [
                    {
                        "seat": s.seat,
                        "entry": s.entry,
                        "bot": entries[s.entry].entry.version.bot.name,
                        "placement": s.placement if row.status == Match.Status.FINISHED else None,
                        "score": s.score if row.status == Match.Status.FINISHED else None,
                        "points": earned[i] if counts else None,
                    }
                    for i, s in enumerate(row.seats)
                ],
            }
        )
    return table


def export_json(tournament: Tournament) -> dict:
    """Everything about the results: the tournament, its standings, seat win rates, games."""
    return {
        "tournament": {
            "id": tournament.pk,
            "name": tournament.name,
            "league": tournament.league.name,
            "format": tournament.format,
            "state": tournament.state,
            "games": tournament.games,
            "rounds": tournament.rounds,
            "advance": tournament.advance,
            "points": points(tournament),
            "rated": tournament.rated,
            "tiebreaks": list(tiebreak_names(tournament)),
        },
        "standings": standings_table(tournament),
        "seat_win_rates": seat_win_rates(tournament),
        "games": games_table(tournament),
    }


def tiebreak_names(tournament: Tournament) -> tuple[str, ...]:
    """The tie-breaks of the tournament's format, in the order they apply."""
    return {
        Tournament.Format.ROUND_ROBIN: scoring.ROUND_ROBIN_TIEBREAKS,
        Tournament.Format.SWISS: scoring.SWISS_TIEBREAKS,
        Tournament.Format.KNOCKOUT: scoring.KNOCKOUT_TIEBREAKS,
    }[tournament.format]


def _cell(value):
    """A CSV cell: floats rounded to 4 decimals (no 0.30000000000000004)."""
    return round(value, 4) if isinstance(value, float) else value


def tiebreak_columns(tournament: Tournament) -> list[str]:
    """The tie-breaks a standings table shows as columns of their own: every one but the
    seed, which is the table's seed column (one column per fact)."""
    return [name for name in tiebreak_names(tournament) if name != scoring.SEED]


def export_csv(tournament: Tournament, table: str = "standings") -> str:
    """The standings (one line per entry) or the games (one line per seat of each game).

    Each fact is one column: the seed tie-break is the ``seed`` column (empty before the
    start); ``seat_<n>`` counts the games the entry sat at seat n.
    """
    out = io.StringIO()
    writer = csv.writer(out)
    seats = range(tournament.league.seats)
    if table == "standings":
        columns = ("rank", "entry", "bot", "version", "owner", "seed", "points", "games", "byes")
        names = tiebreak_columns(tournament)
        writer.writerow([*columns, *names, *(f"seat_{s}" for s in seats), "disqualified", "voided"])
        for row in standings_table(tournament):
            writer.writerow(
                [_cell(row[c]) for c in columns]
                + [_cell(row["tiebreaks"][name]) for name in names]
                + row["seats"]
                + [row["disqualified"], row["voided"]]
            )
    else:
        writer.writerow(
            ["round", "table", "match", "status", "counted", "seat", "entry", "bot",
             "placement", "score", "points"]
        )  # fmt: skip
        for game in games_table(tournament):
            for seat in game["seats"]:
                writer.writerow(
                    [game[c] for c in ("round", "table", "match", "status", "counted")]
                    + [
                        _cell(seat[c])
                        for c in ("seat", "entry", "bot", "placement", "score", "points")
                    ]
                )
    return out.getvalue()


@dataclass(frozen=True)
class ExportFile:
    """A tournament's results as a file to download."""

    body: str
    content_type: str
    filename: str


def export_file(tournament: Tournament, kind: str = "json", table: str = "standings") -> ExportFile:
    """The results as a file: ``json`` (:func:`export_json`) or ``csv`` of ``table``
    (:func:`export_csv`)."""
    if kind == "csv":
        body = export_csv(tournament, table)
        return ExportFile(body, "text/csv", f"tournament-{tournament.pk}-{table}.csv")
    body = json.dumps(export_json(tournament), cls=DjangoJSONEncoder, indent=1)
    return ExportFile(body, "application/json", f"tournament-{tournament.pk}-results.json")


def registered_get(tournament: Tournament, entry_id: int) -> TournamentEntry | None:
    """The entry ``entry_id`` of ``tournament``'s field, or None."""
    return tournament.entries.in_seed_order().filter(pk=entry_id).first()


# --- The website: public tournament pages ---------------------------------------------------

TIEBREAKS = {
    scoring.HEAD_TO_HEAD: ("head-to-head", "results among the entries level on points only"),
    scoring.SONNEBORN_BERGER: (
        "Sonneborn–Berger",
        "each result against an opponent times that opponent's points",
    ),
    scoring.BUCHHOLZ: ("Buchholz", "the sum of the opponents' points"),
    scoring.SCORE: ("score", "the total engine score"),
    scoring.SEED: ("seed", "the better seed (league rating at the start) first"),
    scoring.ROUND: ("round", "the round reached"),
    scoring.PLACE: ("place", "the place at the last table played (0: a bye)"),
    scoring.TABLE_POINTS: ("table points", "the points at that table"),
}
"""Each tie-break's name for people and what it counts."""

_ENDED = (Match.Status.FINISHED, Match.Status.CANCELLED)


def tournament_public_list(*, staff: bool = False) -> QuerySet[Tournament]:
    """The tournaments the public sees, newest first, each with its ``field_size``: all but
    drafts (staff see those too)."""
    tournaments = tournament_list().annotate(field_size=Count("entries"))
    return tournaments if staff else tournaments.exclude(state=Tournament.State.DRAFT)


def tournament_public_get(*, tournament_id: int, staff: bool = False) -> Tournament | None:
    """The tournament ``tournament_id`` if the public (or, with ``staff``, staff) sees it."""
    return tournament_public_list(staff=staff).filter(pk=tournament_id).first()


def _game_rounds(games: list[dict], byes: dict[int, list[int]], names: dict) -> list[dict]:
    """The games grouped by round, with each round's byes (bot names); the first round with
    games still to end (else the last) is marked ``current``."""
    by_round: dict[int, list[dict]] = defaultdict(list)
    for game in games:
        by_round[game["round"]].append(game)
    sat_out: dict[int, list[str]] = defaultdict(list)
    for entry, rounds in byes.items():
        for number in rounds:
            sat_out[number].append(names[entry])
    rounds = [
        {
            "number": n,
            "games": by_round.get(n, []),
            "byes": sorted(sat_out.get(n, [])),
            "current": False,
        }
        for n in sorted(set(by_round) | set(sat_out))
    ]
    playing = [r for r in rounds if any(g["status"] not in _ENDED for g in r["games"])]
    if playing:
        playing[0]["current"] = True
    elif rounds:
        rounds[-1]["current"] = True
    return rounds


def knockout_bracket(
    tournament: Tournament,
    *,
    entries: dict[int, TournamentEntry],
    games: list[dict],
    byes: dict[int, list[int]],
    champion: int | None,
) -> list[dict]:
    """The knockout's rounds, first to last, for a bracket: each round's tables (their
    entries best seed first, whether each went through, each game's winners) and byes, then
    the rounds not yet paired (their expected number of entries). ``entries`` is the field
    by id, ``games`` :func:`games_table`, ``byes`` :func:`bye_rounds`, ``champion`` the
    winner once the tournament is over."""
    k = tournament.league.seats
    tables: dict[int, dict[int, list[dict]]] = defaultdict(lambda: defaultdict(list))
    playing: dict[int, set[int]] = defaultdict(set)
    for game in games:
        tables[game["round"]][game["table"]].append(game)
        playing[game["round"]].update(s["entry"] for s in game["seats"])
    sat_out: dict[int, list[int]] = defaultdict(list)
    for entry, rounds in byes.items():
        for number in rounds:
            sat_out[number].append(entry)
            playing[number].add(entry)
    paired = sorted(playing)

    def person(e: int) -> dict:
        registered = entries[e]
        version = registered.entry.version
        return {
            "entry": e,
            "bot": version.bot.name,
            "bot_id": version.bot_id,
            "version": version.number,
            "seed": registered.seed,
            "disqualified": registered.disqualified_at is not None,
        }

    rounds = []
    for number in paired:
        following = playing.get(number + 1)
        final = len(tables[number]) == 1 and not sat_out[number]
        shown = []
        for table, table_games in sorted(tables[number].items()):
            ended = all(g["status"] in _ENDED for g in table_games)
            members = {s["entry"] for g in table_games for s in g["seats"]}
            wins: Counter = Counter(
                s["entry"] for g in table_games for s in g["seats"] if s["placement"] == 1
            )
            people = []
            for e in sorted(members, key=lambda e: (entries[e].seed or 0, e)):
                through = None
                if following is not None:
                    through = e in following
                elif final and champion is not None:
                    through = e == champion
                people.append({**person(e), "wins": wins[e], "through": through})
            shown.append(
                {
                    "table": table,
                    "ended": ended,
                    "entries": people,
                    "games": [
                        {
                            "number": i,
                            "match": g["match"],
                            "status": g["status"],
                            "winners": [
                                entries[s["entry"]].entry.version.bot.name
                                for s in g["seats"]
                                if s["placement"] == 1
                            ],
                        }
                        for i, g in enumerate(table_games, start=1)
                    ],
                }
            )
        rounds.append(
            {
                "number": number,
                "final": final,
                "paired": True,
                "tables": shown,
                "byes": [
                    person(e) for e in sorted(sat_out[number], key=lambda e: entries[e].seed or 0)
                ],
            }
        )
    if tournament.state in (Tournament.State.FINISHED, Tournament.State.CANCELLED):
        return rounds
    first = len(playing[paired[0]]) if paired else len(entries)
    sizes = formats.knockout_sizes(max(first, k), k, tournament.advance)
    for number in range(len(paired) + 1, len(sizes) + 1):
        size = sizes[number - 1]
        rounds.append(
            {"number": number, "final": size <= k, "paired": False, "size": size, "tables": []}
        )
    return rounds


def tournament_page(tournament: Tournament) -> dict:
    """What a tournament's public page shows: its field's standings (tie-break values in the
    order they apply, named in ``tiebreaks``), seat win rates, progress, the games by round
    and, for a knockout, the bracket. Nothing hidden: no match seed, replay or log."""
    entries = {e.pk: e for e in field(tournament)}
    names = tiebreak_names(tournament)
    columns = tiebreak_columns(tournament)
    standings_rows = [
        {
            **row,
            "bot_id": entries[row["entry"]].entry.version.bot_id,
            "tiebreak_values": [row["tiebreaks"][name] for name in columns],
        }
        for row in standings_table(tournament)
    ]
    games = games_table(tournament)
    byes = bye_rounds(tournament)
    bracket = None
    if tournament.format == Tournament.Format.KNOCKOUT:
        champion = None
        if tournament.state == Tournament.State.FINISHED and standings_rows:
            champion = standings_rows[0]["entry"]
        bracket = knockout_bracket(
            tournament, entries=entries, games=games, byes=byes, champion=champion
        )
    bot_names = {e: r.entry.version.bot.name for e, r in entries.items()}
    return {
        "tiebreaks": [
            {"name": name, "label": TIEBREAKS[name][0], "meaning": TIEBREAKS[name][1]}
            for name in names
        ],
        "tiebreak_columns": [TIEBREAKS[name][0] for name in columns],
        "points": points(tournament),
        "standings": standings_rows,
        "seat_win_rates": seat_win_rates(tournament),
        "progress": progress(tournament),
        "rounds": _game_rounds(games, byes, bot_names),
        "bracket": bracket,
    }
