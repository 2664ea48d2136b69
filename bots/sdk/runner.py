"""Running a bot on the platform: :func:`run` and the command ``conquest-bot`` (the same as
``python -m bots.sdk``)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys

from bots.sdk.client import Client, PlatformRefused
from engines.core import EngineError
from engines.players import player_class


def run(
    player: type | str,
    token: str,
    address: str,
    *,
    max_matches: int = 1,
    secure: bool = False,
    inline: bool = False,
) -> None:
    """Play the bot's matches until SIGINT or SIGTERM (blocks; call it from the main thread).

    ``player`` is the bot's class, or its name for :func:`engines.players.player_class`
    (``module:Class``, or an installed player such as ``random``). Raises PlatformRefused when
    the platform refuses the token, EngineError for an unknown player. ``inline`` runs ``act``
    on the event loop (see :attr:`Client.inline`).
    """
    cls = player_class(player) if isinstance(player, str) else player
    client = Client(cls, token, address, max_matches=max_matches, secure=secure, inline=inline)
    asyncio.run(_until_signalled(client))


async def _until_signalled(client: Client) -> None:
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, client.stop)
    await client.run()


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the process exit code (2 when refused)."""
    parser = argparse.ArgumentParser(
        prog="conquest-bot", description="Connect a bot to the platform and play its matches."
    )
    parser.add_argument(
        "--player",
        required=True,
        help="the bot's class as module:Class, or an installed player (random, heuristic, ...)",
    )
    parser.add_argument(
        "--token",
        default=os.environ.get("ARENA_BOT_TOKEN"),
        help="the bot's token (default: $ARENA_BOT_TOKEN, which keeps it out of `ps`)",
    )
    parser.add_argument("--address", default="localhost:50051", help="the gateway, host:port")
    parser.add_argument("--max-matches", type=int, default=1, help="matches to play at once")
    parser.add_argument("--tls", action="store_true", help="connect over TLS")
    parser.add_argument(
        "--inline",
        action="store_true",
        help="call act() on the event loop, not in a thread: less latency for bots that decide "
        "in microseconds; pings and other matches wait meanwhile",
    )
    parser.add_argument("--log-level", default="INFO", help="DEBUG, INFO, WARNING or ERROR")
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("no token: pass --token or set ARENA_BOT_TOKEN")
    if args.max_matches < 1:
        parser.error("--max-matches must be at least 1")
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(message)s"
    )
    try:
        run(
            args.player,
            args.token,
            args.address,
            max_matches=args.max_matches,
            secure=args.tls,
            inline=args.inline,
        )
    except (PlatformRefused, EngineError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0
