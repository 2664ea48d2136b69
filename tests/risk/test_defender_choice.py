"""The defender's dice as the books have them (option ``defender_dice=choose``): the attacked
seat is asked out of turn, after the attacker announced its dice.

003 Règles du RISK classique, "Attaquer": "en tant qu'attaquant, vous devez annoncer le premier
combien de dés vous allez lancer, puis le défenseur fait de même ... le défenseur peut lancer 1
ou 2 dés. Dans le second cas, il doit posséder au moins 2 unités"; 000 "Questions": "C'est
l'attaquant qui, le premier, annonce le nombre de dés qu'il va lancer. Le défenseur peut donc
décider en conséquence". RULES.md, "Defender's dice".
"""

from __future__ import annotations

import pytest
from risk_helpers import GAME, Dice, arrange, new_match, of_type

from bots.house.risk_heuristic import RiskHeuristicPlayer
from engines.core.contract import IllegalAction
from engines.risk.actions import Attack, Blitz, Defend, EndPhase
from engines.risk.board import WORLD
from engines.risk.events import DiceRolled
from engines.risk.observation import NEUTRAL, PendingAttack

INDEX = WORLD.index
CHOOSE = {"defender_dice": "choose"}


def attacked(variant="hasbro", seats=3, defenders=5, **kw):
    """Seat 0's alberta (10 armies) borders seat 1's ontario (``defenders`` armies)."""
    match = new_match(variant, seats, 0, **{**CHOOSE, **kw})
    owners = {"alberta": 0, "ontario": 1}
    missions = dict.fromkeys(range(seats), "m24") if match.rules.missions else None
    return arrange(match, owners, {"alberta": 10, "ontario": defenders}, missions=missions, round=5)


def test_the_attacked_seat_is_asked_out_of_turn_after_the_attacker_announced_its_dice():
    match = attacked()
    assert match.apply(0, Attack("alberta", "ontario", 3)) == []  # nothing rolled yet
    assert match.phase == "defend"
    assert match.to_move() == (1,)
    assert match.legal_actions(0) == ()
    assert match.legal_actions(1) == (Defend(2), Defend(1))
    announced = PendingAttack("alberta", "ontario", 3, None)
    for seat in range(3):  # announced at the table: every seat sees it
        assert match.observation(seat).attack == announced
        assert match.observation(seat).turn_seat == 0
    assert match.observation(1).acting_for == 1

    match.rng = Dice((6, 6, 6), (1,))
    (rolled,) = of_type(match.apply(1, Defend(1)), DiceRolled)
    assert rolled.defender == (1,)
    assert (rolled.attacker_losses, rolled.defender_losses) == (0, 1)
    assert match.armies[INDEX["ontario"]] == 4
    assert (match.phase, match.to_move(), match.observation(0).attack) == ("attack", (0,), None)


def test_a_defence_the_rules_do_not_allow_is_refused_and_changes_nothing():
    match = attacked()
    match.apply(0, Attack("alberta", "ontario", 2))
    before = match.snapshot()
    for dice in (0, 3, True, "2"):
        with pytest.raises(IllegalAction):
            match.apply(1, Defend(dice))
    with pytest.raises(IllegalAction):  # the attacker waits for the answer
        match.apply(0, EndPhase())
    assert match.snapshot() == before


def test_a_defender_with_one_army_rolls_its_one_die_without_being_asked():
    match = attacked(defenders=1)
    match.rng = Dice((1, 1, 1), (6,))
    (rolled,) = of_type(match.apply(0, Attack("alberta", "ontario", 3)), DiceRolled)
    assert rolled.defender == (6,)
    assert match.phase == "attack"


@pytest.mark.parametrize("variant", ["conquete-du-monde", "conquete-du-monde-proportional"])
def test_conquete_defender_chooses_up_to_three_dice(variant):
    """000 La conquête du monde, "Combats" 2: "sans dépasser trois, bien entendu"."""
    match = attacked(variant, defenders=4)
    match.apply(0, Attack("alberta", "ontario", 3))
    assert match.legal_actions(1) == (Defend(3), Defend(2), Defend(1))


def test_against_a_blitz_the_answer_holds_for_every_roll():
    match = attacked(defenders=8)
    match.apply(0, Blitz("alberta", "ontario", 1))
    assert match.observation(1).attack == PendingAttack("alberta", "ontario", 3, 1)
    rolls = of_type(match.apply(1, Defend(1)), DiceRolled)
    assert len(rolls) > 1
    assert all(len(r.defender) == 1 for r in rolls)
    # It ran to its end: down to ``keep`` armies, or the target taken.
    assert match.armies[INDEX["alberta"]] == 1 or match.owner[INDEX["ontario"]] == 0


def test_the_neutral_army_has_no_seat_and_defends_with_the_most():
    """003 2 joueurs: the neutral army is nobody's to answer for."""
    match = new_match("hasbro", 2, 0, **CHOOSE)
    arrange(match, {"alberta": 0, "ontario": NEUTRAL}, {"alberta": 10, "ontario": 5})
    match.rng = Dice((1, 1, 1), (6, 6))
    (rolled,) = of_type(match.apply(0, Attack("alberta", "ontario", 3)), DiceRolled)
    assert rolled.defender == (6, 6)


def test_miro_two_players_the_turn_seat_defends_against_the_allie():
    """000 2 joueurs: after seat 0's attacks, seat 1 moves the allié against seat 0, who is
    asked while seat 1 decides for the allié."""
    match = new_match("miro-2p", 2, 0, **CHOOSE)
    arrange(
        match,
        {"alberta": NEUTRAL, "ontario": 0},
        {"alberta": 10, "ontario": 5},
        phase="ally_attack",
        missions=None,
    )
    assert match.to_move() == (1,)
    match.apply(1, Attack("alberta", "ontario", 3))
    assert match.to_move() == (0,)
    assert match.observation(0).acting_for == 0
    match.apply(0, Defend(2))
    assert (match.phase, match.to_move()) == ("ally_attack", (1,))


def test_the_default_option_keeps_the_engine_rule_and_never_asks():
    match = attacked(defender_dice="most")
    match.rng = Dice((1, 1, 1), (6, 6))
    (rolled,) = of_type(match.apply(0, Attack("alberta", "ontario", 3)), DiceRolled)
    assert rolled.defender == (6, 6)
    (option,) = (o for o in GAME.options if o.name == "defender_dice")
    assert option.default == "most"


def test_a_seat_that_does_not_answer_defends_with_the_most_and_so_does_the_heuristic():
    match = attacked()
    match.apply(0, Attack("alberta", "ontario", 1))
    legal = match.legal_actions(1)
    assert GAME.default_action(legal) == Defend(2)
    assert RiskHeuristicPlayer().act(match.observation(1), legal) == Defend(2)
