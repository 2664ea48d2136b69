"""Live matches: the feed a worker writes while it plays (``conquest.relay.feeds``), in both
stores (files, the embedded default; Redis), and its server-sent events
(``web-match-live``) read through a real HTTP server while real workers play."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import time
import urllib.parse
from collections.abc import Iterator

import pytest
from api_helpers import make_bot, make_league, make_user, play
from arena_fixtures import entry, league, user
from arena_workers import flush_broker, redis_url, wait_for
from conquest.leagues import services as leagues
from conquest.matches import services
from conquest.matches.codes import SeatKind
from conquest.matches.models import Match
from conquest.matches.runner import build_seats, run, run_async
from conquest.matches.selectors import full_replay, match_spec
from conquest.matches.spec import MatchSpec, SeatSpec
from conquest.relay import feeds, pipelined
from conquest.relay.broadcast import Broadcast, stream_key
from conquest.relay.presence import async_redis_client, redis_client
from django.urls import reverse
from gateway_helpers import (
    BotProcess,
    GatewayProcess,
    processes_fixture,  # noqa: F401 - the fixture `processes`
    remote_entry,
)

from engines.core import visible_events
from engines.players import player_class
from engines.registry import get_game
from engines.replay import Replay, start
from engines.spectate import replay_frames, result_plain

RISK = get_game("risk")
SLOW = "arena_players:SlowAttacker"  # 5 ms a decision: a match lasts seconds
SEED = 2  # risk-2 with two SlowAttackers: about 900 actions


@pytest.fixture(params=["files", "redis"])
def store(request, settings, tmp_path) -> dict[str, str]:
    """The feeds' store of the test: files in a home of its own, or the tests' Redis; returns
    the environment that gives the test's workers the same."""
    url = redis_url() if request.param == "redis" else ""
    if url:
        flush_broker()
    settings.ARENA = settings.ARENA.model_copy(update={"home": tmp_path, "gateway_redis_url": url})
    return {"ARENA_HOME": str(tmp_path), "ARENA_GATEWAY_REDIS_URL": url}


def spec(players=("attacker", "attacker", "attacker"), seed: int = 3) -> MatchSpec:
    """A risk match of house players."""
    return MatchSpec(
        "risk",
        "hasbro",
        {},
        seed,
        RISK.engine_version,
        tuple(SeatSpec(f"bot-{i} v1", SeatKind.HOUSE, p) for i, p in enumerate(players)),
    )


def names_of(played: MatchSpec) -> list[str]:
    return [seat.name for seat in played.seats]


def shown(replay: Replay, names: list[str], seat: int | None = None) -> list[str]:
    """Every event of ``replay`` in words, as ``seat`` (None: a spectator) is shown them."""
    recorder = start(replay.game, replay.variant, replay.seats, replay.seed, options=replay.options)
    events = list(recorder.match.setup_events)
    for acting, action in replay.actions:
        events.extend(recorder.apply(acting, action))
    return [event.describe(names) for event in visible_events(events, seat)]


def fold(frames: list[dict]) -> dict:
    """The board after ``frames``: each frame's changed places over the ones before."""
    board: dict = {"places": {}}
    for frame in frames:
        board = {**frame["board"], "places": {**board["places"], **frame["board"]["places"]}}
    return board


def sentences(frames: list[dict]) -> list[str]:
    return [line for frame in frames for line in frame["events"]]


def messages(match_id: int, last_id: str = "", ended=lambda: None, **kw) -> list[feeds.Message]:
    """What a reader of the feed gets, with no wait between polls."""
    return list(feeds.follow(match_id, last_id, ended=ended, poll=0, **kw))


def written(match_id: int) -> list[feeds.Message]:
    """A finished feed as a reader gets it."""
    return messages(match_id, ended=lambda: "finished", seconds=10)


# ------------------------------------------------------------------------------ the store


def test_a_feed_is_the_set_up_then_what_happened_then_the_result(store, monkeypatch):
    monkeypatch.setattr(feeds, "FRAME_SECONDS", 3600)  # one frame after the set-up's, at the end
    s = spec()
    writer = feeds.Writer(41, names_of(s), attempt=1)
    outcome = run(s, build_seats(s, player_class), writer.events, writer.start)
    writer.end(outcome.result)

    got = written(41)
    assert [m.kind for m in got] == ["frame", "frame", "end"], (
        "a handful of writes, not one an action"
    )
    setup, rest, end = got
    assert (setup.id, rest.id) == (f"{writer.epoch}.0", f"{writer.epoch}.1")
    assert set(setup.data) == {"events", "board"} and len(setup.data["board"]["places"]) == 42
    replay = Replay.from_json(outcome.replay_json)
    names = names_of(s)
    frames = [setup.data, rest.data]
    assert sentences(frames) == shown(replay, names), "every public event, nothing private"
    assert fold(frames) == fold(replay_frames(replay, names)), "the replay's final board"
    assert end.data == {"status": "finished", "result": result_plain(outcome.result, names)}


def test_a_reader_resumes_after_an_id_and_a_new_epoch_resets_it(store, monkeypatch):
    monkeypatch.setattr(feeds, "FRAME_SECONDS", 0)  # a frame for each action that shows one
    s = spec()
    first = feeds.Writer(42, names_of(s), attempt=1)
    outcome = run(s, build_seats(s, player_class), first.events, first.start)
    got = messages(42, seconds=0)  # no end: as if its worker had died
    assert len(got) > 3 and {m.kind for m in got} == {"frame"}
    assert messages(42, got[1].id, seconds=0) == got[2:], "after the id seen last"
    assert messages(42, got[-1].id, seconds=0) == []

    again = feeds.Writer(42, names_of(s), attempt=2)  # the match played again
    match = RISK.new_match("hasbro", 3, seed=s.seed)
    again.start(match)
    again.events(match.setup_events)
    first.end(outcome.result)  # the worker that lost the match writes on: nobody sees it
    reset, frame = messages(42, got[-1].id, seconds=0)
    assert reset.kind == "reset" and frame.id == f"{again.epoch}.0"
    assert frame.data == got[0].data, "the set-up again"
    assert messages(42, seconds=0) == [frame], "a new reader starts at the new epoch"
    again.end(None)
    assert messages(42, frame.id, seconds=0) == [
        feeds.Message("end", {"status": "error", "result": None})
    ]


def test_with_no_feed_a_reader_waits_for_the_match_then_ends_at_once(store):
    assert messages(43, seconds=0) == [], "not started yet: nothing, until the connection ends"
    assert messages(43, "00ff.3", ended=lambda: "cancelled", seconds=10) == [
        feeds.Message("end", {"status": "cancelled", "result": None})
    ]


def test_a_feed_that_cannot_be_written_does_not_fail_its_match(settings, tmp_path, caplog):
    settings.ARENA = settings.ARENA.model_copy(
        update={"home": tmp_path, "gateway_redis_url": "redis://127.0.0.1:1/0"}
    )
    s = spec()
    writer = feeds.Writer(44, names_of(s), attempt=1)
    outcome = run(s, build_seats(s, player_class), writer.events, writer.start)
    writer.end(outcome.result)
    assert outcome.result is not None
    assert "live feed stopped" in caplog.text


def test_stale_feed_files_are_not_read_and_the_next_writer_removes_them(
    settings, tmp_path, monkeypatch
):
    settings.ARENA = settings.ARENA.model_copy(update={"home": tmp_path, "gateway_redis_url": ""})
    old = feeds.Writer(45, ["a", "b", "c"], attempt=1)
    old.end(None)
    path = tmp_path / "live" / "45.jsonl"
    assert path.exists() and messages(45, seconds=0)
    long_ago = time.time() - feeds.KEEP_SECONDS - 1
    os.utime(path, (long_ago, long_ago))
    assert messages(45, seconds=0) == [], "as good as gone"
    monkeypatch.setattr(feeds, "_swept", 0.0)
    feeds.Writer(46, ["a", "b"], attempt=1).end(None)
    assert not path.exists() and (tmp_path / "live" / "46.jsonl").exists()


def test_on_an_event_loop_a_pending_frame_is_written_while_the_match_waits(store, monkeypatch):
    s = spec()
    batches: list = []
    run(s, build_seats(s, player_class), batches.append)
    seen = next(b for b in batches[1:] if visible_events(b, None))  # an action's, shown
    monkeypatch.setattr(feeds, "FRAME_SECONDS", 0.5)
    match = RISK.new_match("hasbro", 3, seed=s.seed)

    async def scenario() -> None:
        writer = feeds.AsyncWriter(47, names_of(s), attempt=1)
        writer.start(match)
        writer.events(match.setup_events)  # the first frame, at once
        writer.events(seen)  # too soon: pending, written when its time comes
        await asyncio.to_thread(
            wait_for, lambda: len(messages(47, seconds=0)) == 2, 30, "the pending frame"
        )
        await writer.aend(None, final=False)  # another worker has it now: no final entry
        assert [m.kind for m in messages(47, seconds=0)] == ["frame", "frame"]

    asyncio.run(scenario())


def test_a_feed_carried_by_the_spectator_stream_is_the_feed_written_alone(
    settings, tmp_path, monkeypatch
):
    flush_broker()
    url = redis_url()
    settings.ARENA = settings.ARENA.model_copy(update={"home": tmp_path, "gateway_redis_url": url})
    monkeypatch.setattr(feeds, "FRAME_SECONDS", 0)  # a frame for each action that shows one
    s = spec()

    async def play(match_id: int, carried: bool) -> None:
        """Play ``s`` as a remote match's child does; the scripts run, in Redis."""
        broadcast = Broadcast(async_redis_client(), match_id, s.game, attempt=1)
        carrier = broadcast if carried else None
        live = feeds.AsyncWriter(match_id, names_of(s), attempt=1, carrier=carrier)

        def on_events(events) -> None:
            broadcast.events(events)
            live.events(events)

        await broadcast.start()
        outcome = await run_async(s, build_seats(s, player_class), on_events, live.start)
        await live.aend(outcome.result)
        await broadcast.end(outcome.result)

    calls: list[list[str]] = []  # the keys of each script call
    run = pipelined.run

    def counted(client, script, keys, args):
        calls.append(keys)
        return run(client, script, keys, args)

    monkeypatch.setattr(pipelined, "run", counted)
    asyncio.run(play(48, carried=False))
    alone, calls[:] = list(calls), []
    asyncio.run(play(49, carried=True))
    assert [(m.kind, m.data) for m in written(49)] == [(m.kind, m.data) for m in written(48)]
    streams = [redis_client().xrange(stream_key(match_id)) for match_id in (48, 49)]
    assert streams[0] == streams[1] and len(streams[0]) > 100
    feed_alone = [keys for keys in alone if keys[1] != stream_key(48)]
    assert feed_alone and all(keys[1] == stream_key(49) for keys in calls), "one call for both"
    assert len(calls) < len(alone)


# ------------------------------------------------------------------------------ over HTTP


def sse(url: str, last_id: str = "", timeout: float = 180) -> Iterator[dict[str, str]]:
    """The server-sent events at ``url`` (``{"event", "id", "data"}``) until the server closes
    the stream, or past ``timeout`` seconds (an error); comments are skipped."""
    deadline = time.monotonic() + timeout
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    headers = {"Accept": "text/event-stream", **({"Last-Event-ID": last_id} if last_id else {})}
    connection.request("GET", parts.path, headers=headers)
    response = connection.getresponse()
    assert response.status == 200, response.read()
    assert response.headers["Content-Type"] == "text/event-stream"
    event: dict[str, str] = {}
    try:
        for raw in response:
            assert time.monotonic() < deadline, f"no end in {timeout} s: {event}"
            line = raw.decode().rstrip("\n")
            if line.startswith(":"):
                continue
            if line:
                field, _, value = line.partition(": ")
                event[field] = value
            elif "event" in event:
                yield event
                event = {}
            else:
                event = {}  # retry:
    finally:
        connection.close()


def running(match: Match) -> bool:
    return Match.objects.get(pk=match.pk).status == "running"


def live_url(live_server, match_id: int) -> str:
    return live_server.url + reverse("web-match-live", args=[match_id])


def read_to_end(events: Iterator[dict[str, str]]) -> tuple[list[dict[str, str]], dict]:
    """The events before ``end`` and the end's data."""
    seen = []
    for event in events:
        if event["event"] == "end":
            return seen, json.loads(event["data"])
        seen.append(event)
    raise AssertionError(f"the stream closed without an end after {len(seen)} events")


def frames_of(events: list[dict[str, str]]) -> list[dict]:
    return [json.loads(e["data"]) for e in events if e["event"] == "frame"]


def check_against_replay(match: Match, frames: list[dict], end: dict) -> None:
    """``frames`` and ``end`` show the match as its replay does, and nothing else."""
    replay = Replay.from_json(full_replay(match))
    names = names_of(match_spec(match.pk))
    assert all(set(frame) == {"events", "board"} for frame in frames)
    assert fold(frames) == fold(replay_frames(replay, names)), "the replay's final board"
    public = shown(replay, names)
    assert sentences(frames) == public, "every public event, in order, nothing more"
    private = {line for seat in range(replay.seats) for line in shown(replay, names, seat)}
    private -= set(public)
    assert private, "the match had secrets to keep"
    assert not private & set(sentences(frames))
    assert end == {"status": "finished", "result": result_plain(replay.result, names)}


@pytest.mark.django_db(transaction=True)
def test_a_house_match_is_followed_live_over_http_to_its_end(store, workers, live_server):
    lg = league(name="risk-2", seats=2, ladder="off")
    match = services.match_schedule(
        league=lg, entries=[entry(lg, user(n), SLOW) for n in ("ann", "ben")], seed=SEED
    )
    url = live_url(live_server, match.pk)
    worker = workers("live", **store)
    services.match_enqueue(match_ids=[match.pk])
    wait_for(lambda: running(match), 60, "the claim", [worker])
    events = sse(url)
    first = next(events)
    assert first["event"] == "frame", first
    assert Match.objects.get(pk=match.pk).status == "running", "followed while it is played"
    rest, end = read_to_end(events)
    seen = [first, *rest]
    wait_for(
        lambda: Match.objects.get(pk=match.pk).status == "finished", 60, "the record", [worker]
    )
    match.refresh_from_db()
    check_against_replay(match, frames_of(seen), end)
    assert not any(e["event"] == "reset" for e in seen)

    # Resuming after an id skips what was seen.
    again, end_again = read_to_end(sse(url, last_id=seen[1]["id"]))
    assert again == seen[2:] and end_again == end
    assert read_to_end(sse(url, last_id=seen[-1]["id"])) == ([], end)


@pytest.mark.django_db(transaction=True)
def test_a_match_played_again_resets_its_feed(store, workers, live_server):
    lg = league(name="risk-2", seats=2, ladder="off")
    match = services.match_schedule(
        league=lg, entries=[entry(lg, user(n), SLOW) for n in ("ann", "ben")], seed=SEED
    )
    first = workers("first", **store)
    services.match_enqueue(match_ids=[match.pk])
    wait_for(lambda: running(match), 60, "the claim", [first])
    events = sse(live_url(live_server, match.pk))
    assert next(events)["event"] == "frame"
    first.kill()  # mid-match: its lease lapses, the sweep sends it again
    second = workers("second", beat=True, **store)
    seen, end = read_to_end(events)
    wait_for(
        lambda: Match.objects.get(pk=match.pk).status == "finished", 60, "the record", [second]
    )
    match.refresh_from_db()
    assert match.attempts == 2
    resets = [i for i, e in enumerate(seen) if e["event"] == "reset"]
    assert len(resets) == 1, [e["event"] for e in seen]
    check_against_replay(match, frames_of(seen[resets[0] + 1 :]), end)


@pytest.mark.django_db(transaction=True)
def test_a_remote_match_is_followed_live(processes, settings, live_server):
    settings.ARENA = settings.ARENA.model_copy(update={"gateway_redis_url": redis_url()})
    lg = league(name="risk-2", seats=2, ladder="off")
    remote, token = remote_entry(lg, user("ada"), "ada-bot")
    gateway = processes(GatewayProcess, "gateway")
    processes.worker("remote", remote=4)
    processes(BotProcess, "bot", token, gateway.address, SLOW)
    wait_for(lambda: remote.version.bot.tokens.get().last_used_at is not None, 30, "the bot")
    match = services.match_schedule(
        league=lg, entries=[remote, entry(lg, user("ben"), SLOW)], seed=SEED
    )
    events = sse(live_url(live_server, match.pk))
    services.match_enqueue(match_ids=[match.pk])
    seen, end = read_to_end(events)
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", 60, "the record")
    match.refresh_from_db()
    check_against_replay(match, frames_of(seen), end)


@pytest.mark.django_db(transaction=True)
def test_a_finished_match_with_no_feed_ends_at_once_and_an_unknown_one_is_404(store, live_server):
    owner = make_user("ann")
    lg = make_league(options={"max_steps": 40})
    entries = [
        leagues.entry_create(league=lg, version=make_bot(owner, f"b{i}", games=["risk"])[1])
        for i in range(2)
    ]
    match = play(lg, entries)  # in this process, no feed
    assert read_to_end(sse(live_url(live_server, match.pk))) == (
        [],
        {"status": "finished", "result": None},
    )
    parts = urllib.parse.urlsplit(live_server.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", reverse("web-match-live", args=[10**9]))
    assert connection.getresponse().status == 404
    connection.close()
