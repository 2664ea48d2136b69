"""What a Risk 2210 A.D. seat may not know stays hidden (003 "NOTES IMPORTANTES": "Le nombre
et le type des cartes possédées par chaque joueur est également une information publique. Le
contenu exact de ces cartes est quant à lui toujours tenu secret"; "ACHETER DES CARTES": faces
down until the purchases are done; "DEBUTER UNE ANNEE": bids in secret until revealed
together). The conformance suite checks every game; these pin the 2210 secrets down."""

from __future__ import annotations

import random
from collections import Counter

from risk2210_helpers import arrange, new_match, play_random

from bots.house.choice import bounds, fill
from engines.risk2210.actions import Bid, BuyCard, PlayCard
from engines.risk2210.match import CARDS, DECK_OF


def bought(seed: int = 0):
    """Seat 0 holds a naval card seen and has just bought two land cards, unseen."""
    match = arrange(
        new_match(3, seed),
        {"alberta": 0, "canada": 1, "new_york": 2},
        commanders={0: {"land": "alberta", "naval": "alberta"}},
        phase="buy",
        energy=[9, 0, 0],
    )
    match.hands[0] = [match.decks[1].pop()]
    match.apply(0, BuyCard("land"))
    match.apply(0, BuyCard("land"))
    return match


def test_the_others_see_how_many_cards_of_each_deck_never_which():
    match = bought()
    mine, theirs = match.observation(0), match.observation(1)
    assert theirs.hand == () and theirs.hand_sizes[0] == (2, 1, 0, 0, 0)
    assert len(mine.hand) == 1 and mine.unseen == 2  # its bought cards still face down
    worlds = [match.redraw_hidden(1, random.Random(k)) for k in range(20)]
    assert all(w.observation(1) == theirs for w in worlds)
    assert len({tuple(w.hands[0]) for w in worlds}) > 1  # the faces differ between worlds
    for world in worlds:  # each hidden card stays in its deck
        assert Counter(DECK_OF[c] for c in world.hands[0]) == Counter({0: 2, 1: 1})
        assert sorted(world.decks[0] + [c for c in world.hands[0] if DECK_OF[c] == 0]) == sorted(
            match.decks[0] + [c for c in match.hands[0] if DECK_OF[c] == 0]
        )


def test_a_seat_does_not_know_its_unseen_cards_but_knows_the_ones_it_saw():
    match = bought()
    worlds = [match.redraw_hidden(0, random.Random(k)) for k in range(20)]
    assert all(w.hands[0][0] == match.hands[0][0] for w in worlds)  # seen: fixed
    assert len({tuple(w.hands[0][1:]) for w in worlds}) > 1  # unseen: drawn again
    assert all(w.observation(0) == match.observation(0) for w in worlds)


def test_a_bid_shows_nothing_to_the_others_until_all_are_in():
    match = new_match(3)
    play_random(match, 5, until=lambda m: m.phase == "bid")
    seen = [match.observation(s) for s in (1, 2)]
    match.apply(0, Bid(1))
    assert [match.observation(s) for s in (1, 2)] == seen
    other = match.redraw_hidden(1, random.Random(3))
    assert other.observation(1) == match.observation(1)
    assert other.bids[0] in range(match.energy[0] + 1)


RARE = (("nuclear", "armageddon"), ("nuclear", "the_mother"), ("nuclear", "aqua_brother"))
RARE += (("nuclear", "nicky_boy"), ("diplomat", "mod_reduction"), ("diplomat", "decoys_revealed"))


def test_the_costly_cards_keep_every_secret_in_play():
    """The cards random play seldom affords (Armageddon, La Mère, Aqua, Nicky, Désarmement,
    Leurres démasqués), each given to every seat with energy to spare: at every step, what
    each seat and a spectator are shown is the same in worlds drawn again around it."""
    played: Counter[str] = Counter()
    for seed in range(4):
        match = new_match(4, seed)
        play_random(match, seed, until=lambda m: m.phase == "place")
        for seat in range(4):
            match.energy[seat] = 30
            match.commander[seat][3] = match.controlled(seat)[0]  # the nuclear commander
            match.commander[seat][4] = match.controlled(seat)[0]
        for i, (deck, kind) in enumerate(RARE):  # one copy of each: seats in turn
            k = ("land", "naval", "space", "nuclear", "diplomat").index(deck)
            card = next(c for c in match.decks[k] if CARDS[c].kind == kind)
            match.decks[k].remove(card)
            match.hands[(i + seed) % 4].append(card)
        rng = random.Random(seed)
        for step in range(400):
            if match.is_over():
                break
            for viewer in (*range(4), None):
                other = match.redraw_hidden(viewer, random.Random(step))
                assert other.to_move() == match.to_move()
                if viewer is None:
                    assert other.spectator_board() == match.spectator_board()
                else:
                    assert other.observation(viewer) == match.observation(viewer)
                    assert other.legal_actions(viewer) == match.legal_actions(viewer)
            seat = rng.choice(match.to_move())
            legal = match.legal_actions(seat)
            cards = [a for a in legal if isinstance(a, PlayCard)]
            rare = [a for a in cards if a.card.split(":")[1] in {kind for _, kind in RARE}]
            action = rng.choice(rare or (cards if cards and rng.random() < 0.5 else legal))
            amount = bounds(action)
            if amount is not None:
                action = fill(action, rng.randint(amount.low, amount.high))
            if isinstance(action, PlayCard):
                played[action.card.split(":")[1]] += 1
            match.apply(seat, action)
    assert {kind for _, kind in RARE} <= set(played)
