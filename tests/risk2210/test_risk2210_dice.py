"""Every d6/d8 mix of a roll, every outcome enumerated (no sampling): the engine's roll gives
the book's losses for each, and the exact probabilities that follow.

003 "Déterminer le sort de la bataille": the highest dice compared pairwise, "en cas d'égalité
entre deux scores, c'est le défenseur qui gagne", the surplus ignored; "Attaquer avec des
commandeurs": a d8 in place of a d6 for each commander that takes part; "tous les commandeurs
se défendent toujours avec un dé à huit faces"; beside a station every defending die is a d8.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from risk2210_helpers import INDEX, Faces, arrange, new_match

from engines.risk2210.events import DiceRolled
from engines.risk2210.match import VERSION, VERSION_1_0

MIXES = [  # (attacking dice, of them d8s, defending dice, of them d8s)
    (a, e, d, f) for a in (1, 2, 3) for e in range(a + 1) for d in (1, 2) for f in range(d + 1)
]


def book_losses(attack: tuple[int, ...], defence: tuple[int, ...]) -> tuple[int, int]:
    """The book's comparison, written here apart from the engine's."""
    pairs = zip(sorted(attack, reverse=True), sorted(defence, reverse=True), strict=False)
    defender = sum(1 for a, d in pairs if a > d)
    return min(len(attack), len(defence)) - defender, defender


def faces(sides: list[int]):
    return product(*(range(1, n + 1) for n in sides))


def battle(a: int, e: int, d: int, f: int, version: str):
    """A match of engine ``version`` where Alberta (seat 0) rolls against Canada (seat 1,
    with ``f`` commanders there: its d8s) with ``a`` dice, ``e`` of them d8s."""
    match = arrange(
        new_match(3, version=version),
        {"alberta": 0, "canada": 1},
        {"alberta": 9, "canada": 9},
        commanders={1: dict(zip(("land", "diplomat"), ("canada",) * f, strict=False))},
    )
    match.invasion = {
        "seat": 0,
        "source": INDEX["alberta"],
        "target": INDEX["canada"],
        "defender": 1,
        "rolls": 0,
        "contested": True,
        "dice": a,
        "commanders": [],
    }
    return match


@pytest.mark.parametrize(("a", "e", "d", "f"), MIXES)
def test_every_outcome_of_every_mix_gives_the_books_losses(a, e, d, f):
    """Every cell of the one draw of a roll fed once: each ordered outcome of the dice once,
    each with the book's losses."""
    match = battle(a, e, d, f, VERSION)
    attack_sides = [8] * e + [6] * (a - e)
    defence_sides = [8] * f + [6] * (d - f)
    total = 8 ** (e + f) * 6 ** (a - e + d - f)
    seen: Counter = Counter()
    for i in range(total):
        match.mods[INDEX["alberta"]] = match.mods[INDEX["canada"]] = 9
        match.rng = Faces((i + 0.5) / total)
        events: list = []
        match._resolve(a, e, d, events)
        assert not match.rng.values, "one draw a roll"
        (rolled,) = events
        assert isinstance(rolled, DiceRolled)
        assert (rolled.attacker_losses, rolled.defender_losses) == book_losses(
            rolled.attacker, rolled.defender
        )
        seen[rolled.attacker, rolled.attacker_sides, rolled.defender, rolled.defender_sides] += 1

    def shown(faces, sides):
        dice = sorted(zip(faces, sides, strict=True), reverse=True)
        return tuple(v for v, _ in dice), tuple(n for _, n in dice)

    assert seen == Counter(
        (*shown(attack, attack_sides), *shown(defence, defence_sides))
        for attack in faces(attack_sides)
        for defence in faces(defence_sides)
    )


@pytest.mark.parametrize(("a", "e", "d", "f"), MIXES)
def test_the_old_engine_gives_every_outcome_of_every_mix_the_books_losses(a, e, d, f):
    """``VERSION_1_0``: a draw a die, every ordered outcome fed once."""
    match = battle(a, e, d, f, VERSION_1_0)
    attack_sides = [8] * e + [6] * (a - e)
    defence_sides = [8] * f + [6] * (d - f)
    seen: Counter[tuple[int, int]] = Counter()
    expected: Counter[tuple[int, int]] = Counter()
    for attack in faces(attack_sides):
        for defence in faces(defence_sides):
            match.mods[INDEX["alberta"]] = match.mods[INDEX["canada"]] = 9
            match.rng = Faces(
                *zip(attack, attack_sides, strict=True), *zip(defence, defence_sides, strict=True)
            )
            events: list = []
            match._resolve(a, e, d, events)
            (rolled,) = events
            assert isinstance(rolled, DiceRolled)
            assert rolled.attacker == tuple(sorted(attack, reverse=True))
            assert sorted(rolled.attacker_sides) == sorted(attack_sides)
            assert sorted(rolled.defender_sides) == sorted(defence_sides)
            result = (rolled.attacker_losses, rolled.defender_losses)
            assert result == book_losses(attack, defence)
            seen[result] += 1
            expected[book_losses(attack, defence)] += 1
    assert seen == expected
    assert sum(seen.values()) == 8 ** (e + f) * 6 ** (a - e + d - f)


def exact(attack_sides: list[int], defence_sides: list[int]) -> dict[tuple[int, int], Fraction]:
    counts = Counter(
        book_losses(attack, defence)
        for attack in faces(attack_sides)
        for defence in faces(defence_sides)
    )
    total = sum(counts.values())
    return {result: Fraction(n, total) for result, n in counts.items()}


def test_exact_probabilities_of_known_mixes():
    # Three d6 against two d6, the classic figures: 2890, 2611 and 2275 of 7776.
    assert exact([6, 6, 6], [6, 6]) == {
        (0, 2): Fraction(2890, 7776),
        (1, 1): Fraction(2611, 7776),
        (2, 0): Fraction(2275, 7776),
    }
    # A d8 against a d6: it wins on 7 and 8 always, on k <= 6 against k - 1 faces: 27/48.
    assert exact([8], [6])[(0, 1)] == Fraction(27, 48)
    # A d6 against a defending commander's d8: the attacker wins 15/48.
    assert exact([6], [8])[(0, 1)] == Fraction(15, 48)
    # Two d8s against a station's two d8s: ties to the defender keep it ahead.
    odds = exact([8, 8], [8, 8])
    assert odds[(2, 0)] > odds[(0, 2)]
