"""What a seat may not know, drawn again (``Match.redraw_hidden``; RULES.md, "What a seat
knows").

A redrawn world must look the same to its seat (observation, legal actions, who is to move,
the set-up's events it was shown), keep every public fact and the generator, keep the 44
cards and the missions' rules, differ in what the seat cannot know, and play on legally.
Public card facts come from the books: 000 "Les cartes qui ont servi sont écartées" (face
up), 003 "Les combinaisons jouées sont replacées au bas de la pile"; missions are secret
(000 "qu'il tient secret") until the winner shows its card ("en découvrant sa carte").
"""

from __future__ import annotations

import random

import pytest
from risk_helpers import (
    ALL_VARIANT_SEATS,
    END,
    Dice,
    arrange,
    card,
    cards_with,
    check_board,
    check_cards,
    concrete,
    new_match,
    of_type,
    play_random,
)

from engines.core.contract import visible_events
from engines.risk import missions as mission_cards
from engines.risk.actions import Attack, Place, TradeCards
from engines.risk.board import WORLD
from engines.risk.events import MissionChanged, MissionDealt
from engines.risk.match import PUBLIC, RiskMatch

HIDDEN_FIELDS = {"hands", "deck", "dealt", "mission", "card_witnesses"}
"""The state a redraw may change; every other field is public or the seat's own."""


def viewers(match: RiskMatch) -> tuple[int | None, ...]:
    return (*range(match.seats), None)


def known_places(match: RiskMatch, seat: int | None) -> list[tuple[int, int, int]]:
    """(pile, position, card) of every card in a hand or the deck whose place ``seat`` knows:
    its own hand, the public cards, the cards it handed over when eliminated."""
    me = 0 if seat is None else 1 << seat
    piles = [*match.hands, match.deck]
    return [
        (p, i, c)
        for p, pile in enumerate(piles)
        for i, c in enumerate(pile)
        if p == seat or match.card_pool[c] == PUBLIC or match.card_witnesses[c] & me
    ]


def check_redrawn(match: RiskMatch, other: RiskMatch, seat: int | None) -> None:
    """``other``, redrawn for ``seat``, looks the same to it and keeps every public fact."""
    assert other.to_move() == match.to_move()
    assert other.rng.getstate() == match.rng.getstate()
    for viewer in {seat, None}:
        assert visible_events(other.setup_events, viewer) == visible_events(
            match.setup_events, viewer
        )
    if seat is not None:
        assert other.observation(seat) == match.observation(seat)
        assert other.legal_actions(seat) == match.legal_actions(seat)
    mine, theirs = match.snapshot(), other.snapshot()
    assert RiskMatch.restore(theirs).snapshot() == theirs
    assert {k: v for k, v in mine.items() if k not in HIDDEN_FIELDS} == {
        k: v for k, v in theirs.items() if k not in HIDDEN_FIELDS
    }
    assert [len(h) for h in other.hands] == [len(h) for h in match.hands]
    assert len(other.deck) == len(match.deck)
    assert known_places(other, seat) == known_places(match, seat)
    check_cards(other)
    check_board(other)
    if match.rules.missions:
        check_missions(other)
        if seat is not None:
            assert (other.dealt[seat], other.mission[seat]) == (
                match.dealt[seat],
                match.mission[seat],
            )


def check_missions(match: RiskMatch) -> None:
    """Distinct cards dealt from the right pile, read by the set-up rule (the set-up events
    say so), then changed only to the fallback."""
    pile = mission_cards.dealt_from(match.seats, match.options["absent_colour_missions"])
    assert len(set(match.dealt)) == match.seats and set(match.dealt) <= set(pile)
    for seat, dealt in enumerate(match.dealt):
        read = mission_cards.as_read(dealt, seat, match.seats)
        assert match.mission[seat] in (read, mission_cards.FALLBACK_INDEX)
        assert MissionDealt(seat, mission_cards.ALL[dealt].id) in match.setup_events
        changed = MissionChanged(seat, mission_cards.FALLBACK.id) in match.setup_events
        assert changed == (read != dealt)


def play_on(match: RiskMatch, seed: int, actions: int = 60) -> None:
    """Random legal play from ``match``, keeping the board and the cards whole."""
    rng = random.Random(seed)
    for _ in range(actions):
        if match.is_over():
            return
        (seat,) = match.to_move()
        match.apply(seat, concrete(rng.choice(match.legal_actions(seat)), rng))
        check_cards(match)
        check_board(match)


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
def test_a_redrawn_world_looks_the_same_to_its_seat_and_plays_on(variant, seats):
    """At the set-up and in play, for every seat and a spectator (see :func:`check_redrawn`),
    then random legal play goes on from the redrawn world."""
    match = new_match(variant, seats, seed=seats)
    for stop in (0, 20, 150, 600, 1500):
        play_random(match, seed=stop, until=lambda m, stop=stop: m.steps >= stop)
        if match.is_over():
            break
        for seat in viewers(match):
            other = match.redraw_hidden(seat, random.Random(stop))
            check_redrawn(match, other, seat)
            play_on(other, seed=stop)


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
def test_a_redraw_changes_what_the_seat_cannot_know(variant, seats):
    """Other hands, the deck's order and (000) the other missions are drawn again."""

    def cards_out(m: RiskMatch) -> bool:
        return m.steps >= 100 and len(m.deck) > 1 and any(m.hands[1:])

    for seed in range(20):  # a game in play with cards in other hands
        match = new_match(variant, seats, seed)
        play_random(match, seed, until=cards_out)
        if not match.is_over():
            break
    changed = set()
    for k in range(40):
        other = match.redraw_hidden(0, random.Random(k))
        if other.deck != match.deck:
            changed.add("deck")
        if [sorted(h) for h in other.hands[1:]] != [sorted(h) for h in match.hands[1:]]:
            changed.add("hands")
        if other.dealt != match.dealt:
            changed.add("missions")
    assert changed == {"deck", "hands"} | ({"missions"} if match.rules.missions else set())


def test_the_set_up_events_are_those_of_the_new_deal():
    """000 "Préparation": a redrawn deal is read by the same rule; its MissionChanged events
    (own colour: 24 territories) follow the new cards, and the seat sees its own unchanged."""
    deals = set()
    for seed in range(30):
        match = new_match("miro-missions", 4, seed)
        for seat in viewers(match):
            other = match.redraw_hidden(seat, random.Random(seed))
            check_redrawn(match, other, seat)
            deals.add(tuple(e.seat for e in of_type(other.setup_events, MissionChanged)))
    assert len(deals) > 3


def test_hasbro_cards_under_the_deck_are_known_to_all():
    """003 'Les combinaisons jouées sont replacées au bas de la pile': everyone saw them go
    under the deck, so a redraw leaves them there, and a card drawn from them once the
    unseen cards above are gone is known to all; the unseen cards are drawn again."""
    infantry = cards_with("infantry", "us", exclude=("alaska", "alberta"))[:3]
    rest = [WORLD.card_name(c) for c in range(WORLD.cards) if WORLD.card_name(c) not in infantry]
    match = arrange(
        new_match("hasbro", 3),
        {"alberta": 0, "alaska": 0, "ontario": 1},
        {"alberta": 2, "ontario": 1},
        fill_owners=(1, 2),
        phase="place",
        pending=3,
        hands={0: infantry, 1: rest[:20], 2: rest[20:]},
        deck=(),
    )
    match.apply(0, TradeCards(tuple(infantry)))
    assert [WORLD.card_name(c) for c in match.deck] == infantry
    match.apply(0, Place("alaska", match.pending))
    match.rng = Dice((6,), (1,))
    match.apply(0, Attack("alberta", "ontario", 1))
    match.rng = random.Random(0)
    match.apply(0, END)
    match.apply(0, END)  # the turn ends: seat 0 draws the top card, known to all
    drawn = match.hands[0]
    assert [WORLD.card_name(c) for c in drawn] == infantry[2:]
    swapped = False
    for k in range(20):
        other = match.redraw_hidden(None, random.Random(k))
        check_redrawn(match, other, None)
        assert other.hands[0] == drawn and other.deck == match.deck
        swapped |= sorted(other.hands[1]) != sorted(match.hands[1])
    assert swapped


def test_a_reshuffled_discard_is_a_new_pool():
    """000 'Lorsque le Talon est épuisé, l'arbitre reprend les cartes qui ont servi, les bat':
    the new deck is the discard everyone saw; who draws which of its cards is unseen. A
    redraw keeps the new deck among those cards, and the cards of the first deck apart."""
    discard = cards_with("cavalry", "fr")[:4]
    first = [WORLD.card_name(c) for c in range(WORLD.cards) if WORLD.card_name(c) not in discard]
    match = arrange(
        new_match("miro-domination", 3),
        {"alberta": 0, "ontario": 1},
        {"alberta": 2, "ontario": 1},
        fill_owners=(1, 2),
        hands={0: first[:2], 1: first[2:4], 2: first[4:]},
        deck=(),
        discard=discard,
    )
    match.rng = Dice((6,), (1,))
    match.apply(0, Attack("alberta", "ontario", 1))
    match.rng = random.Random(0)
    match.apply(0, END)
    match.apply(0, END)  # seat 0 draws from the reshuffled discard
    new = {card(c) for c in discard}
    assert set(match.deck) < new and len(match.hands[0]) == 3
    moved = False
    for k in range(30):
        other = match.redraw_hidden(1, random.Random(k))
        check_redrawn(match, other, 1)
        assert set(other.deck) | (set(other.hands[0]) & new) == new
        assert len(set(other.hands[0]) & new) == 1
        moved |= set(other.hands[0]) != set(match.hands[0])
    assert moved


def test_an_eliminated_seat_knows_where_its_cards_went():
    """000 'Fin d'un combattant', 003 'Éliminer un adversaire': the eliminator takes the
    cards, which the eliminated seat knows; the others do not."""
    mine = [WORLD.card_name(c) for c in range(4)]
    match = arrange(
        new_match("miro-domination", 3),
        {"alberta": 0, "ontario": 1},
        {"alberta": 2},
        fill_owners=(0, 2),
        hands={0: mine[:1], 1: mine[1:3], 2: mine[3:4]},
    )
    match.rng = Dice((6,), (1,))
    match.apply(0, Attack("alberta", "ontario", 1))
    match.rng = random.Random(0)
    handed = {card(c) for c in mine[1:3]}
    assert handed <= set(match.hands[0])
    seen_by_two = set()
    for k in range(30):
        assert handed <= set(match.redraw_hidden(1, random.Random(k)).hands[0])
        seen_by_two.add(frozenset(match.redraw_hidden(2, random.Random(k)).hands[0]))
    assert len(seen_by_two) > 1


def missions_position(attacker: int, round_: int = 5) -> RiskMatch:
    """Seat 1 (red) holds Ontario only, seat 0 Alberta, seat 2 the 40 other territories;
    seat 0's mission is to destroy the red armies; ``attacker`` is to attack Ontario."""
    return arrange(
        new_match("miro-missions", 3),
        {"alberta": 0, "ontario": 1},
        {"alberta": 2, "quebec": 2},
        fill_owners=(2,),
        seat=attacker,
        round=round_,
        missions={0: "m_destroy_red", 1: "m_na_af", 2: "m18x2"},
    )


def take_ontario(match: RiskMatch) -> None:
    source = "alberta" if match.turn == 0 else "quebec"
    match.rng = Dice((6,), (1,))
    match.apply(match.turn, Attack(source, "ontario", 1))
    match.rng = random.Random(0)


def test_missions_follow_the_eliminations_and_never_a_win_not_claimed():
    """000 mission cards: 'si le joueur qui en est propriétaire est éliminé par un autre
    joueur, votre but devient automatiquement de conquérir 24 territoires'; 'Le vainqueur est
    celui qui, le premier, a réalisé l'objectif': a seat checked since its forces grew would
    have won with its mission met, so a redraw deals it none such; nor a destroy card whose
    colour its holder eliminated (it would have won)."""
    match = missions_position(attacker=2)
    take_ontario(match)
    assert not match.is_over() and match.mission[0] == mission_cards.FALLBACK_INDEX
    red = next(i for i, m in enumerate(mission_cards.MISSIONS) if m.colour == "red")
    held_red = set()
    for k in range(60):
        other = match.redraw_hidden(None, random.Random(k))
        check_missions(other)
        for seat in (0, 2):
            mission = mission_cards.ALL[other.mission[seat]]
            assert not mission_cards.achieved(mission, seat, other.owner, other.armies, WORLD)
            if other.dealt[seat] == red:
                held_red.add(seat)
                assert other.mission[seat] == mission_cards.FALLBACK_INDEX
    assert held_red == {0}  # seat 2 would have won by eliminating red with that card


def test_a_seat_not_checked_yet_may_hold_a_met_mission():
    """000 'Le vainqueur': missions are checked from the first turn on, at each turn start;
    before its first turn a seat may hold a met mission it has not claimed yet."""
    match = missions_position(attacker=0, round_=1)
    met = False
    for k in range(60):
        other = match.redraw_hidden(0, random.Random(k))
        mission = mission_cards.ALL[other.mission[2]]
        met |= mission_cards.achieved(mission, 2, other.owner, other.armies, WORLD)
    assert met


def test_the_winners_card_is_shown_and_kept():
    """000 'Il justifie sa victoire en découvrant sa carte': a redraw keeps that card and
    draws the others again."""
    match = missions_position(attacker=0)
    take_ontario(match)
    assert match.result().winners == (0,)
    others = set()
    for k in range(20):
        other = match.redraw_hidden(None, random.Random(k))
        assert (other.dealt[0], other.mission[0]) == (match.dealt[0], match.mission[0])
        others.add(other.dealt[2])
    assert len(others) > 1
