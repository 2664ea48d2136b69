"""A fingerprint of how the engines play, to compare the compiled engines with their
pure-Python sources (``tests/core/test_compiled_engines.py``).

Run as a script (``python engine_trace.py``, from a folder holding a pure copy of
``engines``), it prints as JSON the trace of every case and the failed count of the compiled
modules' doctests, run on their sources.
"""

from __future__ import annotations

import doctest
import hashlib
import importlib
import json

from engines.players import load_player
from engines.registry import games

STEPS = 400
"""Each traced match stops after this many actions (the step limit ends it)."""


def cases() -> list[tuple[str, str, int, int]]:
    """(game, variant, seats, seed): every variant of every game at its fewest and most
    seats, two seeds each."""
    return [
        (game.name, variant.name, seats, seed)
        for game in games()
        for variant in game.variants
        for seats in sorted({min(variant.seats), max(variant.seats)})
        for seed in (1, 2)
    ]


def trace(game: str, variant: str, seats: int, seed: int) -> str:
    """A digest of everything a match shows as house random bots play it: every seat's
    observation and legal actions when asked, each action, its events, the result."""
    match = next(g for g in games() if g.name == game).new_match(
        variant, seats, seed, options={"max_steps": STEPS}
    )
    players = [load_player("random", seed=seed * 10 + s, game=game) for s in range(seats)]
    digest = hashlib.sha256(repr(match.setup_events).encode())
    while not match.is_over():
        for seat in match.to_move():
            if match.is_over():
                break
            observation, legal = match.observation(seat), match.legal_actions(seat)
            action = players[seat].act(observation, legal)
            events = match.apply(seat, action)
            digest.update(repr((seat, observation, legal, action, events)).encode())
    digest.update(repr(match.result()).encode())
    return digest.hexdigest()


def doctest_failures(modules: list[str]) -> int:
    """How many doctests of ``modules`` fail."""
    return sum(doctest.testmod(importlib.import_module(name)).failed for name in modules)


if __name__ == "__main__":
    import sys

    compiled = sys.argv[1:]
    print(
        json.dumps(
            {
                "traces": {"/".join(map(str, case)): trace(*case) for case in cases()},
                "doctest_failures": doctest_failures(compiled),
                "files": [importlib.import_module(name).__file__ for name in compiled],
            }
        )
    )
