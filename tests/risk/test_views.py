"""The engine keeps the parts of its observations and its attack and fortify options up to
date as the state changes instead of making them again for every decision (issue 19). They
must be exact: after every action of random (Hypothesis) and always-attack play, in every
variant and seat count, with cards on and off, each equals a recomputation from the state
alone, made here from the rules as the engine stated them before it kept them; a match
restored from its snapshot, or with its hidden parts drawn again, starts its views afresh.
The listings are also in the order the always-attack player reads from their first action.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from risk_helpers import ALL_VARIANT_SEATS, new_match

from bots.house.always_attack import AlwaysAttackPlayer
from bots.house.choice import bounds, fill
from engines.core.contract import Action, Amount
from engines.risk import missions
from engines.risk.actions import Attack, Blitz, EndPhase, Fortify, Occupy, Place, TradeCards
from engines.risk.board import WORLD
from engines.risk.match import RiskMatch
from engines.risk.observation import NEUTRAL, CardView, MissionView

IDS = WORLD.territories
N = len(IDS)
STEPS = 300
PROPERTY = settings(
    max_examples=3,
    deadline=None,
    database=None,
    print_blob=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),  # no shrinking: see test_properties
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def attack_options(match: RiskMatch) -> tuple[Action, ...]:
    """Every attack of the mover from scratch: from each of its territories with 2+ armies
    (in board order), against each neighbour of another holder (in the board's order) it may
    attack now, the Attack with the most dice then the Blitz; EndPhase last."""
    me = match._actor()
    options: list[Action] = []
    for s in match.owned[me]:
        armies = match.armies[s]
        if armies < 2:
            continue
        for t in WORLD.neighbours[s]:
            if match.owner[t] == me or not match._attackable(t):
                continue
            options.append(Attack(IDS[s], IDS[t], Amount(1, min(3, armies - 1))))
            options.append(Blitz(IDS[s], IDS[t], Amount(1, armies - 1)))
    return (*options, EndPhase())


def fortify_options(match: RiskMatch, seat: int) -> tuple[Action, ...]:
    """Every move of the seat from scratch: from each of its territories with armies that may
    leave (board order) to each of its neighbouring territories (the board's order)."""
    options: list[Action] = []
    for s in match.owned[seat]:
        armies = match.armies[s]
        movable = min(armies - 1, armies - match.locked[s]) if match.unfought else armies - 1
        if movable < 1:
            continue
        options.extend(
            Fortify(IDS[s], IDS[t], Amount(1, movable))
            for t in WORLD.neighbours[s]
            if match.owner[t] == seat
        )
    return (*options, EndPhase())


def observed_parts(match: RiskMatch, seat: int) -> dict[str, object]:
    """The parts of the observation the engine keeps between calls, from scratch."""
    rules = match.rules
    index = match.mission[seat]
    mission = missions.ALL[index] if index is not None else None
    progressive = rules.sets != "symbol_table" and match.options["cards"] == "on"
    return {
        "owners": tuple(match.owner),
        "armies": tuple(match.armies),
        "alive": tuple(match.alive),
        "hand": tuple(
            CardView(
                WORLD.card_name(c), None if c >= N else IDS[c], WORLD.card_symbol(c, rules.deck)
            )
            for c in sorted(match.hands[seat])
        ),
        "hand_sizes": tuple(len(hand) for hand in match.hands),
        "mission": mission and MissionView(mission.id, mission.text_fr, mission.text_en),
        "colours": missions.COLOURS[: match.seats],
        "deck_size": len(match.deck),
        "discard": tuple(WORLD.card_name(c) for c in match.discard),
        "next_set_value": rules.set_value(match.trades) if progressive else None,
    }


def check_views(match: RiskMatch) -> None:
    """Every seat's observation and the mover's options equal their recomputation."""
    for seat in range(match.seats):
        observation = match.observation(seat)
        for name, value in observed_parts(match, seat).items():
            assert getattr(observation, name) == value, (name, seat)
    if match.is_over():
        return
    (seat,) = match.to_move()
    if match.phase in ("attack", "ally_attack"):
        assert match.legal_actions(seat) == attack_options(match)
    elif match.phase == "fortify":
        assert match.legal_actions(seat) == fortify_options(match, seat)
    elif match.phase in ("setup", "place", "ally_place"):  # trades, then places or EndPhase
        kinds = [type(action) for action in match.legal_actions(seat)]
        trades = kinds.count(TradeCards)
        assert kinds[:trades] == [TradeCards] * trades
        assert kinds[trades:] in ([], [EndPhase]) or set(kinds[trades:]) == {Place}
    elif match.phase == "occupy":
        assert [type(action) for action in match.legal_actions(seat)] == [Occupy]


def check_fresh_copies(match: RiskMatch, rng: random.Random) -> None:
    """A restored match and a redrawn one show what the match shows."""
    restored = RiskMatch.restore(match.snapshot())
    check_views(restored)
    for seat in range(match.seats):
        assert restored.observation(seat) == match.observation(seat)
        assert restored.legal_actions(seat) == match.legal_actions(seat)
    check_views(match.redraw_hidden(0, rng))


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
@pytest.mark.parametrize("cards", ["on", "off"])
@PROPERTY
@given(data=st.data(), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_views_follow_random_play(variant, seats, cards, data, seed):
    match = new_match(variant, seats, seed, cards=cards, defender_dice="choose")
    check_views(match)
    for step in range(STEPS):
        if match.is_over():
            break
        seat = match.to_move()[0]
        legal = match.legal_actions(seat)
        template = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        amount = bounds(template)
        if amount is not None:
            template = fill(template, data.draw(st.integers(amount.low, amount.high)))
        match.apply(seat, template)
        check_views(match)
        if step % 50 == 0:
            check_fresh_copies(match, random.Random(step))


@pytest.mark.parametrize(("variant", "seats"), ALL_VARIANT_SEATS)
@pytest.mark.parametrize("cards", ["on", "off"])
def test_views_follow_always_attack_play_to_the_end(variant, seats, cards):
    """Long games: conquests, eliminations, card trades, deck reshuffles, the allié."""
    match = new_match(variant, seats, seed=seats, cards=cards, max_steps=3000)
    players = [AlwaysAttackPlayer(seed) for seed in range(seats)]
    while not match.is_over():
        seat = match.to_move()[0]
        action = players[seat].act(match.observation(seat), match.legal_actions(seat))
        match.apply(seat, action)
        check_views(match)
    check_fresh_copies(match, random.Random(seats))


def test_the_third_force_attacks_from_its_own_options():
    """miro-2p: the allié's attacks are listed from the same kept options (owner -1)."""
    match = new_match("miro-2p", 2, seed=3)
    players = [AlwaysAttackPlayer(seed) for seed in range(2)]
    seen = False
    while not match.is_over() and match.steps < 3000:
        seat = match.to_move()[0]
        if match.phase == "ally_attack":
            seen = True
            assert match._actor() == NEUTRAL
            assert match.legal_actions(seat) == attack_options(match)
        match.apply(seat, players[seat].act(match.observation(seat), match.legal_actions(seat)))
    assert seen
