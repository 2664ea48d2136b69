"""The newest games on the platform (Risk : la colonisation, Risk 2210 A.D.): a league's ladder
and a tournament play matches of house bots to the end (recorded, rated, replayable), and a
remote bot connected over real gRPC plays ladder matches in the game's typed messages through a
real gateway and worker."""

from __future__ import annotations

import pytest
from arena_fixtures import entry, league, user
from arena_workers import wait_for
from conquest.leagues.matchmaking import fill_ladder
from conquest.matches import execution
from conquest.matches.models import Match, MatchSeat
from conquest.matches.selectors import full_replay
from conquest.ratings.services import rating_recompute
from conquest.relay.presence import presences
from conquest.tournaments import selectors, services
from django.test import Client
from django.urls import reverse
from gateway_helpers import (
    BotProcess,
    GatewayProcess,
    processes_fixture,  # noqa: F401 - the fixture `processes`
    remote_entry,
)
from tournament_helpers import field, tournament

from engines.registry import get_game
from engines.replay import Replay, verify

GAMES = [  # (game, its options for short matches, the reasons such matches end with)
    pytest.param("colonisation", {"years": 3}, {"last_year", "last_nation"}, id="colonisation"),
    pytest.param("risk2210", {}, {"last_year", "last_player"}, id="risk2210"),
]


def _played(match: Match, game: str) -> Replay:
    """The finished match's replay, checked: it re-simulates identically."""
    match.refresh_from_db()
    assert match.status == "finished", match.log
    replay = Replay.from_json(full_replay(match))
    assert replay.game == game and verify(replay) == []
    return replay


@pytest.mark.parametrize(("game", "options", "reasons"), GAMES)
@pytest.mark.django_db
def test_a_ladder_plays_house_bot_matches_to_the_end(game, options, reasons):
    execution.close_sandbox()
    lg = league(
        name=f"{game}-4",
        game=game,
        variant="standard",
        seats=4,
        options=options,
        ladder_matches_per_tick=3,
        ladder_max_pending=3,
    )
    assert lg.engine_version == get_game(game).engine_version
    for i, player in enumerate(("heuristic", "heuristic", "random", "random", "random")):
        entry(lg, user(f"player{i}"), player)
    created = fill_ladder(lg)
    assert len(created) == 3
    for match in created:
        assert execution.execute(match.pk) == "finished"
        replay = _played(match, game)
        assert replay.options == get_game(game).resolve_options(options)
        assert replay.result.reason in reasons
        places = sorted(MatchSeat.objects.filter(match=match).values_list("placement", flat=True))
        assert places[0] == 1 and len(places) == 4
    assert rating_recompute(league=lg) == [], "rated, and recomputable"
    page = Client().get(reverse("web-match", args=[created[0].pk]))
    frames = Client().get(reverse("web-match-frames", args=[created[0].pk]))
    assert page.status_code == frames.status_code == 200  # the replay drawn on its map
    assert len(frames.json()["frames"]) > 1


@pytest.mark.parametrize(("game", "options", "reasons"), GAMES)
@pytest.mark.django_db
def test_a_tournament_of_house_bots_runs_to_its_end(game, options, reasons):
    execution.close_sandbox()
    entries = field(3, 4, player="heuristic", game=game, variant="standard")
    made = tournament(entries, "swiss", rounds=2, rated=True)
    for _ in range(10):
        pending = list(Match.objects.filter(league=entries[0].league, status="queued"))
        for match in pending:
            assert execution.execute(match.pk) == "finished"
            _played(match, game)
        if services.tournament_advance(tournament=made) == "finished":
            break
    made.refresh_from_db()
    assert made.state == "finished"
    rows = selectors.standings(made)
    assert sorted(r.entry for r in rows) == sorted(made.entries.values_list("pk", flat=True))
    assert rows[0].rank == 1 and rows[0].points >= rows[-1].points
    assert sum(r.games for r in rows) == 2 * 3, "two rounds of one table of three"
    assert rating_recompute(league=entries[0].league) == []


@pytest.mark.parametrize(("game", "options", "reasons"), GAMES)
@pytest.mark.django_db(transaction=True)
def test_a_remote_bot_plays_ladder_matches_in_typed_messages(processes, game, options, reasons):
    lg = league(
        name=f"{game}-3",
        game=game,
        variant="standard",
        seats=3,
        options=options,
        ladder_matches_per_tick=2,
        ladder_max_pending=2,
    )
    remote, token = remote_entry(lg, user("ada"), "ada-bot")
    for name in ("ann", "ben"):
        entry(lg, user(name), "heuristic")
    gateway = processes(GatewayProcess, "gateway")
    bot = processes(
        BotProcess, "bot", token, gateway.address, "arena_players:LoggingPlayer", max_matches=2
    )
    wait_for(lambda: presences().find(remote.version.bot_id) is not None, 30, "the connection")
    created = fill_ladder(lg)
    assert len(created) == 2
    remote_worker = processes.worker("remote", remote=4)
    wait_for(
        lambda: (
            Match.objects.filter(pk__in=[m.pk for m in created], status="finished").count() == 2
        ),
        240,
        "the remote bot's matches",
        [remote_worker, bot, gateway],
    )
    for match in created:
        _played(match, game)
        seat = MatchSeat.objects.get(match=match, entry=remote)
        assert seat.code == "normal" and f"hello from seat {seat.seat}" in match.log
