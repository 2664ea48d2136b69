"""What a spectator sees of a classic Risk match: the world's layout, the board as public
facts, and every event in words.

The layout (``data/classic_world_layout.json``) places the 42 territories and only them, far
enough apart to draw. The spectator board follows the match's true owners and armies along
random play (the third force is no seat: owner None, marked "neutral") with the public facts
of each seat, and nothing hidden: no card in a hand, no mission but the winner's shown one.
Every event, as any seat or a spectator sees it, says itself in a sentence with the names
given. The conformance suite checks the rest (the board is the same in every hidden world).
"""

from __future__ import annotations

import json
import math
import random
from importlib import resources
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from risk_helpers import GAME, IDS, NEUTRAL, arrange, concrete, new_match

from engines.core.contract import Event, visible_events
from engines.risk import missions as mission_cards
from engines.risk.actions import Place
from engines.risk.board import WORLD
from engines.risk.events import (
    EVENT_TYPES,
    CardDrawn,
    CardsTraded,
    Claimed,
    Conquered,
    DiceRolled,
    Eliminated,
    MatchEnded,
    MissionChanged,
    MissionDealt,
    Moved,
    Placed,
    TerritoriesDealt,
    TurnStarted,
)
from engines.risk.match import RiskMatch
from engines.risk.observation import UNOWNED

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
CASES = [
    ("hasbro", 2),  # the neutral army
    ("hasbro", 4),  # the claim
    ("miro-2p", 2),  # the allié
    ("miro-missions", 3),
    ("miro-domination", 5),
    ("conquete-du-monde", 4),
    ("conquete-du-monde-proportional", 6),
]
SECRET_WORDS = ("wild", "infantry", "cavalry", "artillery", "mission")
"""Words a card or a mission would bring onto the board."""


def drawing() -> dict:
    text = resources.files("engines.risk").joinpath("data", "classic_world_layout.json")
    return json.loads(text.read_text("utf-8"))


# ----------------------------------------------------------------------------- layout


def test_the_layout_places_every_territory_and_only_them():
    data = drawing()
    assert (data["width"], data["height"]) == (1000, 560) and data["note"]
    assert sorted(data["places"]) == sorted(IDS)
    layout = GAME.layout
    assert list(layout.spots) == list(IDS)
    for t, territory in enumerate(IDS):
        spot = layout.spots[territory]
        assert spot.name == WORLD.names[t]
        assert spot.group == WORLD.continents[WORLD.continent_of[t]].id
    assert len(layout.links) == sum(len(n) for n in WORLD.neighbours) // 2


def test_no_two_spots_are_closer_than_40_and_all_keep_the_margin():
    spots = GAME.layout.spots
    closest = min(
        (math.dist((a.x, a.y), (b.x, b.y)), one, two)
        for (one, a), (two, b) in combinations(spots.items(), 2)
    )
    assert closest[0] >= 40, closest
    for name, spot in spots.items():
        assert 30 <= spot.x <= GAME.layout.width - 30, name
        assert 30 <= spot.y <= GAME.layout.height - 30, name


def test_the_layout_keeps_the_world_s_shape():
    """West to east and north to south as on a map: a few landmarks."""
    spots = GAME.layout.spots
    x = {name: spot.x for name, spot in spots.items()}
    y = {name: spot.y for name, spot in spots.items()}
    assert x["alaska"] < x["greenland"] < x["iceland"] < x["ural"] < x["kamchatka"]
    assert x["peru"] < x["brazil"] < x["congo"] < x["madagascar"] < x["eastern_australia"]
    assert y["greenland"] < y["eastern_united_states"] < y["venezuela"] < y["argentina"]
    assert y["scandinavia"] < y["southern_europe"] < y["egypt"] < y["south_africa"]


# ----------------------------------------------------------------------------- board


def check_spectator_board(match: RiskMatch) -> None:
    """The board shows the true owners, armies and public seat facts, and no secret word."""
    board = match.spectator_board()
    assert list(board.places) == list(IDS)
    for t, name in enumerate(IDS):
        place, owner = board.places[name], match.owner[t]
        assert place.owner == (owner if owner >= 0 else None), name
        assert place.count == match.armies[t], name
        assert place.marks == (("neutral",) if owner == NEUTRAL else ()), name
        if owner == UNOWNED:
            assert place.count == 0
    assert len(board.seats) == match.seats
    for seat, facts in enumerate(board.seats):
        held = [t for t in range(len(IDS)) if match.owner[t] == seat]
        assert facts["territories"] == len(held)
        assert facts["armies"] == sum(match.armies[t] for t in held)
        assert facts["cards"] == len(match.hands[seat])
        assert (facts["status"] == "eliminated") == (not match.alive[seat])
    words = json.dumps([board.to_plain()["seats"], board.lines]).lower()
    if match.winner_reason and match.winner_reason[2]:
        shown = next(m for m in mission_cards.ALL if m.id == match.winner_reason[2])
        words = words.replace(f"winning mission: {shown.text_en}".lower(), "")
    for secret in SECRET_WORDS:
        assert secret not in words, (secret, words)
    for card in mission_cards.ALL:
        assert card.id.lower() not in words and card.text_en.lower() not in words


def play(match: RiskMatch, seed: int, steps: int, each=None) -> list[Event]:
    """Random legal play for ``steps`` actions at most; ``each(match)`` after every one."""
    rng = random.Random(seed)
    events = list(match.setup_events)
    for _ in range(steps):
        if match.is_over():
            break
        seat = match.to_move()[0]
        events.extend(match.apply(seat, concrete(rng.choice(match.legal_actions(seat)), rng)))
        if each is not None:
            each(match)
    return events


@pytest.mark.parametrize(("variant", "seats"), CASES)
@settings(max_examples=3, deadline=None, database=None)
@given(seed=st.integers(0, 2**20))
def test_the_board_follows_the_match_along_random_play(variant, seats, seed):
    match = new_match(variant, seats, seed)
    check_spectator_board(match)
    play(match, seed, 600, check_spectator_board)


@pytest.mark.parametrize(("variant", "seats"), CASES)
def test_the_board_is_the_same_in_every_world_a_spectator_cannot_tell_apart(variant, seats):
    match = new_match(variant, seats, seed=7)
    rng = random.Random(7)
    for _ in range(8):
        play(match, rng.randrange(1000), 40)
        other = match.redraw_hidden(None, random.Random(rng.randrange(1000)))
        assert other.spectator_board() == match.spectator_board()


def test_the_third_force_is_no_seat_but_marked_neutral():
    match = new_match("hasbro", 2, seed=3)
    board = match.spectator_board()
    neutral = [name for name, place in board.places.items() if place.marks == ("neutral",)]
    assert len(neutral) == 14
    assert all(board.places[name].owner is None for name in neutral)
    assert sum(facts["territories"] for facts in board.seats) == 28


def test_before_the_claim_nobody_holds_anything():
    board = new_match("hasbro", 3, seed=0).spectator_board()
    assert {place.owner for place in board.places.values()} == {None}
    assert {place.count for place in board.places.values()} == {0}
    assert board.lines == ("set-up",)
    assert [facts["status"] for facts in board.seats] == ["in play"] * 3


def test_the_board_tells_the_round_the_deck_the_next_set_and_whose_turn_it_is():
    match = arrange(new_match("hasbro", 3), phase="place", seat=1, round=4, pending=3, trades=2)
    board = match.spectator_board()
    assert board.lines == ("round 4", "deck: 44 cards", "next set: 8 armies")
    assert [facts["status"] for facts in board.seats] == ["in play", "their turn", "in play"]


def test_the_winner_s_mission_is_shown_once_it_wins_and_no_other():
    held = list(IDS[:18])
    match = arrange(
        new_match("miro-missions", 3),
        dict.fromkeys(held, 0),
        dict.fromkeys(held[1:], 2),
        fill_owners=(1, 2),
        phase="place",
        pending=3,
        missions={0: "m18x2", 1: "m24", 2: "m24"},
    )
    assert not any("mission" in line for line in match.spectator_board().lines)
    events = match.apply(0, Place(held[0], 1))
    assert [e.reason for e in events if isinstance(e, MatchEnded)] == ["mission_accomplished"]
    board = match.spectator_board()
    card = next(m for m in mission_cards.ALL if m.id == "m18x2")
    assert board.lines[-1] == f"winning mission: {card.text_en}"
    assert [facts["status"] for facts in board.seats] == ["winner", "in play", "in play"]
    check_spectator_board(match)


# ----------------------------------------------------------------------------- events

SAMPLES: list[Event] = [
    TerritoriesDealt(1, ("alaska", "peru"), 1),
    TerritoriesDealt(NEUTRAL, ("alaska",), 2),
    TerritoriesDealt(2, ("alaska", "peru", "japan", "siam"), 1, die=4),
    MissionDealt(1, "m24"),
    MissionChanged(2, mission_cards.FALLBACK.id),
    Claimed(1, "new_guinea"),
    Placed(1, 1, "western_united_states", 3),
    Placed(0, NEUTRAL, "peru", 1),
    TurnStarted(2, 3, 7, 1),
    CardsTraded(1, ("alaska", "peru", "wild-1"), 8, ("alaska",)),
    CardsTraded(1, ("alaska", "peru", "japan"), 4, ()),
    DiceRolled("alaska", "kamchatka", (6, 5, 2), (4, 1), 1, 1),
    Conquered(1, "alaska", "kamchatka", 2),
    Conquered(NEUTRAL, "peru", "brazil", 0),
    Moved("alaska", "kamchatka", 3, "occupy"),
    Moved("peru", "brazil", 1, "fortify"),
    Eliminated(2, 1, 3),
    Eliminated(0, NEUTRAL, 2),
    CardDrawn(1, "wild-2"),
    CardDrawn(2, "japan"),
    MatchEnded("world_conquered", (1,)),
    MatchEnded("mission_accomplished", (2,), "m18x2"),
    MatchEnded("step_limit", ()),
]


def seen_by_anyone(event: Event, seats: int) -> list[Event]:
    """The event as each seat and a spectator may see it (redacted for the others)."""
    return [e for seat in (*range(seats), None) for e in visible_events([event], seat)]


def check_sentence(event: Event, names: list[str]) -> str:
    """``event`` described with ``names``: a sentence naming the seats it is about by their
    names, never by their numbers, and the territories by their names."""
    words = event.describe(names)
    assert isinstance(words, str) and words.strip(), event
    assert "seat" not in words.lower() and "=" not in words and "_" not in words, words
    for field in ("seat", "owner", "by", "previous_owner"):
        who = getattr(event, field, None)
        if who is not None:
            assert (names[who] if who >= 0 else "neutral") in words, (field, words)
    places = ("target",) if isinstance(event, Conquered) else ("source", "target")
    for territory in (getattr(event, f, None) for f in ("territory", *places)):
        if territory is not None:
            assert WORLD.names[WORLD.index[territory]] in words, words
    return words


def test_every_event_type_has_samples():
    assert {type(e) for e in SAMPLES} == set(EVENT_TYPES)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_every_event_describes_itself_as_anyone_sees_it(event):
    for seen in seen_by_anyone(event, 3):
        check_sentence(seen, NAMES[:3])


def test_the_sentences_say_what_happened():
    said = [e.describe(NAMES) for e in SAMPLES]
    assert said[1] == "The neutral army receives 1 territory, 2 armies on each"
    assert said[2] == "Cid rolls a 4 and receives 4 territories, 1 army on each"
    assert said[7] == "Ann places 1 neutral army on Peru"
    assert said[9] == (
        "Bob trades the Alaska card, the Peru card and a wild card for 8 armies, "
        "and 2 more on Alaska"
    )
    assert said[11] == "Alaska attacks Kamchatka: 6-5-2 against 4-1, attacker loses 1, defender 1"
    assert said[12] == "Bob conquers Kamchatka from Cid"
    assert said[14] == "3 armies move from Alaska into Kamchatka"
    assert said[16] == "Cid is eliminated by Bob, who takes its 3 cards"
    assert said[20] == "Bob wins by holding the whole world"


def test_secrets_stay_out_of_what_others_read():
    """A card drawn, a mission dealt: the others read that it happened, not what it was."""
    drawn = CardDrawn(1, "japan")
    assert drawn.describe(NAMES) == "Bob draws the Japan card"
    assert visible_events([drawn], 0)[0].describe(NAMES) == "Bob draws a card"
    dealt = MissionDealt(1, "m24")
    text = next(m.text_en for m in mission_cards.ALL if m.id == "m24")
    assert text in dealt.describe(NAMES)
    assert visible_events([dealt], None)[0].describe(NAMES) == "Bob receives a secret mission"
    assert visible_events([MissionChanged(1, "fallback_24")], None) == []


@settings(max_examples=50, deadline=None, database=None)
@given(
    names=st.lists(
        st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", min_size=1).filter(
            lambda name: "seat" not in name.lower()
        ),
        min_size=3,
        max_size=3,
        unique=True,
    ),
    attack=st.lists(st.integers(1, 6), min_size=1, max_size=3),
    defence=st.lists(st.integers(1, 6), min_size=1, max_size=2),
    armies=st.integers(1, 99),
)
def test_any_names_and_numbers_make_a_sentence(names, attack, defence, armies):
    attack, defence = sorted(attack, reverse=True), sorted(defence, reverse=True)
    rolled = DiceRolled("ural", "siberia", tuple(attack), tuple(defence), 1, 0)
    assert "-".join(map(str, attack)) in check_sentence(rolled, names)
    placed = check_sentence(Placed(2, 2, "ural", armies), names)
    assert placed.startswith(f"{names[2]} places {armies} arm")
    for event in SAMPLES:
        for seen in seen_by_anyone(event, 3):
            check_sentence(seen, names)


@pytest.mark.parametrize(("variant", "seats"), CASES)
def test_every_event_of_random_play_describes_itself(variant, seats):
    match = new_match(variant, seats, seed=11)
    kinds = set()
    for event in play(match, 11, 2000):
        kinds.add(type(event))
        for seen in seen_by_anyone(event, seats):
            check_sentence(seen, NAMES[:seats])
    assert {TurnStarted, DiceRolled, Conquered, Moved} <= kinds
