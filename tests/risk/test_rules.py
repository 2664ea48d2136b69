"""The rules of the books, one test per rule, each citing its book and section.

Books (``shared/seeds/``): 000 is the Miro-Meccano booklet ("Règle pour 3 à 6 joueurs" with
missions, "Règle pour 2 joueurs" with l'allié, the "Variante pour 3 à 6 joueurs", and "La
conquête du monde" with its "deuxième règle"); 003 ends with Hasbro's "Règles du RISK
classique" and "Règles du RISK classique pour 2 joueurs". Positions are built with
``conftest.arrange`` and dice chosen with ``conftest.Dice``.
"""

from __future__ import annotations

import random

import pytest
from risk_helpers import (
    END,
    IDS,
    NEUTRAL,
    Dice,
    armies_of,
    arrange,
    foreign_cards,
    give_cards,
    new_match,
    next_turn,
    of_type,
    owned_cards,
    play_random,
    territories_of,
)

from engines.core.contract import Amount, IllegalAction, MatchOver, visible_event, visible_events
from engines.risk import GAME
from engines.risk import missions as mission_cards
from engines.risk.actions import (
    Attack,
    Blitz,
    Claim,
    EndPhase,
    Fortify,
    Occupy,
    Place,
    TradeCards,
)
from engines.risk.board import WORLD
from engines.risk.events import (
    CardDrawn,
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
from engines.risk.observation import UNOWNED

INDEX = WORLD.index
MIRO_3_6 = ("miro-missions", "miro-domination")
CONQUETE = ("conquete-du-monde", "conquete-du-monde-proportional")
PROTECTED = ("miro-missions", "miro-domination", "miro-2p", *CONQUETE)
ONE_MOVE_VARIANTS = ("hasbro", "miro-missions", "miro-domination", "miro-2p")
ON_CONQUEST_VARIANTS = ("hasbro", "miro-missions", "miro-domination", "miro-2p")
LAST_OF_CONTINENT = {IDS[c.territories[-1]] for c in WORLD.continents}
SCATTER = [t for t in IDS if t not in LAST_OF_CONTINENT]
"""36 territories that never make a whole continent, whichever of them a seat holds."""

# The continent bonuses as the books print them (000 "Forces armées B)"; 003 board table).
BOOK_BONUS = {
    "oceania": 2,
    "south_america": 2,
    "africa": 3,
    "europe": 5,
    "north_america": 5,
    "asia": 7,
}


def seats_for(variant: str) -> int:
    return 2 if variant == "miro-2p" else 3


def position(
    variant: str, seats: int | None = None, owners=None, armies=None, *, seed=0, options=None, **kw
):
    """A match of ``variant`` arranged in play; every mission is the unreachable-here m24."""
    seats = seats or seats_for(variant)
    match = new_match(variant, seats, seed, **(options or {}))
    if match.rules.missions and "missions" not in kw:
        kw["missions"] = dict.fromkeys(range(seats), "m24")
    return arrange(match, owners, armies, **kw)


def roll(match, seat: int, source: str, target: str, *dice) -> list:
    """One Attack with the dice chosen (attacker's faces, defender's faces); checks the engine
    used exactly the dice given."""
    attacker, defender = dice
    match.rng = Dice(attacker, defender)
    events = match.apply(seat, Attack(source, target, len(attacker)))
    assert not match.rng.values, "the engine rolled fewer dice than expected"
    return events


def turn_start(match, previous: int) -> TurnStarted:
    """End ``previous``'s turn and return the next seat's TurnStarted."""
    (started,) = of_type(next_turn(match, previous), TurnStarted)
    return started


def finish_setup(match, seed: int = 1) -> list:
    return play_random(match, seed, until=lambda m: m.phase not in ("claim", "setup"))


# ============================================================================ set-up


@pytest.mark.parametrize(("seats", "armies"), [(3, 35), (4, 30), (5, 25)])
def test_hasbro_starting_armies(seats, armies):
    """003 Règles du RISK classique, 'Placement initial des armées' 1: 3 players 35 MODs,
    4 players 30, 5 players 25."""
    match = new_match("hasbro", seats, seed=seats)
    finish_setup(match)
    assert match.round == 1
    assert all(owner >= 0 for owner in match.owner)
    assert [armies_of(match, s) for s in range(seats)] == [armies] * seats


@pytest.mark.parametrize("variant", MIRO_3_6)
@pytest.mark.parametrize(("seats", "armies"), [(3, 35), (4, 30), (5, 25), (6, 20)])
def test_miro_starting_armies(variant, seats, armies):
    """000 Règle pour 3 à 6 joueurs, 'Distribution des armées': 3 players 35 armies, 4: 30,
    5: 25, 6: 20; 'Occupations des territoires': all 44 cards dealt one by one, one army on
    each territory received (the Variante keeps 'les dispositions fondamentales')."""
    match = new_match(variant, seats, seed=seats)
    dealt = of_type(match.setup_events, TerritoriesDealt)
    assert sorted(t for e in dealt for t in e.territories) == sorted(IDS)
    assert all(e.armies_each == 1 for e in dealt)
    sizes = [len(e.territories) for e in dealt]
    # one card each in turn (counts differ by at most 1); the 2 jokers give no territory
    assert max(sizes) - min(sizes) <= 3
    finish_setup(match)
    assert [armies_of(match, s) for s in range(seats)] == [armies] * seats


def test_hasbro_two_players_forty_each_and_a_neutral_army_of_forty():
    """003 Règles du RISK classique pour 2 joueurs, 'Mise en place': 40 MODs of each colour and
    of the neutral; wild cards out, the deck dealt in three equal piles, one MOD on each
    territory of a pile; the wild cards go back into the deck."""
    match = new_match("hasbro", 2, seed=3)
    dealt = of_type(match.setup_events, TerritoriesDealt)
    assert [(e.owner, len(e.territories), e.armies_each) for e in dealt] == [
        (0, 14, 1),
        (1, 14, 1),
        (NEUTRAL, 14, 1),
    ]
    finish_setup(match)
    assert [armies_of(match, s) for s in (0, 1, NEUTRAL)] == [40, 40, 40]
    assert len(match.deck) == 44  # the 2 wild cards are back in the draw pile


def test_hasbro_two_players_place_two_own_then_one_neutral():
    """003 Règles du RISK classique pour 2 joueurs, 'Mise en place': 'Placez 2 MODs dans 1 ou 2
    de vos territoires ... Chacun place ensuite 1 MOD « neutre » dans un territoire de cette
    armée. Renouvelez ces opérations jusqu'à ce que tous les MODs aient été placés.'"""
    match = new_match("hasbro", 2, seed=4)
    steps = []
    while match.phase == "setup":
        (seat,) = match.to_move()
        legal = match.legal_actions(seat)
        owners = {match.owner[INDEX[a.territory]] for a in legal}
        assert all(isinstance(a, Place) for a in legal) and len(owners) == 1
        (owner,) = owners
        assert match.observation(seat).acting_for == owner
        amount = legal[0].armies
        assert all(a.armies == amount for a in legal)
        steps.append((seat, owner, amount.high))
        match.apply(seat, Place(legal[-1].territory, amount.high))
    assert steps == [(0, 0, 2), (0, NEUTRAL, 1), (1, 1, 2), (1, NEUTRAL, 1)] * 13


def test_hasbro_two_players_two_armies_may_go_on_two_territories():
    """003 Règles du RISK classique pour 2 joueurs, 'Mise en place': 'Placez 2 MODs dans 1 ou 2
    de vos territoires'."""
    match = new_match("hasbro", 2, seed=4)
    first, second = match.owned[0][:2]
    match.apply(0, Place(IDS[first], 1))
    assert match.to_move() == (0,)
    legal = match.legal_actions(0)
    assert {a.armies for a in legal} == {Amount(1, 1)}
    match.apply(0, Place(IDS[second], 1))
    assert {match.owner[INDEX[a.territory]] for a in match.legal_actions(0)} == {NEUTRAL}


def test_miro_two_players_forty_each_and_twenty_eight_allied():
    """000 Règle pour 2 joueurs: 'disposent chacun de 40 armées'; 'Les forces alliées sont de
    28 armées'; jokers out, 14 cards each, one army on each; the 14 other territories go to
    l'allié with 2 armies on each; the cards go back with the jokers to make the Talon."""
    match = new_match("miro-2p", 2, seed=5)
    dealt = of_type(match.setup_events, TerritoriesDealt)
    assert [(e.owner, len(e.territories), e.armies_each) for e in dealt] == [
        (0, 14, 1),
        (1, 14, 1),
        (NEUTRAL, 14, 2),
    ]
    finish_setup(match)
    assert [armies_of(match, s) for s in (0, 1)] == [40, 40]
    assert armies_of(match, NEUTRAL) == 28
    assert all(match.armies[t] == 2 for t in match.owned[NEUTRAL])
    assert len(match.deck) == 44


@pytest.mark.parametrize("variant", CONQUETE)
@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_conquete_dice_deal(variant, seats):
    """000 La conquête du monde, 'I - La distribution des territoires': jokers out; in turn
    each player rolls a die and gets that many cards, territories and armies, one army on
    each; the last gets what remains; 'Le tour de jouer passe au joueur suivant qui ouvrira
    la deuxième phase'."""
    for seed in range(5):
        match = new_match(variant, seats, seed)
        dealt = of_type(match.setup_events, TerritoriesDealt)
        assert [e.owner for e in dealt] == [i % seats for i in range(len(dealt))]
        assert all(1 <= e.die <= 6 and e.armies_each == 1 for e in dealt)
        assert all(len(e.territories) == e.die for e in dealt[:-1])
        assert 1 <= len(dealt[-1].territories) <= dealt[-1].die
        assert sorted(t for e in dealt for t in e.territories) == sorted(IDS)
        assert match.armies == [1] * len(IDS)
        (started,) = of_type(match.setup_events, TurnStarted)
        assert started.seat == (dealt[-1].owner + 1) % seats
        assert started.round == 1
        assert match.to_move() == (started.seat,)


def test_hasbro_claim_then_reinforce_one_army_at_a_time():
    """003 Règles du RISK classique, 'Placement initial des armées' 2-4 and 7: one MOD on a
    free territory each in turn until the 42 are taken; then, 'toujours dans le même ordre',
    one MOD at a time on one's own territories until all are placed; whoever placed the first
    army plays first."""
    match = new_match("hasbro", 3, seed=6)
    rng = random.Random(0)
    for i in range(42):
        seat = i % 3
        assert match.to_move() == (seat,)
        free = {IDS[t] for t, o in enumerate(match.observation(seat).owners) if o == UNOWNED}
        legal = match.legal_actions(seat)
        assert all(isinstance(a, Claim) for a in legal)
        assert {a.territory for a in legal} == free
        choice = rng.choice(sorted(free))
        (claimed,) = match.apply(seat, Claim(choice))
        assert claimed == Claimed(seat, choice)
        assert match.owner[INDEX[choice]] == seat and match.armies[INDEX[choice]] == 1
    order = []
    events = []
    while match.phase == "setup":
        (seat,) = match.to_move()
        legal = match.legal_actions(seat)
        assert {a.armies for a in legal} == {Amount(1, 1)}
        assert {match.owner[INDEX[a.territory]] for a in legal} == {seat}
        order.append(seat)
        events = match.apply(seat, Place(legal[0].territory, 1))
    assert order == [0, 1, 2] * (35 - 14)
    assert of_type(events, TurnStarted)[0].seat == 0


# ============================================================================ reinforcements


@pytest.mark.parametrize(
    ("held", "expected"), [(1, 3), (8, 3), (11, 3), (12, 4), (14, 4), (20, 6), (36, 12)]
)
def test_hasbro_reinforcement_is_territories_by_three_with_a_minimum_of_three(held, expected):
    """003 Règles du RISK classique, 'Territoires': territories divided by three, rounded
    down; 'IMPORTANT : vous recevez toujours un minimum de 3 MODs'."""
    match = position("hasbro", 3, dict.fromkeys(SCATTER[:held], 0), fill_owners=(1, 2))
    started = turn_start(match, 2)
    assert (started.seat, started.reinforcements) == (0, expected)
    assert match.observation(0).armies_to_place == expected


@pytest.mark.parametrize("continent", sorted(BOOK_BONUS))
def test_hasbro_continent_bonus(continent):
    """003 Règles du RISK classique, 'Continents': the board's bonus for each whole continent
    (5 N. America, 2 S. America, 5 Europe, 3 Africa, 7 Asia, 2 Oceania) on top of the
    territories' count and its minimum of 3."""
    held = territories_of(continent)
    match = position("hasbro", 3, dict.fromkeys(held, 0), fill_owners=(1, 2))
    started = turn_start(match, 2)
    assert started.reinforcements == max(3, len(held) // 3) + BOOK_BONUS[continent]


@pytest.mark.parametrize("variant", ["miro-missions", "miro-domination", "miro-2p", CONQUETE[0]])
@pytest.mark.parametrize(("held", "expected"), [(2, 0), (5, 1), (7, 2), (14, 4)])
def test_miro_reinforcement_is_territories_by_three_without_minimum(variant, held, expected):
    """000 Règle pour 3 à 6 joueurs, 'Premier temps A)': 'autant d'armées qu'il a de multiples
    de 3 territoires ... 14 par 3 = 4 ... Le reste ne compte pas' (no minimum); the same in
    the 2-player rule, the Variante and La conquête du monde 'Premier temps b)'."""
    seats = seats_for(variant)
    others = (1, NEUTRAL) if variant == "miro-2p" else (1, 2)
    match = position(variant, seats, dict.fromkeys(SCATTER[:held], 0), fill_owners=others)
    started = turn_start(match, seats - 1)
    assert (started.seat, started.reinforcements) == (0, expected)


@pytest.mark.parametrize("variant", ["miro-missions", "miro-domination"])
def test_miro_question_example_africa_plus_six(variant):
    """000 'Questions stratégiques', 'Puis-je cumuler ...': Africa plus 5 territories in
    Europe and 1 in Asia: 12 territories give 4, plus 3 for Africa: 7 armies."""
    held = [*territories_of("africa"), *territories_of("europe")[:5], "ural"]
    match = position(variant, 3, dict.fromkeys(held, 0), fill_owners=(1, 2))
    assert turn_start(match, 2).reinforcements == 7


@pytest.mark.parametrize("continent", sorted(BOOK_BONUS))
def test_miro_continent_bonus(continent):
    """000 Règle pour 3 à 6 joueurs, 'Premier temps B)': 2 Oceania, 2 S. America, 3 Africa,
    5 Europe, 5 N. America, 7 Asia, on top of the territories divided by 3."""
    held = territories_of(continent)
    match = position("miro-domination", 3, dict.fromkeys(held, 0), fill_owners=(1, 2))
    assert turn_start(match, 2).reinforcements == len(held) // 3 + BOOK_BONUS[continent]


def test_conquete_example_sixteen_territories_and_two_continents():
    """000 La conquête du monde, 'Premier temps' c) Note: Africa (6) + Oceania (4) + 5 in
    Europe + 1 in America = 16 territories, 16 : 3 = 5 armies, plus 3 + 2 for the
    continents: 10 armies; and a) a card from the top of the Talon."""
    held = [
        *territories_of("africa"),
        *territories_of("oceania"),
        *territories_of("europe")[:5],
        "alaska",
    ]
    match = position("conquete-du-monde", 3, dict.fromkeys(held, 0), fill_owners=(1, 2))
    top = WORLD.card_name(match.deck[-1])
    events = next_turn(match, 2)
    (started,) = of_type(events, TurnStarted)
    assert (started.reinforcements, started.cards_drawn) == (10, 1)
    assert of_type(events, CardDrawn) == [CardDrawn(0, top)]


@pytest.mark.parametrize(
    ("held", "armies", "cards"),
    [
        (1, 0, 1),
        (2, 0, 2),
        (3, 0, 3),
        (4, 1, 0),
        (5, 1, 1),
        (6, 1, 2),
        (7, 1, 3),
        (8, 2, 0),
        (9, 2, 1),
    ],
)
def test_proportional_armies_and_cards(held, armies, cards):
    """000 La conquête du monde, 'Variante: deuxième règle': 1 territory 1 card, 2: 2 cards,
    3: 3 cards, 4: 1 army, 5: 1 army + 1 card, ... 8: 2 armies, 9: 2 armies + 1 card (t // 4
    armies and t % 4 cards), instead of a card every turn and t // 3 armies."""
    match = position(CONQUETE[1], 3, dict.fromkeys(SCATTER[:held], 0), fill_owners=(1, 2))
    events = next_turn(match, 2)
    (started,) = of_type(events, TurnStarted)
    assert (started.reinforcements, started.cards_drawn) == (armies, cards)
    assert len(of_type(events, CardDrawn)) == cards == len(match.hands[0])


def test_proportional_keeps_the_continent_bonus():
    """000 La conquête du monde, 'deuxième règle': 'Comme dans la première règle, la
    possession d'un continent entier donne droit aux armées supplémentaires': Oceania and one
    more territory: 5 // 4 = 1 army + 1 card, plus 2 for Oceania."""
    held = [*territories_of("oceania"), "alaska"]
    match = position(CONQUETE[1], 3, dict.fromkeys(held, 0), fill_owners=(1, 2))
    started = turn_start(match, 2)
    assert (started.reinforcements, started.cards_drawn) == (3, 1)


# ============================================================================ sets of cards

PROGRESSIONS = {
    # 003 'Echange de cartes contre des MODs': 4, 6, 8, 10, 12, 15, then +5 each.
    "hasbro": (4, 6, 8, 10, 12, 15, 20, 25, 30, 35),
    # 000 Variante pour 3 à 6 joueurs: 4, 6, 8, 10, 12, 15, 20, 25, then +5 each.
    "miro-domination": (4, 6, 8, 10, 12, 15, 20, 25, 30, 35),
    # 000 La conquête du monde, 'CARTES': the same.
    "conquete-du-monde": (4, 6, 8, 10, 12, 15, 20, 25, 30, 35),
    # 000 La conquête du monde, 'deuxième règle': 'non pas à 4, mais à 6 ... (6, 8, 10, 12,
    # 15, 20, 25, etc...)'.
    "conquete-du-monde-proportional": (6, 8, 10, 12, 15, 20, 25, 30, 35),
}


def one_of_each(match, seat: int = 0) -> list[str]:
    return [foreign_cards(match, seat, s, 1)[0] for s in ("infantry", "cavalry", "artillery")]


@pytest.mark.parametrize(
    ("variant", "done", "value"),
    [(v, done, value) for v, values in PROGRESSIONS.items() for done, value in enumerate(values)],
)
def test_progressive_set_values(variant, done, value):
    """003 'Echange de cartes contre des MODs'; 000 'Variante pour 3 à 6 joueurs' and La
    conquête du monde 'CARTES' (4, 6, 8, 10, 12, 15, 20, 25, then 5 more each time); 000
    'deuxième règle' (first set 6, then 8, 10, 12, 15, 20, 25 ...). The value depends on the
    number of sets traded before in the match."""
    match = position(variant, 3, phase="place", pending=3, trades=done)
    set_ = one_of_each(match)
    give_cards(match, 0, set_)
    assert match.observation(0).next_set_value == value
    (traded,) = match.apply(0, TradeCards(tuple(set_)))
    assert traded.armies == value and traded.bonus_territories == ()
    assert match.pending == 3 + value
    assert match.observation(0).trades_done == done + 1


@pytest.mark.parametrize("variant", ["hasbro", "miro-domination", "conquete-du-monde"])
def test_set_value_counts_every_players_trades(variant):
    """000 Variante pour 3 à 6 joueurs: 'le joueur qui présente la troisième combinaison de la
    partie reçoit 8 armées même si ce n'est que son premier échange' (003 and La conquête du
    monde: the value rises with every trade of the match)."""
    match = position(variant, 3, phase="fortify", seat=2)
    for seat in range(3):
        # cards of the next seat's territories: no territory bonus for the trader
        give_cards(
            match,
            seat,
            [
                owned_cards(match, (seat + 1) % 3, s, 1)[0]
                for s in ("infantry", "cavalry", "artillery")
            ],
        )
    values = []
    for seat in range(3):
        next_turn(match, (seat - 1) % 3)
        hand = tuple(IDS[c] for c in match.hands[seat] if c < len(IDS))[:3]
        (traded,) = match.apply(seat, TradeCards(hand))
        values.append(traded.armies)
    assert values == [4, 6, 8]


def test_conquete_several_sets_at_once_follow_the_progression():
    """000 La conquête du monde, 'CARTES' 3: the first to trade two sets at once gets
    4 + 6 = 10 armies; the second trader with three sets gets 6 + 8 + 10 = 24. A joker alone
    is a set ('trois cartes d'armes différentes ... (ou un Joker)')."""
    match = position("conquete-du-monde", 3, phase="place", pending=0)
    give_cards(match, 0, [*one_of_each(match), "wild-1"])
    got = [match.apply(0, TradeCards(("wild-1",)))[0].armies]
    got.append(match.apply(0, TradeCards(tuple(one_of_each(match))))[0].armies)
    assert got == [4, 6] and match.pending == 10

    match = position("conquete-du-monde", 3, phase="place", pending=0, trades=1)
    infantry = foreign_cards(match, 0, "infantry", 2)
    cavalry = foreign_cards(match, 0, "cavalry", 2)
    artillery = foreign_cards(match, 0, "artillery", 2)
    give_cards(match, 0, [*infantry, *cavalry, *artillery, "wild-2"])
    total = 0
    for set_ in (
        (infantry[0], cavalry[0], artillery[0]),
        (infantry[1], cavalry[1], artillery[1]),
        ("wild-2",),
    ):
        total += match.apply(0, TradeCards(set_))[0].armies
    assert total == 24 == match.pending


@pytest.mark.parametrize("variant", ["miro-missions", "miro-2p"])
@pytest.mark.parametrize(
    ("symbols", "value"),
    [
        (("artillery",) * 3, 4),
        (("infantry",) * 3, 6),
        (("cavalry",) * 3, 8),
        (("artillery", "cavalry", "infantry"), 10),
        (("wild", "infantry", "infantry"), 12),
        (("wild", "cavalry", "cavalry"), 12),
        (("wild", "artillery", "artillery"), 12),
    ],
)
def test_miro_symbol_table(variant, symbols, value):
    """000 Règle pour 3 à 6 joueurs, 'Premier temps C)': 3 canons 4 armies, 3 fantassins 6,
    3 cavaliers 8, 1 canon 1 cav. 1 fant. 10, 1 joker and 2 identical cards 12, whatever the
    number of sets traded before (the 2-player rule keeps 'les dispositions fondamentales')."""
    match = position(variant, phase="place", pending=1, trades=6)
    assert match.observation(0).next_set_value is None
    names = []
    for symbol in symbols:
        if symbol == "wild":
            names.append("wild-1")
        else:
            names.append(next(c for c in foreign_cards(match, 0, symbol, 3) if c not in names))
    give_cards(match, 0, names)
    (traded,) = match.apply(0, TradeCards(tuple(names)))
    assert traded.armies == value
    assert match.pending == 1 + value


def test_miro_joker_with_two_different_cards_is_not_in_the_table():
    """000 Règle pour 3 à 6 joueurs, 'Premier temps C)': the joker makes a set only with 'deux
    autres cartes identiques'."""
    match = position("miro-missions", phase="place", pending=1)
    names = [
        "wild-1",
        *foreign_cards(match, 0, "infantry", 1),
        *foreign_cards(match, 0, "cavalry", 1),
    ]
    give_cards(match, 0, names)
    assert not any(isinstance(a, TradeCards) for a in match.legal_actions(0))
    with pytest.raises(IllegalAction):
        match.apply(0, TradeCards(tuple(names)))


@pytest.mark.parametrize("variant", ["miro-missions", "miro-2p", "miro-domination"])
def test_miro_two_more_armies_per_card_of_an_owned_territory_placed_on_it(variant):
    """000 Règle pour 3 à 6 joueurs, 'Premier temps C)': 'il reçoit 2 armées supplémentaires
    par carte' of a territory he occupies; 'Questions stratégiques': they 'doivent être
    placées sur ces territoires et non ailleurs'."""
    match = position(variant, phase="place", pending=1)
    mine = owned_cards(match, 0, "infantry", 2)
    other = foreign_cards(match, 0, "infantry", 1)
    give_cards(match, 0, [*mine, *other])
    before = list(match.armies)
    (traded,) = match.apply(0, TradeCards((*mine, *other)))
    assert sorted(traded.bonus_territories) == sorted(mine)
    expected_value = 6 if variant != "miro-domination" else 4
    assert traded.armies == expected_value and match.pending == 1 + expected_value
    for t, (a, b) in enumerate(zip(before, match.armies, strict=True)):
        assert b - a == (2 if IDS[t] in mine else 0)


def test_hasbro_two_armies_once_a_turn_on_one_chosen_territory():
    """003 'Territoires occupés': +2 MODs when a traded card shows an occupied territory, 'tous
    deux ... placés sur ce territoire particulier'; NOTE: 'une seule fois par tour', and with
    several such cards 'vous devez alors choisir entre eux'."""
    match = position("hasbro", 3, phase="place", pending=3)
    infantry = owned_cards(match, 0, "infantry", 3)
    cavalry = owned_cards(match, 0, "cavalry", 3)
    give_cards(match, 0, [*infantry, *cavalry])
    with pytest.raises(IllegalAction, match="choose"):
        match.apply(0, TradeCards(tuple(infantry)))
    with pytest.raises(IllegalAction):
        match.apply(0, TradeCards(tuple(infantry), bonus_territory=IDS[match.owned[1][0]]))
    legal = [
        a
        for a in match.legal_actions(0)
        if isinstance(a, TradeCards) and set(a.cards) == set(infantry)
    ]
    assert {a.bonus_territory for a in legal} == set(infantry)
    before = list(match.armies)
    (traded,) = match.apply(0, TradeCards(tuple(infantry), bonus_territory=infantry[1]))
    assert traded.bonus_territories == (infantry[1],)
    assert [b - a for a, b in zip(before, match.armies, strict=True)] == [
        2 if IDS[t] == infantry[1] else 0 for t in range(len(IDS))
    ]
    # The second set of the turn: no bonus any more.
    assert all(
        a.bonus_territory is None for a in match.legal_actions(0) if isinstance(a, TradeCards)
    )
    with pytest.raises(IllegalAction):
        match.apply(0, TradeCards(tuple(cavalry), bonus_territory=cavalry[0]))
    before = list(match.armies)
    (traded,) = match.apply(0, TradeCards(tuple(cavalry)))
    assert traded.bonus_territories == () and match.armies == before


STANDARD_SETS = [
    (("infantry", "infantry", "infantry"), True),
    (("cavalry", "cavalry", "cavalry"), True),
    (("artillery", "artillery", "artillery"), True),
    (("infantry", "cavalry", "artillery"), True),
    (("infantry", "cavalry", "wild"), True),
    (("artillery", "artillery", "wild"), True),
    (("infantry", "wild", "wild"), True),
    (("infantry", "infantry", "cavalry"), False),
    (("artillery", "cavalry", "cavalry"), False),
]


def hand_of(match, symbols, seat: int = 0) -> list[str]:
    """Cards showing ``symbols`` (wild cards for 'wild'), none of ``seat``'s territories."""
    names: list[str] = []
    wilds = iter(("wild-1", "wild-2"))
    for symbol in symbols:
        if symbol == "wild":
            names.append(next(wilds))
        else:
            names.append(next(c for c in foreign_cards(match, seat, symbol, 3) if c not in names))
    return names


@pytest.mark.parametrize("variant", ["hasbro", "miro-domination"])
@pytest.mark.parametrize(("symbols", "is_set"), STANDARD_SETS)
def test_standard_sets(variant, symbols, is_set):
    """003 'Cartes RISK': '3 cartes portant la figuration d'un même type de MOD; 3 cartes ...
    d'un type de MOD différent; 2 cartes quelconques et 1 carte « sauvage »'; 000 Variante
    pour 3 à 6 joueurs: '3 cartes identiques; 3 cartes différentes; 2 cartes au choix plus 1
    joker'."""
    match = position(variant, 3, phase="place", pending=1)
    names = hand_of(match, symbols)
    give_cards(match, 0, names)
    listed = any(isinstance(a, TradeCards) for a in match.legal_actions(0))
    assert listed == is_set
    if is_set:
        assert match.apply(0, TradeCards(tuple(names)))[0].armies == 4
    else:
        with pytest.raises(IllegalAction):
            match.apply(0, TradeCards(tuple(names)))


@pytest.mark.parametrize("variant", CONQUETE)
@pytest.mark.parametrize(
    ("symbols", "is_set"),
    [
        (("infantry", "cavalry", "artillery"), True),
        (("wild",), True),
        (("infantry", "infantry", "infantry"), False),
        (("cavalry", "cavalry", "wild"), False),
        (("infantry", "cavalry", "wild"), False),
        (("artillery",), False),
    ],
)
def test_conquete_sets_are_three_different_weapons_or_a_joker(variant, symbols, is_set):
    """000 La conquête du monde, 'CARTES': 'Le joueur qui détient trois cartes d'armes
    différentes : UN FANTASSIN, UN CANON et UN CAVALIER (ou un Joker) peut les changer'."""
    match = position(variant, 3, phase="place", pending=1)
    names = hand_of(match, symbols)
    give_cards(match, 0, names)
    if is_set:
        (traded,) = match.apply(0, TradeCards(tuple(names)))
        assert traded.armies == match.rules.set_value(0)
    else:
        assert not any(
            isinstance(a, TradeCards) and set(a.cards) == set(names) for a in match.legal_actions(0)
        )
        with pytest.raises(IllegalAction):
            match.apply(0, TradeCards(tuple(names)))


# ============================================================================ forced trades


@pytest.mark.parametrize("variant", ["hasbro", "miro-missions", "miro-domination", "miro-2p"])
def test_forced_trade_at_five_cards(variant):
    """003 'Recevoir des cartes': 'si vous avez en main au début de votre tour 5 ou 6 cartes,
    vous devez échanger au moins une combinaison'; 000 'Questions stratégiques': 'quand vous
    avez 5 cartes ou plus vous devez obligatoirement faire l'échange' (Variante: 'Quand il
    possède 5 cartes il doit obligatoirement')."""
    seats = seats_for(variant)
    match = position(variant, seats, phase="fortify", seat=seats - 1)
    hand = [*foreign_cards(match, 0, "infantry", 3), *foreign_cards(match, 0, "cavalry", 2)]
    give_cards(match, 0, hand)
    next_turn(match, seats - 1)
    assert match.phase == "place" and match.pending > 0
    legal = match.legal_actions(0)
    assert legal and all(isinstance(a, TradeCards) for a in legal)
    own = IDS[match.owned[0][0]]
    with pytest.raises(IllegalAction):
        match.apply(0, Place(own, 1))
    with pytest.raises(IllegalAction):
        match.apply(0, EndPhase())
    match.apply(0, TradeCards(tuple(hand[:3])))
    assert any(isinstance(a, Place) for a in match.legal_actions(0))
    match.apply(0, Place(own, 1))


@pytest.mark.parametrize("variant", ["hasbro", "miro-missions", "miro-domination"])
def test_trade_is_optional_below_five_cards(variant):
    """003 'Recevoir des cartes': 'vous pouvez l'échanger au début du tour suivant ou
    attendre'; 000 'Questions stratégiques': 'Vous pouvez laisser passer plusieurs tours'."""
    match = position(variant, 3, phase="fortify", seat=2)
    give_cards(match, 0, [*foreign_cards(match, 0, "infantry", 3), "wild-1"])
    started = turn_start(match, 2)
    legal = match.legal_actions(0)
    assert any(isinstance(a, TradeCards) for a in legal)
    assert any(isinstance(a, Place) for a in legal)
    match.apply(0, Place(IDS[match.owned[0][0]], started.reinforcements))
    assert match.phase == "attack" and len(match.hands[0]) == 4


@pytest.mark.parametrize("variant", CONQUETE)
def test_conquete_never_forces_a_trade(variant):
    """000 La conquête du monde, 'CARTES' 1: 'Un joueur n'est pas obligé de demander des
    armées aussitôt qu'il a formé la série ... Il peut attendre pendant plusieurs tours'."""
    match = position(
        variant, 3, dict.fromkeys(SCATTER[:12], 0), fill_owners=(1, 2), phase="fortify", seat=2
    )
    give_cards(
        match,
        0,
        [*one_of_each(match), "wild-1", "wild-2", *foreign_cards(match, 0, "cavalry", 2)[1:]],
    )
    turn_start(match, 2)
    legal = match.legal_actions(0)
    assert any(isinstance(a, TradeCards) for a in legal)
    assert any(isinstance(a, Place) for a in legal)


# ============================================================================ traded cards


def test_hasbro_traded_cards_go_to_the_bottom_of_the_deck():
    """003 'Echange de cartes contre des MODs': 'Les combinaisons jouées sont replacées au bas
    de la pile des cartes territoriales.'"""
    match = position("hasbro", 3, phase="place", pending=3)
    set_ = one_of_each(match)
    give_cards(match, 0, set_)
    size = len(match.deck)
    match.apply(0, TradeCards(tuple(set_)))
    assert len(match.deck) == size + 3
    assert sorted(match.deck[:3]) == sorted(INDEX[c] for c in set_)  # the bottom: drawn last
    assert match.observation(0).discard == ()


@pytest.mark.parametrize("variant", ["miro-missions", "miro-domination", "conquete-du-monde"])
def test_miro_traded_cards_are_set_aside_then_reshuffled(variant):
    """000 Règle pour 3 à 6 joueurs: 'Les cartes qui ont servi sont écartées. Lorsque le Talon
    est épuisé, l'arbitre reprend les cartes qui ont servi, les bat, et en constitue un nouveau
    Talon' (La conquête du monde, 'CARTES' 5: the same)."""
    match = position(variant, 3, phase="place", pending=3)
    set_ = one_of_each(match)
    give_cards(match, 0, set_)
    size = len(match.deck)
    match.apply(0, TradeCards(tuple(set_)))
    assert len(match.deck) == size
    assert sorted(match.observation(1).discard) == sorted(set_)
    # The Talon runs out: the next card comes from the reshuffled traded cards (drawn at
    # the end of this turn, or by the next player in La conquête du monde).
    match.deck = []
    match.conquered = True
    (drawn,) = of_type(next_turn(match, 0), CardDrawn)
    assert drawn.card in set_
    assert match.discard == [] and len(match.deck) == 2


# ============================================================================ eliminations


def eliminate_seat_one(variant: str, hand0: list[str], hand1: list[str], seats: int = 3):
    """Seat 0 takes Ontario, seat 1's last territory, from Alberta (2 armies, one die)."""
    match = position(
        variant,
        seats,
        {"alberta": 0, "ontario": 1},
        {"alberta": 2},
        fill_owners=(2,) if seats > 2 else (NEUTRAL,),
    )
    give_cards(match, 0, hand0)
    give_cards(match, 1, hand1)
    events = roll(match, 0, "alberta", "ontario", (6,), (1,))
    (eliminated,) = of_type(events, Eliminated)
    assert eliminated == Eliminated(1, 0, len(hand1))
    assert len(match.hands[0]) == len(hand0) + len(hand1)
    return match


def cards_of(symbol: str, k: int, start: int = 0, deck: str = "us") -> list[str]:
    names = [
        IDS[t]
        for t in range(len(IDS))
        if WORLD.card_symbol(t, deck) == symbol and IDS[t] not in ("alberta", "ontario")
    ]
    return names[start : start + k]


def test_hasbro_eliminator_with_six_cards_trades_down_to_four_at_once():
    """003 'Éliminer un adversaire': you receive all his RISK cards; 'si votre propre main
    dépasse 5 cartes de ce fait, vous devez immédiatement échanger assez de combinaisons pour
    repasser à une main de 4 cartes au maximum ... vous devez vous arrêter d'échanger dès que
    votre main retombe à 4, 3 ou 2 cartes'."""
    match = eliminate_seat_one("hasbro", cards_of("cavalry", 3), cards_of("infantry", 3))
    assert match.phase == "place"
    legal = match.legal_actions(0)
    assert legal and all(isinstance(a, TradeCards) for a in legal)
    with pytest.raises(IllegalAction):
        match.apply(0, Attack("ontario", "alaska", 1))
    with pytest.raises(IllegalAction):
        match.apply(0, EndPhase())
    value = match.observation(0).next_set_value
    match.apply(0, TradeCards(tuple(cards_of("infantry", 3))))
    assert len(match.hands[0]) == 3
    legal = match.legal_actions(0)
    assert not any(isinstance(a, TradeCards) for a in legal)  # down to 3: stop trading
    assert {a.armies for a in legal} == {Amount(1, value)}
    match.apply(0, Place("ontario", value))
    assert match.phase == "attack" and match.to_move() == (0,)


@pytest.mark.parametrize(("mine", "expected_trades"), [(4, 1), (5, 2)])
def test_hasbro_eliminator_trades_until_four_or_fewer(mine, expected_trades):
    """003 'Éliminer un adversaire': trade 'assez de combinaisons pour repasser à une main de
    4 cartes au maximum' (7 cards: one set; 8 cards: two sets), then stop."""
    hand0 = cards_of("cavalry", 3) + cards_of("artillery", mine - 3)
    match = eliminate_seat_one("hasbro", hand0, cards_of("infantry", 3))
    trades = 0
    while any(isinstance(a, TradeCards) for a in match.legal_actions(0)):
        assert all(isinstance(a, TradeCards) for a in match.legal_actions(0))
        match.apply(0, next(a for a in match.legal_actions(0) if isinstance(a, TradeCards)))
        trades += 1
    assert trades == expected_trades
    assert len(match.hands[0]) <= 4


def test_hasbro_elimination_trade_comes_after_the_occupation():
    """003 'Capter des territoires' ('vous le capturez et devez l'occuper immédiatement') then
    'Éliminer un adversaire' ('vous devez immédiatement échanger'): the occupation first, then
    the forced trade down to 4 cards."""
    match = position("hasbro", 3, {"alberta": 0, "ontario": 1}, {"alberta": 10}, fill_owners=(2,))
    give_cards(match, 0, cards_of("cavalry", 3))
    give_cards(match, 1, cards_of("infantry", 3))
    roll(match, 0, "alberta", "ontario", (6, 6, 6), (1,))
    assert match.phase == "occupy"
    assert match.legal_actions(0) == (Occupy(Amount(3, 9)),)
    match.apply(0, Occupy(4))
    assert match.phase == "place"
    assert all(isinstance(a, TradeCards) for a in match.legal_actions(0))


def test_hasbro_eliminator_with_five_cards_or_fewer_waits_for_next_turn():
    """003 'Éliminer un adversaire': 'si votre main reste à 5 cartes ou moins, vous devez
    attendre votre prochain tour pour échanger des combinaisons'."""
    match = eliminate_seat_one("hasbro", cards_of("cavalry", 2), cards_of("infantry", 3))
    assert match.phase == "attack" and len(match.hands[0]) == 5
    assert not any(isinstance(a, TradeCards) for a in match.legal_actions(0))
    with pytest.raises(IllegalAction):
        match.apply(0, TradeCards(tuple(cards_of("infantry", 3))))


@pytest.mark.parametrize("variant", ["miro-domination", "conquete-du-monde"])
def test_miro_eliminator_may_trade_the_cards_at_once(variant):
    """000 'Fin d'un combattant': 'Il s'empare de ses cartes dont il peut se servir
    immédiatement pour acquérir de nouvelles armées. Il les place aussitôt'; La conquête du
    monde, 'Élimination d'un joueur': 'exceptionnellement à ce moment-là'. It is a right,
    not a duty."""
    set_ = [cards_of(s, 1, deck="fr")[0] for s in ("infantry", "cavalry", "artillery")]
    match = eliminate_seat_one(variant, [], set_)
    assert match.phase == "place"
    legal = match.legal_actions(0)
    assert any(isinstance(a, TradeCards) for a in legal) and END in legal
    match.apply(0, END)
    assert match.phase == "attack" and len(match.hands[0]) == 3

    match = eliminate_seat_one(variant, [], set_)
    (traded,) = match.apply(0, TradeCards(tuple(set_)))
    assert match.pending == traded.armies == 4
    match.apply(0, Place("ontario", 4))
    assert match.phase == "attack"


@pytest.mark.parametrize("variant", ["miro-domination", "conquete-du-monde"])
def test_the_eliminator_is_offered_the_trade_whether_or_not_it_holds_a_set(variant):
    """000 'Fin d'un combattant' / Conquête 'Élimination d'un joueur': the eliminator may trade
    at once. What its hand holds is secret, its size is not: it is offered the trade whenever
    it holds cards enough for a set, and declines with EndPhase, so that the other seats see
    the same match whether it holds a set or not (RULES.md, 'Trading then placing')."""
    a_set = [cards_of(s, 1, deck="fr")[0] for s in ("infantry", "cavalry", "artillery")]
    no_set = [*cards_of("infantry", 2, deck="fr"), *cards_of("cavalry", 1, deck="fr")]
    views = []
    for hand in (a_set, no_set):
        match = eliminate_seat_one(variant, [], hand)
        assert match.phase == "place"
        legal = match.legal_actions(0)
        assert END in legal
        assert any(isinstance(a, TradeCards) for a in legal) == (hand is a_set)
        views.append(match.observation(2))
        match.apply(0, END)
        assert match.phase == "attack"
    assert views[0] == views[1]


@pytest.mark.parametrize("variant", MIRO_3_6)
def test_a_seat_with_no_army_to_place_decides_whenever_it_may_hold_a_set(variant):
    """000 'Forces armées A)': 2 territories give no army (2 : 3 = 0); 'Les échanges de
    cartes contre des armées se font toujours avant de combattre', and are never due below 5
    cards ('Questions stratégiques'). With 3 cards the seat decides (a trade, or EndPhase),
    set or no set, so that the phase shows nobody what its hand holds (RULES.md)."""
    a_set = cards_of("infantry", 3, deck="fr")
    no_set = [*cards_of("infantry", 2, deck="fr"), *cards_of("cavalry", 1, deck="fr")]
    views = []
    for hand in (a_set, no_set):
        match = position(
            variant, 3, {"alberta": 0, "ontario": 0}, fill_owners=(1, 2), phase="fortify", seat=2
        )
        give_cards(match, 0, hand)
        started = turn_start(match, 2)
        assert (started.seat, started.reinforcements, match.phase) == (0, 0, "place")
        legal = match.legal_actions(0)
        assert END in legal
        assert any(isinstance(a, TradeCards) for a in legal) == (hand is a_set)
        views.append(match.observation(1))
        match.apply(0, END)
        assert match.phase == "attack"
    assert views[0] == views[1]


# ============================================================================ dice


def test_attack_with_one_to_three_dice_and_one_army_more_than_the_dice():
    """003 'Attaquer': 'l'attaquant peut choisir de lancer 1, 2, ou 3 dés. Il doit toutefois
    posséder dans le territoire attaquant au moins une unité de plus que le nombre de dés';
    000 'Combats': 'il ne peut attaquer qu'en partant d'un territoire occupé par 2 armées au
    moins'."""
    match = position(
        "hasbro",
        3,
        {"alberta": 0, "ontario": 1, "alaska": 0, "kamchatka": 2},
        {"alberta": 3, "alaska": 10, "ontario": 5},
    )
    by_source = {
        (a.source, a.target): a.dice for a in match.legal_actions(0) if isinstance(a, Attack)
    }
    assert by_source[("alberta", "ontario")] == Amount(1, 2)
    assert by_source[("alaska", "kamchatka")] == Amount(1, 3)
    for source, dice in (("alberta", 3), ("alaska", 4), ("alaska", 0)):
        target = "ontario" if source == "alberta" else "kamchatka"
        with pytest.raises(IllegalAction):
            match.apply(0, Attack(source, target, dice))
    match.armies[INDEX["alberta"]] = 1
    match._forget_views()  # written directly: the engine's views are stale
    assert not any(isinstance(a, Attack) and a.source == "alberta" for a in match.legal_actions(0))
    with pytest.raises(IllegalAction):
        match.apply(0, Attack("alberta", "ontario", 1))


@pytest.mark.parametrize("variant", ["hasbro", "miro-missions", "miro-domination", "miro-2p"])
@pytest.mark.parametrize(("defenders", "dice"), [(1, 1), (2, 2), (5, 2)])
def test_defender_rolls_at_most_two_dice(variant, defenders, dice):
    """003 'Attaquer': 'le défenseur peut lancer 1 ou 2 dés ... il doit posséder au moins 2
    unités'; 000 'Combats': 'Le défenseur, lui, ne peut lancer que 2 dés ... au maximum même
    s'il a 3 armées et plus'."""
    match = position(
        variant, None, {"alberta": 0, "ontario": 1}, {"alberta": 10, "ontario": defenders}
    )
    (rolled, *_) = roll(match, 0, "alberta", "ontario", (1, 1, 1), (6,) * dice)
    assert len(rolled.defender) == dice


@pytest.mark.parametrize("variant", CONQUETE)
@pytest.mark.parametrize(("defenders", "dice"), [(1, 1), (2, 2), (3, 3), (7, 3)])
def test_conquete_defender_rolls_up_to_three_dice(variant, defenders, dice):
    """000 La conquête du monde, 'Combats' 2 and Note: the defender throws as many dice as the
    armies he engages, 'sans dépasser trois, bien entendu'."""
    match = position(
        variant, 3, {"alberta": 0, "ontario": 1}, {"alberta": 10, "ontario": defenders}
    )
    (rolled, *_) = roll(match, 0, "alberta", "ontario", (1, 1, 1), (6,) * dice)
    assert len(rolled.defender) == dice


DICE_EXAMPLES_003 = [
    # (1) 6, 1, 1 against 3: 'le défenseur perd une unité'.
    ((6, 1, 1), (3,), 0, 1),
    # (2) 6, 2, 2 (the text then speaks of 'le 1 de l'attaquant') against 3 and 2: each loses 1.
    ((6, 2, 2), (3, 2), 1, 1),
    ((6, 2, 1), (3, 2), 1, 1),
    # (3) 3 and 3 against 4 and 3: 'L'attaquant perd donc deux unités et le défenseur aucune.'
    ((3, 3), (4, 3), 2, 0),
    # (4) 6 against 5 and 3: 'ce dernier perd donc une unité'.
    ((6,), (5, 3), 0, 1),
]


@pytest.mark.parametrize(("attacker", "defender", "lost_a", "lost_d"), DICE_EXAMPLES_003)
def test_003_worked_dice_examples(attacker, defender, lost_a, lost_d):
    """003 Règles du RISK classique, 'Déterminer le sort de la bataille', Exemples (1)-(4):
    highest against highest, then second against second; ties to the defender; extra dice
    ignored."""
    match = position(
        "hasbro", 3, {"alberta": 0, "ontario": 1}, {"alberta": 10, "ontario": len(defender)}
    )
    (rolled, *_) = roll(match, 0, "alberta", "ontario", attacker, defender)
    assert rolled.attacker == tuple(sorted(attacker, reverse=True))
    assert rolled.defender == tuple(sorted(defender, reverse=True))
    assert (rolled.attacker_losses, rolled.defender_losses) == (lost_a, lost_d)
    assert match.armies[INDEX["alberta"]] == 10 - lost_a


DICE_EXAMPLES_000 = [
    # 'fait 6 et 1. Avec une seule armée, le défenseur réalise 3. Il perd 1 armée.'
    ((6, 1), (3,), 0, 1),
    # 3 against 2 armies: 'Chaque adversaire perd 1 armée' (faces not printed: chosen here).
    ((5, 3, 1), (4, 4), 1, 1),
    # 'A égalité de points, le défenseur l'emporte. L'attaquant, avec 3 armées contre 2, en
    # perd cependant 2' (faces chosen with ties).
    ((6, 4, 2), (6, 4), 2, 0),
    # 'Le défenseur malgré 2 dés contre 1 perd 1 armée.'
    ((5,), (4, 2), 0, 1),
    # 'A deux contre 2, l'assaillant perd cependant 2 armées en raison de l'égalité à 3.'
    ((5, 3), (6, 3), 2, 0),
]


@pytest.mark.parametrize(("attacker", "defender", "lost_a", "lost_d"), DICE_EXAMPLES_000)
def test_000_worked_dice_examples(attacker, defender, lost_a, lost_d):
    """000 Règle pour 3 à 6 joueurs, 'Deuxième temps: COMBATS', the five examples: each die
    compared 'séparément ... en commençant par le plus fort'; 'en cas d'égalité de points, le
    défenseur l'emporte même s'il lance moins de dés'."""
    match = position(
        "miro-missions", 3, {"alberta": 0, "ontario": 1}, {"alberta": 10, "ontario": len(defender)}
    )
    (rolled, *_) = roll(match, 0, "alberta", "ontario", attacker, defender)
    assert (rolled.attacker_losses, rolled.defender_losses) == (lost_a, lost_d)


CONQUETE_EXAMPLES = [
    # 'dés de l'assaillant : 5 3 2, dés du défenseur : 6 2': each loses one army.
    ((5, 3, 2), (6, 2), 1, 1),
    # '6 4 3' against '5': the defender loses his only army and the attacker occupies.
    ((6, 4, 3), (5,), 0, 1),
    # '6' against '6': 'C'est le défenseur qui gagne.'
    ((6,), (6,), 1, 0),
    # '6 2 2' against '5 4 2': the defender loses one army, the attacker two.
    ((6, 2, 2), (5, 4, 2), 2, 1),
]


@pytest.mark.parametrize(("attacker", "defender", "lost_a", "lost_d"), CONQUETE_EXAMPLES)
def test_conquete_worked_dice_examples(attacker, defender, lost_a, lost_d):
    """000 La conquête du monde, 'Combats' 3 b) and c): the four examples (three defence dice
    in the last one)."""
    match = position(
        "conquete-du-monde",
        3,
        {"alberta": 0, "ontario": 1},
        {"alberta": 10, "ontario": len(defender)},
    )
    events = roll(match, 0, "alberta", "ontario", attacker, defender)
    rolled = events[0]
    assert (rolled.attacker_losses, rolled.defender_losses) == (lost_a, lost_d)
    conquered = of_type(events, Conquered)
    assert bool(conquered) == (lost_d == len(defender))


@pytest.mark.parametrize("variant", ["hasbro", "miro-missions", "conquete-du-monde"])
def test_ties_go_to_the_defender(variant):
    """003 'IMPORTANT : en cas d'égalité entre deux scores, c'est le défenseur qui gagne';
    000 'en cas d'égalité de points, le défenseur l'emporte'."""
    match = position(variant, 3, {"alberta": 0, "ontario": 1}, {"alberta": 10, "ontario": 1})
    for face in range(1, 7):
        (rolled,) = roll(match, 0, "alberta", "ontario", (face,), (face,))
        assert (rolled.attacker_losses, rolled.defender_losses) == (1, 0)


# ============================================================================ occupation


@pytest.mark.parametrize("variant", ["hasbro", "miro-missions", "conquete-du-monde"])
@pytest.mark.parametrize("dice", [1, 2, 3])
def test_occupation_moves_at_least_the_dice_of_the_last_roll(variant, dice):
    """003 'Capter des territoires': 'déplacez au moins vers ce territoire un nombre d'unités
    égal au nombre de dés lancés dans la dernière attaque ... laisser dans le territoire de
    départ une unité au moins'; 000 'il occupe ce territoire avec les armées qu'il a
    effectivement engagées au dernier coup de dés' and may bring more."""
    match = position(variant, 3, {"alberta": 0, "ontario": 1}, {"alberta": 10, "ontario": 1})
    events = roll(match, 0, "alberta", "ontario", (6,) * dice, (1,))
    assert of_type(events, Conquered) == [Conquered(0, "alberta", "ontario", 1)]
    assert match.phase == "occupy"
    assert match.legal_actions(0) == (Occupy(Amount(dice, 9)),)
    for wrong in (dice - 1, 10):
        with pytest.raises(IllegalAction):
            match.apply(0, Occupy(wrong))
    (moved,) = match.apply(0, Occupy(dice + 1))
    assert moved == Moved("alberta", "ontario", dice + 1, "occupy")
    assert (match.armies[INDEX["alberta"]], match.armies[INDEX["ontario"]]) == (9 - dice, dice + 1)
    assert match.phase == "attack"


def test_occupation_is_automatic_when_only_the_dice_can_move():
    """003 'Capter des territoires': at least the dice of the last roll, one unit left behind:
    from 4 units with 3 dice, exactly 3 move."""
    match = position("hasbro", 3, {"alberta": 0, "ontario": 1}, {"alberta": 4, "ontario": 1})
    events = roll(match, 0, "alberta", "ontario", (6, 6, 6), (1,))
    assert of_type(events, Moved) == [Moved("alberta", "ontario", 3, "occupy")]
    assert match.phase == "attack"


def test_blitz_occupation_counts_the_dice_of_its_last_roll():
    """003 'Capter des territoires': the minimum is the dice of 'la dernière attaque', here
    the last roll of a series of rolls (000 'Combats' 4: 'en renouvelant ces engagements')."""
    match = position("hasbro", 3, {"alberta": 0, "ontario": 1}, {"alberta": 10, "ontario": 4})
    match.rng = Dice((6, 6, 6), (5, 5), (6, 6, 6), (1, 1))
    events = match.apply(0, Blitz("alberta", "ontario", 1))
    assert len(of_type(events, DiceRolled)) == 2
    assert match.legal_actions(0) == (Occupy(Amount(3, 9)),)


def test_winning_conquest_still_occupies_the_territory():
    """003 'Capter des territoires': 'Aussitôt que vous détruisez la dernière unité d'un
    territoire envahi, vous le capturez et devez l'occuper immédiatement' (with at least the
    dice of the last roll); 'Gagner la partie': capture the 42 territories. The final board
    must not show an empty territory."""
    match = position(
        "hasbro", 3, {"alberta": 0, "ontario": 1}, {"alberta": 4, "ontario": 1}, fill_owners=(0,)
    )
    events = roll(match, 0, "alberta", "ontario", (6, 6, 6), (1,))
    assert of_type(events, MatchEnded)[0].winners == (0,)
    assert match.armies[INDEX["ontario"]] >= 3
    assert match.armies[INDEX["alberta"]] >= 1


# ============================================================================ cards per turn


def two_conquests(match) -> None:
    for target in ("ontario", "northwest_territory"):
        roll(match, 0, "alberta", target, (6,), (1,))
        if match.phase == "occupy":
            match.apply(0, Occupy(1))


@pytest.mark.parametrize("variant", ON_CONQUEST_VARIANTS)
def test_one_card_at_the_end_of_a_turn_with_conquests(variant):
    """003 'Recevoir des cartes': 'A la fin d'un tour dans lequel vous avez capturé au moins
    un territoire, vous recevez une carte RISK (et une seule)'; 000 'S'il a conquis un ou
    plusieurs territoires, il n'omettra pas de prendre une carte au Talon (celle du
    dessus)'."""
    seats = seats_for(variant)
    match = position(
        variant,
        seats,
        {"alberta": 0, "ontario": 1, "northwest_territory": 1},
        {"alberta": 10},
        fill_owners=tuple(range(seats)),
    )
    two_conquests(match)
    top = WORLD.card_name(match.deck[-1])
    match.phase = "fortify"
    events = match.apply(0, END)
    assert of_type(events, CardDrawn) == [CardDrawn(0, top)]
    assert events.index(of_type(events, CardDrawn)[0]) < events.index(
        of_type(events, TurnStarted)[0]
    )
    assert len(match.hands[0]) == 1


@pytest.mark.parametrize("variant", ON_CONQUEST_VARIANTS)
def test_no_card_without_a_conquest(variant):
    """003 'Recevoir des cartes' and 000 'Combats': a card only after a conquest."""
    seats = seats_for(variant)
    match = position(
        variant,
        seats,
        {"alberta": 0, "ontario": 1},
        {"alberta": 10, "ontario": 5},
        fill_owners=tuple(range(seats)),
    )
    roll(match, 0, "alberta", "ontario", (6, 6, 6), (1, 1))
    events = next_turn(match, 0)
    assert of_type(events, CardDrawn) == [] and match.hands[0] == []


@pytest.mark.parametrize("variant", CONQUETE[:1])
def test_conquete_a_card_at_every_turn_and_none_for_conquests(variant):
    """000 La conquête du monde, 'Premier temps' a): 'Il reçoit une carte du dessus du Talon'
    at every turn, conquest or not (the deuxième règle replaces this by t % 4 cards)."""
    match = position(
        variant,
        3,
        {"alberta": 0, "ontario": 1, "northwest_territory": 1},
        {"alberta": 10},
        phase="fortify",
        seat=2,
    )
    events = next_turn(match, 2)
    assert len(of_type(events, CardDrawn)) == 1 and len(match.hands[0]) == 1
    match.apply(0, Place("alberta", match.pending))
    two_conquests(match)
    match.phase = "fortify"
    events = match.apply(0, END)
    assert [e.seat for e in of_type(events, CardDrawn)] == [1]  # seat 1's own turn card
    assert len(match.hands[0]) == 1


# ============================================================================ fortification


@pytest.mark.parametrize("variant", ONE_MOVE_VARIANTS)
def test_one_fortify_move_between_neighbours_ends_the_turn(variant):
    """003 'Consolider votre position': 'Votre tour de jeu se termine avec cette action';
    the two territories 'doivent être adjacents'; 'une unité au moins doit rester'; 000
    'Troisième temps': 'un autre territoire contigu'; 'Il ne peut faire qu'un seul
    déplacement'."""
    seats = seats_for(variant)
    match = position(
        variant,
        seats,
        {"alberta": 0, "ontario": 0, "brazil": 0},
        {"alberta": 5},
        phase="fortify",
        fill_owners=tuple(range(1, seats)),
    )
    legal = [a for a in match.legal_actions(0) if isinstance(a, Fortify)]
    assert Fortify("alberta", "ontario", Amount(1, 4)) in legal
    assert not any(a.target == "brazil" for a in legal)
    for wrong in (
        Fortify("alberta", "brazil", 1),
        Fortify("alberta", "ontario", 5),
        Fortify("alberta", "alaska", 1),
    ):
        with pytest.raises(IllegalAction):
            match.apply(0, wrong)
    events = match.apply(0, Fortify("alberta", "ontario", 4))
    assert events[0] == Moved("alberta", "ontario", 4, "fortify")
    assert of_type(events, TurnStarted)[0].seat == 1
    assert match.turn == 1


@pytest.mark.parametrize("variant", CONQUETE)
def test_conquete_several_moves_in_one_turn(variant):
    """000 La conquête du monde, 'Troisième temps': moves 'd'un territoire à un territoire
    immédiatement voisin', 'une partie de ses armées ou la totalité (sauf une)'; 'Il peut
    effectuer ces déplacements simultanément, en différents points du planisphère'; an army
    that moved does not move again."""
    match = position(
        variant,
        3,
        {
            "alberta": 0,
            "alaska": 0,
            "western_united_states": 0,
            "eastern_united_states": 0,
            "ontario": 1,
        },
        {"alaska": 3, "western_united_states": 4},
        phase="fortify",
    )
    legal = {
        (a.source, a.target): a.armies for a in match.legal_actions(0) if isinstance(a, Fortify)
    }
    assert legal[("western_united_states", "eastern_united_states")] == Amount(1, 3)
    assert legal[("alaska", "alberta")] == Amount(1, 2)
    match.apply(0, Fortify("western_united_states", "eastern_united_states", 3))
    assert match.phase == "fortify" and match.to_move() == (0,)
    match.apply(0, Fortify("alaska", "alberta", 2))
    assert match.phase == "fortify" and match.to_move() == (0,)
    with pytest.raises(IllegalAction):  # 3 moved in, 1 had not moved: 2 may not go on
        match.apply(0, Fortify("eastern_united_states", "western_united_states", 2))
    with pytest.raises(IllegalAction):  # no third move from an emptied territory
        match.apply(0, Fortify("western_united_states", "alberta", 1))
    events = match.apply(0, END)
    assert of_type(events, TurnStarted)[0].seat == 1


@pytest.mark.parametrize("variant", CONQUETE)
@pytest.mark.parametrize(
    ("armies", "attacker", "defender", "movable"),
    [
        (10, (6, 6, 6), (1, 1, 1), 7),  # 3 fought and stay: the 7 others may all move
        (10, (6, 2, 1), (5, 5, 5), 7),  # 3 fought, 2 died: 8 left, the 7 unfought may move
        (4, (6, 6, 6), (1, 1, 1), 1),  # 3 fought and stay: the 4th may move
    ],
)
def test_conquete_only_armies_that_did_not_fight_move(variant, armies, attacker, defender, movable):
    """000 La conquête du monde, 'Troisième temps': 'Il peut déplacer ainsi d'un territoire à
    un autre une partie de ses armées ou la totalité (sauf une) mais uniquement celles qui
    n'ont pas pris part au combat pendant ce tour de jouer'. The one army left behind may be
    one that fought, so every unfought army may move when a fought one stays."""
    match = position(
        variant, 3, {"alberta": 0, "alaska": 0, "ontario": 1}, {"alberta": armies, "ontario": 9}
    )
    roll(match, 0, "alberta", "ontario", attacker, defender)
    match.apply(0, END)
    assert match.phase == "fortify"
    legal = {
        (a.source, a.target): a.armies for a in match.legal_actions(0) if isinstance(a, Fortify)
    }
    assert legal.get(("alberta", "alaska")) == Amount(1, movable)
    with pytest.raises(IllegalAction):
        match.apply(0, Fortify("alberta", "alaska", movable + 1))
    match.apply(0, Fortify("alberta", "alaska", movable))


def fortify_amounts(match, seat: int = 0) -> dict:
    """The fortify moves listed for ``seat``, as {(source, target): Amount}."""
    return {
        (a.source, a.target): a.armies for a in match.legal_actions(seat) if isinstance(a, Fortify)
    }


@pytest.mark.parametrize("variant", CONQUETE)
def test_conquete_armies_carried_in_without_rolling_did_not_fight(variant):
    """000 La conquête du monde, 'Deuxième temps' 5: 'l'assaillant occupe le territoire
    attaqué avec toutes les armées qu'il a effectivement engagées au dernier coup de dés. De
    plus, il peut transporter dans le territoire conquis autant d'armées qu'il le désire';
    'Troisième temps': only those 'qui n'ont pas pris part au combat' move. 10 armies win
    three one-die rolls (3 fought) and carry 7 in: the last roll's army fought, the 6 others
    carried did not; the 2 armies of the earlier rolls stay behind (RULES.md)."""
    match = position(
        variant,
        3,
        {"alberta": 0, "alaska": 0, "ontario": 1, "quebec": 0},
        {"alberta": 10, "ontario": 3},
    )
    roll(match, 0, "alberta", "ontario", (6,), (1, 1, 1))
    roll(match, 0, "alberta", "ontario", (6,), (1, 1))
    events = roll(match, 0, "alberta", "ontario", (6,), (1,))
    assert of_type(events, Conquered) and match.phase == "occupy"
    match.apply(0, Occupy(7))
    assert (match.armies[INDEX["alberta"]], match.armies[INDEX["ontario"]]) == (3, 7)
    match.apply(0, END)
    legal = fortify_amounts(match)
    assert legal[("ontario", "quebec")] == legal[("ontario", "alberta")] == Amount(1, 6)
    assert legal[("alberta", "alaska")] == Amount(1, 1)
    match.apply(0, Fortify("ontario", "quebec", 6))
    with pytest.raises(IllegalAction):  # the one that fought stays
        match.apply(0, Fortify("ontario", "alberta", 1))


@pytest.mark.parametrize("variant", CONQUETE)
def test_conquete_every_army_that_rolled_fought(variant):
    """000 La conquête du monde, 'Deuxième temps' 2: the attacker 'jette autant de dés qu'il
    engage d'armée (3 au maximum)' and 'pourra attaquer plusieurs fois de suite'. 30 armies
    roll three dice five times and lose 2, 1, 1, 1, 2: 15 armies rolled, the 7 lost among
    them, so 8 of the 23 left fought and 15 may move (RULES.md, 'Armies that fought')."""
    match = position(
        variant, 3, {"alberta": 0, "alaska": 0, "ontario": 1}, {"alberta": 30, "ontario": 30}
    )
    for attacker in ((6, 1, 1), (6, 6, 1), (6, 6, 1), (6, 6, 1), (6, 1, 1)):
        roll(match, 0, "alberta", "ontario", attacker, (5, 5, 5))
    assert (match.armies[INDEX["alberta"]], match.armies[INDEX["ontario"]]) == (23, 22)
    match.apply(0, END)
    assert fortify_amounts(match)[("alberta", "alaska")] == Amount(1, 15)
    with pytest.raises(IllegalAction):
        match.apply(0, Fortify("alberta", "alaska", 16))


@pytest.mark.parametrize("variant", CONQUETE)
def test_conquete_fighters_are_at_most_the_armies_there(variant):
    """000 La conquête du monde: armies that rolled again and again are counted once; once
    every army of a territory fought, none of them may move (RULES.md)."""
    match = position(
        variant, 3, {"alberta": 0, "alaska": 0, "ontario": 1}, {"alberta": 5, "ontario": 9}
    )
    roll(match, 0, "alberta", "ontario", (6, 6, 6), (5, 5, 5))
    roll(match, 0, "alberta", "ontario", (6, 6, 6), (5, 5, 5))
    match.apply(0, END)
    assert ("alberta", "alaska") not in fortify_amounts(match)


@pytest.mark.parametrize("variant", CONQUETE)
def test_conquete_fighters_go_along_when_the_source_keeps_too_few(variant):
    """000 La conquête du monde, 'Deuxième temps' 5: carrying in more armies than the source
    has unfought ones takes fighters along, and they still fought: 6 armies, 4 fought (3 then
    1), 5 carried in; 1 stays behind (a fighter), 3 of the 5 carried fought (RULES.md)."""
    match = position(
        variant,
        3,
        {"alberta": 0, "ontario": 1, "quebec": 0},
        {"alberta": 6, "ontario": 4},
    )
    roll(match, 0, "alberta", "ontario", (6, 6, 6), (5, 5, 5))
    roll(match, 0, "alberta", "ontario", (6,), (1,))
    match.apply(0, Occupy(5))
    match.apply(0, END)
    assert fortify_amounts(match)[("ontario", "quebec")] == Amount(1, 2)


@pytest.mark.parametrize("variant", CONQUETE)
def test_conquete_armies_that_conquered_may_not_move_again(variant):
    """000 La conquête du monde, 'Troisième temps': 'uniquement celles qui n'ont pas pris part
    au combat pendant ce tour de jouer'."""
    match = position(
        variant, 3, {"alberta": 0, "ontario": 1, "quebec": 0}, {"alberta": 10, "ontario": 1}
    )
    roll(match, 0, "alberta", "ontario", (6, 6, 6), (1,))
    match.apply(0, Occupy(3))
    match.apply(0, END)
    legal = {
        (a.source, a.target): a.armies for a in match.legal_actions(0) if isinstance(a, Fortify)
    }
    assert ("ontario", "quebec") not in legal
    assert legal[("alberta", "ontario")] == Amount(1, 6)


# ============================================================================ protection


@pytest.mark.parametrize("variant", PROTECTED)
def test_no_elimination_before_the_end_of_the_fourth_round(variant):
    """000 Règle pour 3 à 6 joueurs, 'Fin d'un combattant': 'Cette fin dramatique ne doit pas
    survenir avant la fin du quatrième tour de jeu'; La conquête du monde: 'on ne peut pas
    éliminer un joueur ... avant la fin du quatrième tour'."""
    seats = seats_for(variant)
    fill = (0, NEUTRAL) if seats == 2 else (0, 2)
    match = position(
        variant,
        seats,
        {"alberta": 0, "ontario": 1},
        {"alberta": 5, "ontario": 1},
        fill_owners=fill,
        round=4,
    )
    assert not any(getattr(a, "target", None) == "ontario" for a in match.legal_actions(0))
    for action in (Attack("alberta", "ontario", 1), Blitz("alberta", "ontario", 1)):
        with pytest.raises(IllegalAction):
            match.apply(0, action)
    match.round = 5
    assert Attack("alberta", "ontario", Amount(1, 3)) in match.legal_actions(0)
    events = roll(match, 0, "alberta", "ontario", (6,), (1,))
    assert of_type(events, Eliminated)[0].seat == 1


def test_hasbro_may_eliminate_in_the_first_round():
    """003 'Éliminer un adversaire': no delay is written in the Hasbro rules."""
    match = position(
        "hasbro", 3, {"alberta": 0, "ontario": 1}, {"alberta": 5}, fill_owners=(0, 2), round=1
    )
    events = roll(match, 0, "alberta", "ontario", (6,), (1,))
    assert of_type(events, Eliminated) == [Eliminated(1, 0, 0)]


# ============================================================================ l'allié (000)


def test_allie_gets_half_the_movers_gain_placed_by_the_opponent():
    """000 Règle pour 2 joueurs, 'Renforts' and 'Opérations avec l'allié': a player gains 9
    armies, l'allié 'en obtient automatiquement la moitié : 9 : 2 = 4', placed 'par
    l'adversaire' on allied territories after the mover's attacks (1); the opponent may then
    counter-attack with them (2); then the mover resumes 'avec ses propres forces' (3)."""
    match = position(
        "miro-2p",
        2,
        dict.fromkeys(SCATTER[:15], 0),
        fill_owners=(1, NEUTRAL),
        phase="fortify",
        seat=1,
    )
    artillery = foreign_cards(match, 0, "artillery", 3)
    give_cards(match, 0, artillery)
    started = turn_start(match, 1)
    assert started.reinforcements == 5
    assert match.apply(0, TradeCards(tuple(artillery)))[0].armies == 4
    assert match.pending == 9
    match.apply(0, Place(SCATTER[0], 9))
    assert match.phase == "attack" and match.to_move() == (0,)
    match.apply(0, END)
    # (2) B places the allié's 4 armies, on allied territories only.
    assert match.phase == "ally_place" and match.to_move() == (1,)
    view = match.observation(1)
    assert (view.acting_for, view.armies_to_place) == (NEUTRAL, 4)
    legal = match.legal_actions(1)
    assert {match.owner[INDEX[a.territory]] for a in legal} == {NEUTRAL}
    assert {a.armies for a in legal} == {Amount(1, 4)}
    with pytest.raises(IllegalAction):
        match.apply(1, Place(IDS[match.owned[1][0]], 1))
    ally = IDS[match.owned[NEUTRAL][0]]
    before = match.armies[INDEX[ally]]
    (placed,) = match.apply(1, Place(ally, 4))
    assert placed == Placed(1, NEUTRAL, ally, 4)
    assert match.armies[INDEX[ally]] == before + 4
    assert match.phase == "ally_attack" and match.to_move() == (1,)
    match.apply(1, END)
    # (3) A resumes with its own forces; no second allié step this turn.
    assert match.phase == "attack" and match.to_move() == (0,)
    match.apply(0, END)
    assert match.phase == "fortify" and match.to_move() == (0,)


def test_allie_never_attacks_the_territories_of_the_seat_using_it():
    """000 Règle pour 2 joueurs, 'Précisions': 'On n'attaque jamais ses propres territoires
    avec les armées alliées'."""
    match = position(
        "miro-2p",
        2,
        {"ontario": NEUTRAL, "alberta": 0, "quebec": 1},
        {"ontario": 6},
        phase="ally_attack",
        seat=0,
    )
    assert match.to_move() == (1,)
    targets = {
        match.owner[INDEX[a.target]] for a in match.legal_actions(1) if isinstance(a, Attack)
    }
    assert targets == {0}
    assert Attack("ontario", "alberta", Amount(1, 3)) in match.legal_actions(1)
    with pytest.raises(IllegalAction):
        match.apply(1, Attack("ontario", "quebec", 1))
    events = roll(match, 1, "ontario", "alberta", (6, 6, 6), (1,))
    assert of_type(events, Conquered) == [Conquered(NEUTRAL, "ontario", "alberta", 0)]


def test_no_card_through_the_allie():
    """000 Règle pour 2 joueurs, 'Précisions': 'On n'obtient pas de cartes de territoires par
    le truchement de l'allié.'"""
    match = position(
        "miro-2p",
        2,
        {"ontario": NEUTRAL, "alberta": 0},
        {"ontario": 6},
        phase="ally_attack",
        seat=0,
    )
    roll(match, 1, "ontario", "alberta", (6, 6, 6), (1,))
    match.apply(1, Occupy(3))
    match.apply(1, END)
    match.apply(0, END)
    events = match.apply(0, END)
    assert of_type(events, CardDrawn) == []
    assert match.hands == [[], []]


def test_taking_an_allied_territory_gives_a_card():
    """000 Règle pour 2 joueurs, 'Précisions': 'chaque fois qu'on prend un ou plusieurs
    territoires alliés, on tire une carte au Talon (celle du dessus)'."""
    match = position(
        "miro-2p", 2, {"ontario": NEUTRAL, "alberta": 0}, {"alberta": 6}, fill_owners=(0, 1), seat=0
    )
    roll(match, 0, "alberta", "ontario", (6, 6, 6), (1,))
    match.apply(0, Occupy(3))
    match.apply(0, END)  # no allied territory left: no allié step
    assert match.phase == "fortify"
    events = match.apply(0, END)
    assert [e.seat for e in of_type(events, CardDrawn)] == [0]


def test_no_allie_step_once_the_allie_is_destroyed():
    """000 Règle pour 2 joueurs, 'Vainqueur': 'Si les forces alliées sont complètement
    détruites, elles ne peuvent plus obtenir de renforts. La partie continue alors entre les
    deux joueurs selon les règles habituelles.'"""
    match = position("miro-2p", 2, fill_owners=(0, 1), seat=0, gain=9)
    match.apply(0, END)
    assert match.phase == "fortify" and match.to_move() == (0,)


# ============================================================================ neutral (003)


def test_hasbro_neutral_army_never_attacks_nor_is_reinforced():
    """003 Règles du RISK classique pour 2 joueurs, 'Renforts': 'L'armée « neutre » ne peut
    jamais attaquer ni recevoir de renforts en cours de partie'."""
    match = new_match("hasbro", 2, seed=11)
    finish_setup(match)
    neutral = armies_of(match, NEUTRAL)
    events = play_random(match, seed=12, max_actions=3000)
    assert len(of_type(events, DiceRolled)) > 100
    for event in events:
        if isinstance(event, Placed):
            assert event.owner != NEUTRAL
        if isinstance(event, Conquered):
            assert event.owner != NEUTRAL
        if isinstance(event, TurnStarted):
            assert event.seat in (0, 1)
    assert armies_of(match, NEUTRAL) <= neutral


def test_hasbro_neutral_has_no_step_after_the_attacks():
    """003 Règles du RISK classique pour 2 joueurs, 'Renforts': the neutral never acts: after
    the attacks comes the mover's consolidation."""
    match = position("hasbro", 2, {"ontario": NEUTRAL}, fill_owners=(0, 1, NEUTRAL), gain=9)
    match.apply(0, END)
    assert match.phase == "fortify" and match.to_move() == (0,)


# ============================================================================ missions (000)


def test_missions_are_dealt_secretly():
    """000 Règle pour 3 à 6 joueurs, 'Préparation': the referee 'donne, au hasard et face
    cachée, une carte d'objectif à chacun'; the objective is kept secret ('qu'il tient
    secret')."""
    match = new_match("miro-missions", 4, seed=3)
    dealt = of_type(match.setup_events, MissionDealt)
    assert [e.seat for e in dealt] == [0, 1, 2, 3]
    ids = {m.id for m in mission_cards.ALL}
    for event in dealt:
        assert event.mission in ids
        assert event.private_to == event.seat
        for seat in range(4):
            seen = visible_event(event, seat)
            assert seen.mission == (event.mission if seat == event.seat else "")
        assert visible_event(event, None).mission == ""
    for seat in range(4):
        assert match.observation(seat).mission.id == mission_cards.ALL[match.mission[seat]].id
    assert len({e.mission for e in dealt}) == 4


def test_destroying_ones_own_colour_becomes_twenty_four_territories():
    """000 mission cards 'Vous devez détruire les armées X. Si vous êtes vous-même le
    propriétaire des armées X ... votre but devient automatiquement de conquérir 24
    territoires.' (seat 0 yellow, 1 red, 2 blue, 3 black, 4 purple, 5 green)."""
    found = 0
    for seed in range(300):
        match = new_match("miro-missions", 3, seed)
        for event in of_type(match.setup_events, MissionDealt):
            own = f"m_destroy_{mission_cards.COLOURS[event.seat]}"
            if event.mission == own:
                found += 1
                assert MissionChanged(event.seat, "fallback_24") in match.setup_events
                view = match.observation(event.seat).mission
                assert view.id == "fallback_24" and "24 territoires" in view.text_fr
            elif event.mission.startswith("m_destroy_"):
                assert mission_cards.ALL[match.mission[event.seat]].id == event.mission
    assert found > 10


def test_destroy_cards_of_absent_colours_are_removed_by_default():
    """000 'Préparation' deals among the cards in play; option absent_colour_missions (default
    'removed'): a destroy card of a colour nobody plays is not dealt; with
    '24_territories' it is dealt and worth 24 territories."""
    absent = {f"m_destroy_{c}" for c in mission_cards.COLOURS[3:]}
    for seed in range(200):
        dealt = of_type(new_match("miro-missions", 3, seed).setup_events, MissionDealt)
        assert not {e.mission for e in dealt} & absent
    changed = 0
    for seed in range(200):
        match = new_match("miro-missions", 3, seed, absent_colour_missions="24_territories")
        for event in of_type(match.setup_events, MissionDealt):
            if event.mission in absent:
                changed += 1
                assert MissionChanged(event.seat, "fallback_24") in match.setup_events
    assert changed > 10


def destroy_red_position(options=None, eliminator: int = 2, mission: str = "m_destroy_red"):
    """Seat 1 (red) holds only Ontario; ``eliminator`` attacks it from Alberta; seat 0's
    mission is to destroy the red armies (or ``mission``)."""
    match = position(
        "miro-missions",
        3,
        {"alberta": eliminator, "ontario": 1},
        {"alberta": 2},
        fill_owners=(0, 2),
        seat=eliminator,
        options=options,
        missions={0: mission, 1: "m24", 2: "m24"},
    )
    return match, roll(match, eliminator, "alberta", "ontario", (6,), (1,))


def test_target_colour_eliminated_by_another_becomes_twenty_four_territories():
    """000 mission cards: 'si le joueur qui en est propriétaire est éliminé par un autre
    joueur, votre but devient automatiquement de conquérir 24 territoires' (option
    destroyed_by_other, default '24_territories')."""
    match, events = destroy_red_position()
    assert MissionChanged(0, "fallback_24") in events
    assert not match.is_over()
    assert match.observation(0).mission.id == "fallback_24"


def test_a_changed_mission_is_shown_to_its_seat_only():
    """000 'But du jeu': each has 'un objectif particulier qu'il tient secret', shown at the
    end only ('Il justifie sa victoire en découvrant sa carte'). A MissionChanged always means
    24 territories, so no other seat nor spectator is shown it, at the set-up or in play: they
    see the same events whether a mission changed or not."""
    changed = 0
    for seed in range(60):
        match = new_match("miro-missions", 4, seed)
        for viewer in (*range(4), None):
            shown = of_type(visible_events(match.setup_events, viewer), MissionChanged)
            mine = [e for e in of_type(match.setup_events, MissionChanged) if e.seat == viewer]
            assert shown == mine
            changed += len(mine)
        public = visible_events(match.setup_events, None)
        assert all(visible_events(match.setup_events, s) != public for s in range(4))
    assert changed > 10

    (destroyer, events), (_, plain) = destroy_red_position(), destroy_red_position(mission="m24")
    assert destroyer.observation(0).mission.id == "fallback_24"
    assert MissionChanged(0, "fallback_24") in visible_events(events, 0)
    assert not of_type(visible_events(plain, 0), MissionChanged)
    for viewer in (1, 2, None):
        assert visible_events(events, viewer) == visible_events(plain, viewer)


def test_target_colour_eliminated_by_another_completes_the_mission_with_the_option():
    """Option destroyed_by_other='completed' (the Hasbro US secret-mission rule): another
    player wiping out your target colour accomplishes your mission at once."""
    match, events = destroy_red_position({"destroyed_by_other": "completed"})
    assert match.is_over()
    assert of_type(events, MatchEnded) == [
        MatchEnded("mission_accomplished", (0,), "m_destroy_red")
    ]


def test_eliminating_the_target_colour_wins_at_once():
    """000 'Le vainqueur': 'celui qui, le premier, a réalisé l'objectif assigné' — here
    'détruire les armées rouges' — wins and shows his card."""
    match, events = destroy_red_position(eliminator=0)
    assert match.is_over() and match.result().winners == (0,)
    assert of_type(events, MatchEnded)[0].mission == "m_destroy_red"


def test_continent_mission_wins_on_the_conquest_itself():
    """000 'Le vainqueur': the first to fulfil the objective wins, at once (the turn does not
    go on)."""
    held = [*territories_of("north_america"), *territories_of("oceania")[:-1]]
    match = position(
        "miro-missions",
        3,
        {**dict.fromkeys(held, 0), "eastern_australia": 1},
        {"western_australia": 5},
        fill_owners=(1, 2),
        missions={0: "m_na_oc", 1: "m24", 2: "m24"},
    )
    events = roll(match, 0, "western_australia", "eastern_australia", (6, 6, 6), (1,))
    assert of_type(events, MatchEnded) == [MatchEnded("mission_accomplished", (0,), "m_na_oc")]
    assert match.is_over() and match.to_move() == ()
    with pytest.raises(MatchOver):
        match.apply(0, END)


def test_territory_mission_wins_when_the_last_army_is_placed():
    """000 mission 'conquérir 18 territoires et occuper chacun d'eux avec deux armées au
    moins': met as soon as the placement makes it true."""
    held = SCATTER[:18]
    armies = dict.fromkeys(held[1:], 2)
    match = position(
        "miro-missions",
        3,
        dict.fromkeys(held, 0),
        armies,
        fill_owners=(1, 2),
        phase="place",
        pending=3,
        missions={0: "m18x2", 1: "m24", 2: "m24"},
    )
    events = match.apply(0, Place(held[0], 1))
    assert of_type(events, MatchEnded) == [MatchEnded("mission_accomplished", (0,), "m18x2")]


def test_two_continents_and_a_third_of_ones_choice_mission():
    """000 mission 'conquérir en totalité l'Europe et l'Amérique du sud plus un troisième
    continent au choix': Europe and South America are not enough; Oceania as the third wins
    at once."""
    held = [
        *territories_of("europe"),
        *territories_of("south_america"),
        *territories_of("oceania")[:-1],
    ]
    match = position(
        "miro-missions",
        3,
        {**dict.fromkeys(held, 0), "eastern_australia": 1},
        {"western_australia": 5},
        fill_owners=(1, 2),
        missions={0: "m_eu_sa_x", 1: "m24", 2: "m24"},
    )
    match.phase = "place"
    match.pending = 1
    match.apply(0, Place("iceland", 1))
    assert not match.is_over()
    events = roll(match, 0, "western_australia", "eastern_australia", (6, 6, 6), (1,))
    assert of_type(events, MatchEnded) == [MatchEnded("mission_accomplished", (0,), "m_eu_sa_x")]


def test_twenty_four_territories_mission_wins_with_the_twenty_fourth():
    """000 mission 'Vous devez conquérir 24 territoires aux choix': met when the 24th
    territory is taken and occupied."""
    held = [t for t in SCATTER if t != "ontario"][:23]
    assert "alberta" in held
    match = position(
        "miro-missions",
        3,
        {**dict.fromkeys(held, 0), "ontario": 1},
        {"alberta": 10},
        fill_owners=(1, 2),
        missions={0: "m24", 1: "m18x2", 2: "m18x2"},
    )
    events = roll(match, 0, "alberta", "ontario", (6, 6, 6), (1,))
    assert not match.is_over() and match.phase == "occupy"
    events = match.apply(0, Occupy(3))
    assert of_type(events, MatchEnded) == [MatchEnded("mission_accomplished", (0,), "m24")]
    assert match.armies[INDEX["ontario"]] == 3


@pytest.mark.parametrize("variant", ["hasbro", "miro-2p"])
def test_two_players_win_without_destroying_the_third_force(variant):
    """003 Règles du RISK classique pour 2 joueurs, 'Gagner la partie': 'Vous n'avez pas besoin
    d'éliminer les forces « neutres » pour l'emporter'; 000 Règle pour 2 joueurs,
    'Vainqueur': 'celui qui a conquis tous les territoires de l'autre'."""
    match = position(
        variant, 2, {"alberta": 0, "ontario": 1}, {"alberta": 5}, fill_owners=(0, NEUTRAL)
    )
    events = roll(match, 0, "alberta", "ontario", (6,), (1,))
    assert match.is_over() and match.result().winners == (0,)
    assert of_type(events, MatchEnded)[0].winners == (0,)
    assert match.owned[NEUTRAL]


def test_an_eliminated_player_has_no_more_turns():
    """000 'Fin d'un combattant': 'il l'élimine du jeu définitivement'; 003 'celui-ci est
    éliminé de la partie'."""
    match = position(
        "miro-domination", 3, {"alberta": 0, "ontario": 1}, {"alberta": 5}, fill_owners=(0, 2)
    )
    roll(match, 0, "alberta", "ontario", (6,), (1,))
    assert match.alive == [True, False, True]
    started = turn_start(match, 0)
    assert started.seat == 2
    assert turn_start(match, 2).seat == 0


@pytest.mark.parametrize("variant", ["hasbro", "miro-missions", "conquete-du-monde"])
def test_a_conquered_territory_is_an_immediate_base(variant):
    """000 'Combats': 'Il a le droit de se servir immédiatement du territoire qu'il vient de
    prendre comme base de départ pour un nouvel assaut'; 003 'il est généralement avantageux
    d'avancer ... d'où elle pourra immédiatement lancer de nouvelles attaques'."""
    match = position(
        variant, 3, {"alberta": 0, "ontario": 1, "quebec": 2}, {"alberta": 10, "ontario": 1}
    )
    roll(match, 0, "alberta", "ontario", (6, 6, 6), (1,))
    match.apply(0, Occupy(5))
    assert Attack("ontario", "quebec", Amount(1, 3)) in match.legal_actions(0)
    (rolled, *_) = roll(match, 0, "ontario", "quebec", (6, 6, 6), (1,))
    assert rolled.defender_losses == 1


@pytest.mark.parametrize("seed", range(6))
def test_conquete_rounds_start_with_the_first_player(seed):
    """000 La conquête du monde: the player after the last one dealt 'ouvrira la deuxième
    phase'; a round ('tour de jeu', counted for 'avant la fin du quatrième tour') is one turn
    of each player from him."""
    match = new_match("conquete-du-monde", 4, seed)
    turns = []
    while len(turns) < 9:
        (seat,) = match.to_move()
        if match.phase == "place":
            legal = match.legal_actions(seat)
            action = next((a for a in legal if isinstance(a, Place)), legal[0])
            if isinstance(action, Place):
                action = Place(action.territory, action.armies.high)
        else:
            action = END
        for event in match.apply(seat, action):
            if isinstance(event, TurnStarted):
                turns.append((event.seat, event.round))
    (first,) = of_type(match.setup_events, TurnStarted)
    turns.insert(0, (first.seat, first.round))
    expected = [((first.seat + i) % 4, 1 + i // 4) for i in range(10)]
    assert turns == expected


# ============================================================================ illegal actions


def _fresh_claim():
    return new_match("hasbro", 3, 1)


def _place():
    return position("hasbro", 3, {"alberta": 0, "ontario": 1}, phase="place", pending=3)


def _attack():
    return position(
        "hasbro",
        3,
        {"alberta": 0, "ontario": 1, "alaska": 0, "brazil": 1},
        {"alberta": 5, "ontario": 2},
    )


def _fortify():
    return position(
        "hasbro",
        3,
        {"alberta": 0, "ontario": 0, "brazil": 0, "alaska": 1},
        {"alberta": 5},
        phase="fortify",
    )


def _occupy():
    match = position("hasbro", 3, {"alberta": 0, "ontario": 1}, {"alberta": 10})
    roll(match, 0, "alberta", "ontario", (6, 6), (1,))
    match.rng = random.Random(5)
    return match


def _cards():
    match = position("hasbro", 3, phase="place", pending=3)
    give_cards(
        match, 0, [*foreign_cards(match, 0, "infantry", 2), *foreign_cards(match, 0, "cavalry", 1)]
    )
    return match


def _forced():
    match = position("hasbro", 3, phase="fortify", seat=2)
    give_cards(
        match, 0, [*foreign_cards(match, 0, "infantry", 3), *foreign_cards(match, 0, "cavalry", 2)]
    )
    next_turn(match, 2)
    return match


def _ally_place():
    return position(
        "miro-2p", 2, {"ontario": NEUTRAL, "alberta": 0, "quebec": 1}, phase="ally_place", pending=2
    )


def _ally_attack():
    return position(
        "miro-2p",
        2,
        {"ontario": NEUTRAL, "alberta": 0, "quebec": 1},
        {"ontario": 6},
        phase="ally_attack",
    )


def _protected():
    return position(
        "miro-missions",
        3,
        {"alberta": 0, "ontario": 1},
        {"alberta": 5},
        fill_owners=(0, 2),
        round=3,
    )


def _over():
    match = position(
        "miro-missions",
        3,
        {"alberta": 0, "ontario": 1},
        {"alberta": 2},
        fill_owners=(0, 2),
        missions={0: "m_destroy_red", 1: "m24", 2: "m24"},
    )
    roll(match, 0, "alberta", "ontario", (6,), (1,))
    match.rng = random.Random(5)
    assert match.is_over()
    return match


ILLEGAL = {
    "claim a held territory": (_fresh_claim, [(0, Claim("alaska"))], 1, Claim("alaska")),
    "claim an unknown territory": (_fresh_claim, [], 0, Claim("atlantis")),
    "not this seat's decision": (_fresh_claim, [], 1, Claim("alaska")),
    "place during the claim": (_fresh_claim, [], 0, Place("alaska", 1)),
    "place on another's territory": (_place, [], 0, Place("ontario", 1)),
    "place more than received": (_place, [], 0, Place("alberta", 4)),
    "place zero armies": (_place, [], 0, Place("alberta", 0)),
    "place a boolean": (_place, [], 0, Place("alberta", True)),
    "end placing with armies left": (_place, [], 0, EndPhase()),
    "attack while placing": (_place, [], 0, Attack("alberta", "ontario", 1)),
    "attack a non-neighbour": (_attack, [], 0, Attack("alberta", "brazil", 1)),
    "attack one's own territory": (_attack, [], 0, Attack("alberta", "alaska", 1)),
    "attack from another's territory": (_attack, [], 0, Attack("ontario", "alberta", 1)),
    "attack from one army": (_attack, [], 0, Attack("alaska", "kamchatka", 1)),
    "attack with four dice": (_attack, [], 0, Attack("alberta", "ontario", 4)),
    "attack with a text amount": (_attack, [], 0, Attack("alberta", "ontario", "3")),
    "blitz keeping every army": (_attack, [], 0, Blitz("alberta", "ontario", 5)),
    "place while attacking": (_attack, [], 0, Place("alberta", 1)),
    "fortify while attacking": (_attack, [], 0, Fortify("alberta", "alaska", 1)),
    "occupy with no conquest": (_attack, [], 0, Occupy(1)),
    "occupy below the dice": (_occupy, [], 0, Occupy(1)),
    "occupy with every army": (_occupy, [], 0, Occupy(10)),
    "end the turn before occupying": (_occupy, [], 0, EndPhase()),
    "fortify a non-neighbour": (_fortify, [], 0, Fortify("alberta", "brazil", 1)),
    "fortify into an enemy": (_fortify, [], 0, Fortify("alberta", "alaska", 1)),
    "fortify every army": (_fortify, [], 0, Fortify("alberta", "ontario", 5)),
    "fortify from one army": (_fortify, [], 0, Fortify("ontario", "alberta", 1)),
    "trade cards not held": (_cards, [], 0, TradeCards(("alaska", "alberta", "greenland"))),
    "trade a non-set": (_cards, [], 0, None),
    "trade one card three times": (_cards, [], 0, None),
    "trade while attacking": (_attack, [], 0, TradeCards(("alaska", "peru", "argentina"))),
    "place before the forced trade": (_forced, [], 0, None),
    "end before the forced trade": (_forced, [], 0, EndPhase()),
    "allié placing on own territory": (_ally_place, [], 1, Place("quebec", 1)),
    "allié placing more than its share": (_ally_place, [], 1, Place("ontario", 3)),
    "allié ending before placing": (_ally_place, [], 1, EndPhase()),
    "allié attacking its user": (_ally_attack, [], 1, Attack("ontario", "quebec", 1)),
    "mover acting in the allié step": (_ally_attack, [], 0, EndPhase()),
    "eliminating before round 5": (_protected, [], 0, Attack("alberta", "ontario", 1)),
    "acting after the end": (_over, [], 0, EndPhase()),
    "a string for an action": (_attack, [], 0, "Attack"),
    "a number for an action": (_attack, [], 0, 42),
}


def _action_for(name: str, match):
    hand = [WORLD.card_name(c) for c in match.hands[0]]
    if name == "trade a non-set":
        return TradeCards(tuple(hand))
    if name == "trade one card three times":
        return TradeCards((hand[0],) * 3)
    if name == "place before the forced trade":
        return Place(IDS[match.owned[0][0]], 1)
    raise KeyError(name)


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_actions_raise_and_leave_the_match_unchanged(name):
    """engines/core/contract.py, Match.apply: an illegal action raises IllegalAction with a
    reason and leaves the match unchanged (the books' rules decide what is legal)."""
    build, before_actions, seat, action = ILLEGAL[name]
    match = build()
    for s, a in before_actions:
        match.apply(s, a)
    if action is None:
        action = _action_for(name, match)
    assert action not in match.legal_actions(seat)
    state = match.snapshot()
    with pytest.raises(IllegalAction) as raised:
        match.apply(seat, action)
    assert raised.value.reason and raised.value.seat == seat
    if name == "acting after the end":
        assert isinstance(raised.value, MatchOver)
    assert match.snapshot() == state


@pytest.mark.parametrize("seat", [-1, 3, True, "0", None, 1.0])
def test_a_seat_not_in_the_match_is_refused_and_changes_nothing(seat):
    """engines/core/contract.py, Match.apply: an action of a seat not in the match raises
    IllegalAction, like any illegal action, and leaves the match unchanged."""
    match = _attack()
    state = match.snapshot()
    with pytest.raises(IllegalAction) as raised:
        match.apply(seat, EndPhase())
    assert raised.value.reason and raised.value.seat == seat
    assert match.snapshot() == state


def test_the_end_reasons_are_the_books_endings_and_the_step_limit():
    """003 "Gagner la partie" and 000 "Fin de partie": the whole world; the 2-player rules
    (003, 000): the opponent's last territory; 000 "Le vainqueur": a mission; then the step
    limit (RULES.md). The codes are the ones results have always carried."""
    assert GAME.end_reasons == (
        "world_conquered",
        "opponent_eliminated",
        "mission_accomplished",
        "step_limit",
    )


@pytest.mark.parametrize("version", ["risk-1.2.0", "risk-1.1.0"])
def test_cards_drawn_at_once_show_in_card_order(version):
    """000 Conquête "deuxième règle" draws several cards at once: the engine shows them in
    card order, the deck's order being nobody's to know (risk-1.1.0, kept for its replays,
    showed the order they were drawn in)."""
    match = new_match("conquete-du-monde-proportional", 3, 0, version=version)
    match.deck = [WORLD.card_index(name) for name in ("peru", "alaska", "ural")]
    events: list = []
    assert match._draw(0, 3, events) == 3
    drawn = [event.card for event in events]
    assert drawn == (
        ["alaska", "peru", "ural"] if version == "risk-1.2.0" else ["ural", "alaska", "peru"]
    )
