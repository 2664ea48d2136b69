"""The SDK against a real gRPC server playing real matches (tests/bots/fake_platform.py)."""

from __future__ import annotations

import asyncio
import logging
import math
import random
import re
import signal
import socket
import sys
import threading
import time
from typing import ClassVar

import pytest
from fake_platform import TOKEN, WAIT, FakePlatform, Scripted, serving
from hypothesis import given, settings
from hypothesis import strategies as st

from bots.house.random_player import RandomPlayer
from bots.protocol import PROTOCOL_VERSION
from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.wire import codec
from bots.sdk import Client, PlatformRefused, log
from bots.sdk.client import SDK_NAME, backoff_seconds
from bots.sdk.matchlog import LOGGER
from engines.registry import games, get_game


class CountingPlayer(RandomPlayer):
    """A random player that thinks a little, logs its first decision and counts itself."""

    THINK = 0.02
    lock = threading.Lock()
    instances: ClassVar[list[CountingPlayer]] = []
    acting = 0
    most_acting = 0

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.decisions = 0
        CountingPlayer.instances.append(self)

    def act(self, observation, legal_actions):
        with CountingPlayer.lock:
            CountingPlayer.acting += 1
            CountingPlayer.most_acting = max(CountingPlayer.most_acting, CountingPlayer.acting)
        if self.decisions == 0:
            log(f"first decision of seat {observation.seat}")
        self.decisions += 1
        time.sleep(self.THINK)
        with CountingPlayer.lock:
            CountingPlayer.acting -= 1
        return super().act(observation, legal_actions)

    @classmethod
    def reset(cls) -> None:
        """Forget the instances of an earlier test."""
        cls.instances, cls.acting, cls.most_acting = [], 0, 0


@pytest.fixture(autouse=True)
def _fresh_recorder():
    CountingPlayer.reset()


async def _play_until_done(platform: FakePlatform, client: Client) -> None:
    """Run the client until the platform has ended every match and the client has read each
    MatchEnded (the platform is done once it has sent them), then stop it."""
    playing = asyncio.create_task(client.run())
    await asyncio.wait_for(platform.done.wait(), WAIT)
    async with asyncio.timeout(WAIT):
        while client.matches:
            await asyncio.sleep(0.01)
    client.stop()
    await asyncio.wait_for(playing, WAIT)


def test_hello_welcome_pings_and_two_games_at_once():
    platform = FakePlatform(
        [Scripted(1, "risk", "hasbro", 2, seed=1), Scripted(2, "conquetes", "standard", 2, seed=2)]
    )

    async def scenario() -> Client:
        async with serving(platform) as address:
            client = Client(CountingPlayer, TOKEN, address, max_matches=2)
            await _play_until_done(platform, client)
            return client

    client = asyncio.run(scenario())
    (hello,) = platform.hellos
    assert (hello.protocol_version, hello.sdk_name, hello.max_matches) == (
        PROTOCOL_VERSION,
        SDK_NAME,
        2,
    )
    assert client.welcome.bot_name == "tester" and client.connections == 1
    assert sorted(platform.results) == [1, 2]
    assert hello.batches and platform.bot_batches == 0, "none to a platform that reads none"
    assert not any(m.refused for m in platform.matches)  # every action legal
    assert CountingPlayer.most_acting == 2  # the two matches' acts ran at the same time
    assert len(CountingPlayer.instances) == 2  # one player per match
    assert sorted(line.match_id for line in platform.logs) == [1, 2]
    assert platform.logs[0].text.startswith("first decision of seat 0")


def test_batches_both_ways_with_a_platform_that_reads_them():
    """The SDK reads a ServerBatch as its messages one after another; its own messages go out
    in BotBatches when they come faster than the stream writes them (which is timing: every
    answer and pong arrives, batched or not)."""
    scripts = [Scripted(i, "risk", "hasbro", 2, seed=i, max_steps=60) for i in range(1, 7)]
    platform = FakePlatform(scripts, batches=True)

    async def scenario() -> None:
        async with serving(platform) as address:
            await _play_until_done(platform, Client(RandomPlayer, TOKEN, address, max_matches=6))

    asyncio.run(scenario())
    assert sorted(platform.results) == list(range(1, 7))
    assert not any(m.refused for m in platform.matches)  # every action legal
    actions = [i for kind, i in platform.arrivals if kind == "action"]
    pongs = [i for kind, i in platform.arrivals if kind == "pong"]
    assert sorted(actions) == sorted(pongs) == list(range(1, len(actions) + 1))


class PongAwaitingPlayer(RandomPlayer):
    """A random player that thinks until the platform has the Pong of the Ping sent just after
    its request (for at most WAIT in all: a client that answers no Ping while its player thinks
    fails in WAIT, not once per decision)."""

    platform: ClassVar[FakePlatform]
    left = WAIT

    def act(self, observation, legal_actions):
        (scripted,) = self.platform.matches
        pong = ("pong", scripted.pending.request_id)
        began = time.monotonic()
        while pong not in self.platform.arrivals and time.monotonic() - began < self.left:
            time.sleep(0.005)
        PongAwaitingPlayer.left -= time.monotonic() - began
        return super().act(observation, legal_actions)


def test_pings_are_answered_while_the_bot_thinks():
    platform = FakePlatform([Scripted(1, "risk", "miro-2p", 2, seed=4, max_steps=12)])
    PongAwaitingPlayer.platform, PongAwaitingPlayer.left = platform, WAIT

    async def scenario() -> None:
        async with serving(platform) as address:
            await _play_until_done(platform, Client(PongAwaitingPlayer, TOKEN, address))

    asyncio.run(scenario())
    actions = [i for kind, i in platform.arrivals if kind == "action"]
    assert actions
    for request_id in actions:  # each Ping, sent just after its request, is answered first
        assert platform.arrivals.index(("pong", request_id)) < platform.arrivals.index(
            ("action", request_id)
        )


@pytest.mark.parametrize("inline", [False, True], ids=["threads", "inline"])
def test_a_dropped_stream_is_reopened_and_the_match_goes_on_with_the_same_player(inline):
    platform = FakePlatform([Scripted(5, "risk", "hasbro", 2, seed=5)], drop_after=3)

    async def scenario() -> Client:
        async with serving(platform) as address:
            client = Client(CountingPlayer, TOKEN, address, inline=inline)
            await _play_until_done(platform, client)
            return client

    client = asyncio.run(scenario())
    assert platform.connections == client.connections == 2
    assert len(platform.hellos) == 2
    assert 5 in platform.results and not platform.matches[0].refused
    (player,) = CountingPlayer.instances  # resumed, not started again
    assert player.decisions > 3


class FailsInMatchOne(CountingPlayer):
    """A bot whose constructor raises in match 1 (seeded from the match id)."""

    def __init__(self, seed: int = 0) -> None:
        if seed // 1000 == 1:
            raise ValueError("no luck")
        super().__init__(seed)


def test_a_bot_that_cannot_be_created_in_one_match_plays_the_others():
    platform = FakePlatform(
        [Scripted(1, "risk", "hasbro", 2, seed=1), Scripted(2, "risk", "hasbro", 2, seed=2)]
    )

    async def scenario() -> tuple[Client, bool]:
        async with serving(platform) as address:
            client = Client(FailsInMatchOne, TOKEN, address, max_matches=2)
            playing = asyncio.create_task(client.run())
            async with asyncio.timeout(WAIT):
                while 2 not in platform.results:
                    await asyncio.sleep(0.01)
            going_on = not playing.done()
            client.stop()
            await asyncio.wait_for(playing, WAIT)
            return client, going_on

    client, going_on = asyncio.run(scenario())
    assert going_on, "the client still runs"
    assert 1 not in platform.results and (1, 0) not in client.matches


def test_a_match_ended_by_an_error_is_forgotten_though_it_has_no_results():
    match = get_game("risk").new_match("hasbro", 2, seed=3)
    started = pb.MatchStarted(
        match_id=3, game="risk", variant="hasbro", seat=0,
        setup=codec("risk").encode_setup(match.observation(0)),
    )  # fmt: skip
    client = Client(CountingPlayer, TOKEN, "127.0.0.1:1")
    client._handle(pb.ServerMessage(match_started=started))
    assert list(client.matches) == [(3, 0)]
    client._handle(pb.ServerMessage(match_ended=pb.MatchEnded(match_id=3, reason="error")))
    assert client.matches == {}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_client_retries_until_the_platform_is_up(caplog):
    port = _free_port()
    platform = FakePlatform([Scripted(6, "risk", "hasbro", 2, seed=6, max_steps=40)])

    async def scenario() -> None:
        client = Client(CountingPlayer, TOKEN, f"127.0.0.1:{port}", max_backoff_seconds=0.5)
        playing = asyncio.create_task(client.run())
        await asyncio.sleep(1.0)  # a few refused connections first
        assert not playing.done()
        async with serving(platform, port):
            await asyncio.wait_for(platform.done.wait(), WAIT)
            client.stop()
            await asyncio.wait_for(playing, WAIT)

    asyncio.run(scenario())
    assert 6 in platform.results
    refused = [r.getMessage() for r in caplog.records if "not connected" in r.getMessage()]
    assert refused, "each refused connection is told"
    assert f"is a gateway serving at 127.0.0.1:{port}? Check --address" in refused[0]


def test_the_client_builds_every_game_s_codec_before_it_connects():
    codec.cache_clear()  # importing the engines in a first match would be that match's time

    async def scenario() -> int:
        client = Client(CountingPlayer, TOKEN, "127.0.0.1:1", max_backoff_seconds=0.5)
        playing = asyncio.create_task(client.run())
        await asyncio.sleep(0)  # run's first step, up to its first connection attempt
        built = codec.cache_info().currsize
        client.stop()
        await asyncio.wait_for(playing, WAIT)
        return built

    assert asyncio.run(scenario()) == len(games()) >= 5


def test_a_wrong_token_is_refused_once_with_a_clear_error():
    platform = FakePlatform([])

    async def scenario() -> None:
        async with serving(platform) as address:
            client = Client(CountingPlayer, "wrong", address)
            with pytest.raises(PlatformRefused, match=r"UNAUTHENTICATED: unknown or revoked"):
                await asyncio.wait_for(client.run(), WAIT)

    asyncio.run(scenario())
    assert platform.refusals == 1


async def _sdk_process(address: str, token: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bots.sdk",
        "--player",
        "bots.examples.random_bot:RandomBot",
        "--token",
        token,
        "--address",
        address,
        stderr=asyncio.subprocess.PIPE,
    )


def test_the_command_exits_2_on_a_wrong_token():
    async def scenario() -> tuple[int, bytes]:
        async with serving(FakePlatform([])) as address:
            process = await _sdk_process(address, "wrong")
            _, stderr = await asyncio.wait_for(process.communicate(), WAIT)
            return process.returncode, stderr

    code, stderr = asyncio.run(scenario())
    assert code == 2
    assert b"error: the platform refused the bot (UNAUTHENTICATED" in stderr


def test_the_command_stops_cleanly_on_sigterm():
    platform = FakePlatform([])

    async def scenario() -> tuple[int, bytes]:
        async with serving(platform) as address:
            process = await _sdk_process(address, TOKEN)
            seen = b""  # what it wrote before the signal: SIGTERM once it says it is connected
            while b"as tester" not in seen:
                line = await asyncio.wait_for(process.stderr.readline(), WAIT)
                if not line:
                    break
                seen += line
            process.send_signal(signal.SIGTERM)
            _, stderr = await asyncio.wait_for(process.communicate(), WAIT)
            return process.returncode, seen + stderr

    code, stderr = asyncio.run(scenario())
    assert code == 0, stderr
    assert b"connected to" in stderr and b"as tester" in stderr
    assert platform.hellos


# -- reconnecting ----------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 10_000), st.floats(0.05, 600.0), st.integers(0, 2**32))
def test_the_wait_between_connection_attempts_never_exceeds_its_cap(failures, cap, seed):
    wait = backoff_seconds(failures, cap, random.Random(seed))
    assert 0 < wait <= cap
    if failures > 2 + math.log2(cap / 0.1):  # long down: it has grown to the cap's region
        assert wait >= cap / 2


def test_the_waits_are_jittered_so_bots_dropped_together_do_not_come_back_together():
    waits = {backoff_seconds(8, 5.0, random.Random(seed)) for seed in range(20)}
    assert len(waits) == 20


def test_the_cap_is_a_sixth_of_the_grace_period_the_platform_announced():
    client = Client(CountingPlayer, TOKEN, "127.0.0.1:1")
    assert client.backoff_cap == 5.0, "before any Welcome"
    client.welcome = pb.Welcome(limits=pb.Limits(reconnect_grace_seconds=12.0))
    assert client.backoff_cap == 2.0
    assert Client(CountingPlayer, TOKEN, "x:1", max_backoff_seconds=0.5).backoff_cap == 0.5


def test_a_bot_whose_platform_comes_back_reconnects_within_the_grace_period(caplog):
    caplog.set_level(logging.WARNING, logger=LOGGER.name)
    grace, down = 3.0, 7.0
    port = _free_port()

    async def connected(client: Client, count: int) -> None:
        async with asyncio.timeout(WAIT):
            while client.connections < count:
                await asyncio.sleep(0.01)

    async def scenario() -> float:
        client = Client(CountingPlayer, TOKEN, f"127.0.0.1:{port}")
        playing = asyncio.create_task(client.run())
        async with serving(FakePlatform([], grace_seconds=grace), port):
            await connected(client, 1)
        await asyncio.sleep(down)  # the platform is away for longer than the grace period
        async with serving(FakePlatform([], grace_seconds=grace), port):
            back = time.time()
            await connected(client, 2)
        client.stop()
        await asyncio.wait_for(playing, WAIT)
        return back

    back = asyncio.run(scenario())
    failed = [r for r in caplog.records if "trying again" in r.getMessage()]
    waits = [float(w) for w in re.findall(r"trying again in ([0-9.]+) s", caplog.text)]
    # Never more than grace/6 between attempts, and the first attempt made once the platform
    # is back succeeds (one attempt may have been refused while it started): so the bot is
    # back within the grace period however busy the machine is.
    assert len(waits) > 5 and max(waits) <= grace / 6, waits
    assert sum(r.created >= back for r in failed) <= 1, [r.getMessage() for r in failed]


def test_a_platform_silent_for_three_ping_intervals_is_left_and_connected_again(caplog):
    # A stream the platform closed while the network was cut never reaches the bot: its only
    # sign is that the pings stop. This platform announces pings every 0.2 s and sends none.
    caplog.set_level(logging.WARNING, logger=LOGGER.name)
    platform = FakePlatform([], ping_seconds=0.2)

    async def scenario() -> Client:
        async with serving(platform) as address:
            client = Client(CountingPlayer, TOKEN, address)
            playing = asyncio.create_task(client.run())
            async with asyncio.timeout(WAIT):  # the bot has read its second Welcome
                while client.connections < 2:
                    await asyncio.sleep(0.01)
            client.stop()
            await asyncio.wait_for(playing, WAIT)
            return client

    client = asyncio.run(scenario())
    assert platform.connections >= client.connections >= 2
    assert "no word from the platform for 0.6 s; connecting again" in caplog.text
