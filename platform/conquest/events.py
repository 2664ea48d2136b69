"""The significant events, one JSON line each, for operators to search (deploy/operations.md).

:func:`log_event` writes on the logger ``conquest.events``, whose handler (settings
``LOGGING``) formats each record as one JSON object: the time, ``event`` and the event's
fields (``match_id``, ``attempt``, ``bot_id``, ``gateway``, ...). The other loggers keep their
human lines.
"""

from __future__ import annotations

import logging

logger = logging.getLogger("conquest.events")


def log_event(event: str, **fields: object) -> None:
    """Log ``event`` (e.g. ``match_claimed``) with its ``fields`` as one JSON line."""
    logger.info(event, extra={"event": event, **fields})
