"""End to end through a real gateway process and a real remote worker, with a bot written
by hand on a raw gRPC stream: tokens, penalties, disconnections, spectators."""

from __future__ import annotations

import json
import time

import grpc
import pytest
from arena_fixtures import entry, league, user
from arena_workers import wait_for
from conquest.bots import services as bots
from conquest.matches import execution, services
from conquest.matches.models import Match
from conquest.matches.selectors import replay_view
from conquest.ratings.models import RatingChange
from django.core.management import call_command
from gateway_helpers import (
    BotProcess,
    GatewayProcess,
    RawBot,
    legal_answer,
    processes_fixture,  # noqa: F401 - the fixture `processes`
    remote_entry,
)
from grpc_health.v1.health_pb2 import HealthCheckRequest, HealthCheckResponse
from grpc_health.v1.health_pb2_grpc import HealthStub
from grpc_reflection.v1alpha.reflection_pb2 import ServerReflectionRequest
from grpc_reflection.v1alpha.reflection_pb2_grpc import ServerReflectionStub

from bots.protocol.arena.v1 import bot_pb2 as pb
from bots.protocol.arena.v1.bot_pb2_grpc import SpectatorServiceStub
from engines.registry import get_game

pytestmark = pytest.mark.django_db(transaction=True)


def _duel(processes, **kw):
    """A running gateway and remote worker, a 2-seat Risk league, a remote entry (seat 0)
    and a house entry (seat 1): returns the gateway, the entries and the remote's token."""
    lg = league(name="risk-2", seats=2, ladder="off", **{"options": {"max_steps": 60}, **kw})
    remote, token = remote_entry(lg, user("ada"), "ada-bot")
    house = entry(lg, user("ben"), "random")
    gateway = processes(GatewayProcess, "gateway")
    # A lease longer than the tests' usual 2 s: none lapses on a busy machine, so the match is
    # claimed once and played in one attempt.
    processes.worker("remote", remote=4, ARENA_LEASE_SECONDS="30")
    return gateway, lg, [remote, house], token


def _no_such_action(match: Match, decision: pb.DecisionRequest) -> pb.ActionReply:
    """An answer to ``decision`` naming an action no game has."""
    return pb.ActionReply(
        match_id=match.pk,
        request_id=decision.request_id,
        action=pb.Action(json='{"type": "NoSuchAction"}'),
    )


def _queued(lg, entries) -> Match:
    match = services.match_schedule(league=lg, entries=entries)
    services.match_enqueue(match_ids=[match.pk])
    return match


def _play_out(bot: RawBot, started: pb.MatchStarted) -> pb.MatchEnded:
    """Answer every decision legally until the match ends and is recorded."""
    while True:
        message = bot.next("decision", "match_ended")
        if isinstance(message, pb.MatchEnded):
            break
        bot.send(action=legal_answer(started, message))
    wait_for(lambda: Match.objects.get(pk=started.match_id).status == "finished", 30, "the result")
    return message


def test_health_reflection_and_the_two_ports_serve_what_they_should(processes):
    gateway = processes(GatewayProcess, "gateway")
    with grpc.insecure_channel(gateway.address) as public:
        for service in ("", "arena.v1.BotService", "arena.v1.SpectatorService"):
            status = HealthStub(public).Check(HealthCheckRequest(service=service)).status
            assert status == HealthCheckResponse.SERVING, service
        listed = ServerReflectionStub(public).ServerReflectionInfo(
            iter([ServerReflectionRequest(list_services="")])
        )
        names = {s.name for s in next(listed).list_services_response.service}
        assert {"arena.v1.BotService", "arena.v1.SpectatorService"} <= names
        assert not any(name.startswith("arena.internal") for name in names)
        with pytest.raises(grpc.RpcError) as unknown:
            list(SpectatorServiceStub(public).Watch(pb.WatchRequest(match_id=10**9)))
        assert unknown.value.code() == grpc.StatusCode.NOT_FOUND
    call_command("gateway_health", gateway.internal)  # the workers' port: exit 0, SERVING


def test_a_wrong_revoked_or_disabled_token_is_refused(processes):
    gateway = processes(GatewayProcess, "gateway")
    lg = league(name="risk-2", seats=2, ladder="off")
    remote, token = remote_entry(lg, user("ada"), "ada-bot")
    with pytest.raises(grpc.RpcError) as refused:
        RawBot(gateway.address, "cab_wrong").next("welcome")
    assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED
    sdk = processes(BotProcess, "sdk", "cab_wrong", gateway.address)
    assert sdk.process.wait(30) == 2 and "UNAUTHENTICATED" in sdk.output()
    welcome = RawBot(gateway.address, token).next("welcome")
    assert (welcome.bot_id, welcome.bot_name) == (remote.version.bot_id, "ada-bot")
    bot = remote.version.bot
    bots.bot_update(bot=bot, enabled=False)
    with pytest.raises(grpc.RpcError, match="UNAUTHENTICATED"):
        RawBot(gateway.address, token).next("welcome")
    bots.bot_update(bot=bot, enabled=True)
    bots.token_revoke(token=bot.tokens.get())
    with pytest.raises(grpc.RpcError, match="UNAUTHENTICATED"):
        RawBot(gateway.address, token).next("welcome")


def test_wrong_messages_get_errors_and_faults_never_a_crash(processes):
    gateway, lg, entries, token = _duel(
        processes, decision_seconds=2.0, time_bank_seconds=0.5, max_faults=10
    )
    bot = RawBot(gateway.address, token)
    limit = bot.next("welcome").limits.max_message_bytes
    match = _queued(lg, entries)
    started = bot.next("match_started")
    assert (started.match_id, started.seat, started.resumed) == (match.pk, 0, False)
    options = json.loads(started.options_json)  # every option, the defaults too
    assert options == get_game(lg.game).resolve_options(lg.options) and "max_steps" in options

    decision = bot.next("decision")
    answer = legal_answer(started, decision)
    elsewhere, stale = pb.ActionReply(), pb.ActionReply()
    elsewhere.CopyFrom(answer)
    elsewhere.match_id += 1000  # a match this bot does not play
    stale.CopyFrom(answer)
    stale.request_id += 1000  # a request nobody sent this bot
    bot.send(action=elsewhere)
    bot.send(action=stale)
    bot.send_bytes(b"\xff\xff\xff\xff")  # not a BotMessage
    bot.send(log=pb.LogLine(match_id=match.pk + 1000, text="not mine"))
    # 200 KB: over the limit, under gRPC's own (4 MiB): refused, the stream stays open
    bot.send(log=pb.LogLine(match_id=match.pk, text="x" * 200_000))
    bot.send(action=answer)  # then the real answer, accepted

    decision = bot.next("decision")
    oversized = legal_answer(started, decision)
    oversized.action.json = json.dumps({"type": "Place", "padding": "x" * limit})
    bot.send(action=oversized)

    decision = bot.next("decision")
    bot.send(action=_no_such_action(match, decision))
    decision = bot.next("decision")
    late = legal_answer(started, decision)
    # Answered once the platform has timed it out and asked again: late whatever the load.
    following = bot.next("decision")
    bot.send(action=late)
    bot.send(action=legal_answer(started, following))

    ended = _play_out(bot, started)
    assert [r.code for r in ended.results] == ["normal", "normal"]
    assert {"unknown_match", "not_pending", "malformed", "oversized", "late"} <= set(bot.errors())
    assert bot.errors().count("oversized") == 2  # the 200 KB log line and the answer
    results = _results(bot.received)
    assert results[0].accepted and results[0].request_id == 1
    assert [r.request_id for r in results] == sorted({r.request_id for r in results})
    assert [r.code for r in results if not r.accepted] == ["malformed"]
    match.refresh_from_db()
    seat = match.seats.get(seat=0)
    assert match.status == "finished" and (seat.faults, seat.code) == (3, "normal")
    for fault in ("illegal (an oversized answer)", "illegal (malformed action", "timeout"):
        assert fault in match.log
    assert seat.time_used >= decision.decision_seconds + decision.time_bank_seconds


def _results(received: list[pb.ServerMessage]) -> list[pb.ActionResult]:
    """The ActionResults the bot got, in order; checks that one travels on its own only when
    no DecisionRequest of the match follows (the match ended)."""
    results = []
    for i, message in enumerate(received):
        kind = message.WhichOneof("message")
        if kind == "decision":
            results.extend(message.decision.results)
        elif kind == "action_result":
            later = [m.WhichOneof("message") for m in received[i + 1 :]]
            assert "match_ended" in later and "decision" not in later
            results.append(message.action_result)
    return results


def test_a_bot_that_comes_back_within_the_grace_period_plays_on(processes):
    gateway, lg, entries, token = _duel(processes, options={"max_steps": 40})
    bot = RawBot(gateway.address, token)
    match = _queued(lg, entries)
    started = bot.next("match_started")
    bot.send(action=legal_answer(started, bot.next("decision")))
    pending = bot.next("decision")
    bot.close()  # drops the connection with a decision pending
    time.sleep(0.2)
    again = RawBot(gateway.address, token)
    resumed = again.next("match_started")
    assert (resumed.match_id, resumed.resumed, resumed.setup) == (
        match.pk,
        True,
        started.setup,
    )
    repeated = again.next("decision")
    repeated.rtt_seconds = pending.rtt_seconds  # measured on each connection
    assert repeated == pending, "the pending request again, with the full state"
    again.send(action=legal_answer(started, pending))
    ended = _play_out(again, started)
    assert [r.code for r in ended.results] == ["normal", "normal"]
    match.refresh_from_db()
    assert match.status == "finished" and match.seats.get(seat=0).faults == 0


def test_a_bot_that_drops_during_its_first_decision_is_told_the_match_resumes(processes):
    gateway, lg, entries, token = _duel(processes, options={"max_steps": 40})
    bot = RawBot(gateway.address, token)
    match = _queued(lg, entries)
    started = bot.next("match_started")
    assert not started.resumed
    first = bot.next("decision")
    bot.close()  # the very first decision pending
    time.sleep(0.2)
    again = RawBot(gateway.address, token)
    resumed = again.next("match_started")
    assert (resumed.match_id, resumed.resumed) == (match.pk, True)
    repeated = again.next("decision")
    assert repeated.request_id == first.request_id
    again.send(action=legal_answer(started, repeated))
    ended = _play_out(again, started)
    assert [r.code for r in ended.results] == ["normal", "normal"]


def test_a_bot_that_forfeits_is_told_so_on_its_stream_at_once(processes):
    gateway, lg, entries, token = _duel(processes, max_faults=1, options={"max_steps": 40})
    bot = RawBot(gateway.address, token)
    match = _queued(lg, entries)
    started = bot.next("match_started")
    decision = bot.next("decision")
    bot.send(action=_no_such_action(match, decision))
    notice = bot.next("error")  # at once, while the match goes on without it
    assert (notice.code, notice.match_id) == ("forfeited", match.pk)
    assert notice.message.startswith("seat 0 forfeited after too many illegal actions: 1 fault")
    ended = bot.next("match_ended")
    assert [r.code for r in ended.results] == ["illegal", "normal"]
    kinds = [m.WhichOneof("message") for m in bot.received]
    assert "decision" not in kinds[kinds.index("error") :], "no request after the forfeit"
    assert started.seat == 0


def test_a_bot_gone_past_the_grace_period_forfeits_once(processes):
    gateway, lg, entries, token = _duel(processes, options={"max_steps": 40})
    bot = RawBot(gateway.address, token)
    match = _queued(lg, entries)
    started = bot.next("match_started")
    bot.send(action=legal_answer(started, bot.next("decision")))
    bot.next("decision")
    bot.close()
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", 60, "the forfeit")
    match.refresh_from_db()
    seat, other = match.seats.get(seat=0), match.seats.get(seat=1)
    assert (seat.code, seat.placement, other.placement) == ("disconnect", 2, 1)
    assert match.log.count("forfeits") == 1 and "grace period" in match.log
    assert match.attempts == 1 and RatingChange.objects.filter(match=match).count() == 2


def test_a_spectator_sees_public_events_only(processes):
    lg = league(name="risk-3", variant="miro-missions", seats=3, ladder="off")
    lg.options = {"max_steps": 60}
    lg.save()
    remote, token = remote_entry(lg, user("ada"), "ada-bot")
    others = [entry(lg, user(name), "random") for name in ("ben", "cat")]
    gateway = processes(GatewayProcess, "gateway")
    processes.worker("remote", remote=4)
    processes(BotProcess, "bot", token, gateway.address)
    wait_for(lambda: remote.version.bot.tokens.get().last_used_at is not None, 30, "the bot")
    match = _queued(lg, [remote, *others])
    with grpc.insecure_channel(gateway.address) as channel:
        watched = list(
            SpectatorServiceStub(channel).Watch(pb.WatchRequest(match_id=match.pk), timeout=120)
        )
    final = watched.pop()
    assert final.final and json.loads(final.result_json)["type"] == "Result"
    assert [e.seq for e in watched] == list(range(len(watched)))
    events = [json.loads(e.event_json) for e in watched]
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", 30, "the result")
    match.refresh_from_db()
    assert events == replay_view(match, None)["events"], "the spectator's view, nothing more"
    missions = [e for e in events if e["type"] == "MissionDealt"]
    assert len(missions) == 3 and all(e["mission"] == "" for e in missions)
    own = [e for e in replay_view(match, 0)["events"] if e["type"] == "MissionDealt"]
    assert any(e["mission"] for e in own), "the seat itself sees its mission"
    # a finished match is served from its stream while it is kept
    with grpc.insecure_channel(gateway.address) as channel:
        again = list(SpectatorServiceStub(channel).Watch(pb.WatchRequest(match_id=match.pk)))
    assert again == [*watched, final]


def test_a_finished_match_of_house_bots_is_watched_from_its_replay(processes):
    gateway = processes(GatewayProcess, "gateway")
    lg = league(name="risk-2", seats=2, ladder="off", options={"max_steps": 40})
    match = _queued(lg, [entry(lg, user(name), "random") for name in ("ann", "ben")])
    execution.close_sandbox()
    assert execution.execute(match.pk) == "finished"
    with grpc.insecure_channel(gateway.address) as channel:
        watched = list(SpectatorServiceStub(channel).Watch(pb.WatchRequest(match_id=match.pk)))
    match.refresh_from_db()
    view = replay_view(match, None)
    assert [json.loads(e.event_json) for e in watched[:-1]] == view["events"]
    assert watched[-1].final and json.loads(watched[-1].result_json) == view["result"]
