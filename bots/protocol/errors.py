"""The one error of the wire conversion."""

from __future__ import annotations


class WireError(ValueError):
    """A message that does not describe the engine's data; the text names what was wrong.

    The gateway answers it with an Error (code ``malformed``) and the penalty for a fault.
    """


def range_in_action(where: str) -> WireError:
    """The error for a quantity range where a bot's action must hold a number."""
    return WireError(f"{where}: a range where a bot's action must hold a number")
