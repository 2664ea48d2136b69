"""The match runner: seats, deadlines, time banks, faults and forfeits (no database)."""

from __future__ import annotations

import asyncio
import signal
import threading
import time
from dataclasses import replace

import pytest
from arena_players import SleepyPlayer
from conquest.matches import runner, seats
from conquest.matches.codes import SeatCode
from conquest.matches.runner import EngineMismatch, build_seats, run, run_async
from conquest.matches.seats import HouseSeat, Seat
from conquest.matches.spec import MatchSpec, SeatSpec

from bots.house.random_player import RandomPlayer
from engines.players import player_class
from engines.registry import get_game
from engines.replay import Replay, verify

RISK = get_game("risk")


def spec(*players: str, seed: int = 3, **time_control) -> MatchSpec:
    return MatchSpec(
        game="risk",
        variant="hasbro",
        options={},
        seed=seed,
        engine_version=RISK.engine_version,
        seats=tuple(
            SeatSpec(name=p, kind="forfeit" if p == "forfeit" else "house", player=p)
            for p in players
        ),
        **time_control,
    )


def play(s: MatchSpec):
    return run(s, build_seats(s, player_class))


def test_house_bots_play_to_the_end_and_the_replay_reproduces():
    outcome = play(spec("heuristic", "attacker", "random"))
    replay = Replay.from_json(outcome.replay_json)
    assert verify(replay) == []
    assert replay.result == outcome.result
    assert [s.placement for s in outcome.seats] == [outcome.result.placement(i) for i in range(3)]
    assert all(s.code == "normal" and s.faults == 0 for s in outcome.seats)
    assert outcome.steps == len(replay.actions)


def test_the_same_spec_plays_the_same_match():
    a, b = play(spec("random", "attacker", seed=9)), play(spec("random", "attacker", seed=9))
    assert a.replay_json == b.replay_json


def test_a_crashing_bot_gets_default_actions_then_forfeits_and_is_ranked_last():
    outcome = play(spec("attacker", "arena_players:CrashingPlayer", "attacker", max_faults=3))
    crashed = outcome.seats[1]
    assert (crashed.code, crashed.faults) == ("crash", 3)
    assert crashed.placement == 3
    assert sorted(s.placement for s in outcome.seats[::2]) == [1, 2]
    assert sum("seat 1 crash" in line for line in outcome.log) == 3
    assert verify(Replay.from_json(outcome.replay_json)) == []


def test_an_illegal_action_is_refused_and_replaced_by_the_default():
    outcome = play(spec("arena_players:IllegalPlayer", "attacker", max_faults=2))
    assert (outcome.seats[0].code, outcome.seats[0].faults) == ("illegal", 2)
    assert outcome.seats[0].placement == 2
    assert any("no territory 'atlantis'" in line for line in outcome.log)


def test_a_late_decision_is_a_timeout_once_the_bank_is_spent():
    s = spec(
        "arena_players:LoopingPlayer",
        "attacker",
        decision_seconds=0.02,
        time_bank_seconds=1.0,
        max_faults=2,
    )
    outcome = play(s)
    looping = outcome.seats[0]
    assert (looping.code, looping.faults) == ("timeout", 2)
    # First decision: deadline + whole bank (1.02 s); second: deadline only (0.02 s), the bank
    # being spent. The time each was given, from the faults' reasons (not the wall clock, which
    # a busy machine stretches).
    timeouts = [line.split(": ", 1)[1] for line in outcome.log if "timeout" in line]
    assert timeouts == [
        "seat 0 timeout (no decision within 1.020 s); default action",
        "seat 0 timeout (no decision within 0.020 s); default action",
    ]
    assert looping.time_used >= 1.04


def test_the_time_bank_absorbs_slow_decisions_until_it_is_spent(monkeypatch):
    monkeypatch.setattr(SleepyPlayer, "DELAY", 0.03)
    s = spec(
        "arena_players:SleepyPlayer",
        "attacker",
        decision_seconds=0.01,
        time_bank_seconds=0.3,
        max_faults=1,
    )
    outcome = play(s)
    sleepy = outcome.seats[0]
    assert (sleepy.code, sleepy.faults) == ("timeout", 1)
    assert any("seat 0 forfeits" in line for line in outcome.log)
    assert outcome.log[0].startswith("step ")
    step = int(outcome.log[0].split()[1].rstrip(":"))
    # Each decision overruns by 0.02 s or more: the bank pays for at least the first (unless
    # the machine stalls for 0.28 s) and for at most 0.3 / 0.02 of them; the next one is late.
    paid = [seat for seat, _ in Replay.from_json(outcome.replay_json).actions[:step]].count(0)
    assert 1 <= paid <= 15


def test_a_withdrawn_seat_forfeits_from_the_start():
    outcome = play(spec("forfeit", "attacker", "attacker"))
    assert outcome.seats[0].code == "forfeit"
    assert outcome.seats[0].placement == 3
    assert outcome.log[0] == "seat 0 forfeits: withdrawn before the start"


def test_a_worker_with_another_engine_version_refuses_the_match():
    s = MatchSpec("risk", "hasbro", {}, 1, "risk-0.0.1", (SeatSpec("a", "house", "random"),) * 2)
    with pytest.raises(EngineMismatch, match=r"risk-0\.0\.1"):
        play(s)


def test_a_league_pinned_to_an_older_version_the_engine_plays_is_played_on_it():
    """A league keeps the engine version it was created on: while the engine still plays it
    (an older dice stream), its matches are played, recorded and verified on it."""
    old = RISK.older_versions[0]
    outcome = play(replace(spec("attacker", "attacker", seed=9), engine_version=old))
    replay = Replay.from_json(outcome.replay_json)
    assert replay.engine_version == old and verify(replay) == []
    newest = Replay.from_json(play(spec("attacker", "attacker", seed=9)).replay_json)
    assert newest.engine_version == RISK.engine_version and verify(newest) == []
    assert newest.events_digest != replay.events_digest  # the same seed, other dice


class Waiting(Seat):
    """A seat that waits for I/O before answering, as a remote seat does."""

    def __init__(self) -> None:
        self.closed = False

    async def decide(self, observation, legal_actions, seconds):
        await asyncio.sleep(0)
        return RISK.default_action(legal_actions)

    def close(self, result, outcomes):
        self.closed = True


def test_run_refuses_a_seat_that_waits_and_run_async_plays_it():
    s = spec("random", "random")
    seats = [Waiting(), *build_seats(s, player_class)[1:]]
    with pytest.raises(RuntimeError, match="event loop"):
        run(s, seats)
    assert seats[0].closed, "the seats are closed when the match stops"
    outcome = asyncio.run(run_async(s, [Waiting(), *build_seats(s, player_class)[1:]]))
    assert outcome.steps > 0 and all(seat.code == "normal" for seat in outcome.seats)


def test_on_a_loop_in_the_main_thread_a_house_bot_that_never_returns_is_stopped_in_time():
    # As in a child of remote matches: the house player decides on the loop, in the main
    # thread, where the interval timer interrupts it at its time.
    release = threading.Event()

    class Stuck(RandomPlayer):
        def act(self, observation, legal_actions):
            release.wait(30)  # as a player in an endless loop, until its timer stops it
            return super().act(observation, legal_actions)

    s = spec("random", "random", decision_seconds=0.1, time_bank_seconds=0.0, max_faults=2)
    began = time.monotonic()
    outcome = asyncio.run(run_async(s, [HouseSeat(Stuck(seed=1)), HouseSeat(RandomPlayer(seed=2))]))
    stuck, other = outcome.seats
    assert (stuck.code, stuck.faults, stuck.placement, other.placement) == ("timeout", 2, 2, 1)
    assert any("no decision within 0.100 s" in line for line in outcome.log), outcome.log
    assert time.monotonic() - began < 20, "each decision was stopped, none waited for the event"


def test_a_house_decision_gives_back_the_alarm_handler_it_found():
    # A process's other user of SIGALRM (a test runner's timeout, say) keeps its handler,
    # after decisions made in time and after one stopped by the timer.
    def other(signum, frame):
        raise AssertionError("the other handler ran")

    class StuckOnce(RandomPlayer):
        stuck = True

        def act(self, observation, legal_actions):
            if self.stuck:
                self.stuck = False
                time.sleep(30)  # interrupted by the seat's timer
            return super().act(observation, legal_actions)

    # A second: the other decisions are in time however busy the machine is.
    s = spec("random", "random", decision_seconds=1.0, time_bank_seconds=0.0, max_faults=2)
    previous = signal.signal(signal.SIGALRM, other)
    try:
        outcome = asyncio.run(
            run_async(s, [HouseSeat(StuckOnce(seed=1)), HouseSeat(RandomPlayer(seed=2))])
        )
        assert signal.getsignal(signal.SIGALRM) is other
    finally:
        signal.signal(signal.SIGALRM, previous)
    assert outcome.seats[0].faults == 1 and outcome.steps > 10


def test_off_the_main_thread_a_late_house_decision_is_a_timeout_all_the_same(monkeypatch):
    monkeypatch.setattr(SleepyPlayer, "DELAY", 0.05)  # no timer here: it returns, late
    s = spec("arena_players:SleepyPlayer", "random", decision_seconds=0.01,
             time_bank_seconds=0.0, max_faults=1)  # fmt: skip
    box: list = []
    worker = threading.Thread(
        target=lambda: box.append(asyncio.run(run_async(s, build_seats(s, player_class))))
    )
    worker.start()
    worker.join()
    sleepy = box[0].seats[0]
    assert (sleepy.code, sleepy.faults) == ("timeout", 1)


class Concurrent(Seat):
    """A seat that thinks a little on the loop, counting the decisions in flight at once."""

    flying = 0
    most = 0

    def __init__(self, seed: int, silent_from: int | None = None) -> None:
        self.player = RandomPlayer(seed=seed)
        self.asked = 0
        self.silent_from = silent_from

    async def decide(self, observation, legal_actions, seconds):
        Concurrent.flying += 1
        Concurrent.most = max(Concurrent.most, Concurrent.flying)
        try:
            await asyncio.sleep(0.001)
            self.asked += 1
            if self.silent_from is not None and self.asked >= self.silent_from:
                raise seats.SeatFault("timeout", "no decision")
            return self.player.act(observation, legal_actions)
        finally:
            Concurrent.flying -= 1


def test_every_seat_of_a_simultaneous_decision_is_asked_at_once_each_on_its_own_clock():
    africa = get_game("africa")
    s = MatchSpec(
        game="africa",
        variant="standard",
        options={"max_steps": 200},
        seed=5,
        engine_version=africa.engine_version,
        seats=tuple(SeatSpec(name=f"p{i}", kind="house") for i in range(4)),
        max_faults=1000,
    )
    Concurrent.most = 0
    players = [Concurrent(seed=i, silent_from=5 if i == 2 else None) for i in range(4)]
    outcome = asyncio.run(run_async(s, players))
    assert Concurrent.most == 4, "the four powers decide at the same time"
    assert outcome.steps == 200
    # The silent power's decisions are its own faults, not the others'.
    assert [o.faults > 0 for o in outcome.seats] == [False, False, True, False]
    assert verify(Replay.from_json(outcome.replay_json)) == []


class Faulty(RandomPlayer):
    """A random player whose first decisions are faults, one of each kind it is given:
    ``crash`` raises, ``illegal`` answers a non-action, ``timeout`` overruns its time."""

    def __init__(self, faults: list[str], seed: int = 0) -> None:
        super().__init__(seed)
        self.faults = list(faults)

    def act(self, observation, legal_actions):
        if not self.faults:
            return super().act(observation, legal_actions)
        kind = self.faults.pop(0)
        if kind == "crash":
            raise RuntimeError("bot bug")
        if kind == "timeout":
            time.sleep(3)  # the deadline's timer interrupts it long before
        return "no action"


KINDS = ("timeouts", "crashes", "illegal_actions", "disconnects")


def kinds(outcome) -> tuple[int, ...]:
    return tuple(getattr(outcome, kind) for kind in KINDS)


def test_each_fault_is_counted_by_its_kind_and_in_the_total():
    # Twenty decisions, each with a whole second: only the overruns (asleep) miss it, even on a
    # busy machine.
    s = replace(
        spec("random", "random", decision_seconds=1.0, time_bank_seconds=0.0, max_faults=10),
        options={"max_steps": 20},
    )
    faults = ["crash", "illegal", "timeout", "illegal", "timeout"]
    outcome = run(s, [HouseSeat(Faulty(faults, seed=1)), HouseSeat(RandomPlayer(seed=2))])
    faulty, other = outcome.seats
    assert (faulty.code, faulty.faults) == ("normal", 5)
    assert kinds(faulty) == (2, 1, 2, 0)
    assert (other.faults, kinds(other)) == (0, (0, 0, 0, 0))


def test_a_bot_that_times_out_or_plays_illegally_forfeits_with_its_counts_by_kind():
    looping = play(
        spec(
            "arena_players:LoopingPlayer",
            "attacker",
            decision_seconds=0.02,
            time_bank_seconds=0.0,
            max_faults=2,
        )
    ).seats[0]
    assert (looping.code, looping.faults, kinds(looping)) == ("timeout", 2, (2, 0, 0, 0))
    illegal = play(spec("arena_players:IllegalPlayer", "attacker", max_faults=3)).seats[0]
    assert (illegal.code, illegal.faults, kinds(illegal)) == ("illegal", 3, (0, 0, 3, 0))
    crashed = play(spec("attacker", "arena_players:CrashingPlayer", max_faults=2)).seats[1]
    assert (crashed.code, crashed.faults, kinds(crashed)) == ("crash", 2, (0, 2, 0, 0))


class Disconnected(Seat):
    """A remote bot whose connection is gone for good."""

    async def decide(self, observation, legal_actions, seconds):
        raise seats.SeatFault(SeatCode.DISCONNECT, "not connected", forfeit=True)


def test_a_disconnection_is_counted_as_one():
    s = spec("random", "random")
    outcome = asyncio.run(run_async(s, [Disconnected(), *build_seats(s, player_class)[1:]]))
    gone = outcome.seats[0]
    assert (gone.code, gone.faults, kinds(gone), gone.placement) == (
        "disconnect",
        1,
        (0, 0, 0, 1),
        2,
    )


def test_a_paced_match_pauses_after_every_action_and_charges_no_seat(monkeypatch):
    pauses = []
    monkeypatch.setattr(runner.time, "sleep", pauses.append)
    outcome = play(spec("attacker", "attacker", pace_seconds=0.25))
    assert pauses == [0.25] * (outcome.steps + 1)  # the set-up, then every action
    assert all(seat.time_used < 0.25 * outcome.steps for seat in outcome.seats)
    assert verify(Replay.from_json(outcome.replay_json)) == []
