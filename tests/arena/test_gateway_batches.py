"""Batches on a bot's stream, through a real gateway served in the test and real gRPC streams:
a bot's BotBatch is read as its messages one after another (wrong ones answered one by one),
an oversized batch faults each answer in it, and a bot that did not ask for batches never
gets a ServerBatch."""

from __future__ import annotations

import asyncio
import json

import pytest
from arena_fixtures import league, user
from arena_workers import flush_broker
from conquest.relay.links import GatewayClient
from django.conf import settings
from gateway_helpers import AioBot, asking, gateway_here, remote_entry

from bots.protocol.arena.internal.v1 import gateway_pb2 as gw
from bots.protocol.arena.v1 import bot_pb2 as pb

pytestmark = pytest.mark.django_db(transaction=True)
MATCHES = range(1, 7)


@pytest.fixture
def bot_token():
    """A remote bot's id and token (the tests' Redis emptied first)."""
    flush_broker()
    remote, token = remote_entry(league(name="risk-2", seats=2, ladder="off"), user("ada"), "ada")
    return remote.version.bot_id, token


def _asking(bot_id: int, match: int) -> gw.DeliverRequest:
    decision = pb.DecisionRequest(match_id=match, request_id=1, decision_seconds=10.0)
    return asking(decision, bot_id=bot_id, match_id=match, think_seconds=10.0)


def _answer(match: int, text: str = "") -> pb.BotMessage:
    action = pb.Action(json=json.dumps({"type": "EndPhase", "note": text or f"match {match}"}))
    return pb.BotMessage(action=pb.ActionReply(match_id=match, request_id=1, action=action))


async def _read(bot: AioBot, count: int, kind: str) -> tuple[list[pb.ServerMessage], int]:
    """The next ``count`` messages of ``kind``, batches opened, and how many batches held them."""
    found: list[pb.ServerMessage] = []
    batches = 0
    while len(found) < count:
        message = await bot.next()
        items = [message]
        if message.WhichOneof("message") == "batch":
            batches += 1
            items = list(message.batch.messages)
        found += [item for item in items if item.WhichOneof("message") == kind]
    return found, batches


def test_a_bot_s_batch_is_read_as_its_messages_one_after_another(bot_token):
    bot_id, token = bot_token

    async def scenario():
        async with gateway_here() as (_, public, internal):
            bot = AioBot(public, token)
            welcome = await bot.connect(batches=True)
            client = GatewayClient(f"127.0.0.1:{internal}")
            asking = [
                asyncio.create_task(client.deliver(_asking(bot_id, match), timeout=30))
                for match in MATCHES
            ]
            decisions, _ = await _read(bot, len(MATCHES), "decision")
            wrong = [
                pb.BotMessage(hello=pb.Hello(protocol_version=1)),
                pb.BotMessage(action=pb.ActionReply(match_id=999, request_id=1)),
                pb.BotMessage(batch=pb.BotBatch(messages=[_answer(1)])),
            ]
            answers = [_answer(match) for match in MATCHES]
            # The wrong ones in the middle: those after them are read all the same.
            together = [*answers[:3], *wrong, *answers[3:]]
            await bot.send(batch=pb.BotBatch(messages=together))
            replies = await asyncio.gather(*asking)
            errors, _ = await _read(bot, len(wrong), "error")
            await bot.close()
            return welcome, decisions, replies, errors

    welcome, decisions, replies, errors = asyncio.run(scenario())
    assert welcome.batches, "the gateway says it reads batches"
    assert sorted(d.decision.match_id for d in decisions) == list(MATCHES)
    assert [reply.status for reply in replies] == [gw.DeliverReply.DELIVERED] * len(MATCHES)
    notes = [json.loads(reply.action.json)["note"] for reply in replies]
    assert notes == [f"match {match}" for match in MATCHES], "each answer to its own match"
    assert [(e.error.code, e.error.match_id) for e in errors] == [
        ("protocol", 0),
        ("unknown_match", 999),
        ("protocol", 0),
    ]
    assert errors[2].error.message == "a BotBatch holds no BotBatch"


def test_an_oversized_batch_faults_each_answer_in_it(bot_token):
    bot_id, token = bot_token
    limit = settings.ARENA.bot_max_message_bytes

    async def scenario():
        async with gateway_here() as (_, public, internal):
            bot = AioBot(public, token)
            await bot.connect(batches=True)
            client = GatewayClient(f"127.0.0.1:{internal}")
            asking = [
                asyncio.create_task(client.deliver(_asking(bot_id, match), timeout=30))
                for match in (1, 2)
            ]
            await _read(bot, 2, "decision")
            padded = [_answer(1, "x" * (limit // 2)), _answer(2, "y" * (limit // 2))]
            await bot.send(batch=pb.BotBatch(messages=padded))
            replies = await asyncio.gather(*asking)
            errors, _ = await _read(bot, 2, "error")
            await bot.close()
            return replies, errors

    replies, errors = asyncio.run(scenario())
    assert [reply.status for reply in replies] == [gw.DeliverReply.OVERSIZED] * 2
    assert sorted((e.error.code, e.error.match_id) for e in errors) == [
        ("oversized", 1),
        ("oversized", 2),
    ]


def test_a_bot_that_did_not_ask_for_batches_gets_each_message_alone(bot_token):
    bot_id, token = bot_token

    async def scenario():
        async with gateway_here() as (_, public, internal):
            bot = AioBot(public, token)
            await bot.connect()
            client = GatewayClient(f"127.0.0.1:{internal}")
            asking = [
                asyncio.create_task(client.deliver(_asking(bot_id, match), timeout=30))
                for match in MATCHES
            ]
            decisions, batches = await _read(bot, len(MATCHES), "decision")
            for match in MATCHES:
                await bot.send(action=_answer(match).action)
            replies = await asyncio.gather(*asking)
            await bot.close()
            return decisions, batches, replies

    decisions, batches, replies = asyncio.run(scenario())
    assert batches == 0
    assert sorted(d.decision.match_id for d in decisions) == list(MATCHES)
    assert [reply.status for reply in replies] == [gw.DeliverReply.DELIVERED] * len(MATCHES)
