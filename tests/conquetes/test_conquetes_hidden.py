"""``redraw_hidden``: worlds a seat cannot tell from the real one (contract, ``Match``).

For every variant and seat count, at many steps of random play, for every seat and for a
spectator (``None``) (that the copy shows it the same, the conformance suite checks): what it
may not know (001 "une pioche face cachée", the other hands, a support
"face cachée") changes in some draws; every card is somewhere once; cards are exchanged only
with cards the seat cannot tell them from; and random play goes on legally to the end.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conquetes_helpers import (
    ALL_VARIANT_SEATS,
    arrange,
    everywhere,
    names,
    new_match,
    play_random,
    unplayed,
)

from engines.conquetes.actions import AddSupport, Attack, DrawTwo, GiveCard
from engines.conquetes.events import (
    CardsDealt,
    CardsDrawn,
)
from engines.conquetes.match import SHOWN, ConquetesMatch
from engines.conquetes.match import _sorted as sorted_names

DRAWS = 6  # copies drawn per seat and state


def viewers(match: ConquetesMatch) -> list[int | None]:
    return [*range(match.seats), None]


def hidden_places(match: ConquetesMatch, seat: int | None) -> list[list[int]]:
    """The places whose cards ``seat`` may not see: the deck, other hands, another's support."""
    places = [match.deck, *(h for s, h in enumerate(match.hands) if s != seat)]
    if match.attack_support is not None and match.attack[0] != seat:
        places.append(match.attack_support)
    return places


def check_copy(match: ConquetesMatch, copy: ConquetesMatch, seat: int | None) -> None:
    """The copy is a state the rules allow (that ``seat`` is shown the same in it, the
    conformance suite checks for every game)."""
    # Every card somewhere once, each place its size, the public places untouched.
    assert everywhere(copy) == everywhere(match)
    cards = unplayed(copy)
    assert len(cards) == len(set(cards)) and set(cards) == set(unplayed(match))
    assert [len(h) for h in copy.hands] == [len(h) for h in match.hands]
    assert (copy.discard, copy.loot, copy.owner) == (match.discard, match.loot, match.owner)
    # Each card held by whoever holds it; cards the seat held and cards taken from the
    # face-up discard by a reshuffle are exchanged only among their kind.
    for s, hand in enumerate(copy.hands):
        assert all(copy.holders[c] & 1 << s for c in hand)
    me = 0 if seat is None else 1 << seat
    before = [c for place in hidden_places(match, seat) for c in place]
    after = [c for place in hidden_places(copy, seat) for c in place]
    for old, new in zip(before, after, strict=True):
        if match.holders[old] & me:
            assert new == old
        assert match.holders[old] & SHOWN == copy.holders[new] & SHOWN
    if copy.phase == "support":
        assert set(copy.selection) <= set(copy.hands[copy.current])
    assert copy.steps - len(copy.selection) == match.steps - len(match.selection)
    # The set-up events are those of the copy's deal.
    dealt = [e for e in copy.setup_events if isinstance(e, CardsDealt | CardsDrawn)]
    assert [sorted(e.regions) for e in dealt] == [sorted(names(c)) for c in copy.setup_cards]


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
def test_redrawn_worlds_look_the_same_and_play_on(variant, seats):
    rng = random.Random(f"{variant}{seats}")
    for seed in range(3):
        match = new_match(variant, seats, seed, bot_level="confirme")
        changed = Counter()
        step = 0
        while not match.is_over():
            if step % 5 == 0:
                for seat in viewers(match):
                    for _ in range(DRAWS):
                        copy = match.redraw_hidden(seat, rng)
                        check_copy(match, copy, seat)
                        changed[seat] += hidden_places(copy, seat) != hidden_places(match, seat)
            (mover,) = match.to_move()
            match.apply(mover, rng.choice(match.legal_actions(mover)))
            step += 1
        assert all(changed[seat] for seat in viewers(match)), changed
    # Play goes on legally, to the end, from a redrawn state.
    match = new_match(variant, seats, 7)
    play_random(match, seed=1, until=lambda m: m.steps >= 30)
    for seat in viewers(match):
        copy = match.redraw_hidden(seat, random.Random(3))
        play_random(copy, seed=2)
        assert copy.is_over()


def test_the_deal_is_dealt_again_with_its_set_up_events():
    """001 "Préparation": "Mélangez les 90 cartes et distribuez-en 5 à chaque joueur": in a
    fresh match each other seat's dealt cards are its hand, and the set-up events say so."""
    match = new_match("standard", 3, seed=4)
    hands = set()
    for salt in range(8):
        copy = match.redraw_hidden(1, random.Random(salt))
        assert copy.hands[1] == match.hands[1]
        dealt = [e for e in copy.setup_events if isinstance(e, CardsDealt | CardsDrawn)]
        expected = [copy.hands[0][:5], copy.hands[1], copy.hands[2], copy.hands[0][5:]]
        assert [e.regions for e in dealt] == [tuple(sorted_names(h)) for h in expected]
        hands.add(tuple(copy.hands[0]))
    assert len(hands) > 1


def test_cards_a_seat_gave_stay_where_it_knows_they_are():
    """001 "NOTE ... en donnant à un adversaire de son choix": the giver knows which cards the
    receiver got; a world drawn for the giver keeps them there, one drawn for a third seat
    need not."""
    hand = ["chine"] * 3 + ["inde"] * 3 + ["japon"] * 3 + ["andes"]
    match = arrange(new_match("standard", 3), {}, {0: hand, 1: ["bresil"], 2: ["canada"]})
    match.apply(0, DrawTwo())
    match.apply(0, GiveCard("chine", 2))
    match.apply(0, GiveCard("inde", 2))
    given = match.hands[2][1:3]
    moved = False
    for salt in range(10):
        assert match.redraw_hidden(0, random.Random(salt)).hands[2][1:3] == given
        moved |= match.redraw_hidden(1, random.Random(salt)).hands[2][1:3] != given
    assert moved


def test_a_support_being_chosen_is_drawn_again_with_its_size():
    """001 "Il choisit une ou plusieurs cartes de sa main ..., en annonce le nombre, et les
    engage face cachée": before the announcement another seat knows neither the cards nor
    their count; the steps it is shown stay the same."""
    match = arrange(
        new_match("standard", 2),
        {0: ["maghreb"], 1: ["europe_occidentale"]},
        {0: ["chine", "inde", "japon", "andes"], 1: ["bresil"]},
    )
    match.apply(0, Attack("maghreb", "europe_occidentale"))
    match.apply(0, AddSupport("chine"))
    match.apply(0, AddSupport("inde"))
    sizes = set()
    for salt in range(40):
        copy = match.redraw_hidden(1, random.Random(salt))
        check_copy(match, copy, 1)
        sizes.add(len(copy.selection))
        assert copy.steps == match.steps - 2 + len(copy.selection)
    assert sizes == {0, 1, 2, 3, 4}
    assert {len(match.redraw_hidden(0, random.Random(s)).selection) for s in range(5)} == {2}


def test_after_the_reshuffle_the_deck_holds_only_the_old_discard():
    """001 "Fin du jeu": "À 4 joueurs ... on mélange la défausse pour créer une nouvelle
    pioche": every seat saw that discard face up (its observation keeps it, ``reshuffled``),
    so a redrawn deck holds only its cards."""
    match = new_match("standard", 4, seed=2)
    assert match.observation(0).reshuffled == ()
    play_random(match, seed=5, until=lambda m: m.exhaustions == 1 and m.turns % 4 == 0)
    assert not match.is_over()
    reshuffled = match.observation(1).reshuffled
    assert sorted(reshuffled) == sorted(names(match.reshuffled)) and reshuffled
    assert set(names(match.deck)) <= set(reshuffled)
    for seat in viewers(match):
        for salt in range(5):
            copy = match.redraw_hidden(seat, random.Random(salt))
            check_copy(match, copy, seat)
            assert all(copy.holders[c] & SHOWN for c in copy.deck)
