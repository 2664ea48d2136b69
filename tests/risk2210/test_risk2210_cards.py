"""Risk 2210 A.D. command cards played so far: one test per card, citing the annex
("ANNEXE : CARTES DE COMMANDEMENT", the card's French text) and the windows of 003 "JOUER DES
CARTES DE COMMANDEMENT"."""

from __future__ import annotations

import pytest
from risk2210_helpers import INDEX, arrange, new_match

from engines.core.contract import IllegalAction, visible_events
from engines.registry import get_game
from engines.risk2210.actions import (
    Capture,
    EndPhase,
    Fortify,
    Invade,
    Pass,
    PlayCard,
    Roll,
)
from engines.risk2210.board import BOARD
from engines.risk2210.events import EnergyChanged, InvasionCancelled, TerritoryDrawn
from engines.risk2210.match import CARDS
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
