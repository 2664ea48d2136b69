"""What a spectator sees of Risk : la colonisation: the world layout, the board as public
facts, and every event in words.

The layout places every territory of ``data/classic_world.json`` and only them. Along random
play the spectator board agrees with the match's open state (owners, armies, hostile
territories, homes, schools, persons, points), shows no column while they are laid out in
secret (C8), and every event shown to anyone has a sentence. That it is the same in every
world ``redraw_hidden(None)`` draws, the conformance suite checks for every game.
"""

from __future__ import annotations

import random

from colonisation_helpers import IDS, N, new_match

from bots.house.choice import bounds, fill
from engines.colonisation import GAME
from engines.colonisation.board import MAP_DATA
from engines.colonisation.events import EVENT_TYPES
from engines.core import visible_events

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]


def test_the_layout_places_every_territory_of_the_map():
    assert set(GAME.layout.spots) == {t["id"] for t in MAP_DATA["territories"]}
    assert len(GAME.layout.links) == 83


def test_the_board_shows_the_open_state_along_random_play():
    rng = random.Random(4)
    kinds = set()
    for seats in (3, 6):
        match = new_match(seats, seed=seats)
        for event in match.setup_events:
            kinds.add(type(event))
        while not match.is_over():
            board = match.spectator_board()
            for t in range(N):
                place = board.places[IDS[t]]
                holder = match.owner[t]
                assert place.owner == (holder if holder >= 0 else None)
                assert place.count == match.armies[t]
                assert ("hostile" in place.marks) == match.hostile[t]
                assert ("home" in place.marks) == (t in match.homes)
                assert ("military school" in place.marks) == bool(match.schools[t] & 1)
                if match.phase == "columns":
                    assert not any(m.startswith("column") for m in place.marks)
            for seat, facts in enumerate(board.seats):
                assert facts["points"] == match.points[seat]
            seat = rng.choice(match.to_move())
            legal = match.legal_actions(seat)
            template = rng.choice(legal)
            amount = bounds(template)
            action = template if amount is None else fill(template, amount.high)
            for event in match.apply(seat, action):
                kinds.add(type(event))
                for viewer in (*range(seats), None):
                    for seen in visible_events([event], viewer):
                        assert seen.describe(NAMES).strip()
    missing = set(EVENT_TYPES) - kinds
    assert len(missing) <= 3, missing  # the rarest (a last nation, an empty war) may not occur
