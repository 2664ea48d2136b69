"""The one error of the wire conversion."""

from __future__ import annotations

from collections.abc import Callable


class WireError(ValueError):
    """A message that does not describe the engine's data; the text names what was wrong.

    The gateway answers it with an Error (code ``malformed``) and the penalty for a fault.
    """


def range_in_action(where: str) -> WireError:
    """The error for a quantity range where a bot's action must hold a number."""
    return WireError(f"{where}: a range where a bot's action must hold a number")


class Fault(Exception):
    """A conversion failure deep inside a value: each level it passes appends its part of
    the path (``.field``, ``[index]``) and :meth:`at` gives the WireError for the whole place.

    >>> fault = Fault(lambda where: WireError(f"{where} is missing"))
    >>> fault.path += ["[2]", ".owner"]
    >>> fault.at("observation")
    WireError('observation.owner[2] is missing')
    """

    def __init__(self, error: Callable[[str], WireError]) -> None:
        super().__init__()
        self.error = error
        self.path: list[str] = []

    def at(self, where: str) -> WireError:
        """The WireError for the failure, below the place ``where``."""
        return self.error(where + "".join(reversed(self.path)))
