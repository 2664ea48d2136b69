"""``log(text)``: a line for the bot's own log of the match it is deciding in.

Connected (:mod:`bots.sdk.client`), the line goes to the platform as a LogLine of the match
whose ``act`` is running, and to the local logger; offline (``python -m engines play``) only
to the local logger, so a bot's code is the same in both.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable

LOGGER = logging.getLogger("bots.sdk")
_sink: contextvars.ContextVar[Callable[[str], None]] = contextvars.ContextVar("match_log")


def log(text: str) -> None:
    """Write ``text`` to the log of the match being decided (and to the local logger).

    >>> log("holding Australia")  # offline: only the local logger
    """
    LOGGER.info("%s", text)
    sink = _sink.get(None)
    if sink is not None:
        sink(text)


def deciding_in(sink: Callable[[str], None]) -> None:
    """Send this context's :func:`log` lines to ``sink`` (the SDK calls it around ``act``)."""
    _sink.set(sink)
