"""Remote matches walled off from each other (``conquest/matches/remote_sandbox.py``): each
match with a remote seat plays in a child process of its own, so an engine that loops, eats
memory or raises fails its own match only, and the worker's other remote matches go on
meeting their deadlines; a child killed from outside, or Redis unreachable, is the platform's
failure; a killed worker leaves no process behind.

The misbehaving engines are those of the toy game ``faulty-bids`` (``tests/toy/
faulty_games.py``), registered in the processes that put its folder on their path.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import threading
from pathlib import Path

import pytest
import redis
from arena_fixtures import entry, league, user
from arena_workers import ROOT, flush_broker, wait_for
from conquest.bots import services as bots
from conquest.leagues import services as leagues
from conquest.matches import execution, remote_sandbox, services
from conquest.matches.models import Match, MatchSeat
from conquest.matches.runner import EngineMismatch
from conquest.matches.seats import HouseSeat
from conquest.matches.selectors import match_spec
from conquest.matches.workers import ChildProcess, descendants, running
from conquest.relay.broadcast import Broadcast, stream_key
from conquest.relay.fence import Stale
from conquest.relay.presence import presences, redis_client
from gateway_helpers import (
    GatewayProcess,
    RawBot,
    environment,
    legal_answer,
    processes_fixture,  # noqa: F401 - the fixture `processes`
    remote_entry,
)

from bots.house.random_player import RandomPlayer
from bots.protocol.arena.v1 import bot_pb2 as pb
from engines import registry

pytestmark = pytest.mark.django_db(transaction=True)

TOY = [ROOT / "tests" / "toy", ROOT / "tests" / "toy" / "faulty_registration"]
"""The faulty toy game's module and its registration (entry point)."""
TOY_PATH = os.pathsep.join(str(folder) for folder in [ROOT / "tests" / "arena", *TOY])
"""The PYTHONPATH of a worker that plays it (``platform/`` is added by ChildProcess)."""


@pytest.fixture
def faulty(monkeypatch):
    """While the test runs, the faulty toy game is registered in this process too."""
    for folder in reversed(TOY):
        monkeypatch.syspath_prepend(str(folder))
    registry._installed.cache_clear()
    registry._by_observation_type.cache_clear()
    yield
    monkeypatch.undo()
    registry._installed.cache_clear()
    registry._by_observation_type.cache_clear()


@pytest.fixture
def unrenewed(monkeypatch):
    """The worker's leases, for a match played here: held, never renewed (no background
    thread left behind in the test run; the test's lease outlives the test)."""

    class Unrenewed:
        def hold(self, lease):
            return contextlib.nullcontext(lease)

    monkeypatch.setattr(execution, "leases", Unrenewed())


class ToyBot(ChildProcess):
    """An SDK bot (``python -m bots.sdk``, random player) that knows the toy games."""

    def __init__(self, log: Path, token: str, address: str, max_matches: int) -> None:
        command = [sys.executable, "-m", "bots.sdk", "--player", "random", "--address", address]
        path = os.pathsep.join([str(ROOT / "platform"), TOY_PATH])
        super().__init__(
            "bot",
            [*command, "--max-matches", str(max_matches), "--log-level", "INFO"],
            log,
            environment(ARENA_BOT_TOKEN=token, PYTHONPATH=path),
        )


def _toy_leagues(faults: dict[str, int]):
    """A 2-seat faulty-bids league per fault (its number of rounds), each with the entry of
    one remote bot (seat 0) and of a house bot; the leagues by fault, the bot's token."""
    remote_bot = bots.bot_create(owner=user("ada"), name="ada-bot", games=["faulty-bids"])
    version = bots.version_create(bot=remote_bot, kind="remote")
    _, token = bots.token_issue(bot=remote_bot)
    owner = user("ben")
    made = {}
    for fault, rounds in faults.items():
        lg = league(
            name=f"faulty-{fault}", game="faulty-bids", variant="plain", seats=2, ladder="off",
            options={"fault": fault, "rounds": rounds}, decision_seconds=10.0,
            time_bank_seconds=30.0,
        )  # fmt: skip
        made[fault] = (lg, [leagues.entry_create(league=lg, version=version), entry(lg, owner)])
    return made, token


def _toy_table(processes, faults: dict[str, int], **worker_environment: str):
    """:func:`_toy_leagues`, a gateway, the bot connected through it and a remote worker of
    eight threads (a wall clock of 30 s unless ``worker_environment`` sets another)."""
    made, token = _toy_leagues(faults)
    gateway = processes(GatewayProcess, "gateway")
    bot = processes(ToyBot, "bot", token, gateway.address, 8)
    # Leases longer than the tests' usual 2 s: none lapses on a busy machine, so each match is
    # claimed once and its attempts count its own failures only.
    environment = {"ARENA_MATCH_WALL_SECONDS": "30", "ARENA_LEASE_SECONDS": "30"}
    environment.update(worker_environment)
    worker = processes.worker("remote", remote=8, PYTHONPATH=TOY_PATH, **environment)
    bot_id = made["none"][1][0].version.bot_id
    wait_for(lambda: presences().find(bot_id) is not None, 30, "the bot's connection", [bot])
    return made, gateway, bot, worker


def test_an_engine_that_loops_eats_memory_or_raises_fails_its_own_match_only(processes, faulty):
    made, gateway, bot, worker = _toy_table(
        processes, {"loop": 3, "memory": 3, "raise": 3, "none": 400}, ARENA_MATCH_MEMORY_MB="256"
    )
    faulty_ones = [services.match_schedule(league=lg, entries=e) for lg, e in
                   (made["loop"], made["memory"], made["raise"])]  # fmt: skip
    normal = [services.match_schedule(league=made["none"][0], entries=made["none"][1])
              for _ in range(4)]  # fmt: skip
    services.match_enqueue(match_ids=[m.pk for m in [*faulty_ones, *normal]])
    everything = Match.objects.filter(pk__in=[m.pk for m in [*faulty_ones, *normal]])
    wait_for(
        lambda: not everything.exclude(status__in=["finished", "error"]).exists(),
        240,
        "every match to end",
        [worker, bot, gateway],
    )
    looped, hogged, raised = (Match.objects.get(pk=m.pk) for m in faulty_ones)
    assert (looped.status, looped.end_reason) == (
        "error",
        "a step ran past its limit of 5 s: the match process was killed",
    ), looped.log
    assert hogged.status == "error", hogged.log
    assert hogged.end_reason == "MemoryError: over the memory limit of 256 MiB"
    assert (raised.status, raised.end_reason) == ("error", "RuntimeError: engine bug")
    assert "Traceback" in raised.log and "_misbehave" in raised.log
    assert all(m.attempts == 1 for m in (looped, hogged, raised)), "the match's failure"
    played = list(Match.objects.filter(pk__in=[m.pk for m in normal]))
    assert {m.status for m in played} == {"finished"}
    assert all(m.steps == 800 for m in played)
    seats = MatchSeat.objects.filter(match__in=played)
    assert seats.count() == 8 and {(s.code, s.faults) for s in seats} == {("normal", 0)}, [
        m.log for m in played
    ]
    assert looped.started_at < min(m.finished_at for m in played), (
        "they were played while the engine looped"
    )
    # The bots and the spectators were told, even of the match whose child was killed.
    for match in (looped, hogged, raised):
        wait_for(lambda m=match: f"match {m.pk} over (error)" in bot.output(), 30, "MatchEnded")
        *_, (_, final) = redis_client().xrange(stream_key(match.pk))
        assert final[b"final"] == b"1" and final[b"result"] == b""


def test_with_several_matches_per_child_a_looping_engine_costs_the_others_an_attempt(
    processes, faulty
):
    made, gateway, bot, worker = _toy_table(  # the others play long enough to meet it
        processes,
        {"loop": 3, "none": 2000},
        ARENA_REMOTE_MATCHES_PER_CHILD="8",
        ARENA_MATCH_WALL_SECONDS="300",
    )
    normal = [services.match_schedule(league=made["none"][0], entries=made["none"][1])
              for _ in range(3)]  # fmt: skip
    services.match_enqueue(match_ids=[m.pk for m in normal])
    running = Match.objects.filter(pk__in=[m.pk for m in normal], status="running")
    wait_for(lambda: running.count() == 3, 60, "the matches to start", [worker, bot, gateway])
    loop = services.match_schedule(league=made["loop"][0], entries=made["loop"][1])
    services.match_enqueue(match_ids=[loop.pk])  # into the same child: it has room
    everything = Match.objects.filter(pk__in=[m.pk for m in [loop, *normal]])
    wait_for(
        lambda: not everything.exclude(status__in=["finished", "error"]).exists(),
        400,
        "every match to end",
        [worker, bot, gateway],
    )
    looped = Match.objects.get(pk=loop.pk)
    assert (looped.status, looped.end_reason, looped.attempts) == (
        "error",
        "a step ran past its limit of 5 s: the match process was killed",
        1,
    ), looped.log
    played = list(Match.objects.filter(pk__in=[m.pk for m in normal]))
    assert {(m.status, m.steps) for m in played} == {("finished", 4000)}, [m.log for m in played]
    requeued = [m for m in played if m.attempts == 2]
    assert requeued, "the child's other matches were killed with it, and played again"
    for match in requeued:
        assert "another match's step ran past its limit" in match.log, match.log
    seats = MatchSeat.objects.filter(match__in=played)
    assert {(s.code, s.faults) for s in seats} == {("normal", 0)}, [m.log for m in played]


def test_a_killed_worker_leaves_no_process_behind(processes, faulty):
    made, token = _toy_leagues({"loop": 3})
    gateway = processes(GatewayProcess, "gateway")
    processes(ToyBot, "bot", token, gateway.address, 2)
    worker = processes.worker("remote", remote=2, PYTHONPATH=TOY_PATH)
    lg, entries = made["loop"]
    wait_for(lambda: presences().find(entries[0].version.bot_id) is not None, 30, "the bot")
    match = services.match_schedule(league=lg, entries=entries)
    services.match_enqueue(match_ids=[match.pk])
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "running", 60, "the match", [worker])
    # The forkserver, the resource tracker and the child whose engine loops.
    wait_for(lambda: len(descendants(worker.process.pid)) >= 3, 60, "the child", [worker])
    left = descendants(worker.process.pid)
    os.kill(worker.process.pid, signal.SIGKILL)
    wait_for(lambda: not any(running(pid) for pid in left), 30, "the worker's children to end")


def test_a_warm_shutdown_finishes_the_remote_match_in_play(processes, faulty):
    made, token = _toy_leagues({"none": 500})
    gateway = processes(GatewayProcess, "gateway")
    bot = processes(ToyBot, "bot", token, gateway.address, 2)
    worker = processes.worker("remote", remote=2, PYTHONPATH=TOY_PATH)
    lg, entries = made["none"]
    wait_for(lambda: presences().find(entries[0].version.bot_id) is not None, 30, "the bot")
    match = services.match_schedule(league=lg, entries=entries)
    services.match_enqueue(match_ids=[match.pk])
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "running", 60, "the match", [worker])
    worker.stop()  # SIGTERM to its process group, as a terminal's Ctrl-C or a deploy
    match.refresh_from_db()
    assert (match.status, match.steps, match.attempts) == ("finished", 1000, 1), (
        worker.output()[-3000:] + bot.output()[-2000:]
    )


def _raw_table(processes):
    """A claimed Risk match of two remote bots written by hand (RawBot), connected through a
    real gateway; the match, its lease and the bots."""
    gateway = processes(GatewayProcess, "gateway")
    lg = league(name="risk-2", seats=2, ladder="off")
    (first, token_a), (second, token_b) = (remote_entry(lg, user(n), f"{n}-bot") for n in "ab")
    raw = [RawBot(gateway.address, token) for token in (token_a, token_b)]
    for seated in (first, second):
        wait_for(lambda s=seated: presences().find(s.version.bot_id) is not None, 30, "a bot")
    match = services.match_schedule(league=lg, entries=[first, second])
    services.match_enqueue(match_ids=[match.pk])
    attempt = services.match_claim(match_id=match.pk, owner="test")
    return match, execution.Lease(match.pk, "test", attempt), raw


class _Drivers:
    """The bots of a :func:`_raw_table`: together they answer ``answers`` decisions legally,
    then, at the next decision, kill the children of ``host`` (one plays the match); each
    keeps the MatchEnded it receives."""

    def __init__(self, raw: list[RawBot], answers: int, host) -> None:
        self.answers = answers
        self.host = host
        self.ended: list[pb.MatchEnded] = []
        self._lock = threading.Lock()
        for bot in raw:
            threading.Thread(target=self._drive, args=(bot,), daemon=True).start()

    def _drive(self, bot: RawBot) -> None:
        while True:
            try:
                message = bot.next("decision", "match_ended", timeout=120)
            except Exception:  # the stream ended, or nothing came: the test fails on its own
                return
            if isinstance(message, pb.MatchEnded):
                self.ended.append(message)
                return
            with self._lock:
                if self.answers > 0:
                    self.answers -= 1
                    started = next(
                        m.match_started
                        for m in bot.received
                        if m.WhichOneof("message") == "match_started"
                    )
                    bot.send(action=legal_answer(started, message))
                else:
                    for pid in self.host.pids:
                        with contextlib.suppress(ProcessLookupError):
                            os.kill(pid, signal.SIGKILL)


@pytest.mark.usefixtures("unrenewed")
@pytest.mark.parametrize("answers", [0, 1], ids=["before-the-first-action", "after-it"])
def test_a_child_killed_from_outside_is_the_platforms_failure(processes, answers):
    flush_broker()
    match, lease, raw = _raw_table(processes)
    drivers = _Drivers(raw, answers, remote_sandbox._host())  # one of its children plays it
    with pytest.raises(execution.PlayFailed) as failed:
        execution.play_remote(match_spec(match.pk), lease)
    assert str(failed.value) == "the match process was killed by SIGKILL"
    assert (failed.value.infrastructure, failed.value.started) == (True, answers > 0)
    # A fresh child told both bots.
    wait_for(lambda: len(drivers.ended) == 2, 30, "MatchEnded to both bots")
    assert {ended.reason for ended in drivers.ended} == {"error"}
    for bot in raw:
        bot.close()


@pytest.mark.usefixtures("unrenewed")
def test_redis_unreachable_is_the_platforms_failure_before_the_first_action(settings):
    flush_broker()
    lg = league(name="risk-2", seats=2, ladder="off")
    remote, _ = remote_entry(lg, user("ada"), "ada-bot")
    match = services.match_schedule(league=lg, entries=[remote, entry(lg, user("ben"))])
    lease = execution.Lease(match.pk, "test", 1)
    settings.ARENA = settings.ARENA.model_copy(update={"gateway_redis_url": "redis://127.0.0.1:1"})
    with pytest.raises(execution.PlayFailed) as failed:
        execution.play_remote(match_spec(match.pk), lease)
    assert (failed.value.infrastructure, failed.value.started) == (True, False)
    assert str(failed.value).startswith("ConnectionError: "), failed.value.detail


@pytest.mark.usefixtures("unrenewed")
def test_a_lost_lease_stops_the_match_and_its_child(processes, settings):
    settings.ARENA = settings.ARENA.model_copy(update={"lease_seconds": 1.5})
    flush_broker()
    match, lease, raw = _raw_table(processes)
    host = remote_sandbox._host()
    host.close()
    children = []

    def lose() -> None:
        wait_for(lambda: host.pids, 60, "the child")
        children.extend(host.pids)
        lease.lost = True  # as a renewal that found the lease gone

    threading.Thread(target=lose, daemon=True).start()
    with pytest.raises(execution.LeaseLost):
        execution.play_remote(match_spec(match.pk), lease)
    assert children and host.pids == [], "the child is stopped"
    assert not any(running(pid) for pid in children)
    for bot in raw:
        bot.close()


# ------------------------------------------------------------------------------ the child's
# answers, computed here (in this process, where the test can patch what it runs)


@pytest.mark.parametrize(
    ("raised", "answer"),
    [
        (RuntimeError("engine bug"), ("RuntimeError: engine bug", False)),
        (EngineMismatch("other version"), ("EngineMismatch: other version", False)),
        (MemoryError(), ("MemoryError: over the memory limit of 64 MiB", False)),
        (redis.ConnectionError("Redis away"), ("ConnectionError: Redis away", True)),
        (Stale("match 1: a newer attempt"), None),
    ],
)
def test_the_child_answers_a_failure_with_whose_it_is(settings, monkeypatch, raised, answer):
    flush_broker()
    settings.ARENA = settings.ARENA.model_copy(update={"match_memory_mb": 64})
    lg = league(name="risk-2", seats=2, ladder="off")
    remote, _ = remote_entry(lg, user("ada"), "ada-bot")
    match = services.match_schedule(league=lg, entries=[remote, entry(lg, user("ben"))])
    spec = match_spec(match.pk)

    async def failing(*args, **kw):
        raise raised

    async def redis_away(self, result):
        raise redis.ConnectionError("Redis away")

    monkeypatch.setattr(remote_sandbox, "run_async", failing)
    job = remote_sandbox._Play(match.pk, 1, spec, settings.ARENA)
    result = asyncio.run(remote_sandbox._play(job))
    if answer is None:
        assert isinstance(result, remote_sandbox._Stale)
        return
    assert (result.message, result.infrastructure, result.started) == (*answer, False)
    assert "Traceback" in result.detail
    *_, (_, final) = redis_client().xrange(stream_key(match.pk))
    assert final == {b"final": b"1", b"result": b""}, "spectators learn it is over"
    monkeypatch.setattr(Broadcast, "end", redis_away)
    again = asyncio.run(remote_sandbox._play(job))
    assert again.message == answer[0], "the match's own failure is told, not Redis's"


def test_a_house_player_at_a_remote_table_is_allowed_its_decisions_time_on_its_step(monkeypatch):
    allowed = []

    @contextlib.contextmanager
    def allowing(seconds):
        allowed.append(seconds)
        yield

    monkeypatch.setattr(remote_sandbox.host, "allowing", allowing)
    seat = remote_sandbox._timed(HouseSeat(RandomPlayer(seed=1)))
    match = registry.get_game("risk").new_match("hasbro", 2, seed=1)
    mover = match.to_move()[0]
    observation, legal = match.observation(mover), match.legal_actions(mover)
    match.apply(mover, asyncio.run(seat.decide(observation, legal, 2.5)))  # a legal action
    assert allowed == [2.5]
