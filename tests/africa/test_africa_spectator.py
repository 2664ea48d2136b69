"""What a spectator sees of Africa: the layout of the map, the board as public facts, and
every event in words.

The layout places every territory of ``data/africa.json`` and only them, apart from each
other. The spectator board agrees with the match's open state (presences, development,
colonies, embassies, turn and phase) along random play (Hypothesis), and never shows a sheet
being written, nor who has handed one in, nor a word of the diplomacy round not yet delivered
(002 2 "chaque joueur écrit en secret"). That it is the same in every world
``redraw_hidden(None)`` draws, the conformance suite checks for every game.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from africa_helpers import (
    ALL_VARIANT_SEATS,
    DE,
    FR,
    GB,
    IDS,
    N,
    arrange,
    give,
    new_match,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.africa import GAME
from engines.africa.actions import Declare, Develop, EndDiplomacy, Land, Message
from engines.africa.board import MAP, MAP_DATA
from engines.africa.events import (
    EVENT_TYPES,
    ColonyFounded,
    Developed,
    DiplomacyEnded,
    MatchEnded,
    MessageSent,
    OrderGiven,
    OrdersRead,
    OrdersSubmitted,
    OrderVoid,
    PresencePlaced,
    PresenceRemoved,
    Scored,
    StartPlaced,
    TurnStarted,
)
from engines.africa.match import AfricaMatch
from engines.africa.variants import COLONIES, PRESENCES, YEARS
from engines.core import visible_events
from engines.core.spectator import Board, Place

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
PLAY = settings(
    max_examples=10,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)

# ----------------------------------------------------------------------------- layout


def test_the_layout_places_every_territory_and_only_them():
    layout = GAME.layout
    assert set(layout.spots) == set(IDS)
    for t, tid in enumerate(IDS):
        assert layout.spots[tid].name == MAP.names[t]


def test_no_two_spots_are_closer_than_40_and_all_lie_inside_the_margins():
    spots = list(GAME.layout.spots.items())
    for i, (a, one) in enumerate(spots):
        assert 30 <= one.x <= GAME.layout.width - 30, a
        assert 30 <= one.y <= GAME.layout.height - 30, a
        for b, two in spots[i + 1 :]:
            assert math.dist((one.x, one.y), (two.x, two.y)) >= 40, (a, b)


def test_the_layout_follows_the_geography_and_links_the_map_s_borders():
    spots = GAME.layout.spots
    assert GAME.layout.height > GAME.layout.width  # Africa is taller than wide
    assert spots["alger"].y < spots["tamanrasset"].y < spots["lac_tchad"].y  # north to south
    assert spots["congo"].y < spots["angola"].y < spots["namibie"].y < spots["cap_town"].y
    assert spots["dakar"].x < spots["nigeria"].x < spots["bangui"].x < spots["kenya"].x
    assert max(s.x for s in spots.values()) == spots["madagascar"].x  # the island, east
    links = {(a, b): kind for a, b, kind in GAME.layout.links}
    borders = {tuple(sorted(pair)) for pair in MAP_DATA["adjacency"]}
    seas = {tuple(sorted(pair)) for pair in MAP_DATA.get("sea_links", ())}
    assert set(links) == borders | seas
    assert {pair for pair, kind in links.items() if kind == "sea"} == seas


# ----------------------------------------------------------------------------- board


def check_board(match: AfricaMatch, board: Board) -> None:
    """The board shows the match's open state, territory by territory and power by power."""
    for t, tid in enumerate(IDS):
        place = board.places[tid]
        present = match.presence[t]
        assert place.count == len(present)
        assert place.owner == (present[0] if len(present) == 1 else None)
        shared = [match.powers[s] for s in present] if len(present) > 1 else []
        assert [m for m in place.marks if m in match.powers] == shared
        assert ("colony" in place.marks) == match.colony[t]
        developed = f"developed {match.developed[t]}/{MAP.squares[t]}"
        assert (developed in place.marks) == (match.developed[t] > 0)
    points = match.points()
    for seat, facts in enumerate(board.seats):
        on_board = sum(seat in p for p in match.presence)
        assert facts["presences"] == on_board
        assert facts["stock"] == PRESENCES - on_board
        assert facts["points"] == points[seat][3]
        assert ("talk" in facts) == (match.phase == "diplomacy")
    assert len(board.seats) == match.seats
    if match.turn:
        assert board.lines[0].startswith(f"turn {match.turn} of 8 ({YEARS[match.turn - 1]})")
    assert board.lines[1] == f"colonies {sum(match.colony)} of {COLONIES}"


def unwritten(match: AfricaMatch) -> AfricaMatch:
    """A copy of ``match`` in which no power has written or handed in anything, nor said its
    word of the diplomacy round: what a spectator may not know, wiped."""
    copy = AfricaMatch.restore(match.snapshot())
    assert isinstance(copy, AfricaMatch)
    if copy.phase == "orders":
        copy.done = [False] * copy.seats
        copy.orders = [{} for _ in range(copy.seats)]
        copy.landing = [""] * copy.seats
        copy.declared = [{} for _ in range(copy.seats)]
    copy.queued = [None] * copy.seats
    return copy


@PLAY
@given(seed=SEEDS, case=st.sampled_from(ALL_VARIANT_SEATS), data=st.data())
def test_the_board_agrees_with_the_match_along_random_play(seed, case, data):
    variant, seats = case
    match = new_match(variant, seats, seed)
    board = match.spectator_board()
    for _ in range(1500):
        check_board(match, board)
        assert unwritten(match).spectator_board() == board  # no unread order, no word unsaid
        if match.is_over():
            break
        seat = data.draw(st.sampled_from(match.to_move()), label="seat")
        action = data.draw(st.sampled_from(match.legal_actions(seat)), label="action")
        if isinstance(action, Message):
            action = replace(action, text=data.draw(st.text(max_size=20), label="text"))
        events = match.apply(seat, action)
        after = match.spectator_board()
        if not visible_events(events, None) and not match.is_over():
            assert after == board, f"{action} showed no event yet changed the board"
        board = after
    assert match.is_over()  # random play ends in 200-800 actions


def test_writing_and_handing_in_a_sheet_leaves_the_board_as_it_was():
    match = arrange(new_match(seats=3), {"alger": [FR], "egypte": [GB], "dahomey": [DE]})
    before = match.spectator_board()
    for action in (Develop("alger"), Land("dakar"), Declare("great_britain", "war")):
        match.apply(FR, action)
        assert match.spectator_board() == before
    match.apply(FR, GAME.passive_actions[1]())  # SubmitOrders
    assert match.to_move() == (GB, DE)
    assert match.spectator_board() == before


def test_a_word_of_the_round_shows_only_when_the_round_is_complete():
    match = new_match("historical", 3)
    before = match.spectator_board()
    match.apply(GB, EndDiplomacy())
    match.apply(FR, Message("germany", "secret"))
    assert match.spectator_board() == before
    match.apply(DE, EndDiplomacy())
    talk = [facts["talk"] for facts in match.spectator_board().seats]
    assert talk == ["ended", "open", "ended"]


def test_shared_territories_colonies_and_wars_are_shown():
    match = arrange(
        new_match(seats=3),
        {"alger": [GB, FR], "libye": [FR], "egypte": [DE]},
        developed={"alger": 3},
        colonies=["egypte"],
    )
    give(match, {GB: [Develop("alger"), Declare("germany", "war")]})
    board = match.spectator_board()
    # Alger, fully developed by Great Britain's order, its two powers allied: a colony.
    assert board.places["alger"] == Place(
        None, 2, ("great_britain", "france", "developed 4/4", "colony")
    )
    assert board.places["egypte"].marks == ("developed 3/3", "colony")
    assert board.places["libye"].owner == FR
    assert board.seats[GB]["war on"] == "Allemagne"
    assert board.seats[FR]["war on"] == "nobody"
    assert board.lines[0] == "turn 2 of 8 (1885): diplomacy"


def test_the_set_up_shows_who_places():
    match = new_match("standard", 4)
    assert match.spectator_board().lines[0] == "set-up: Grande-Bretagne places a first presence"


# ----------------------------------------------------------------------------- events

EXAMPLES = [
    StartPlaced(1, "france", "alger"),
    TurnStarted(2, 1885),
    MessageSent(0, "great_britain", "france", 1, "Leave Egypte to me."),
    MessageSent(2, "germany", "all", None, "Peace!"),
    DiplomacyEnded(0, "orders"),
    OrderGiven(1, "alger: libye"),
    OrderGiven(1, "land: dakar"),
    OrderGiven(1, "germany: war"),
    OrdersSubmitted(1),
    OrdersRead(1, "france", (("alger", "develop"), ("libye", "hold")), "dakar", ()),
    Developed("alger", 2, 3),
    PresencePlaced(0, "cap_town", "land"),
    OrderVoid(0, "kuruman"),
    PresenceRemoved(2, "cameroun", 2, 0),
    ColonyFounded("lac_tchad", (0, 2), 4),
    Scored(0, 2, 1, 3, 22),
    MatchEnded("last_turn", (0,)),
]


def test_every_event_type_has_an_example():
    assert {type(e) for e in EXAMPLES} == set(EVENT_TYPES)


def is_sentence(words: str) -> bool:
    """A sentence for people: a capital or a name first, a full stop or a quote last, and not
    the default listing of fields."""
    return bool(words) and words[0].isupper() and words[-1] in '."' and "=" not in words


def test_every_event_describes_itself_in_a_sentence_with_territory_names():
    for event in EXAMPLES:
        for viewer in (0, 1, 2, None):
            for seen in visible_events([event], viewer):
                words = seen.describe(NAMES)
                assert is_sentence(words), words
                assert "_" not in words, words  # names, never ids such as "cap_town"
    assert "Cap Town" in PresencePlaced(0, "cap_town", "land").describe(NAMES)
    assert "Lac Tchad" in ColonyFounded("lac_tchad", (0, 2), 4).describe(NAMES)


def test_a_private_message_is_seen_by_others_without_its_text():
    message = MessageSent(0, "great_britain", "france", 1, "Leave Egypte to me.")
    assert "Leave Egypte" in message.describe(NAMES)
    (seen,) = visible_events([message], None)
    assert seen.describe(NAMES) == "Ann sends Bob a private message."
    assert visible_events([OrderGiven(1, "alger: hold"), OrdersSubmitted(1)], 0) == []


@PLAY
@given(seed=SEEDS, case=st.sampled_from(ALL_VARIANT_SEATS))
def test_every_event_of_random_play_describes_itself(seed, case):
    variant, seats = case
    match = new_match(variant, seats, seed)
    rng = random.Random(seed)
    events = list(match.setup_events)
    while not match.is_over():
        seat = rng.choice(match.to_move())
        action = rng.choice(match.legal_actions(seat))
        if isinstance(action, Message):
            action = replace(action, text="a word")
        events.extend(match.apply(seat, action))
    for viewer in (*range(seats), None):
        for seen in visible_events(events, viewer):
            assert is_sentence(seen.describe(NAMES[:seats])), seen
    assert len(match.spectator_board().places) == N
