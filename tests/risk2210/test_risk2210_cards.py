"""Risk 2210 A.D. command cards played so far: one test per card, citing the annex
("ANNEXE : CARTES DE COMMANDEMENT", the card's French text) and the windows of 003 "JOUER DES
CARTES DE COMMANDEMENT"."""

from __future__ import annotations

import pytest
from risk2210_helpers import INDEX, Faces, arrange, new_match

from engines.core.contract import IllegalAction, visible_events
from engines.registry import get_game
from engines.risk2210.actions import (
    Capture,
    EndPhase,
    Fortify,
    Invade,
    Occupy,
    Pass,
    Place,
    PlayCard,
    Relocate,
    Remove,
    RemoveMods,
    Roll,
)
from engines.risk2210.board import BOARD
from engines.risk2210.events import EnergyChanged, InvasionCancelled, TerritoryDrawn
from engines.risk2210.match import CARDS
from engines.risk2210.observation import NOBODY
from engines.risk2210.variants import COMMANDERS


def give(match, seat: int, deck: str, kind: str) -> str:
    """Move a card of ``kind`` from ``deck`` into ``seat``'s hand (seen); returns its id."""
    k = COMMANDERS.index(deck)
    card = next(c for c in match.decks[k] if CARDS[c].kind == kind)
    match.decks[k].remove(card)
    match.hands[seat].append(card)
    return CARDS[card].id


def plays(match, seat: int) -> list[PlayCard]:
    return [a for a in match.legal_actions(seat) if isinstance(a, PlayCard)]


def test_step_four_cards_before_the_first_invasion_or_move_only():
    """ "Certaines cartes de commandement spécifient qu'elles doivent être jouées « avant la
    déclaration de votre première invasion ». Elles doivent donc être jouées avant le
    déplacement de ses MODs, même vers un territoire inoccupé" (Z9); "tant que le commandeur
    correspondant est en jeu"; the energy "au moment de jouer la carte"."""
    match = arrange(new_match(3), {"alberta": 0}, {"alberta": 5}, energy=[0, 0, 0])
    card = give(match, 0, "land", "assemble_mods")
    assert plays(match, 0) == []  # no land commander in play
    match.commander[0][0] = INDEX["alberta"]
    assert plays(match, 0) == []  # it costs 1 energy
    match.energy[0] = 1
    assert plays(match, 0) == [PlayCard(card, "alberta")]
    match.apply(0, Capture("alberta", "canada", 1, ()))
    assert plays(match, 0) == []
    with pytest.raises(IllegalAction):
        match.apply(0, PlayCard(card, "alberta"))


def test_assemble_mods_three_on_a_territory_of_the_decks_kind():
    """Assemblage de MODs (land, naval, space): 3 MODs on one territory of that kind that the
    player controls, for 1 energy."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "new_york": 0, "tycho": 0},
        commanders={0: {"naval": "alberta"}},
        energy=[1, 0, 0],
    )
    card = give(match, 0, "naval", "assemble_mods")
    assert plays(match, 0) == [PlayCard(card, "new_york")]
    match.apply(0, PlayCard(card, "new_york"))
    assert match.mods[INDEX["new_york"]] == 4 and match.energy[0] == 0
    assert card not in [CARDS[c].id for c in match.hands[0]]


def test_energy_crisis_takes_one_energy_from_each_opponent_that_has_some():
    """Crise énergétique: "Prélevez un point d'énergie dans la réserve de chacun de vos
    adversaires. Sans effet contre un adversaire qui n'a pas de réserve"."""
    match = arrange(
        new_match(4),
        {"alberta": 0},
        commanders={0: {"diplomat": "alberta"}},
        energy=[0, 2, 0, 1],
    )
    card = give(match, 0, "diplomat", "energy_crisis")
    events = match.apply(0, PlayCard(card))
    assert match.energy == [2, 1, 0, 0]
    assert sum(e.energy for e in events if isinstance(e, EnergyChanged)) == 0


def test_territorial_station_on_own_land_without_one_never_a_fifth():
    """Station spatiale: "Placez une station spatiale sur un territoire terrestre que vous
    contrôlez" (Z36: not where one stands); 1 energy; at most 4 stations."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "new_york": 0},
        commanders={0: {"diplomat": "alberta"}},
        stations={"canada": 0},
    )
    card = give(match, 0, "diplomat", "territorial_station")
    assert plays(match, 0) == [PlayCard(card, "alberta")]
    match.apply(0, PlayCard(card, "alberta"))
    assert match.station[INDEX["alberta"]] == 0
    for t in ("mexico", "nunavut"):
        match.station[INDEX[t]] = 0
    give(match, 0, "diplomat", "territorial_station")
    assert plays(match, 0) == []


def test_hidden_energy_draws_a_water_card_in_secret_and_pays_four_at_the_end_of_the_turn():
    """Énergie cachée: a water card drawn in secret; if the player occupies that territory at
    the end of its turn, 4 energy; the card is then discarded."""
    match = arrange(
        new_match(3),
        {"alberta": 0},
        commanders={0: {"naval": "alberta"}},
        energy=[0, 0, 0],
    )
    water = match.territory_decks[1][-1]
    match.owner[water], match.mods[water] = 0, 1
    card = give(match, 0, "naval", "hidden_energy")
    events = match.apply(0, PlayCard(card))
    (drawn,) = [e for e in events if isinstance(e, TerritoryDrawn)]
    assert drawn.territory == BOARD.territories[water]
    assert visible_events(events, 1)[-1].territory == ""  # the others see that, not which
    assert match.observation(0).hidden_energy == (BOARD.territories[water],)
    assert (
        match.observation(1).hidden_energy == ()
        and match.observation(1).hidden_energy_cards[0] == 1
    )
    match.apply(0, EndPhase())  # invading: done; nothing to fortify: the turn ends
    assert match.energy[0] == 4 and match.hidden_energy[0] == []


@pytest.mark.parametrize(("option", "paid"), [("all_moon", 0), ("one_colony", 7)])
def test_energy_extraction_pays_seven_when_the_moon_is_held(option, paid):
    """Extraction d'énergie: 7 energy at the end of the turn "si vous contrôlez tous les
    territoires lunaires" (the French book, the default); the English card's one colony is
    option ``energy_extraction=one_colony`` (Z27)."""
    sajon = [BOARD.territories[t] for t in BOARD.members[BOARD.regions.index("sajon")]]
    match = arrange(
        new_match(3, energy_extraction=option),
        dict.fromkeys(sajon, 0) | {"alberta": 1},
        commanders={0: {"space": "tycho"}},
        energy=[1, 0, 0],
    )
    card = give(match, 0, "space", "energy_extraction")
    match.apply(0, PlayCard(card))
    assert match.energy[0] == 0
    while match.mover == 0:
        match.apply(0, match.legal_actions(0)[-1])  # end every step
    assert match.energy[0] == paid


def test_the_reaction_window_asks_the_defender_first_then_the_others_in_turn_order():
    """003 "Après qu'un adversaire ait déclaré une invasion (contre l'un de vos territoires, ou
    du type indiqué)"; Z22: the defender first, then the others in turn order after the
    attacker, again after every card, until all pass. Only seats that may hold such a card
    are asked (a card of the deck in hand and its commander in play: public facts)."""
    match = arrange(
        new_match(4),
        {"alberta": 0, "canada": 1, "tycho": 2, "new_york": 3},
        {"alberta": 5},
        commanders={1: {"land": "canada"}, 2: {"land": "tycho"}, 3: {"naval": "new_york"}},
    )
    give(match, 1, "land", "stealth_mods")
    stealth = give(match, 2, "land", "stealth_mods")
    give(match, 3, "naval", "stealth_mods")  # not the target's kind: seat 3 is not asked
    match.apply(0, Invade("alberta", "canada"))
    assert match.phase == "react" and match.to_move() == (1,)
    assert match.legal_actions(1)[0] == Pass()
    assert get_game("risk2210").default_action(match.legal_actions(1)) == Pass()
    match.apply(1, Pass())
    assert match.to_move() == (2,)
    match.apply(2, PlayCard(stealth))  # MODs furtifs: "Oui, vous pouvez aider un autre joueur"
    assert match.mods[INDEX["canada"]] == 4 and match.owner[INDEX["canada"]] == 1
    assert match.to_move() == (1,)  # every seat may answer again
    match.apply(1, Pass())
    assert match.phase == "roll" and match.to_move() == (0,)


def test_stealth_mods_only_against_a_territory_of_the_decks_kind():
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1},
        {"alberta": 5},
        commanders={1: {"space": "canada"}},
    )
    give(match, 1, "space", "stealth_mods")
    match.apply(0, Invade("alberta", "canada"))
    assert match.phase == "roll"  # nobody may hold a land reaction: nobody is asked


def test_cease_fire_calls_off_the_invasion_and_protects_the_defender_this_turn():
    """Cessez-le-feu (2 energy): "l'invasion est annulée ... ne peut plus attaquer l'un de vos
    territoires" for the rest of the attacker's turn (Z24: unoccupied ones stay open)."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1, "nunavut": 1},
        {"alberta": 5},
        commanders={1: {"diplomat": "canada"}},
        energy=[0, 2, 0],
    )
    card = give(match, 1, "diplomat", "cease_fire")
    match.apply(0, Invade("alberta", "canada"))
    events = match.apply(1, PlayCard(card))
    assert any(isinstance(e, InvasionCancelled) for e in events) and match.energy[1] == 0
    assert match.phase == "invade" and match.invasion is None
    legal = match.legal_actions(0)
    assert not any(isinstance(a, Invade) for a in legal)
    assert any(isinstance(a, Capture) for a in legal)


def test_a_jammed_seat_plays_no_card_this_turn():
    """Brouillage satellite: the player named "ne peut jouer aucune carte de commandement
    pendant votre tour" (Z25: reactions included)."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1},
        {"alberta": 5},
        commanders={0: {"land": "alberta"}, 1: {"diplomat": "canada"}},
        energy=[0, 2, 0],
    )
    jam = give(match, 0, "land", "frequency_jam")
    give(match, 1, "diplomat", "cease_fire")
    assert PlayCard(jam, "", 1) in plays(match, 0)
    match.apply(0, PlayCard(jam, "", 1))
    match.apply(0, Invade("alberta", "canada"))
    assert match.phase == "roll"
    match.apply(0, Roll(1, ()))


def test_redeployment_a_second_fortify_move():
    """Redéploiement: "Vous pouvez consolider une seconde fois. Toutes vos attaques doivent
    être achevées"; 003 "Après avoir consolidé, vous pouvez jouer ... à la fin de son tour"."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 0, "nunavut": 0, "tycho": 1},
        {"alberta": 5},
        commanders={0: {"diplomat": "nunavut"}},
        phase="fortify",
    )
    card = give(match, 0, "diplomat", "redeployment")
    match.apply(0, Fortify("alberta", "canada", 3, ()))
    assert match.phase == "end_cards" and plays(match, 0) == [PlayCard(card)]
    match.apply(0, PlayCard(card))
    assert match.phase == "fortify"
    match.apply(0, Fortify("canada", "alberta", 2, ()))
    assert match.mover == 1  # no diplomat card left: the turn ends


def invaded_by_seat_0(defender_cards=(), **kw):
    """Seat 0 (alberta, 6 MODs and its land commander) invades seat 1's canada (2 MODs);
    seat 1 holds ``defender_cards`` ((deck, kind) pairs) with every commander in play."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1, "nunavut": 1, "tycho": 2},
        {"alberta": 6, "canada": 2},
        commanders={0: {"land": "alberta"}, 1: dict.fromkeys(COMMANDERS, "nunavut")},
        energy=[0, 5, 0],
        **kw,
    )
    ids = [give(match, 1, deck, kind) for deck, kind in defender_cards]
    match.apply(0, Invade("alberta", "canada"))
    return match, ids


def test_death_trap_the_attacker_loses_half_its_source_rounded_up_choosing_which():
    """Embuscade terrestre (3 energy): "l'attaquant perd la moitié (arrondie au supérieur) des
    unités présentes dans le territoire d'où provient l'attaque", chosen by the attacker."""
    match, (trap,) = invaded_by_seat_0([("land", "land_death_trap")])
    match.mods[INDEX["alberta"]] = 1  # 1 MOD and the land commander: it loses 1 of 2
    match.commander[0][3] = INDEX["alberta"]  # and the nuclear commander: 1 of 3... 2 die
    match.apply(1, PlayCard(trap))
    assert match.energy[1] == 2 and match.mods[INDEX["alberta"]] == 0
    assert match.phase == "casualty" and match.to_move() == (0,)
    match.apply(0, Remove("nuclear"))
    assert match.in_play(0, 0) and not match.in_play(0, 3)
    assert match.units(INDEX["alberta"]) == 1 and match.invasion is None  # no roll left (Z38)


def test_the_traps_fit_the_attacked_territorys_kind():
    match, _ = invaded_by_seat_0([("naval", "water_death_trap"), ("space", "orbital_mines")])
    assert plays(match, 1) == []


def test_stealth_station_the_attacked_land_territory_defends_with_d8s_at_once():
    """Station furtive: the defender places a station on its attacked land territory."""
    match, (card,) = invaded_by_seat_0([("land", "stealth_station")])
    match.apply(1, PlayCard(card))
    assert match.station[INDEX["canada"]] == 1


def test_evacuation_moves_every_unit_away_and_the_attacker_takes_the_territory():
    """Évacuation: "Déplacez toutes les unités du territoire attaqué vers n'importe quel
    territoire sous votre contrôle"; Z23: the attacker takes it, contested all the same."""
    match, (card,) = invaded_by_seat_0([("diplomat", "evacuation")])
    assert PlayCard(card, "nunavut") in plays(match, 1)
    match.apply(1, PlayCard(card, "nunavut"))
    assert match.mods[INDEX["nunavut"]] == 3 and match.phase == "occupy"
    match.apply(0, Occupy(1, ()))
    assert match.owner[INDEX["canada"]] == 0 and match.contested == 1


def test_rocket_strike_a_d6_of_units_die_on_an_enemy_territory_of_the_kind():
    """Vague de missiles - Terre (2 energy): "Lancez un dé à six faces" and that many units
    die on the enemy land territory; not an invasion (no reaction window)."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1, "tycho": 1, "new_york": 2},
        {"canada": 5},
        commanders={0: {"nuclear": "alberta"}, 1: {"land": "canada"}},
        energy=[2, 0, 0],
    )
    card = give(match, 0, "nuclear", "rocket_strike_land")
    assert {a.territory for a in plays(match, 0)} == {"canada"}
    match.rng = Faces((6, 6))
    match.apply(0, PlayCard(card, "canada"))
    assert match.mods[INDEX["canada"]] == 0 and not match.in_play(1, 0)
    assert match.owner[INDEX["canada"]] == NOBODY  # "deviendront inoccupés"
    assert match.alive[1] and match.phase == "invade"


def test_assassin_bomb_kills_a_commander_on_three_or_more():
    """Bombe tueuse (1 energy): an enemy commander dies "sur un résultat de 3 ou plus" (d8)."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1, "tycho": 2},
        {"canada": 2},
        commanders={0: {"nuclear": "alberta"}, 1: {"naval": "canada"}},
        energy=[2, 0, 0],
    )
    card = give(match, 0, "nuclear", "assassin_bomb")
    assert plays(match, 0) == [PlayCard(card, "canada", 1, "naval")]
    match.rng = Faces((2, 8))
    match.apply(0, PlayCard(card, "canada", 1, "naval"))
    assert match.in_play(1, 1)
    card = give(match, 0, "nuclear", "assassin_bomb")
    match.rng = Faces((3, 8))
    match.apply(0, PlayCard(card, "canada", 1, "naval"))
    assert not match.in_play(1, 1)


@pytest.mark.parametrize(("option", "turned"), [(2, 2), (3, 3)])
def test_scatter_bomb_land_turns_over_two_cards_or_three_halving_enemy_territories(option, turned):
    """Bombe disruptive - Terre: "Retournez 2 cartes" (the English card 3: option
    ``scatter_land_cards``, Z27); half the units, rounded up, die in each enemy territory; the
    player's own is spared (seed FAQ); the cards leave the game."""
    match = arrange(
        new_match(3, scatter_land_cards=option),
        {"alberta": 0, "canada": 1, "tycho": 2},
        commanders={0: {"nuclear": "alberta"}},
        energy=[1, 0, 0],
    )
    deck = match.territory_decks[0]
    top = deck[-turned:]
    mine = top[-1]
    match.owner[mine], match.mods[mine] = 0, 3
    for t in top[:-1]:
        match.owner[t], match.mods[t] = 1, 3
    card = give(match, 0, "nuclear", "scatter_bomb_land")
    match.apply(0, PlayCard(card))
    assert len(match.territory_decks[0]) == len(deck) and mine not in match.territory_decks[0]
    assert match.mods[mine] == 3 and all(match.mods[t] == 1 for t in top[:-1])


def test_the_mother_hits_every_territory_of_the_continent_the_players_own_included():
    """La Mère (3 energy): "Lancez un dé ... 1 Amérique du Nord" and "Détruisez une unité de
    chacun des territoires" of it (Z29: the player's own too)."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1, "nunavut": 1, "tycho": 2},
        {"alberta": 2, "canada": 2},
        commanders={0: {"nuclear": "alberta"}},
        energy=[3, 0, 0],
    )
    card = give(match, 0, "nuclear", "the_mother")
    match.rng = Faces((1, 6))
    match.apply(0, PlayCard(card))
    assert [match.mods[INDEX[t]] for t in ("alberta", "canada", "nunavut")] == [1, 1, 0]
    assert match.owner[INDEX["nunavut"]] == NOBODY and match.in_play(0, 3)


def test_aqua_rolls_again_on_a_six():
    """Aqua, le Frère: "1 US Pacific ... 5 Indian, 6 relancez le dé"."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "new_york": 1, "tycho": 1},
        {"new_york": 2},
        commanders={0: {"nuclear": "alberta"}},
        energy=[3, 0, 0],
    )
    card = give(match, 0, "nuclear", "aqua_brother")
    match.rng = Faces((6, 6), (3, 6))  # then 3: North Atlantic
    match.apply(0, PlayCard(card))
    assert match.mods[INDEX["new_york"]] == 1


def test_a_card_taking_a_players_last_unit_eliminates_it():
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1, "tycho": 2},
        commanders={0: {"nuclear": "alberta"}},
        energy=[2, 0, 0],
    )
    card = give(match, 0, "nuclear", "rocket_strike_land")
    match.rng = Faces((1, 6))
    match.apply(0, PlayCard(card, "canada"))
    assert not match.alive[1] and match.owner[INDEX["canada"]] == NOBODY


def test_scout_forces_five_mods_land_when_the_territory_is_held():
    """Force de reconnaissance: a land card drawn in secret, "recouverte par 5 MODs. Quand vous
    occupez ce territoire, placez-y immédiatement les 5 MODs" (Z32: on its next gain)."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "tycho": 1, "new_york": 2},
        {"alberta": 4},
        commanders={0: {"land": "alberta"}},
    )
    match.territory_decks[0].remove(INDEX["canada"])
    match.territory_decks[0].append(INDEX["canada"])  # canada on top
    card = give(match, 0, "land", "scout_forces")
    events = match.apply(0, PlayCard(card))
    assert visible_events(events, 1)[-1].territory == "" and match.scouts[0] == [INDEX["canada"]]
    assert match.observation(0).scouts == ("canada",) and match.observation(1).scout_cards[0] == 1
    match.apply(0, Capture("alberta", "canada", 1, ()))
    assert match.mods[INDEX["canada"]] == 6 and match.scouts[0] == []


def test_invade_earth_the_moon_attacks_the_first_land_card_not_held():
    """Invasion de la Terre: land cards turned over until one you do not control; this turn
    your lunar territories may attack it (Z33); the cards turned over leave the game."""
    match = arrange(
        new_match(3),
        {"tycho": 0, "alberta": 0, "canada": 1, "sea_of_crisis": 2},
        {"tycho": 3},
        commanders={0: {"space": "tycho"}},
    )
    deck = match.territory_decks[0]
    for t in ("canada", "alberta"):  # alberta on top, then canada
        deck.remove(INDEX[t])
        deck.append(INDEX[t])
    card = give(match, 0, "space", "invade_earth")
    match.apply(0, PlayCard(card))
    assert match.earth_targets == [INDEX["canada"]]
    assert INDEX["alberta"] not in deck and INDEX["canada"] not in deck
    assert Invade("tycho", "canada") in match.legal_actions(0)


def test_reinforcements_one_mod_on_three_distinct_territories_of_the_kind():
    """Renforts: "un MOD sur trois territoires terrestres distincts"; with fewer, the extra
    MODs are lost (seed FAQ)."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 0, "nunavut": 0, "mexico": 0, "tycho": 1},
        commanders={0: {"land": "alberta"}},
    )
    card = give(match, 0, "land", "reinforcements")
    match.apply(0, PlayCard(card))
    assert match.phase == "card_place" and match.observation(0).reinforcements_left == 3
    match.apply(0, Place("canada", 1))
    with pytest.raises(IllegalAction):
        match.apply(0, Place("canada", 1))  # distinct territories
    match.apply(0, Place("mexico", 1))
    match.apply(0, Place("nunavut", 1))
    assert [match.mods[INDEX[t]] for t in ("alberta", "canada", "nunavut", "mexico")] == [
        1,
        2,
        2,
        2,
    ]
    assert match.phase == "invade"
    few = arrange(new_match(3), {"tycho": 0, "alberta": 1}, commanders={0: {"space": "tycho"}})
    card = give(few, 0, "space", "reinforcements")
    few.apply(0, PlayCard(card))
    assert few.mods[INDEX["tycho"]] == 2 and few.phase != "card_place"


def test_damage_from_a_card_asks_the_owner_which_commander_dies_then_play_goes_on():
    """A8.9 (seed FAQ for La Mère, Aqua, Nicky): the owner of the units chooses which die."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1, "tycho": 1},
        {"canada": 0},
        commanders={0: {"nuclear": "alberta"}, 1: {"land": "canada", "diplomat": "canada"}},
        energy=[2, 0, 0],
    )
    card = give(match, 0, "nuclear", "rocket_strike_land")
    match.rng = Faces((1, 6))
    match.apply(0, PlayCard(card, "canada"))
    assert match.phase == "casualty" and match.to_move() == (1,)
    match.apply(1, Remove("land"))
    assert match.in_play(1, 4) and not match.in_play(1, 0)
    assert match.phase == "invade" and match.to_move() == (0,)


def test_decoys_revealed_moves_commanders_on_a_board_to_any_territory_held():
    """Leurres démasqués: "Déplacez autant de commandeurs que vous le désirez vers un ou
    plusieurs territoires sous votre contrôle" (seed FAQ: only those already on a board)."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "tycho": 0, "canada": 1},
        {"alberta": 2},
        commanders={0: {"diplomat": "alberta", "naval": "alberta"}},
    )
    card = give(match, 0, "diplomat", "decoys_revealed")
    match.apply(0, PlayCard(card))
    assert match.phase == "decoys"
    assert set(match.legal_actions(0)) == {
        Relocate("naval", "tycho"),
        Relocate("diplomat", "tycho"),
        EndPhase(),
    }
    match.apply(0, Relocate("naval", "tycho"))
    match.apply(0, EndPhase())
    assert match.commander[0][1] == INDEX["tycho"] and match.phase == "invade"


def test_mod_reduction_each_opponent_removes_four_mods_then_the_player_two():
    """Désarmement (2 energy): "Chacun de vos adversaires (dans l'ordre du tour) doivent
    retirer 4 MODs chacun ... Vous-même retirez ensuite 2 MODs"; Z31: all of them when
    fewer, the remover choosing where, commanders never."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1, "nunavut": 1, "tycho": 2},
        {"alberta": 5, "canada": 3, "nunavut": 3, "tycho": 2},
        commanders={0: {"diplomat": "alberta"}, 2: {"land": "tycho"}},
        energy=[2, 0, 0],
    )
    card = give(match, 0, "diplomat", "mod_reduction")
    match.apply(0, PlayCard(card))
    assert match.phase == "reduce" and match.to_move() == (1,)
    match.apply(1, RemoveMods("canada", 3))
    # The last MOD from nunavut, seat 2's 2 MODs on tycho and seat 0's 2 on alberta go by
    # themselves: each seat has them on one territory only.
    assert [match.mods[INDEX[t]] for t in ("alberta", "canada", "nunavut", "tycho")] == [3, 0, 2, 0]
    assert match.owner[INDEX["canada"]] == NOBODY and match.owner[INDEX["tycho"]] == 2
    assert match.phase == "invade" and match.energy[0] == 0


def test_armageddon_every_nuclear_seat_in_turn_plays_nuclear_cards_for_free():
    """Armageddon (4 energy): "Tous les joueurs, dans l'ordre du tour, peuvent jouer autant de
    cartes nucléaires qu'ils le désirent sans avoir à payer leur coût en énergie" (Z26: the
    player first, then the others, once each; a Nuclear Commander needed)."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "canada": 1, "tycho": 2},
        {"alberta": 3, "canada": 3, "tycho": 3},
        commanders={n: {"nuclear": t} for n, t in enumerate(("alberta", "canada", "tycho"))},
        energy=[4, 0, 0],
    )
    armageddon = give(match, 0, "nuclear", "armageddon")
    give(match, 0, "nuclear", "assassin_bomb")
    strike = give(match, 1, "nuclear", "rocket_strike_land")
    give(match, 2, "diplomat", "energy_crisis")  # no nuclear card: seat 2 is not asked
    match.apply(0, PlayCard(armageddon))
    assert match.phase == "armageddon" and match.to_move() == (0,)
    match.apply(0, Pass())
    assert match.to_move() == (1,)
    assert PlayCard(strike, "alberta") in match.legal_actions(1)  # free: seat 1 has no energy
    match.rng = Faces((2, 6))
    match.apply(1, PlayCard(strike, "alberta"))
    assert match.mods[INDEX["alberta"]] == 1 and match.to_move() == (1,)
    match.apply(1, Pass())
    assert match.phase == "invade" and match.to_move() == (0,)


# The same cards for the other kinds of territory: the water and Moon traps, strikes and
# scatter bombs, and Nicky (annex, each card's text; the attacked or hit territory's kind).
KIND_PLACES = {"water": ("new_york", "nova_brasilia"), "moon": ("tycho", "marsh_of_diseases")}
KIND_DECKS = {"water": ("naval", "water_death_trap"), "moon": ("space", "orbital_mines")}


@pytest.mark.parametrize("kind", ["water", "moon"])
def test_the_traps_of_the_other_kinds_take_half_the_source(kind):
    """Embuscade maritime (naval), Mines orbitales (space): as Embuscade terrestre, against an
    invasion of the defender's water or lunar territory."""
    target, source = KIND_PLACES[kind]
    deck, trap_kind = KIND_DECKS[kind]
    commander = "naval" if kind == "water" else "space"
    match = arrange(
        new_match(3),
        {source: 0, target: 1, "alberta": 1, "canada": 2},
        {source: 6, target: 2},
        commanders={0: {commander: source}, 1: {commander: "alberta"}},
        energy=[0, 5, 0],
    )
    trap = give(match, 1, deck, trap_kind)
    match.apply(0, Invade(source, target))
    assert plays(match, 1) == [PlayCard(trap)]
    match.apply(1, PlayCard(trap))
    assert match.units(INDEX[source]) == 7 - 4  # 6 MODs and a commander: 4 lost


@pytest.mark.parametrize("kind", ["water", "moon"])
def test_rocket_strike_and_scatter_bomb_of_the_other_kinds(kind):
    """Vague de missiles - Mer / Lune: a d6 of units on an enemy territory of that kind;
    Bombe disruptive - Mer / Lune: 2 cards of that kind turned over, enemy ones halved."""
    target, _ = KIND_PLACES[kind]
    match = arrange(
        new_match(3),
        {"alberta": 0, target: 1, "canada": 2},
        {target: 6},
        commanders={0: {"nuclear": "alberta"}},
        energy=[3, 0, 0],
    )
    strike = give(match, 0, "nuclear", f"rocket_strike_{kind}")
    assert {a.territory for a in plays(match, 0) if a.card == strike} == {target}
    match.rng = Faces((2, 6))
    match.apply(0, PlayCard(strike, target))
    assert match.mods[INDEX[target]] == 4
    pile = match.territory_decks[1 if kind == "water" else 2]
    pile.remove(INDEX[target])
    pile.append(INDEX[target])  # the target's card on top
    bomb = give(match, 0, "nuclear", f"scatter_bomb_{kind}")
    match.apply(0, PlayCard(bomb))
    assert match.mods[INDEX[target]] == 2 and INDEX[target] not in pile


def test_nicky_names_a_lunar_colony():
    """Nicky, le Fils: "1-2 Cresinion, 3-4 Delphot, 5-6 Sajon"; one unit dies in each of its
    territories."""
    match = arrange(
        new_match(3),
        {"alberta": 0, "tycho": 1, "sea_of_crisis": 2},
        {"tycho": 2, "sea_of_crisis": 2},
        commanders={0: {"nuclear": "alberta"}},
        energy=[3, 0, 0],
    )
    card = give(match, 0, "nuclear", "nicky_boy")
    match.rng = Faces((6, 6))  # Sajon: Tycho, not the Sea of Crisis (Delphot)
    match.apply(0, PlayCard(card))
    assert (match.mods[INDEX["tycho"]], match.mods[INDEX["sea_of_crisis"]]) == (1, 2)


@pytest.mark.parametrize("bad", [PlayCard("x", "", True), PlayCard("x", "", 1.0), PlayCard("x", 3)])
def test_a_card_aimed_with_values_of_the_wrong_type_is_refused_and_changes_nothing(bad):
    match = arrange(
        new_match(3), {"alberta": 0, "canada": 1, "tycho": 2}, commanders={0: {"land": "alberta"}}
    )
    card = give(match, 0, "land", "frequency_jam")
    before = match.snapshot()
    with pytest.raises(IllegalAction):
        match.apply(0, PlayCard(card, bad.territory, bad.player))
    assert match.snapshot() == before
