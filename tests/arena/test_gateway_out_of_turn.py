"""Decisions out of turn and at once, end to end: two bots written by hand on raw gRPC streams,
a real gateway process and a real remote worker.

- Classic Risk with the books' defender (option ``defender_dice=choose``; 003 "puis le
  défenseur fait de même", 000 "Le défenseur peut donc décider en conséquence"): the attacked
  bot is asked during the other bot's turn; when it does not answer, the default action (the
  most dice) is played for it and the fault is counted, and the match goes on.
- The same with two SDK bot programs (``python -m bots.sdk``, the house heuristic and random
  players): they defend out of turn with no fault.
- Risk : la colonisation's sealed-bid auction (004 "Début", C1: the seats bid at once): both
  bots hold a request at the same time, neither answered.
"""

from __future__ import annotations

import queue
import time

import pytest
from arena_fixtures import entry, league, user
from arena_workers import wait_for
from conquest.matches import services
from conquest.matches.models import Match
from conquest.matches.selectors import full_replay
from conquest.relay.presence import presences
from gateway_helpers import (
    BotProcess,
    GatewayProcess,
    RawBot,
    legal_answer,
    processes_fixture,  # noqa: F401 - the fixture `processes`
    remote_entry,
)

from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.wire import codec
from engines.replay import Replay, verify
from engines.risk.actions import Attack, Defend

pytestmark = pytest.mark.django_db(transaction=True)


def _two_remote_bots(processes, lg, *house: str):
    """Two remote entries of ``lg`` in seats 0 and 1 (then house entries), a gateway and a
    remote worker: returns the match queued and the two bots connected, by seat. A bot hears
    of its match with its first request (MatchStarted, then the DecisionRequest): read both
    bots at once (:class:`_Requests`), for the other seats may decide first."""
    first, token_a = remote_entry(lg, user("ada"), "ada-bot")
    second, token_b = remote_entry(lg, user("ben"), "ben-bot")
    others = [entry(lg, user(f"house{i}"), player) for i, player in enumerate(house)]
    gateway = processes(GatewayProcess, "gateway")
    processes.worker("remote", remote=4)
    bots = [RawBot(gateway.address, token_a), RawBot(gateway.address, token_b)]
    # A fixed seed: the bots' play below is a function of it (seed 0 brings an attack on a
    # defended territory before step 100).
    match = services.match_schedule(league=lg, entries=[first, second, *others], seed=0)
    services.match_enqueue(match_ids=[match.pk])
    return match, _Requests(bots)


class _Requests:
    """The requests of one match to two bots, as they see them."""

    def __init__(self, bots: list[RawBot]) -> None:
        self.bots = bots
        self.started: dict[int, pb.MatchStarted] = {}

    def decisions(self):
        """Every DecisionRequest either bot gets, as (seat, request, observation), until both
        are told the match ended."""
        ended = 0
        while ended < len(self.bots):
            seat, message = self.next()
            if isinstance(message, pb.MatchEnded):
                ended += 1
            else:
                yield seat, message, self.observation(seat, message)

    def next(self, timeout: float = 30.0):
        """The next DecisionRequest or MatchEnded either bot gets: (seat, message)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for seat, bot in enumerate(self.bots):
                try:
                    item = bot.incoming.get(timeout=0.02)
                except queue.Empty:
                    continue
                if isinstance(item, Exception):
                    raise item
                kind = item.WhichOneof("message")
                if kind == "match_started":
                    assert item.match_started.seat == seat
                    self.started[seat] = item.match_started
                elif kind in ("decision", "match_ended"):
                    return seat, getattr(item, kind)
        raise AssertionError("no request within the timeout")

    def observation(self, seat: int, decision: pb.DecisionRequest):
        wire = codec(self.started[seat].game)
        setup = wire.decode_setup(self.started[seat].setup)
        return wire.decode_observation(decision.observation, setup)

    def legal(self, seat: int, decision: pb.DecisionRequest):
        return codec(self.started[seat].game).decode_legal_actions(decision.legal_actions)

    def answer(self, seat: int, decision: pb.DecisionRequest, action=None) -> None:
        """Send ``action``, by default the game's default action."""
        if action is None:
            reply = legal_answer(self.started[seat], decision)
        else:
            reply = pb.ActionReply(
                match_id=decision.match_id,
                request_id=decision.request_id,
                action=codec(self.started[seat].game).encode_action(action),
            )
        self.bots[seat].send(action=reply)


def test_the_attacked_bot_is_asked_out_of_turn_and_a_silent_one_defends_by_default(processes):
    lg = league(
        name="risk-defend",
        seats=2,
        ladder="off",
        options={"defender_dice": "choose", "max_steps": 400},
        decision_seconds=2,
        time_bank_seconds=1,
        max_faults=10,
    )
    match, requests = _two_remote_bots(processes, lg)
    asked: list[tuple[int, object]] = []  # (seat, observation) of each defence asked
    for seat, message, observation in requests.decisions():
        legal = requests.legal(seat, message)
        if observation.phase == "defend":
            asked.append((seat, observation))
            assert observation.turn_seat == 1 - seat, "asked during the other seat's turn"
            assert legal == (Defend(2), Defend(1))
            if len(asked) == 1:
                requests.answer(seat, message, Defend(1))
            # The second time it stays silent: the default action is played for it.
            continue
        index = observation.board.index
        attacks = [  # on the other bot's territories where it may choose (2 armies or more)
            a
            for a in legal
            if isinstance(a, Attack)
            and observation.owners[index[a.target]] == 1 - seat
            and observation.armies[index[a.target]] >= 2
        ]
        if attacks and len(asked) < 2:  # until it was asked twice
            requests.answer(seat, message, Attack(attacks[0].source, attacks[0].target, 1))
        else:
            requests.answer(seat, message)

    assert len(asked) == 2
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", 30, "the result")
    match.refresh_from_db()
    silent = asked[1][0]
    seat = match.seats.get(seat=silent)
    assert (seat.faults, seat.code) == (1, "normal")
    assert f"seat {silent} timeout" in match.log
    replay = Replay.from_json(full_replay(match))
    assert verify(replay) == []
    defences = [(i, s, a) for i, (s, a) in enumerate(replay.actions) if isinstance(a, Defend)]
    assert [a for _, _, a in defences[:2]] == [Defend(1), Defend(2)]  # its own, then the default
    for i, defender, _ in defences:  # each right after the other seat's attack
        attacker, attack = replay.actions[i - 1]
        assert isinstance(attack, Attack) and attacker == 1 - defender


def test_sdk_bots_defend_out_of_turn_with_no_fault(processes):
    lg = league(
        name="risk-defend-sdk",
        seats=2,
        ladder="off",
        options={"defender_dice": "choose", "max_steps": 600},
    )
    entries, programs = [], []
    for name, player in (("ada", "heuristic"), ("ben", "random")):
        remote, token = remote_entry(lg, user(name), f"{name}-bot")
        entries.append(remote)
        programs.append((name, token, player))
    gateway = processes(GatewayProcess, "gateway")
    for name, token, player in programs:
        processes(BotProcess, name, token, gateway.address, player)
    for remote in entries:
        wait_for(lambda r=remote: presences().find(r.version.bot_id) is not None, 30, "a bot")
    processes.worker("remote", remote=4)
    match = services.match_schedule(league=lg, entries=entries)
    services.match_enqueue(match_ids=[match.pk])
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", 120, "the match")
    match.refresh_from_db()
    assert [(s.faults, s.code) for s in match.seats.order_by("seat")] == [(0, "normal")] * 2
    replay = Replay.from_json(full_replay(match))
    assert verify(replay) == []
    defended = [
        (replay.actions[i - 1][0], seat)
        for i, (seat, action) in enumerate(replay.actions)
        if isinstance(action, Defend)
    ]
    assert defended and all(attacker != defender for attacker, defender in defended)


def test_two_remote_bots_are_asked_at_once_and_each_answers_on_its_own_clock(processes):
    """004 "Début", C1: each seat's second card is auctioned in sealed bids, every other seat
    bidding at once. The house seat's lot (seat 2) asks both remote bots together."""
    lg = league(
        name="colonisation-3",
        game="colonisation",
        variant="standard",
        seats=3,
        ladder="off",
        options={"years": 1},
        decision_seconds=10,
    )
    match, requests = _two_remote_bots(processes, lg, "random")
    held: dict[int, pb.DecisionRequest] = {}
    together = 0
    for seat, message, observation in requests.decisions():
        if observation.phase != "auction" or observation.setup.lot != 2:
            requests.answer(seat, message)
            continue
        # Hold this bid unanswered: the other bot must be asked too before either answers.
        held[seat] = message
        if len(held) == 2:
            together += 1
            for other, request in sorted(held.items()):
                requests.answer(other, request)
            held.clear()
    assert together == 1 and not held
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", 30, "the result")
    match.refresh_from_db()
    assert [s.faults for s in match.seats.order_by("seat")] == [0, 0, 0], match.log
    assert verify(Replay.from_json(full_replay(match))) == []
