"""Risk 2210 A.D. rules, one test per rule, each citing the book (seed 003, the 2210 rules in
French: their headings quoted) or the specification's reading (``shared/specs/risk2210.md``,
ids Z1-Z45) that ``engines/risk2210/RULES.md`` records."""

from __future__ import annotations

import pytest
from risk2210_helpers import IDS, INDEX, Faces, arrange, new_match, play_random, roll

from engines.core.chance import compare
from engines.core.contract import Amount, IllegalAction, visible_events
from engines.risk2210.actions import (
    Bid,
    BuildStation,
    BuyCard,
    Capture,
    ChooseDeck,
    ChooseMarker,
    Claim,
    EndPhase,
    Fortify,
    Hire,
    Invade,
    Occupy,
    Remove,
    Retreat,
    Roll,
    StationChoice,
)
from engines.risk2210.board import BOARD, LAND, LUNAR, WATER
from engines.risk2210.events import (
    BidsRevealed,
    CardsSeen,
    CardTaken,
    CommanderKilled,
    ConquestBonus,
    DiceRolled,
    Eliminated,
    MatchEnded,
)
from engines.risk2210.match import CARDS
from engines.risk2210.observation import NEUTRAL, NOBODY

# ============================================================================ set-up


@pytest.mark.parametrize(("seats", "mods"), [(2, 30), (3, 35), (4, 30), (5, 25)])
def test_starting_mods_energy_and_four_devastated_land_territories(seats, mods):
    """003 "SEMER LES GERMES DE LA GUERRE": 35/30/25 MODs (2 players: 30), 3 energy each;
    "Terres dévastées": four land cards turned over, their territories devastated, the cards
    "ne seront plus utilisées"."""
    match = new_match(seats)
    assert match.starting_left == [mods] * seats and match.energy == [3] * seats
    assert len(match.devastated) == 4
    assert all(BOARD.kinds[t] == LAND for t in match.devastated)
    assert len(match.territory_decks[0]) == 38
    assert not set(match.devastated) & set(match.territory_decks[0])


def test_two_players_neutral_on_16_land_6_lunar_6_water_then_decks_back():
    """003 "RISK 2210 AD POUR 2 JOUEURS": three neutral MODs on 16 land, 6 lunar and 6 water
    territories; "Remplacez les cartes ... et mélangez celles-ci à nouveau"."""
    match = new_match(2)
    neutral = [t for t in range(len(IDS)) if match.owner[t] == NEUTRAL]
    kinds = [BOARD.kinds[t] for t in neutral]
    assert (kinds.count(LAND), kinds.count(LUNAR), kinds.count(WATER)) == (16, 6, 6)
    assert all(match.mods[t] == 3 for t in neutral)
    assert [len(d) for d in match.territory_decks] == [38, 13, 14]
    assert len(match.legal_actions(0)) == 22  # "les territoires terrestres restants"


def test_claim_one_mod_at_a_time_on_free_land_only():
    """ "placez un MOD 1.0 sur un territoire terrestre inoccupé et non dévasté. Vous ne pouvez
    placer de MODs sur la Lune ou sur un territoire maritime"."""
    match = new_match(3)
    legal = {a.territory for a in match.legal_actions(0)}
    assert legal == {IDS[t] for t in BOARD.of_kind(LAND) if t not in match.devastated}
    for refused in ("new_york", "tycho", IDS[match.devastated[0]]):
        with pytest.raises(IllegalAction):
            match.apply(0, Claim(refused))
    match.apply(
        0, Claim("andean_nations") if "andean_nations" in legal else Claim(sorted(legal)[0])
    )
    assert match.to_move() == (1,)


def test_after_the_claim_threes_from_the_next_seat_then_the_pieces_one_at_a_time():
    """ "Sont placés ensuite les MODs restants, trois à chaque fois" (Z1b: from the seat after
    the last claim); "NOTE : ... moins de 3 MODs lors de la dernière ronde"; then "un à la
    fois – vos commandeurs terrestre et diplomatique, ainsi qu'une station spatiale" (Z2)."""
    match = new_match(3)
    play_random(match, 1, until=lambda m: m.phase != "claim")
    assert match.phase == "reinforce"
    assert match.mover == (38 - 1 + 1) % 3  # the 38th claim was seat 37 % 3 = 1; then seat 2
    (place, *_) = match.legal_actions(match.mover)
    assert place.mods == Amount(1, 3)
    play_random(match, 2, until=lambda m: m.phase != "reinforce")
    assert match.phase == "pieces" and match.mover == 0
    assert sum(match.mods) == 3 * 35
    order = []
    while match.phase == "pieces":
        seat = match.to_move()[0]
        order.append(seat)
        pieces = {a.piece for a in match.legal_actions(seat)}
        assert pieces == set(match.pieces[seat])
        match.apply(seat, match.legal_actions(seat)[0])
    assert order == [0, 1, 2] * 3
    assert all(match.in_play(s, 0) and match.in_play(s, 4) for s in range(3))
    assert [match.stations_of(s) for s in range(3)] == [1, 1, 1]
    assert match.phase == "bid" and match.year == 1


# ============================================================================ the year


def test_every_seat_bids_at_once_in_secret_and_all_of_it_is_spent():
    """003 "DEBUTER UNE ANNEE": "Choisissez secrètement ... Les joueurs révèlent
    simultanément leurs mises ... toute l'énergie utilisée dans les mises est considérée comme
    dépensée"."""
    match = new_match(3)
    play_random(match, 3, until=lambda m: m.phase == "bid")
    assert match.to_move() == (0, 1, 2)
    before = match.observation(1)
    events = match.apply(0, Bid(2))
    assert visible_events(events, 1) == [] and match.observation(1) == before
    assert match.observation(0).my_bid == 2
    match.apply(1, Bid(0))
    (revealed,) = [e for e in match.apply(2, Bid(3)) if isinstance(e, BidsRevealed)]
    assert revealed.bids == (2, 0, 3) and revealed.order == (2, 0, 1)
    assert match.energy == [1, 3, 0]


def test_the_highest_bid_chooses_any_marker_ties_rolled_off_and_the_last_takes_what_is_left():
    """ "Celui dont la mise est la plus élevée choisit un marqueur d'ordre du tour"; "En cas
    d'égalité ... jetant 1 dé à six faces ... (en cas de nouvelle égalité, relancez les dés)";
    "Le joueur qui possède le marqueur d'ordre du tour # 1 joue le premier"."""
    match = new_match(3)
    play_random(match, 3, until=lambda m: m.phase == "bid")
    match.apply(0, Bid(1))
    match.apply(1, Bid(1))
    match.rng = Faces((4, 6), (4, 6), (2, 6), (5, 6))  # a tie, rolled again: seat 1 first
    (revealed,) = [e for e in match.apply(2, Bid(0)) if isinstance(e, BidsRevealed)]
    assert revealed.order == (1, 0, 2) and revealed.rolls == ((4, 2), (4, 5), ())
    assert match.to_move() == (1,) and match.legal_actions(1) == tuple(
        ChooseMarker(p) for p in (1, 2, 3)
    )
    match.apply(1, ChooseMarker(3))
    match.apply(0, ChooseMarker(1))  # seat 2 takes marker 2 by itself
    assert match.markers == [1, 3, 2] and match.order == [0, 2, 1]
    assert match.phase == "place" and match.mover == 0


# ============================================================================ a turn


def test_income_is_territories_by_three_at_least_three_plus_whole_regions_and_station_mods():
    """003 "COLLECTER ET DEPLOYER": the Army Status Report (max(3, n // 3), A14), the bonus of
    each continent or colony held whole ("Si un continent contient un territoire dévasté, le
    contrôle de tous ses autres territoires suffit"), "un MOD 1.0 pour chaque station
    spatiale ... placé sur le territoire où la station est déployée" (Z5: no energy)."""
    match = new_match(3)
    australia = [IDS[t] for t in BOARD.members[BOARD.regions.index("australia")]]
    owners = dict.fromkeys(australia[1:], 0) | {"tycho": 0, "new_york": 1}
    arrange(match, owners, stations={"new_guinea": 0}, phase="fortify", mover=2, energy=[0, 0, 0])
    match.devastated = [INDEX[australia[0]]]
    match.order, match.turn_index = [2, 0, 1], 0
    match._end_turn([])  # seat 0's turn begins
    assert match.income(0) == (4, 3 + 2)  # 4 territories: 3; Australia: 2
    assert match.energy[0] == 5 and match.to_place == 5
    assert match.mods[INDEX["new_guinea"]] == 2  # its station's MOD


def test_hire_commanders_for_three_then_stations_for_five():
    """003 "ENGAGER ET PLACER DES COMMANDEURS": "Un commandeur coûte 3 points d'énergie et doit
    être placé sur un territoire que vous contrôlez"; stations "au coût de 5 points", "sur un
    territoire terrestre", one per territory, four at most."""
    match = arrange(
        new_match(3), {"andean_nations": 0, "new_york": 0}, phase="hire", energy=[11, 0, 0]
    )
    match.commander[0][0] = INDEX["andean_nations"]  # the land commander is in play
    assert Hire("land", "andean_nations") not in match.legal_actions(0)
    match.apply(0, Hire("naval", "new_york"))  # any kind of territory (Z7)
    assert match.energy[0] == 8 and match.commander[0][1] == INDEX["new_york"]
    match.apply(0, EndPhase())
    assert match.phase == "stations"
    assert match.legal_actions(0) == (BuildStation("andean_nations"), EndPhase())  # land only
    match.apply(0, BuildStation("andean_nations"))
    assert match.energy[0] == 3 and match.station[INDEX["andean_nations"]] == 0
    assert match.phase == "buy"  # nothing more to build: the step moves on


def test_no_fifth_station():
    match = arrange(
        new_match(3),
        {"andean_nations": 0},
        stations=dict.fromkeys(("alberta", "canada", "mexico", "argentina"), 0),
        phase="stations",
        energy=[20, 0, 0],
    )
    with pytest.raises(IllegalAction):
        match.apply(0, BuildStation("andean_nations"))


def test_cards_bought_face_down_from_decks_whose_commander_is_in_play_four_at_most():
    """003 "ACHETER DES CARTES DE COMMANDEMENT": up to 4, 1 energy each, "que si le commandeur
    correspondant est en jeu"; "aucune ne peut être retournée avant que tous vos achats n'aient
    été faits"."""
    match = arrange(
        new_match(3),
        {"andean_nations": 0},
        commanders={0: {"land": "andean_nations"}},
        phase="buy",
        energy=[9, 0, 0],
    )
    assert match.legal_actions(0) == (BuyCard("land"), EndPhase())
    for _ in range(3):
        match.apply(0, BuyCard("land"))
    seen = match.observation(0)
    assert seen.hand == () and seen.unseen == 3 and seen.hand_sizes[0] == (3, 0, 0, 0, 0)
    events = match.apply(0, BuyCard("land"))  # the fourth: buying is over
    (shown,) = [e for e in events if isinstance(e, CardsSeen)]
    assert len(shown.cards) == 4 and match.observation(0).unseen == 0
    assert next(e for e in visible_events(events, 1) if isinstance(e, CardsSeen)).cards == ()
    assert {c.deck for c in match.observation(0).hand} == {"land"}
    assert match.energy[0] == 5 and match.phase == "invade"


# ============================================================================ invading


def test_water_needs_the_naval_commander_and_the_moon_the_space_commander():
    """ "vous devez posséder un commandeur naval pour envahir depuis ou vers un territoire
    maritime"; "un commandeur spatial pour envahir depuis ou vers un territoire lunaire";
    "Posséder le commandeur est une condition suffisante en soi" (Z10: also to take an
    unoccupied one)."""
    match = arrange(new_match(3), {"american_republic": 0, "mexico": 1}, {"american_republic": 5})
    legal = match.legal_actions(0)
    assert Invade("american_republic", "mexico") in legal
    assert not any(getattr(a, "target", "") == "new_york" for a in legal)
    match.commander[0][1] = INDEX["american_republic"]
    legal = match.legal_actions(0)
    assert any(isinstance(a, Capture) and a.target == "new_york" for a in legal)


def test_a_station_reaches_the_three_landing_sites_and_never_back():
    """ "Depuis un territoire contenant une telle station, une force d'invasion peut attaquer
    l'un des trois territoires lunaires comportant un site d'atterrissage"; "on ne peut
    attaquer un territoire terrestre, même contenant une station spatiale, depuis les trois
    sites d'atterrissages"."""
    match = arrange(
        new_match(3),
        {"andean_nations": 0, "tycho": 1, "sea_of_crisis": 0, "argentina": 1},
        {"andean_nations": 4, "sea_of_crisis": 4},
        commanders={0: {"space": "andean_nations"}},
        stations={"andean_nations": 0, "argentina": 1},
    )
    legal = match.legal_actions(0)
    assert Invade("andean_nations", "tycho") in legal
    assert any(isinstance(a, Capture) and a.target == "bay_of_dew" for a in legal)
    assert Invade("sea_of_crisis", "argentina") not in legal
    with pytest.raises(IllegalAction):
        match.apply(0, Invade("sea_of_crisis", "argentina"))


def test_an_invasion_needs_two_units_and_never_a_devastated_territory():
    """ "vous devez avoir au moins deux unités dans un territoire à partir duquel vous lancer une
    invasion"; "Terres dévastées": "complètement inaccessibles"."""
    match = arrange(new_match(3), {"alberta": 0, "canada": 1}, {"alberta": 1})
    assert not any(isinstance(a, Invade) for a in match.legal_actions(0))
    match.commander[0][4] = INDEX["alberta"]  # a commander is a unit
    assert Invade("alberta", "canada") in match.legal_actions(0)
    match.devastated = [INDEX["canada"]]
    assert Invade("alberta", "canada") not in match.legal_actions(0)


def test_commanders_roll_a_d8_where_their_kind_allows_the_diplomat_never():
    """003 "Attaquer avec des commandeurs": the table (Diplomatique jamais; Terrestre depuis ou
    vers un territoire terrestre; Nucléaire toujours); each one taking part rolls a d8 in place
    of a d6 (Z11)."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1},
        {"alberta": 5, "canada": 3},
        commanders={0: {"land": "alberta", "diplomat": "alberta", "nuclear": "alberta"}},
    )
    match.apply(0, Invade("alberta", "canada"))
    rolls = {a.commanders: a.dice for a in match.legal_actions(0) if isinstance(a, Roll)}
    assert set(rolls) == {(), ("land",), ("nuclear",), ("land", "nuclear")}
    assert rolls[("land", "nuclear")] == Amount(2, 3)
    match.rng = Faces(roll([(8, 8), (7, 8), (1, 6)], [(6, 6), (6, 6)]))
    (rolled,) = [
        e for e in match.apply(0, Roll(3, ("land", "nuclear"))) if isinstance(e, DiceRolled)
    ]
    assert rolled.attacker == (8, 7, 1) and rolled.attacker_sides == (8, 8, 6)
    assert (rolled.attacker_losses, rolled.defender_losses) == (0, 2)


def test_defending_commanders_and_stations_roll_d8s():
    """ "tous les commandeurs se défendent toujours avec un dé à huit faces" (Z12: as many d8s
    as commanders, up to the dice); "Toutes les unités présentes dans un territoire où est
    déployée une station spatiale se défendent avec des dés à huit faces"."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1, "continental_biospheres": 1},
        {"alberta": 7, "canada": 2, "continental_biospheres": 2},
        commanders={1: {"diplomat": "canada"}},
        stations={"continental_biospheres": 1},
    )
    match.apply(0, Invade("alberta", "canada"))
    match.rng = Faces(roll([(1, 6), (1, 6), (1, 6)], [(2, 8), (2, 6)]))
    (rolled,) = [e for e in match.apply(0, Roll(3, ())) if isinstance(e, DiceRolled)]
    assert rolled.defender_sides == (8, 6) and rolled.attacker_losses == 2
    match.apply(0, Retreat())
    match.apply(0, Invade("alberta", "continental_biospheres"))
    match.rng = Faces(roll([(1, 6), (1, 6), (1, 6)], [(2, 8), (2, 8)]))
    (rolled,) = [e for e in match.apply(0, Roll(3, ())) if isinstance(e, DiceRolled)]
    assert rolled.defender_sides == (8, 8)


def test_ties_go_to_the_defender_and_surplus_dice_are_ignored():
    """003 "Déterminer le sort de la bataille", the book's examples (1)-(4), as the engine's
    comparison (of faces highest first) gives them."""
    assert compare((6, 1, 1), (3,)) == (0, 1)
    assert compare((6, 2, 2), (3, 2)) == (1, 1)
    assert compare((3, 3), (4, 3)) == (2, 0)
    assert compare((6,), (5, 3)) == (0, 1)


def test_mods_die_before_commanders_and_the_owner_chooses_among_several():
    """ "Tant qu'il reste des MODs dans le même territoire que des commandeurs, ils peuvent être
    retirés à la place de ces derniers": MODs first; the defender, asked out of turn, chooses
    which commander dies when several stand there."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1},
        {"alberta": 6, "canada": 0},
        commanders={1: {"land": "canada", "diplomat": "canada"}},
    )
    match.apply(0, Invade("alberta", "canada"))
    match.rng = Faces(roll([(6, 6), (6, 6)], [(1, 8), (1, 8)]))  # one comparison each: the d8s lose
    match.apply(0, Roll(2, ()))
    # Two commanders, two losses: both die at once, the territory is taken.
    assert match.phase == "occupy" and not match.in_play(1, 0) and not match.in_play(1, 4)
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1},
        {"alberta": 6, "canada": 1},
        commanders={1: {"land": "canada", "diplomat": "canada"}},
    )
    match.apply(0, Invade("alberta", "canada"))
    match.rng = Faces(roll([(6, 6), (6, 6), (6, 6)], [(1, 8), (1, 8)]))
    match.apply(0, Roll(3, ()))  # 2 losses: the MOD, then one commander of two
    assert match.phase == "casualty" and match.to_move() == (1,)
    assert match.legal_actions(1) == (Remove("land"), Remove("diplomat"))
    events = match.apply(1, Remove("diplomat"))
    assert [e.commander for e in events if isinstance(e, CommanderKilled)] == ["diplomat"]
    assert match.in_play(1, 0) and match.phase == "roll"


def test_a_capture_moves_in_at_least_the_last_dice_with_the_commanders_that_rolled():
    """ "Capter des territoires": "un nombre d'unités au moins égal au nombre de dés lancés dans
    la dernière attaque ... laisser dans le territoire de départ une unité au moins"; "Si un
    commandeur a participé à une attaque qui conduit à la capture ... il doit faire partie des
    unités qui se déplacent"."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1},
        {"alberta": 4, "canada": 1},
        commanders={0: {"land": "alberta"}},
    )
    match.apply(0, Invade("alberta", "canada"))
    match.rng = Faces(roll([(8, 8), (1, 6), (1, 6)], [(1, 6)]))
    match.apply(0, Roll(3, ("land",)))
    assert match.phase == "occupy"
    assert match.legal_actions(0) == (Occupy(Amount(2, 3), ("land",)),)
    with pytest.raises(IllegalAction):
        match.apply(0, Occupy(4, ()))
    match.apply(0, Occupy(2, ("land",)))
    assert match.owner[INDEX["canada"]] == 0 and match.mods[INDEX["canada"]] == 2
    assert match.commander[0][0] == INDEX["canada"] and match.phase == "invade"


def test_a_station_alone_is_lost_at_once_and_replaced_or_destroyed():
    """ "un territoire attaqué où ne reste qu'une station seule est immédiatement perdu et
    l'attaquant peut alors choisir de détruire la station ou de la remplacer" (Z15: no dice, one
    unit moves in); "Si ses quatre stations spatiales sont déjà en jeu, il n'a alors pas
    d'autre choix que de détruire"."""
    match = arrange(
        new_match(3), {"alberta": 0, "mexico": 1}, {"alberta": 3}, stations={"canada": 1}
    )
    match.apply(0, Invade("alberta", "canada"))
    assert match.phase == "station"
    match.apply(0, StationChoice(True))
    assert match.station[INDEX["canada"]] == 0
    assert match.legal_actions(0) == (Occupy(Amount(1, 2), ()),)
    match = arrange(
        new_match(3),
        {"alberta": 0, "mexico": 1},
        {"alberta": 3},
        stations={
            "canada": 1,
            "andean_nations": 0,
            "argentina": 0,
            "amazon_desert": 0,
            "nuevo_timoto": 0,
        },
    )
    match.apply(0, Invade("alberta", "canada"))
    assert match.phase == "occupy" and match.station[INDEX["canada"]] == -1


def test_the_conquest_bonus_at_the_third_contested_capture_once_a_turn():
    """ "Bonus de conquête massive": "au moins trois territoires contestés (c'est à dire occupés
    à l'origine par au moins une unité ennemie) ... 1 point d'énergie, ainsi qu'une carte de
    commandement ... dans une pile au choix, mais dont le commandeur correspondant est en
    jeu"; "ce bonus n'est collecté qu'une seule fois par tour"; an unoccupied territory taken
    does not count ("n'est pas considérée comme étant une invasion")."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1, "nunavut": 1, "continental_biospheres": 2, "tycho": 1},
        {"alberta": 20},
        commanders={0: {"land": "alberta", "diplomat": "alberta"}},
        energy=[0, 0, 0],
    )
    match.apply(0, Capture("alberta", "northwestern_oil_emirate", 1, ()))  # not contested
    for i, target in enumerate(("canada", "nunavut", "continental_biospheres")):
        match.apply(0, Invade("alberta", target))
        match.rng = Faces(roll([(6, 6), (6, 6), (6, 6)], [(1, 6)]))
        events = match.apply(0, Roll(3, ()))
        events += match.apply(0, Occupy(3, ()))
        assert any(isinstance(e, ConquestBonus) for e in events) == (i == 2)
    assert not match.alive[2] and match.alive[1]  # the one eliminated on the way
    assert match.phase == "bonus" and match.energy[0] == 1
    assert match.legal_actions(0) == (ChooseDeck("land"), ChooseDeck("diplomat"))
    events = match.apply(0, ChooseDeck("diplomat"))
    (taken,) = [e for e in events if isinstance(e, CardTaken)]
    assert taken.deck == "diplomat" and visible_events(events, 1)[0].card == ""
    assert CARDS[match.hands[0][0]].deck == "diplomat" and match.bonus_taken


def test_a_player_losing_its_last_unit_is_eliminated_with_its_stations_cards_and_energy():
    """003 "Éliminer un joueur": "Un joueur qui perd sa dernière unité est éliminé du jeu. Ses
    cartes de commandement sont défaussées et sa réserve d'énergie retourne à la banque"; Z19:
    its stations go, their territories left unoccupied."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1, "tycho": 2},
        {"alberta": 5},
        stations={"andean_nations": 1},
        energy=[0, 7, 0],
    )
    match.hands[1] = [0, 1]
    match.apply(0, Invade("alberta", "canada"))
    match.rng = Faces(roll([(6, 6), (6, 6), (6, 6)], [(1, 6)]))
    events = match.apply(0, Roll(3, ()))
    assert any(isinstance(e, Eliminated) and e.seat == 1 for e in events)
    assert not match.alive[1] and match.energy[1] == 0 and match.hands[1] == []
    assert (
        match.station[INDEX["andean_nations"]] == -1
        and match.owner[INDEX["andean_nations"]] == NOBODY
    )


def test_fortify_once_along_own_territories_and_through_stations_and_landing_sites():
    """003 "CONSOLIDER SA POSITION": "une voie sécurisée, c'est à dire une succession de
    territoires adjacents ... sous votre contrôle", one unit staying; "Pour consolider de la
    Terre à la Lune, une voie sécurisée doit passer par une station spatiale puis par l'un des
    trois sites d'atterrissage ... consolider de la Lune à la Terre en empruntant le chemin
    inverse"; no commander needed."""
    match = arrange(
        new_match(3),
        {"andean_nations": 0, "sea_of_crisis": 0, "aristotle": 0, "alberta": 0},
        {"aristotle": 4},
        stations={"andean_nations": 0},
        phase="fortify",
    )
    targets = {a.target for a in match.legal_actions(0) if isinstance(a, Fortify)}
    assert {"sea_of_crisis", "andean_nations"} <= targets and "alberta" not in targets
    match.apply(0, Fortify("aristotle", "andean_nations", 3, ()))
    assert match.mods[INDEX["andean_nations"]] == 4 and match.mover == 1  # the turn is over


def test_after_the_fifth_year_points_decide_with_colony_influence_and_the_tie_breaks():
    """003 "GAGNER LA PARTIE": "+1 PV par territoire contrôlé", the bonus of whole continents
    and colonies (Z6), the cards "dans la main du joueur ... que si le commandeur correspondant
    est toujours en jeu"; "Égalités": energy, then "le plus d'unités en jeu"."""
    match = arrange(
        new_match(3),
        {"andean_nations": 0, "alberta": 1, "tycho": 2},
        phase="fortify",
        mover=2,
        year=5,
        energy=[0, 4, 4],
    )
    influence = [i for i, c in enumerate(CARDS) if c.kind == "colony_influence"]
    land = next(i for i in influence if CARDS[i].deck == "land")
    match.hands[0] = [land]
    match.commander[0][0] = INDEX["andean_nations"]
    match.mods[INDEX["alberta"]] = 2  # more units than seat 2
    events = match.apply(2, EndPhase())
    (ended,) = [e for e in events if isinstance(e, MatchEnded)]
    assert ended.points == (4, 1, 1) and ended.winners == (0,)
    assert match.result().ranking == ((0,), (1,), (2,))


def test_random_matches_end_after_five_years_at_every_seat_count():
    for seats in (2, 3, 4, 5):
        match = new_match(seats, seed=seats)
        play_random(match, seats)
        assert match.result().reason == "last_year" and match.year == 5
