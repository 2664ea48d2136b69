"""What a spectator sees of Conquêtes: the map's drawing, the board and the events in words.

The layout (``data/conquetes_layout.json``) places every region of the map and only them,
apart from one another. Along random play of every variant (Hypothesis chooses the actions),
the spectator board says what the match holds (camps, hand sizes, the deck's size, the attack
under way, the solo bot's camp and loot) and nothing else: it is the same in every world drawn
for a spectator and unchanged by a support card chosen in secret. Every event, as each seat
and a spectator see it, says itself in an English sentence naming regions, never the cards a
redacted event hides.
"""

from __future__ import annotations

import json
import math
import random
from importlib import resources

import pytest
from conquetes_helpers import ALL_VARIANT_SEATS, GAME, IDS, arrange, new_match
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engines.conquetes import scoring
from engines.conquetes.actions import AddSupport, Attack, CommitSupport
from engines.conquetes.board import MAP
from engines.conquetes.events import (
    EVENT_TYPES,
    AttackDeclared,
    AttackResolved,
    BotDrew,
    BotScored,
    CardDiscarded,
    CardGiven,
    CardsDealt,
    CardsDrawn,
    DeckExhausted,
    DeckReshuffled,
    MatchEnded,
    RegionPlayed,
    Scored,
    SupportAdded,
    SupportCommitted,
    SupportRevealed,
    TurnStarted,
)
from engines.conquetes.match import ConquetesMatch
from engines.conquetes.observation import BOT, NOBODY
from engines.core.contract import Event, visible_events
from engines.core.spectator import Place

NAMES = ["Ann", "Bob", "Cid", "Dee"]
PROPERTY = settings(
    max_examples=3,
    deadline=None,
    database=None,
    print_blob=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
STEPS = 3000
REDRAW_EVERY = 4  # steps between checks of the board in worlds drawn for a spectator


# ---------------------------------------------------------------------------- the layout


def drawing() -> dict:
    text = resources.files("engines.conquetes").joinpath("data", "conquetes_layout.json")
    return json.loads(text.read_text("utf-8"))


def test_the_layout_places_every_region_and_only_them_apart_within_the_margin():
    data = drawing()
    assert (data["width"], data["height"]) == (1000, 560) and data["note"]
    assert list(data["places"]) == list(IDS)
    layout = GAME.layout
    assert set(layout.spots) == set(IDS)
    for r, region in enumerate(IDS):
        spot = layout.spots[region]
        assert spot.name == MAP.names[r]
        assert spot.group == MAP.continents[MAP.continent_of[r]].id
        assert 30 <= spot.x <= 970 and 30 <= spot.y <= 530, (region, spot)
    spots = list(layout.spots.items())
    for i, (a, one) in enumerate(spots):
        for b, two in spots[i + 1 :]:
            assert math.dist((one.x, one.y), (two.x, two.y)) >= 40, (a, b)


def test_the_layout_links_are_the_borders_with_the_sea_routes_dashed():
    links = {frozenset((a, b)): kind for a, b, kind in GAME.layout.links}
    borders = {frozenset((IDS[r], IDS[n])) for r in range(len(IDS)) for n in MAP.neighbours[r]}
    assert set(links) == borders
    sea = {frozenset(IDS[r] for r in pair) for pair in MAP.sea_routes}
    assert {link for link, kind in links.items() if kind == "sea"} == sea


def test_the_layout_follows_real_geography():
    """West to east and north to south, roughly as on a world map."""
    spots = GAME.layout.spots
    x = {region: spot.x for region, spot in spots.items()}
    y = {region: spot.y for region, spot in spots.items()}
    assert x["alaska"] < x["etats_unis"] < x["bresil"] < x["maghreb"] < x["inde"] < x["japon"]
    assert y["groenland"] < y["etats_unis"] < y["mexique"] < y["amazonie"] < y["cone_sud"]
    assert y["scandinavie"] < y["europe_du_sud"] < y["maghreb"] < y["afrique_australe"]
    assert y["japon"] < y["indonesie"] < y["australie"] < y["nouvelle_zelande"]


# ---------------------------------------------------------------------------- the board


def copy_of(match: ConquetesMatch) -> ConquetesMatch:
    return ConquetesMatch.restore(match.snapshot())


def check_board(match: ConquetesMatch) -> None:
    """The board says what the match holds, all of it public."""
    board = match.spectator_board()
    assert list(board.places) == list(IDS)
    camps = {
        owner: [r for r in range(len(IDS)) if match.owner[r] == owner]
        for owner in (*range(match.seats), BOT)
    }
    attack = match.attack or [None, None, None, None]
    for r, region in enumerate(IDS):
        place, owner = board.places[region], match.owner[r]
        assert place.owner == (owner if owner >= 0 else None)
        assert place.count == MAP.values[r]
        assert ("bot" in place.marks) == (owner == BOT)
        assert ("attacking" in place.marks) == (r == attack[2])
        assert ("attacked" in place.marks) == (r == attack[3])
        assert owner != NOBODY or not place.marks
    assert len(board.seats) == match.seats
    for seat, facts in enumerate(board.seats):
        observed = match.observation((seat + 1) % match.seats)  # another seat's view
        assert facts["cards"] == observed.hand_sizes[seat] == len(match.hands[seat])
        assert facts["regions"] == len(observed.camps[seat]) == len(camps[seat])
        territories = scoring.territories(camps[seat])
        assert facts["territory"] == (len(territories[0]) if territories else 0)
        assert ("continents" in facts) == match.rules.continent_majority
        if match.is_over():
            assert facts["points"] == match.result().scores[seat]
        else:
            assert facts["points"] == facts["territory"] + 3 * facts.get("continents", 0)
    lines = "\n".join(board.lines)
    assert f"turn {match.turns}:" in lines
    assert f"deck {len(match.deck)} cards, discard {len(match.discard)} cards" in lines
    assert ("attack on" in lines) == (match.attack is not None)
    assert ("the bot" in lines) == match.rules.solo
    if match.rules.solo:
        assert f"{len(camps[BOT])} regions, {len(match.loot)} loot" in lines
    json.dumps(board.to_plain())


def check_public(match: ConquetesMatch, rng: random.Random) -> None:
    """The board is the same in worlds drawn for a spectator: other hands, the deck's order, a
    support face down or being chosen."""
    board = match.spectator_board()
    for _ in range(3):
        assert match.redraw_hidden(None, rng).spectator_board() == board


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
@PROPERTY
@given(data=st.data(), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_board_shows_the_match_as_it_is_and_only_public_facts(variant, seats, data, seed):
    match = new_match(variant, seats, seed, bot_level="confirme")
    rng = random.Random(seed)
    for step in range(STEPS):
        check_board(match)
        if match.is_over():
            break
        if step % REDRAW_EVERY == 0:
            check_public(match, rng)
        (seat,) = match.to_move()
        legal = match.legal_actions(seat)
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        before = match.spectator_board()
        events = match.apply(seat, action)
        if not visible_events(events, None):
            assert match.spectator_board() == before, action
    assert match.is_over()


def test_an_attack_shows_its_regions_and_the_announced_counts_only():
    """001 "en annonce le nombre, et les engage face cachée": the count shows at the commit,
    never the cards nor a count before it."""
    match = arrange(
        new_match("standard", 2),
        {0: ["maghreb"], 1: ["europe_occidentale"]},
        {0: ["chine", "inde", "japon"], 1: ["bresil", "andes"]},
    )
    match.apply(0, Attack("maghreb", "europe_occidentale"))
    declared, declared_match = match.spectator_board(), copy_of(match)
    assert declared.places["maghreb"].marks == ("attacking",)
    assert declared.places["europe_occidentale"].marks == ("attacked",)
    assert "attack on Europe Occidentale from Maghreb: support ? against ?" in declared.lines
    match.apply(0, AddSupport("chine"))
    match.apply(0, AddSupport("inde"))
    assert match.spectator_board() == declared
    match.apply(0, CommitSupport())
    committed = match.spectator_board()
    assert "attack on Europe Occidentale from Maghreb: support 2 against ?" in committed.lines
    assert committed.seats[0]["cards"] == 1
    twin = copy_of(declared_match)
    twin.apply(0, AddSupport("japon"))
    twin.apply(0, AddSupport("inde"))
    twin.apply(0, CommitSupport())
    assert twin.spectator_board() == committed


def test_the_board_shows_no_hand_and_no_deck_order():
    camps = {0: ["maghreb"], 1: ["chine"]}
    one = arrange(new_match("standard", 2), camps, {0: ["inde", "andes"], 1: ["japon"]})
    two = arrange(new_match("standard", 2), camps, {0: ["bresil", "canada"], 1: ["inde"]})
    two.deck.reverse()
    assert one.spectator_board() == two.spectator_board()
    assert one.spectator_board().seats[0]["cards"] == 2


def test_solo_the_bot_camp_is_marked_and_its_points_are_in_the_lines():
    """001 solo "FIN DE PARTIE": 2 points a region of its camp, 1 a loot card: all face up."""
    match = arrange(
        new_match("solo", 1),
        {0: ["maghreb"]},
        {0: ["chine"]},
        bot_camp=["inde", "japon"],
        loot=["inde"],
    )
    board = match.spectator_board()
    assert board.places["inde"] == Place(None, 4, ("bot",))
    assert board.places["maghreb"].owner == 0
    assert "the bot (debutant): 2 regions, 1 loot, 5 points" in board.lines


# ---------------------------------------------------------------------------- events


SAMPLES: list[Event] = [
    CardsDealt(0, ("chine", "inde", "inde", "japon", "maghreb"), 5),
    TurnStarted(1, 3),
    TurnStarted(BOT, 4),
    CardsDrawn(1, ("andes",), 1, "turn"),
    CardsDrawn(0, ("chine", "inde"), 2, "draw_two"),
    CardsDrawn(2, ("bresil", "canada", "japon"), 3, "replacement"),
    RegionPlayed(0, "afrique_de_l_est"),
    BotDrew("chine", "played"),
    BotDrew("chine", "loot"),
    BotDrew("chine", "attack", "inde"),
    BotDrew("chine", "discarded"),
    AttackDeclared(0, "maghreb", 1, "europe_occidentale"),
    AttackDeclared(BOT, "inde", 0, "chine"),
    AttackDeclared(0, "chine", BOT, "inde"),
    SupportAdded(0, "chine"),
    SupportCommitted(0, 2),
    SupportCommitted(1, 0),
    SupportRevealed(0, ("chine", "inde"), 10),
    SupportRevealed(1, (), 0),
    SupportRevealed(BOT, ("andes", "japon", "bresil"), 8),
    AttackResolved(0, 1, "maghreb", "europe_occidentale", 12, 6, True),
    AttackResolved(BOT, 0, "inde", "chine", 7, 9, False),
    CardGiven(0, 2, "iles_du_pacifique"),
    CardDiscarded(0, "nouvelle_zelande"),
    DeckExhausted(1),
    DeckExhausted(2),
    DeckReshuffled(23),
    Scored(0, ("maghreb", "afrique_atlantique"), ("maghreb",), ("afrique",), 6, 3),
    Scored(1, (), (), (), 0, 0),
    BotScored(("inde", "japon"), ("inde",), ("asie",), 8),
    MatchEnded("deck_exhausted", (1,)),
    MatchEnded("deck_exhausted", (0, 2)),
    MatchEnded("deck_exhausted", ()),
    MatchEnded("step_limit", ()),
]


def check_sentence(words: str) -> None:
    """An English sentence with names for people: no ids, no dump of fields."""
    assert isinstance(words, str) and words[:1].isupper() and words.endswith("."), words
    assert "_" not in words and "=" not in words, words
    assert not any(region in words.split() for region in IDS), words


def test_every_event_type_has_samples():
    assert {type(event) for event in SAMPLES} == set(EVENT_TYPES)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_every_event_says_itself_in_a_sentence_as_every_viewer_sees_it(event):
    for viewer in (None, 0, 1, 2):
        for seen in visible_events([event], viewer):
            words = seen.describe(NAMES)
            check_sentence(words)
            if seen is not event:  # redacted: the hidden cards are not named
                for region in (*getattr(event, "regions", ()), getattr(event, "region", "")):
                    assert not region or MAP.names[MAP.index[region]] not in words, words


def test_sentences_name_regions_and_seats():
    assert AttackDeclared(0, "maghreb", 1, "europe_occidentale").describe(NAMES) == (
        "Ann attacks Bob's Europe Occidentale from Maghreb."
    )
    assert CardsDealt(0, ("chine", "inde"), 2).redacted().describe(NAMES) == (
        "Ann is dealt 2 cards."
    )
    assert CardGiven(0, 2, "chine").redacted().describe(NAMES) == (
        "Ann gives a card over the hand limit to Cid."
    )
    assert AttackResolved(BOT, 0, "inde", "chine", 7, 9, False).describe(NAMES) == (
        "The bot fails to take Ann's Chine, 7 against 9."
    )
    assert MatchEnded("deck_exhausted", ()).describe(NAMES).endswith("the bot wins.")


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
def test_events_of_random_play_say_themselves(variant, seats):
    rng = random.Random(f"{variant}{seats}")
    match = new_match(variant, seats, seed=rng.randrange(1000))
    events = list(match.setup_events)
    while not match.is_over():
        (seat,) = match.to_move()
        events += match.apply(seat, rng.choice(match.legal_actions(seat)))
    names = NAMES[:seats]
    for viewer in (None, *range(seats)):
        for seen in visible_events(events, viewer):
            check_sentence(seen.describe(names))
