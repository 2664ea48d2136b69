"""One test per rule of Risk : la colonisation (seed 004), each citing the book's section and,
for the gaps the book leaves, the decision of ``shared/specs/colonisation.md`` (C1-C23) that
the engine builds (RULES.md).

Positions are written directly (:func:`arrange`) and the dice scripted (:func:`script`), so
each rule is seen on the rolls the book names.
"""

from __future__ import annotations

import pytest
from colonisation_helpers import (
    BLACK,
    BLUE,
    RED,
    YELLOW,
    armies,
    arrange,
    idx,
    new_match,
    of_type,
    owner,
    play_random,
    script,
    war,
)

from engines.colonisation.actions import (
    ArrangeSchool,
    Bid,
    BuildSchool,
    ChooseHome,
    Continue,
    DiplomatAct,
    DiplomatMove,
    EndTurn,
    Engage,
    GeneralMove,
    Move,
    Produce,
    Stop,
    Support,
)
from engines.colonisation.board import WORLD
from engines.colonisation.events import (
    BidPlaced,
    CardsRevealed,
    ColumnsRevealed,
    Eliminated,
    ExtraYearRolled,
    HomeSettled,
    HostileRising,
    LotSold,
    Moved,
    Produced,
    SchoolArranged,
    Scored,
    Troubles,
    TurnEnded,
    VirginEntered,
    WarEnded,
    WarRound,
    YearStarted,
)
from engines.colonisation.match import VERSION, VERSION_1_0, ColonisationMatch
from engines.colonisation.variants import MILITARY, OFFICER, POLITICAL
from engines.core import IllegalAction, visible_events

# ----------------------------------------------------------------------------- "Début"


def deal(match: ColonisationMatch, *cards: tuple[str, str]) -> None:
    """Give each seat these two drawn cards (first, second) during the auction."""
    match.drawn = [[idx(first), idx(second)] for first, second in cards]


def test_each_seat_draws_two_cards_and_sees_only_its_own_first_card():
    """004 "Début": "Chaque joueur en pioche deux ... il les regarde toutes les deux. La
    seconde carte est échangeable"; C1: the second is shown for the auction, the first stays
    secret until the auction ends (B9)."""
    match = new_match(4, seed=3)
    seen = match.observation(RED).setup
    assert seen.first_cards[RED] and seen.first_cards[YELLOW] == ""
    assert all(seen.second_cards) and len(set(seen.second_cards)) == 4
    assert seen.first_cards[RED] not in seen.second_cards
    drawn = visible_events(match.setup_events, RED)
    assert drawn[YELLOW].first == "" and drawn[RED].first == seen.first_cards[RED]


def test_the_sealed_bid_auction_sells_each_second_card_to_the_highest_bid():
    """C1: one sealed-bid auction per second card, paid in starting armies to the drawer; a
    tie goes to the bidder nearest the drawer's left; a card nobody bids on stays with its
    drawer; the bids are secret until the lot closes."""
    match = new_match(3, seed=1)
    assert match.to_move() == (RED, BLUE) and match.legal_actions(RED)[0].armies.high == 9
    events = match.apply(RED, Bid(3))
    assert visible_events(events, YELLOW) == [] and visible_events(events, None) == []
    assert of_type(visible_events(events, RED), BidPlaced) == [BidPlaced(RED, 3)]
    assert match.observation(BLUE).setup.my_bid is None
    assert match.observation(RED).setup.my_bid == 3
    (sold,) = of_type(match.apply(BLUE, Bid(3)), LotSold)  # a tie: red sits at yellow's left
    assert (sold.buyer, sold.price, sold.bids) == (RED, 3, (-1, 3, 3))
    assert match.starting == [13, 7, 10] and match.holders == [RED, RED, BLUE]
    assert match.observation(BLUE).setup.lot_bids == ((-1, 3, 3),)
    match.apply(YELLOW, Bid(0))
    (kept,) = of_type(match.apply(BLUE, Bid(0)), LotSold)
    assert kept.buyer is None and match.holders[RED] == RED
    with pytest.raises(IllegalAction):  # one army always stays (C11)
        match.apply(YELLOW, Bid(13))
    match.apply(YELLOW, Bid(2))
    events = match.apply(RED, Bid(1))
    revealed = {e.seat: e.cards for e in of_type(events, CardsRevealed)}
    assert len(revealed[YELLOW]) == 2 and len(revealed[RED]) == 3 and len(revealed[BLUE]) == 1
    assert match.starting == [11, 7, 12]
    assert revealed[BLUE] == (WORLD.territories[match.drawn[BLUE][0]],)


def test_without_trading_everyone_keeps_its_two_cards():
    """Option ``trading=none`` (C1, reading (a)): no auction; the cards are revealed and the
    homes rolled at once."""
    match = new_match(5, seed=2, trading="none")
    assert match.phase != "auction"
    revealed = of_type(match.setup_events, CardsRevealed)
    assert [len(e.cards) for e in revealed] == [2] * 5


def test_the_home_is_the_highest_die_a_tie_is_chosen_and_the_armies_split():
    """004 "Début": the home is where the die is highest; "En cas d'égalité, il choisi l'un
    de ceux obtenus ... ses armées en égale quantité dans chacun" (C4: ⌊armies/k⌋ each, the
    remainder and the colour bonus on the home); "Si la patrie d'origine est dans un continent
    correspondant à la couleur des pions du joueur, il dispose de 3 armées supplémentaires"
    (C5: yellow North America, red South America; blue's Asia does not match)."""
    match = new_match(3, seed=5)
    deal(match, ("alaska", "peru"), ("brazil", "egypt"), ("japan", "iceland"))
    match.apply(RED, Bid(0))
    match.apply(BLUE, Bid(0))
    match.apply(YELLOW, Bid(2))  # yellow buys red's Egypt: 8 armies, red 12
    match.apply(BLUE, Bid(0))
    match.apply(YELLOW, Bid(0))
    script(match, 4, 2, 4, 6, 5, 1)  # yellow: Alaska, Peru, Egypt; red: Brazil; blue: Japan,
    # Iceland
    events = match.apply(RED, Bid(0))
    assert match.phase == "home" and match.to_move() == (YELLOW,)
    assert [ChooseHome("alaska"), ChooseHome("egypt")] == list(match.legal_actions(YELLOW))
    settled = {e.seat: e for e in of_type(events, HomeSettled)}
    assert settled[RED].placed == (("brazil", 15),) and settled[RED].bonus == 3
    assert settled[BLUE].placed == (("japan", 10),) and settled[BLUE].bonus == 0
    (home,) = of_type(match.apply(YELLOW, ChooseHome("alaska")), HomeSettled)
    assert home.placed == (("alaska", 4 + 0 + 3), ("egypt", 4)) and home.bonus == 3
    assert (armies(match, "alaska"), armies(match, "egypt"), owner(match, "peru")) == (7, 4, -1)
    assert match.diplomats[idx("alaska")] == match.generals[idx("alaska")] == 1
    assert match.homes == [idx("alaska"), idx("brazil"), idx("japan")]
    assert match.phase in ("actions", "production", "columns") and match.year >= 1


def test_black_pieces_match_no_continent():
    """C5: "black and Africa match nothing" (the colour table is data)."""
    match = new_match(4, seed=0)
    assert match.rules.name == "standard"
    assert WORLD.colour_continent(BLACK) is None
    assert WORLD.continents[WORLD.colour_continent(YELLOW)] == "north_america"


# ----------------------------------------------------------------------------- "Un tour de jeu"


def end_of_year(match: ColonisationMatch, first: int = YELLOW) -> None:
    """Make the current mover the last of the year, ``first`` having begun it."""
    match.first, match.turns_left = first, []


def test_a_one_skips_the_year_which_counts_without_points_nor_rotation():
    """004 "Un tour de jeu": "Sur un 1 ... Ce tour n'est pas joué, une année passe" (C7: it
    counts toward the years; no production, no points, no rotation of the first player)."""
    match = arrange(new_match(3), {"peru": (0, 3), "egypt": (1, 3), "japan": (2, 3)}, mover=BLUE)
    end_of_year(match)
    script(match, 1, 4)  # year 2 skipped, year 3 played
    events = match.apply(BLUE, EndTurn())
    years = of_type(events, YearStarted)
    assert [(y.year, y.skipped) for y in years] == [(2, True), (3, False)]
    assert match.first == RED and match.mover == RED  # rotated once, after year 1 only
    assert [e.seat for e in of_type(events, TurnEnded)] == [BLUE]


def test_turns_go_clockwise_from_the_left_of_the_last_first_player():
    """004 "Un tour de jeu": "dans le sens horaire, en commençant par le joueur à la gauche de
    celui qui à commencé le tour précédant"."""
    match = arrange(new_match(3), {"peru": (0, 3), "egypt": (1, 3), "japan": (2, 3)})
    script(match, 2, 2, 2)
    match.apply(YELLOW, EndTurn())
    assert match.mover == RED
    match.apply(RED, EndTurn())
    end = match.apply(BLUE, EndTurn())
    assert match.year == 2 and match.first == RED and match.mover == RED, end


def test_each_territory_owned_at_the_start_of_the_turn_acts_once():
    """004 "Un tour de jeu": "Chaque territoire possédé peut réaliser une des actions
    suivantes"; "une armée ... ne peuvent se déplacer ou être utilisés plus d'une fois"; C11:
    one army always stays."""
    match = arrange(new_match(3), {"peru": (0, 5), "brazil": (0, 3), "egypt": (1, 3)})
    with pytest.raises(IllegalAction):
        match.apply(YELLOW, Move("peru", "brazil", 5, False, False))  # one must stay
    match.apply(YELLOW, Move("peru", "brazil", 4, False, False))
    with pytest.raises(IllegalAction):
        match.apply(YELLOW, Move("peru", "brazil", 0 + 1, False, False))
    moves = [a for a in match.legal_actions(YELLOW) if isinstance(a, Move)]
    assert {a.source for a in moves} == {"brazil"}
    assert moves[0].armies.high == 3  # the four that came are used; one of the seven stays
    with pytest.raises(IllegalAction):
        match.apply(YELLOW, Move("brazil", "peru", 4, False, False))


def test_territories_taken_cannot_act_this_turn():
    """004 "Un tour de jeu": "Les territoires pris ne peuvent pas jouer durant ce tour"."""
    match = arrange(new_match(3), {"peru": (0, 5), "egypt": (1, 3), "japan": (2, 3)})
    script(match, 5)
    match.apply(YELLOW, Move("peru", "argentina", 3, False, False))
    assert owner(match, "argentina") == YELLOW and not match.ready[idx("argentina")]
    assert not any(
        isinstance(a, Move | BuildSchool) and getattr(a, "source", a.territory) == "argentina"
        for a in match.legal_actions(YELLOW)
        if isinstance(a, Move | BuildSchool)
    )


@pytest.mark.parametrize(
    ("roll", "entered", "diplomat", "general"),
    [(1, 0, 0, 0), (2, 0, 0, 0), (3, 3, 0, 0), (4, 3, 1, 0), (5, 3, 1, 1), (6, 3, 1, 1)],
)
def test_the_virgin_table(roll, entered, diplomat, general):
    """004 "Un tour de jeu", the table (C10: 1-2 hostile and the action spent, 3 no diplomat
    nor general command, 4 no general command, 5-6 a normal move)."""
    match = arrange(
        new_match(3),
        {"peru": (0, 5), "brazil": (1, 2), "japan": (2, 3)},
        diplomats={"peru": 1},
        generals={"peru": 1},
    )
    script(match, roll, 3)
    events = match.apply(YELLOW, Move("peru", "argentina", 3, True, True))
    (entry,) = of_type(events, VirginEntered)
    assert (entry.die, entry.armies, entry.diplomat, entry.general) == (
        roll,
        entered,
        bool(diplomat),
        bool(general),
    )
    assert not match.ready[idx("peru")]
    assert match.diplomats[idx("argentina")] == diplomat
    assert match.generals[idx("argentina")] == general
    assert armies(match, "peru") == 5 - entered
    if entered:
        assert owner(match, "argentina") == YELLOW and not match.hostile[idx("argentina")]
    else:  # 004 "Territoire hostile": the nearest nation, red in Brazil, gets ⌈3/2⌉ = 2
        assert owner(match, "argentina") == RED and match.hostile[idx("argentina")]
        assert armies(match, "argentina") == 2


# ----------------------------------------------------------------------------- "Territoire hostile"


VENEZUELA = Move("peru", "venezuela", 1, False, False)


def test_the_nearest_nation_then_the_nearest_home_then_a_die_gets_the_hostile_armies():
    """004 "Territoire hostile": "celle dont un territoire est le plus proche, en cas
    d'égalité, celle dont la patrie d'origine est la plus proche" (C12: steps over the links;
    hostile territories are not a nation's; a last tie by an engine die)."""
    # Red's Brazil and blue's Central America both border Venezuela; blue's home is there.
    base = {"peru": (0, 5), "brazil": (1, 2), "egypt": (1, 3), "central_america": (2, 2)}
    match = arrange(new_match(3), base, homes={0: "peru", 1: "egypt", 2: "central_america"})
    script(match, 1, 6)
    (rising,) = of_type(match.apply(YELLOW, VENEZUELA), HostileRising)
    assert (rising.nation, rising.armies) == (BLUE, 3)
    # A hostile territory is not a nation's: red's hostile Brazil does not make it nearest.
    match = arrange(
        new_match(3),
        {**base, "central_america": (2, 2), "japan": (2, 3)},
        homes={0: "peru", 1: "egypt", 2: "japan"},
        hostile=["central_america"],
    )
    script(match, 2, 5)
    (rising,) = of_type(match.apply(YELLOW, VENEZUELA), HostileRising)
    assert rising.nation == RED  # Brazil (1 step) beats blue's nearest non-hostile, Japan
    # Both homes one step away: the engine's die decides (face 4-6 picks the second).
    match = arrange(new_match(3), {"peru": (0, 5), "brazil": (1, 2), "central_america": (2, 2)})
    script(match, 2, 4, 1)
    (rising,) = of_type(match.apply(YELLOW, VENEZUELA), HostileRising)
    assert (rising.nation, rising.armies) == (BLUE, 1)


def test_moving_into_its_own_hostile_territory_makes_it_a_colony():
    """004 "Territoire hostile": "Dès qu'il aura réussi à y déplacer à son tour une armée, un
    diplomate ou un commandement général, elle fera partie de ses colonies"; until then it
    cannot act and does not count (hostile excluded from points)."""
    match = arrange(
        new_match(3),
        {"peru": (0, 3), "argentina": (0, 2), "venezuela": (0, 1), "egypt": (1, 2)},
        hostile=["argentina", "venezuela"],
        diplomats={"peru": 1},
    )
    assert not match.ready[idx("argentina")]
    (moved,) = of_type(match.apply(YELLOW, Move("peru", "argentina", 1, False, False)), Moved)
    assert moved.colonised and not match.hostile[idx("argentina")]
    assert armies(match, "argentina") == 3
    match.apply(YELLOW, DiplomatMove("peru", "venezuela"))
    assert not match.hostile[idx("venezuela")]
    (ended,) = of_type(match.apply(YELLOW, EndTurn()), TurnEnded)
    assert ended.gained == 3


def test_entering_another_nations_hostile_territory_is_a_war():
    """Decisions, last row: entering another nation's hostile territory is a war against that
    nation, whose lying armies defend."""
    match = arrange(
        new_match(3), {"peru": (0, 6), "argentina": (1, 1), "egypt": (1, 2)}, hostile=["argentina"]
    )
    script(match, 6, 1)
    events = match.apply(YELLOW, Move("peru", "argentina", 3, False, False))
    (ended,) = of_type(events, WarEnded)
    assert ended.conquered and owner(match, "argentina") == YELLOW
    assert not match.hostile[idx("argentina")]


# ----------------------------------------------------------------------------- "Ecoles militaires"


def test_a_territory_spends_its_action_to_found_a_military_school():
    """C2 (designed: the book never says how a school is built): a territory owned since the
    start of the turn founds a military school with its action, never on a hostile territory
    ("il ne peut pas y placer d'école"), one per territory ("une seule école de chaque
    type")."""
    match = arrange(
        new_match(3), {"peru": (0, 3), "brazil": (0, 2), "egypt": (1, 2)}, hostile=["brazil"]
    )
    assert BuildSchool("brazil") not in match.legal_actions(YELLOW)
    match.apply(YELLOW, BuildSchool("peru"))
    assert match.schools[idx("peru")] == MILITARY and not match.ready[idx("peru")]
    assert armies(match, "peru") == 3
    with pytest.raises(IllegalAction):
        match.apply(YELLOW, BuildSchool("peru"))
    match = arrange(new_match(3), {"peru": (0, 3), "egypt": (1, 2)}, schools={"peru": OFFICER})
    match.apply(YELLOW, BuildSchool("peru"))  # an officer school there: a military one too
    assert match.schools[idx("peru")] == OFFICER | MILITARY


def test_the_school_cost_option_removes_armies_and_one_stays():
    """C2, option ``school_cost``: that many armies are removed; one army always stays
    (C11)."""
    match = arrange(
        new_match(3, school_cost=2), {"peru": (0, 3), "brazil": (0, 2), "egypt": (1, 2)}
    )
    assert BuildSchool("brazil") not in match.legal_actions(YELLOW)
    match.apply(YELLOW, BuildSchool("peru"))
    assert armies(match, "peru") == 1
    with pytest.raises(IllegalAction):
        match.apply(YELLOW, BuildSchool("brazil"))


def year_end_with_schools(schools_by_seat: dict[int, list[str]]) -> ColonisationMatch:
    """A 3-seat match at the last turn of year 1 whose seats own these school territories."""
    territories = {"egypt": (1, 2), "japan": (2, 2), "peru": (0, 2)}
    schools = {}
    for seat, names in schools_by_seat.items():
        for name in names:
            territories[name] = (seat, 2)
            schools[name] = MILITARY
    match = arrange(
        new_match(3),
        territories,
        mover=BLUE,
        schools=schools,
        homes={0: "peru", 1: "egypt", 2: "japan"},
    )
    end_of_year(match)
    return match


SEVEN = ["alaska", "greenland", "alberta", "ontario", "quebec", "peru", "brazil"]  # board order


def test_every_seat_lays_out_its_school_columns_at_once_in_secret():
    """004 "Ecoles militaires": "Au début de l'année, tous les joueurs placent leurs cartes de
    territoire (avec une école) devant eux ... Il y a au maximum six colonnes ... Aucune
    colonne ne peut comporter 2 (ou +) cartes de plus qu'une autre" (C8: always six columns,
    empty ones counting; every seat at once, in secret, revealed together)."""
    match = year_end_with_schools({YELLOW: SEVEN, RED: ["argentina"]})
    script(match, 3)
    match.apply(BLUE, EndTurn())
    assert match.phase == "columns" and match.to_move() == (YELLOW, RED)
    before = match.observation(RED)
    events = match.apply(YELLOW, ArrangeSchool("alaska", 1))
    assert visible_events(events, RED) == [] and visible_events(events, None) == []
    assert match.observation(RED) == before
    match.apply(YELLOW, ArrangeSchool("greenland", 1))  # 7 cards: one column of two
    columns = [a.column for a in match.legal_actions(YELLOW)]
    assert columns == [2, 3, 4, 5, 6]
    for name, column in zip(SEVEN[2:], (2, 3, 4, 5, 6), strict=True):
        match.apply(YELLOW, ArrangeSchool(name, column))
    assert match.to_move() == (RED,) and match.observation(RED).columns[idx("alaska")] == 0
    events = match.apply(RED, ArrangeSchool("argentina", 6))
    revealed = {e.seat: dict(e.columns) for e in of_type(events, ColumnsRevealed)}
    assert revealed[YELLOW]["alaska"] == revealed[YELLOW]["greenland"] == 1
    assert revealed[RED] == {"argentina": 6}
    assert match.observation(RED).columns[idx("alaska")] == 1
    assert (
        of_type(events, SchoolArranged)
        and visible_events(of_type(events, SchoolArranged), BLUE) == []
    )


def test_columns_differ_by_at_most_one_card():
    """C8: with seven cards the columns hold one or two, never three."""
    match = year_end_with_schools({YELLOW: SEVEN})
    script(match, 3)
    match.apply(BLUE, EndTurn())
    match.apply(YELLOW, ArrangeSchool("alaska", 4))
    match.apply(YELLOW, ArrangeSchool("greenland", 4))
    assert 4 not in [a.column for a in match.legal_actions(YELLOW)]
    with pytest.raises(IllegalAction):
        match.apply(YELLOW, ArrangeSchool("alberta", 4))
    with pytest.raises(IllegalAction):  # the cards come in the board's order
        match.apply(YELLOW, ArrangeSchool("quebec", 1))


def producing(match: ColonisationMatch, *rolls: int) -> list:
    """Begin yellow's turn with these school rolls; return its events."""
    events: list = []
    script(match, *rolls)
    match._begin_turn(YELLOW, events)
    return events


def test_school_rolls_hit_columns_and_the_mover_chooses_what_a_school_gives():
    """004 "Ecoles militaires": "le joueur lance trois fois un dé ... Il applique le résultat
    sur chaque carte de cette colonne. Si cette carte possède une école, un pion militaire est
    ajouté ... S'il fait un 2 et que la carte est affublée d'un cavalier ... transformer son
    école militaire en une école politique"; "école politique ... un pion de diplomate"; C9:
    a column hit twice produces twice; C6: the French deck (Peru: cavalry, Brazil:
    artillery)."""
    match = arrange(
        new_match(3),
        {"peru": (0, 2), "brazil": (0, 2), "egypt": (1, 2)},
        schools={"peru": MILITARY, "brazil": MILITARY},
    )
    match.column[idx("peru")] = match.column[idx("brazil")] = 2
    producing(match, 2, 2, 5)
    assert match.phase == "production"
    assert match.legal_actions(YELLOW) == (
        Produce("peru", "army"),
        Produce("peru", "political_school"),
    )
    events = match.apply(YELLOW, Produce("peru", "political_school"))
    assert match.schools[idx("peru")] == POLITICAL
    assert match.legal_actions(YELLOW) == (Produce("peru", "army"), Produce("peru", "diplomat"))
    events += match.apply(YELLOW, Produce("peru", "diplomat"))
    assert match.phase == "actions"
    assert [(e.territory, e.kind) for e in of_type(events, Produced)] == [
        ("peru", "political_school"),
        ("brazil", "army"),
        ("peru", "diplomat"),
        ("brazil", "army"),
    ]
    assert (armies(match, "brazil"), match.diplomats[idx("peru")]) == (4, 1)


def test_an_officer_school_from_a_one_on_an_artillery_card_gives_general_commands():
    """004 "Ecoles militaires": "S'il fait un 1 et que la carte est affublée d'une pièce
    d'artillerie ... en une école d'officiers"; "Si cette école est une école d'officier, il
    peut à la place ajouter un pion de commandement général"."""
    match = arrange(new_match(3), {"brazil": (0, 2), "egypt": (1, 2)}, schools={"brazil": MILITARY})
    match.column[idx("brazil")] = 1
    producing(match, 1, 1, 6)
    match.apply(YELLOW, Produce("brazil", "officer_school"))
    match.apply(YELLOW, Produce("brazil", "general"))
    assert match.schools[idx("brazil")] == OFFICER and match.generals[idx("brazil")] == 1


def test_the_us_deck_changes_the_conversions():
    """Option ``symbols=us`` (C6): Peru is infantry in the US deck, so a 2 only gives an
    army, added at once."""
    match = arrange(
        new_match(3, symbols="us"), {"peru": (0, 2), "egypt": (1, 2)}, schools={"peru": MILITARY}
    )
    match.column[idx("peru")] = 2
    producing(match, 2, 4, 4)
    assert match.phase == "actions" and armies(match, "peru") == 3


def test_a_continent_of_four_territories_gives_a_roll_unless_another_nation_is_there():
    """004 "Contrôle d'un continent": "au moins 4 territoires (territoires amis exclus) ... un
    jet de dés de plus ... Ce bonus est annulé pour les continents contrôlés par plusieurs
    joueurs" (C17: any other nation owning a territory there)."""
    four = dict.fromkeys(("alaska", "alberta", "ontario", "quebec"), (0, 2))
    match = arrange(new_match(3), {**four, "egypt": (1, 2), "greenland": (1, 1)})
    assert len(producing(match, 1, 1, 1, 1)[0].rolls) == 3
    match = arrange(
        new_match(3), {**four, "egypt": (1, 2), "greenland": (1, 1)}, hostile=["greenland"]
    )
    assert len(producing(match, 1, 1, 1, 1)[0].rolls) == 4
    match = arrange(new_match(3), {**four, "egypt": (1, 2)}, hostile=["quebec"])
    assert len(producing(match, 1, 1, 1, 1)[0].rolls) == 3


# ----------------------------------------------------------------------------- "Guerre"


@pytest.mark.parametrize(
    ("version", "dice"),
    [(VERSION, (war((3, 3), (2, 2)),)), (VERSION_1_0, (3, 3, 2, 2))],  # 1.0.0: a draw a die
)
def test_war_totals_count_armies_the_defence_bonus_school_and_general_commands(version, dice):
    """004 "Guerre": "Chacun des joueurs lance un dé et ajoute le nombre d'armées en jeu. Le
    défenseur ajoute un, et un autre s'il dispose d'une école militaire. Si l'un des deux ...
    dispose d'un commandement général sur son territoire (l'attaquant n'est pas obligé de le
    mettre en jeu ...), il lance un dé de plus" (C14: added); "Chacune des armées perd une
    unité en cas d'égalité"; C15: on a tie the attacker decides. The same with each engine
    version's dice."""
    match = arrange(
        new_match(3, version=version),
        {"peru": (0, 6), "brazil": (1, 4), "egypt": (1, 2)},
        homes={0: "peru", 1: "egypt"},
        schools={"brazil": MILITARY},
        generals={"peru": 1, "brazil": 1},
    )
    script(match, *dice)
    (fought,) = of_type(match.apply(YELLOW, Move("peru", "brazil", 4, False, False)), WarRound)
    assert (fought.attacker_dice, fought.attacker_total) == ((3, 3), 10)
    assert (fought.defender_dice, fought.defender_total) == ((2, 2), 10)
    assert (fought.attacker_loss, fought.defender_loss) == (1, 1)
    assert match.to_move() == (YELLOW,) and match.phase == "continue"
    assert match.observation(YELLOW).war.fronts == (("peru", 3),)


def test_the_lower_total_loses_two_or_one_against_a_single_army():
    """004 "Guerre": "Celui qui fait le moins perd alors deux unités ; il n'en perd qu'une s'il
    est défenseur et que l'adversaire ne dispose que d'une seule armée"."""
    match = arrange(new_match(3), {"peru": (0, 6), "brazil": (1, 3), "egypt": (1, 2)})
    script(match, war((6,), (1,)))
    (fought,) = of_type(match.apply(YELLOW, Move("peru", "brazil", 1, False, False)), WarRound)
    assert (fought.attacker_total, fought.defender_total, fought.defender_loss) == (7, 5, 1)
    script(match, war((1,), (6,)))
    events = match.apply(YELLOW, Continue())
    (fought,) = of_type(events, WarRound)
    assert fought.attacker_loss == 1  # two due, one left
    (ended,) = of_type(events, WarEnded)
    assert not ended.conquered and match.war is None
    assert (owner(match, "brazil"), armies(match, "brazil"), armies(match, "peru")) == (RED, 2, 5)


def test_support_the_order_of_losses_and_who_moves_in():
    """004 "Guerre": "L'attaquant peut utiliser plusieurs de ses territoires pour soutenir ...
    Les armées du territoire attaquant sont détruites avant celles des autres territoires :
    quand elles sont toutes détruites, l'un des autres territoires devient attaquant ... Tous
    les territoires qui ont soutenu une guerre mais n'ont pas été attaquants sont considérés
    comme n'ayant pas effectué d'action"; "Ensuite le vainqueur choisi si le combat continue";
    "il conquit le pays avec les armées engagées restantes. Les écoles sont détruites" (C16:
    the attacking territory's; the support goes home); the defender's diplomat dies with its
    last army."""
    match = arrange(
        new_match(3),
        {
            "peru": (0, 5),
            "argentina": (0, 4),
            "venezuela": (0, 3),
            "brazil": (1, 2),
            "egypt": (1, 2),
        },
        homes={0: "peru", 1: "egypt"},
        schools={"brazil": MILITARY},
        diplomats={"brazil": 1},
    )
    match.apply(YELLOW, Move("peru", "brazil", 2, False, False))
    assert match.phase == "support"
    assert [type(a).__name__ for a in match.legal_actions(YELLOW)] == [
        "Support",
        "Support",
        "Engage",
    ]
    match.apply(YELLOW, Support("argentina", 3))
    script(match, war((1,), (6,)))
    events = match.apply(YELLOW, Support("venezuela", 2))  # nobody else: the war begins
    (fought,) = of_type(events, WarRound)
    assert (fought.attacker_total, fought.defender_total, fought.attacker_loss) == (8, 10, 2)
    assert match.to_move() == (RED,)  # the defender won the round: it decides
    script(match, war((6,), (1,)))
    events = match.apply(RED, Continue())
    (ended,) = of_type(events, WarEnded)
    assert ended.conquered and ended.armies == 3 and ended.schools == 1
    assert (owner(match, "brazil"), armies(match, "brazil")) == (YELLOW, 3)
    assert match.schools[idx("brazil")] == 0 and match.diplomats[idx("brazil")] == 0
    assert (armies(match, "argentina"), armies(match, "venezuela")) == (1, 3)
    assert not match.ready[idx("argentina")] and match.ready[idx("venezuela")]
    assert match.used_armies[idx("venezuela")] == 2
    moves = [a for a in match.legal_actions(YELLOW) if isinstance(a, Move)]
    assert {a.source for a in moves} == {"venezuela"} and moves[0].armies.high == 1


def test_a_tie_that_wipes_out_both_sides_leaves_the_territory_virgin():
    """004 "Guerre": "Chacune des armées perd une unité en cas d'égalité"; "Si l'attaquant a
    gagné, il conquit le pays avec les armées engagées restantes": with none left nobody
    conquers, and the territory, without an army, is left virgin (RULES.md); a home so lost
    puts its nation out (004 "Fin de la partie")."""
    match = arrange(
        new_match(3),
        {"peru": (0, 6), "brazil": (1, 1), "egypt": (1, 3), "japan": (2, 3)},
        homes={0: "peru", 1: "brazil", 2: "japan"},
        schools={"brazil": MILITARY},
    )
    script(match, war((4,), (2,)))  # attack 4 + 1 = defence 2 + 1 + 1 + 1 (its school)
    events = match.apply(YELLOW, Move("peru", "brazil", 1, False, False))
    (ended,) = of_type(events, WarEnded)
    assert ended.emptied and not ended.conquered and ended.schools == 1
    assert owner(match, "brazil") == -1 and match.schools[idx("brazil")] == 0
    assert of_type(events, Eliminated) == [Eliminated(RED, YELLOW)]


def test_the_round_winner_may_stop_and_the_armies_go_home_used():
    """004 "Guerre": "Ensuite le vainqueur choisi si le combat continue ou pas"."""
    match = arrange(new_match(3), {"peru": (0, 6), "brazil": (1, 5), "egypt": (1, 2)})
    script(match, war((6,), (1,)))
    match.apply(YELLOW, Move("peru", "brazil", 4, False, False))
    assert match.legal_actions(YELLOW) == (Continue(), Stop())
    (ended,) = of_type(match.apply(YELLOW, Stop()), WarEnded)
    assert not ended.conquered and armies(match, "brazil") == 3
    assert armies(match, "peru") == 6 and match.used_armies[idx("peru")] == 4


def test_a_general_command_and_a_diplomat_follow_a_conquest():
    """004 "Commandement général": it does not fight; the attacker's general command gives its
    die ("l'attaquant n'est pas obligé de le mettre en jeu"); sent with the armies, it moves
    in with them (B10 ``Move(..., with_gc, with_diplomat)``)."""
    match = arrange(
        new_match(3),
        {"peru": (0, 6), "brazil": (1, 1), "egypt": (1, 2)},
        generals={"peru": 1},
        diplomats={"peru": 1},
    )
    script(match, war((6, 6), (1,)))
    match.apply(YELLOW, Move("peru", "brazil", 3, True, True))
    assert owner(match, "brazil") == YELLOW
    assert (match.generals[idx("brazil")], match.diplomats[idx("brazil")]) == (1, 1)
    assert (match.generals[idx("peru")], match.diplomats[idx("peru")]) == (0, 0)


def test_losing_the_home_puts_a_nation_out_and_the_last_one_wins():
    """004 "Fin de la partie": "Un joueur perd seulement s'il a perdu sa patrie d'origine"
    (C18: out at once, its pieces removed, ranked below the survivors in reverse order of
    elimination)."""
    match = arrange(
        new_match(3),
        {
            "peru": (0, 9),
            "central_america": (0, 9),
            "brazil": (1, 1),
            "egypt": (1, 3),
            "argentina": (1, 1),
            "venezuela": (2, 1),
            "japan": (2, 4),
        },
        homes={0: "peru", 1: "brazil", 2: "venezuela"},
        hostile=["argentina"],
    )
    script(match, war((6,), (1,)))
    events = match.apply(YELLOW, Move("peru", "brazil", 3, False, False))
    assert of_type(events, Eliminated) == [Eliminated(RED, YELLOW)]
    assert owner(match, "egypt") == owner(match, "argentina") == -1
    assert match.alive == [True, False, True] and RED not in match.turns_left
    script(match, war((6,), (1,)))
    events = match.apply(YELLOW, Move("central_america", "venezuela", 3, False, False))
    assert match.is_over()
    result = match.result()
    assert result.reason == "last_nation" and result.winners == (YELLOW,)
    assert result.ranking == ((YELLOW,), (BLUE,), (RED,))


# ----------------------------------------------------------------------------- "Diplomate"


def test_a_diplomat_stirs_troubles_without_spending_the_action():
    """004 "Diplomate": "lancer un dé, ajouter le nombre de diplomates sur le territoire (C13:
    the origin's). Si le résultat est inférieur au nombre d'armées sur le territoire, il faut
    les enlever jusqu'à ce que ce nombre soit atteint"; "les armées du territoire d'origine ne
    seront pas considérées comme ayant été utilisées"."""
    match = arrange(
        new_match(3),
        {"peru": (0, 3), "brazil": (1, 7), "egypt": (1, 2)},
        homes={0: "peru", 1: "egypt"},
        diplomats={"peru": 2},
    )
    script(match, 2)
    (troubles,) = of_type(match.apply(YELLOW, DiplomatAct("peru", "brazil")), Troubles)
    assert (troubles.total, troubles.removed, troubles.killed) == (4, 3, False)
    assert armies(match, "brazil") == 4 and match.ready[idx("peru")]
    assert match.used_diplomats[idx("peru")] == 1
    script(match, 6)  # the second diplomat: a 6 kills it, after its effect (C13)
    (troubles,) = of_type(match.apply(YELLOW, DiplomatAct("peru", "brazil")), Troubles)
    assert troubles.killed and match.diplomats[idx("peru")] == 1
    assert not any(isinstance(a, DiplomatAct) for a in match.legal_actions(YELLOW))


def test_troubles_in_a_home_add_one_and_a_hostile_territory_converts_on_two_or_four():
    """004 "Diplomate": "Si la cible est une patrie d'origine, ajouter un au dé"; "Si la cible
    est un territoire hostile ... si le résultat est 2 ou 4, les armées restantes sont
    converties par l'attaquant, qui possède maintenant le territoire" (C13: the diplomat
    moves in)."""
    match = arrange(
        new_match(3),
        {"peru": (0, 3), "brazil": (1, 9), "argentina": (1, 5)},
        homes={0: "peru", 1: "brazil"},
        hostile=["argentina"],
        diplomats={"peru": 2},
    )
    script(match, 1)
    (troubles,) = of_type(match.apply(YELLOW, DiplomatAct("peru", "brazil")), Troubles)
    assert troubles.total == 1 + 2 + 1 and armies(match, "brazil") == 4
    script(match, 4)
    (troubles,) = of_type(match.apply(YELLOW, DiplomatAct("peru", "argentina")), Troubles)
    assert troubles.converted and (troubles.total, troubles.removed) == (4 + 2, 0)
    assert owner(match, "argentina") == YELLOW and not match.hostile[idx("argentina")]
    assert match.diplomats[idx("argentina")] == 1 and armies(match, "argentina") == 5
    assert not match.ready[idx("argentina")]


def test_persons_move_alone_into_own_territories_only():
    """004 "Diplomate" / "Commandement général": "peut se déplacer seul ... les armées du
    territoire d'origine ne seront pas considérées comme ayant été utilisées" (C11: never
    alone, so never into another's or a virgin territory); each moves once a turn."""
    match = arrange(
        new_match(3),
        {"peru": (0, 3), "brazil": (0, 1), "venezuela": (1, 2)},
        generals={"peru": 1},
        diplomats={"peru": 1},
    )
    legal = match.legal_actions(YELLOW)
    assert GeneralMove("peru", "brazil") in legal and GeneralMove("peru", "argentina") not in legal
    assert (
        DiplomatMove("peru", "venezuela") not in legal and DiplomatAct("peru", "venezuela") in legal
    )
    match.apply(YELLOW, GeneralMove("peru", "brazil"))
    assert match.ready[idx("peru")] and match.generals[idx("brazil")] == 1
    assert GeneralMove("brazil", "peru") not in match.legal_actions(YELLOW)
    with pytest.raises(IllegalAction):
        match.apply(YELLOW, GeneralMove("brazil", "peru"))


# ----------------------------------------------------------------------------- points and end


def test_points_every_turn_count_the_territories_but_hostile_ones():
    """004 "Points d'objectifs": "Chaque tour, chaque joueur gagne autant de points qu'il
    contrôle de territoires (territoires hostiles exclus)"."""
    match = arrange(
        new_match(3),
        {"peru": (0, 3), "brazil": (0, 1), "argentina": (0, 2), "egypt": (1, 2)},
        hostile=["argentina"],
    )
    (ended,) = of_type(match.apply(YELLOW, EndTurn()), TurnEnded)
    assert (ended.gained, ended.points) == (2, 2)


def test_the_extra_years_and_the_final_score():
    """004 "Fin de la partie": "A la fin du tour prévu ... lancer un dé. Sur un cinq ou un
    six, la partie se poursuit encore un tour ... Ils y ajoutent un point par territoire, un
    demi point par armée, un par diplomate, un par commandement général, un par école. Un
    classement est réalisé"."""
    match = arrange(
        new_match(3),
        {"peru": (0, 3), "argentina": (0, 2), "egypt": (1, 5), "japan": (2, 2)},
        mover=BLUE,
        year=6,
        hostile=["argentina"],
        schools={"peru": MILITARY | OFFICER},
        diplomats={"peru": 1},
        generals={"peru": 2},
        homes={0: "peru", 1: "egypt", 2: "japan"},
    )
    match.last_year = 6
    end_of_year(match)
    script(match, 5, 4)  # one more year (a 5), which is played (die 4)
    events = match.apply(BLUE, EndTurn())
    assert of_type(events, ExtraYearRolled)[0].extra and match.year == 7 and match.last_year == 7
    match.apply(YELLOW, ArrangeSchool("peru", 3))  # its school card, laid out for the year
    assert match.mover == RED  # the year rotated
    match.points = [10, 0, 0]
    end_of_year(match, first=match.mover)
    script(match, 4)
    events = match.apply(match.mover, EndTurn())
    assert match.is_over() and match.result().reason == "last_year"
    scored = {e.seat: e for e in of_type(events, Scored)}
    yellow = scored[YELLOW]
    assert (yellow.territories, yellow.armies, yellow.schools) == (1, 5, 2)
    assert yellow.total == 10 + 1 + 2.5 + 1 + 2 + 2 == match.result().scores[YELLOW]
    assert match.result().winners == (YELLOW,)


def test_a_match_is_played_to_its_end_by_random_nations():
    """004 "But du jeu": the match ends after the years chosen (and the extra ones), every
    nation ranked."""
    for seats in (3, 6):
        match = new_match(seats, seed=seats, years=3)
        play_random(match, seed=1)
        assert match.is_over() and match.result().reason in ("last_year", "last_nation")
        assert sorted(s for group in match.result().ranking for s in group) == list(range(seats))


def test_engage_without_support_and_refusals_in_war():
    """004 "Guerre": a seat may engage without adding all the support it could; a seat that
    is not the round's winner cannot decide."""
    match = arrange(
        new_match(3), {"peru": (0, 5), "argentina": (0, 4), "brazil": (1, 2), "egypt": (1, 2)}
    )
    match.apply(YELLOW, Move("peru", "brazil", 3, False, False))
    with pytest.raises(IllegalAction):
        match.apply(YELLOW, Support("argentina", 4))  # one stays
    script(match, war((1,), (6,)))
    match.apply(YELLOW, Engage())
    assert match.to_move() == (RED,)
    with pytest.raises(IllegalAction):
        match.apply(YELLOW, Stop())
