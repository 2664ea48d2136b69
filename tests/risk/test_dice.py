"""One roll of the dice, exactly: every outcome enumerated, no sampling.

The rule (003 'Déterminer le sort de la bataille'; 000 'Combats' 3): the highest attacking die
against the highest defending die, then the second against the second; a tie goes to the
defender; extra dice are ignored. The attacker rolls 1-3 dice, the defender at most 2 (3 in La
conquête du monde). Each test compares the engine's roll resolution with an enumeration of
all 6**k equally likely ordered outcomes computed here with fractions.

The engine (``VERSION``) draws one ``rng.random()`` per roll and reads the outcome of both
sides from the cell of width 6**-(a+d) of ``TABLES[a][d]`` holding it; the engine of
``VERSION_1_1``, still played for its replays, draws one per side and reads each side's ordered
outcome from the cell of width 6**-k holding it. The tests feed the middle of every cell once.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from risk_helpers import Dice, arrange, new_match, of_type

from engines.risk.actions import Attack
from engines.risk.board import WORLD
from engines.risk.events import DiceRolled
from engines.risk.match import TABLES, VERSION, VERSION_1_1

SOURCE, TARGET = "alberta", "ontario"
S, T = WORLD.index[SOURCE], WORLD.index[TARGET]
FACES = range(1, 7)


def resolve(attack: tuple[int, ...], defence: tuple[int, ...]) -> tuple[int, int]:
    """(attacker's losses, defender's losses) of one roll, by the books' rule."""
    lost_attack = lost_defence = 0
    for a, d in zip(sorted(attack, reverse=True), sorted(defence, reverse=True), strict=False):
        if a > d:
            lost_defence += 1
        else:
            lost_attack += 1
    return lost_attack, lost_defence


def exact(attack_dice: int, defence_dice: int) -> dict[tuple[int, int], Fraction]:
    """The exact distribution of (attacker's losses, defender's losses), all outcomes counted."""
    counts = Counter(
        resolve(a, d)
        for a in product(FACES, repeat=attack_dice)
        for d in product(FACES, repeat=defence_dice)
    )
    total = 6 ** (attack_dice + defence_dice)
    return {losses: Fraction(n, total) for losses, n in counts.items()}


class Cells:
    """Stand-in rng whose ``random()`` returns the values it is given, in order."""

    def __init__(self) -> None:
        self.values: list[float] = []

    def random(self) -> float:
        return self.values.pop(0)


def roll_match(variant: str = "conquete-du-monde", version: str = VERSION):
    """A match of engine ``version`` in seat 0's attack phase, Alberta (seat 0) against
    Ontario (seat 1)."""
    match = new_match(variant, 3, 0, version=version, max_steps=10_000_000)
    return arrange(match, {SOURCE: 0, TARGET: 1})


KNOWN = {
    # The classic published one-roll odds (a tie goes to the defender).
    (1, 1): {(1, 0): Fraction(21, 36), (0, 1): Fraction(15, 36)},
    (1, 2): {(1, 0): Fraction(161, 216), (0, 1): Fraction(55, 216)},
    (2, 1): {(1, 0): Fraction(91, 216), (0, 1): Fraction(125, 216)},
    (2, 2): {(2, 0): Fraction(581, 1296), (1, 1): Fraction(420, 1296), (0, 2): Fraction(295, 1296)},
    (3, 1): {(1, 0): Fraction(441, 1296), (0, 1): Fraction(855, 1296)},
    (3, 2): {
        (2, 0): Fraction(2275, 7776),
        (1, 1): Fraction(2611, 7776),
        (0, 2): Fraction(2890, 7776),
    },
    # Three defence dice (000 La conquête du monde): 13.76 %, 21.47 %, 26.47 %, 38.30 %.
    (3, 3): {
        (0, 3): Fraction(6420, 46656),
        (1, 2): Fraction(10017, 46656),
        (2, 1): Fraction(12348, 46656),
        (3, 0): Fraction(17871, 46656),
    },
}


@pytest.mark.parametrize(("attack_dice", "defence_dice"), sorted(KNOWN))
def test_exact_distribution_matches_the_known_values(attack_dice, defence_dice):
    """003 'Déterminer le sort de la bataille' and 000 'Combats': the enumeration here gives the
    well-known odds, e.g. 3 against 2: the attacker loses 2 with 2275/7776, the defender 2
    with 2890/7776, each one with 2611/7776."""
    distribution = exact(attack_dice, defence_dice)
    assert distribution == KNOWN[attack_dice, defence_dice]
    assert sum(distribution.values()) == 1


@pytest.mark.parametrize("attack_dice", [1, 2, 3])
@pytest.mark.parametrize("defence_dice", [1, 2, 3])
def test_engine_resolves_every_outcome_like_the_enumeration(attack_dice, defence_dice):
    """Every one of the 6**(a+d) equally likely cells of the one draw of a roll is fed once to
    the engine's roll: its dice are the ordered outcomes of a and d dice together (each
    exactly once), its losses are the books' comparison of those dice, the armies fall by
    those losses, and the resulting distribution is exactly the enumeration's."""
    match = roll_match()
    cells = Cells()
    match.rng = cells
    events: list = []
    seen: Counter = Counter()
    total = 6 ** (attack_dice + defence_dice)
    assert len(TABLES[attack_dice][defence_dice]) == total
    for i in range(total):
        match.armies[S], match.armies[T] = 10, defence_dice
        cells.values[:] = [(i + 0.5) / total]
        events.clear()
        match._roll(S, T, attack_dice, match._defence_most(T), events)
        assert not cells.values, "the engine must draw once per roll"
        (rolled,) = events
        assert list(rolled.attacker) == sorted(rolled.attacker, reverse=True)
        assert list(rolled.defender) == sorted(rolled.defender, reverse=True)
        expected = resolve(rolled.attacker, rolled.defender)
        assert (rolled.attacker_losses, rolled.defender_losses) == expected
        assert (match.armies[S], match.armies[T]) == (10 - expected[0], defence_dice - expected[1])
        seen[rolled.attacker, rolled.defender] += 1
    # The cells map one to one onto the ordered outcomes of both sides' dice.
    assert seen == Counter(
        (tuple(sorted(a, reverse=True)), tuple(sorted(d, reverse=True)))
        for a in product(FACES, repeat=attack_dice)
        for d in product(FACES, repeat=defence_dice)
    )


@pytest.mark.parametrize("attack_dice", [1, 2, 3])
@pytest.mark.parametrize("defence_dice", [1, 2, 3])
def test_the_old_engine_resolves_every_outcome_like_the_enumeration(attack_dice, defence_dice):
    """``VERSION_1_1``: every one of the 6**(a+d) equally likely cells of the two draws is fed
    once to the engine's roll: its dice are the ordered outcomes of a and d dice (each exactly
    once), its losses are the books' comparison of those dice, the armies fall by those
    losses, and the resulting distribution is exactly the enumeration's."""
    match = roll_match(version=VERSION_1_1)
    cells = Cells()
    match.rng = cells
    events: list = []
    seen_attack: Counter = Counter()
    seen_defence: Counter = Counter()
    losses: Counter = Counter()
    attack_cells, defence_cells = 6**attack_dice, 6**defence_dice
    for i in range(attack_cells):
        for j in range(defence_cells):
            match.armies[S], match.armies[T] = 10, defence_dice
            cells.values[:] = [(i + 0.5) / attack_cells, (j + 0.5) / defence_cells]
            events.clear()
            match._roll(S, T, attack_dice, match._defence_most(T), events)
            assert not cells.values, "the engine must draw once per side"
            (rolled,) = events
            assert len(rolled.attacker) == attack_dice and len(rolled.defender) == defence_dice
            assert list(rolled.attacker) == sorted(rolled.attacker, reverse=True)
            assert list(rolled.defender) == sorted(rolled.defender, reverse=True)
            expected = resolve(rolled.attacker, rolled.defender)
            assert (rolled.attacker_losses, rolled.defender_losses) == expected
            assert (match.armies[S], match.armies[T]) == (
                10 - expected[0],
                defence_dice - expected[1],
            )
            seen_attack[rolled.attacker] += 1
            seen_defence[rolled.defender] += 1
            losses[expected] += 1
    # Each side's cells map one to one onto its ordered outcomes.
    assert seen_attack == Counter(
        tuple(sorted(o, reverse=True))
        for o in product(FACES, repeat=attack_dice)
        for _ in range(defence_cells)
    )
    assert seen_defence == Counter(
        tuple(sorted(o, reverse=True))
        for o in product(FACES, repeat=defence_dice)
        for _ in range(attack_cells)
    )
    total = attack_cells * defence_cells
    assert {k: Fraction(n, total) for k, n in losses.items()} == exact(attack_dice, defence_dice)


@pytest.mark.parametrize("version", [VERSION, VERSION_1_1])
def test_attack_actions_resolve_every_three_against_two_outcome(version):
    """The same through the public Attack action (Hasbro, defender capped at 2 dice): all 7776
    outcomes of 3 dice against 2, each once, give the exact 2275 / 2611 / 2890 split."""
    match = roll_match("hasbro", version)
    losses: Counter = Counter()
    for attack in product(FACES, repeat=3):
        for defence in product(FACES, repeat=2):
            match.armies[S], match.armies[T] = 10, 5
            match.rng = Dice(attack, defence, per_side=version == VERSION_1_1)
            (rolled,) = of_type(match.apply(0, Attack(SOURCE, TARGET, 3)), DiceRolled)
            assert rolled.attacker == tuple(sorted(attack, reverse=True))
            assert rolled.defender == tuple(sorted(defence, reverse=True))
            assert (rolled.attacker_losses, rolled.defender_losses) == resolve(attack, defence)
            losses[rolled.attacker_losses, rolled.defender_losses] += 1
    assert losses == {(2, 0): 2275, (1, 1): 2611, (0, 2): 2890}


@pytest.mark.parametrize(
    ("variant", "cap"),
    [
        ("hasbro", 2),
        ("miro-missions", 2),
        ("miro-2p", 2),
        ("miro-domination", 2),
        ("conquete-du-monde", 3),
        ("conquete-du-monde-proportional", 3),
    ],
)
@pytest.mark.parametrize("defenders", [1, 2, 3, 4])
def test_defence_dice_are_the_armies_up_to_the_cap(variant, cap, defenders):
    """003 'le défenseur peut lancer 1 ou 2 dés'; 000 'ne peut lancer que 2 dés ... au
    maximum'; 000 La conquête du monde: 'sans dépasser trois'. The engine rolls the most the
    defender may (000: 'il est dans son intérêt de se défendre toujours avec le maximum')."""
    seats = 2 if variant == "miro-2p" else 3
    match = arrange(
        new_match(variant, seats, 0),
        {SOURCE: 0, TARGET: 1},
        {SOURCE: 10, TARGET: defenders},
        missions=dict.fromkeys(range(seats), "m24") if variant == "miro-missions" else None,
    )
    cells = Cells()
    cells.values[:] = [0.0, 0.999999]
    match.rng = cells
    (rolled, *_) = match.apply(0, Attack(SOURCE, TARGET, 3))
    assert len(rolled.defender) == min(defenders, cap)


@pytest.mark.parametrize("version", [VERSION, VERSION_1_1])
def test_extreme_draws_give_the_extreme_dice(version):
    """The first and the last cells: all ones and all sixes (no cell is lost at the ends)."""
    match = roll_match(version=version)
    cells = Cells()
    match.rng = cells
    for k in (1, 2, 3):
        for u, face in ((0.0, 1), (1 - 2**-53, 6)):
            match.armies[S], match.armies[T] = 10, 3
            cells.values[:] = [u, u]
            events: list = []
            match._roll(S, T, k, match._defence_most(T), events)
            assert events[0].attacker == (face,) * k
            assert events[0].defender == (face,) * 3
