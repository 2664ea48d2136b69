"""A readable rule-of-thumb player for Risk : la colonisation: it builds schools early,
colonises, and defends its home.

It sees only what a remote bot sees (its observation and legal actions) and follows a few
habits: bid nothing for a second card; choose a tied home in its colour's continent, else the
one with the fewest neighbours; lay each card where a conversion may come (an artillery card
in column 1, a cavalry card in column 2); take conversions, then general commands and
diplomats where armies are plenty, else armies. Each turn: found a school on every territory
that has none and nothing better to do; colonise virgin and own hostile neighbours with all
the armies a territory can spare; send diplomats to convert hostile territories; attack a
neighbour only with a clear margin, with all the support it can add; keep the home stronger
than any enemy beside it, pulling armies into it when it is threatened; never move general
commands or diplomats out of the home.
"""

from __future__ import annotations

import random

from bots.house.choice import by_kind
from engines.colonisation.actions import (
    ArrangeSchool,
    Bid,
    BuildSchool,
    ChooseHome,
    Continue,
    DiplomatAct,
    EndTurn,
    Engage,
    Move,
    Produce,
    Stop,
    Support,
)
from engines.colonisation.observation import ColonisationObservation
from engines.colonisation.variants import MILITARY
from engines.core import Action, Amount

ATTACK_MARGIN = 2  # armies above the target's (and its bonuses) before attacking
SPARE_FOR_PERSONS = 4  # a school gives a person instead of an army from this many armies
PREFERRED_COLUMN = {"artillery": 1, "cavalry": 2}  # 004 "Ecoles militaires": the conversions


class ColonisationHeuristicPlayer:
    """Schools early, colonies everywhere, a safe home.

    >>> from engines.registry import get_game
    >>> match = get_game("colonisation").new_match("standard", 3, seed=1)
    >>> ColonisationHeuristicPlayer().act(match.observation(1), match.legal_actions(1))
    Bid(armies=0)
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: ColonisationObservation, legal_actions: tuple[Action, ...]) -> Action:
        """The heuristic choice among ``legal_actions``."""
        kinds = by_kind(legal_actions)
        first = legal_actions[0]
        if isinstance(first, Bid):
            return Bid(0)
        if ChooseHome in kinds:
            return min(kinds[ChooseHome], key=lambda a: self._home_key(obs, a.territory))
        if ArrangeSchool in kinds:
            return self._arrange(obs, kinds[ArrangeSchool])
        if Produce in kinds:
            return self._produce(obs, kinds[Produce])
        if Support in kinds or Engage in kinds:
            supports = kinds.get(Support, [])
            if supports:
                support = supports[0]
                return Support(support.territory, _high(support.armies))
            return kinds[Engage][0]
        if Continue in kinds:
            return Continue() if self._go_on(obs) else Stop()
        return self._turn(obs, legal_actions)

    # -- set-up and production ---------------------------------------------------------

    def _home_key(self, obs: ColonisationObservation, name: str) -> tuple[int, int]:
        """Smaller is better: in the colour's continent (the +3 bonus), few neighbours."""
        board = obs.board
        t = board.index[name]
        colour = board.continent_colours[board.continent_of[t]]
        return (0 if colour == board.seat_colours[obs.seat] else 1, len(board.neighbours[t]))

    def _arrange(self, obs: ColonisationObservation, options: list[ArrangeSchool]) -> Action:
        """An artillery card in column 1 and a cavalry card in column 2 may convert."""
        board = obs.board
        t = board.index[options[0].territory]
        symbols = board.symbols_fr if obs.deck == "fr" else board.symbols_us
        wanted = PREFERRED_COLUMN.get(symbols[t])
        for option in options:
            if option.column == wanted and obs.schools[t] & MILITARY:
                return option
        return options[-1] if wanted in (1, 2) else options[0]

    def _produce(self, obs: ColonisationObservation, options: list[Produce]) -> Action:
        """A conversion first (a second school to come), then a person where armies are
        plenty (a point each at the end), else an army."""
        t = obs.board.index[options[0].territory]
        by = {o.kind: o for o in options}
        for kind in ("officer_school", "political_school"):
            if kind in by:
                return by[kind]
        if obs.armies[t] >= SPARE_FOR_PERSONS:
            for kind in ("general", "diplomat"):
                if kind in by:
                    return by[kind]
        return by["army"]

    # -- war -------------------------------------------------------------------------

    def _go_on(self, obs: ColonisationObservation) -> bool:
        """Go on while this side has more armies in the war than the other."""
        war = obs.war
        if war is None:
            return False
        attack = sum(a for _, a in war.fronts)
        defence = obs.armies[obs.board.index[war.target]]
        if obs.seat == war.attacker:
            return attack > defence
        return defence + 1 >= attack

    # -- a turn ------------------------------------------------------------------------

    def _threat(self, obs: ColonisationObservation, t: int) -> int:
        """The most armies of another nation beside ``t``."""
        board, me = obs.board, obs.seat
        return max(
            (
                obs.armies[n]
                for n in board.neighbours[t]
                if obs.owner[n] >= 0 and obs.owner[n] != me and not obs.hostile[n]
            ),
            default=0,
        )

    def _keep(self, obs: ColonisationObservation, t: int) -> int:
        """Armies ``t`` keeps: the home stays above any enemy beside it."""
        if t == obs.homes[obs.seat]:
            return max(2, self._threat(obs, t) + 2)
        return 1 if not self._threat(obs, t) else max(1, self._threat(obs, t) // 2)

    def _turn(self, obs: ColonisationObservation, legal: tuple[Action, ...]) -> Action:
        board, me = obs.board, obs.seat
        index = board.index
        moves: dict[int, list[Move]] = {}
        builds: set[int] = set()
        for action in legal:
            if isinstance(action, Move) and not action.general and not action.diplomat:
                moves.setdefault(index[action.source], []).append(action)
            elif isinstance(action, BuildSchool):
                builds.add(index[action.territory])
            elif isinstance(action, DiplomatAct):
                target = index[action.target]
                if obs.hostile[target] and index[action.source] != obs.homes[me]:
                    return action
        home = obs.homes[me]
        # Defend the home: pull armies into it when an enemy beside it is as strong.
        if home >= 0 and self._threat(obs, home) + 2 > obs.armies[home]:
            for s, options in moves.items():
                for move in options:
                    if index[move.target] == home and s != home:
                        spare = _high(move.armies)
                        return Move(move.source, move.target, spare, False, False)
        for s in sorted(moves, key=lambda t: (t != home, t)):
            chosen = self._territory(obs, s, moves[s], s in builds)
            if chosen is not None:
                return chosen
        if builds:
            return BuildSchool(board.territories[min(builds)])
        return EndTurn()

    def _territory(
        self, obs: ColonisationObservation, s: int, options: list[Move], can_build: bool
    ) -> Action | None:
        """The action of territory ``s``: colonise, attack, or found its school."""
        board, me = obs.board, obs.seat
        index = board.index
        most = _high(options[0].armies)
        spare = most + 1 - self._keep(obs, s)
        virgins = sum(obs.owner[n] < 0 for n in board.neighbours[s])
        best: tuple[tuple[int, int], Move] | None = None
        for move in options:
            n = index[move.target]
            holder = obs.owner[n]
            if holder == me and obs.hostile[n]:
                key = (0, 0)  # own hostile: one army makes it a colony
                sent = 1
            elif holder < 0:
                key = (1, -sum(obs.owner[m] < 0 for m in board.neighbours[n]))
                sent = spare if virgins == 1 else max(1, (spare + 1) // 2)
            elif holder != me:
                school = 1 if obs.schools[n] & MILITARY else 0
                defence = obs.armies[n] + 1 + school + 3 * (obs.generals[n] > 0)
                if spare < defence + ATTACK_MARGIN:
                    continue
                key = (2, obs.armies[n])
                sent = spare
            else:
                continue
            if sent < 1 or sent > most:
                continue
            candidate = Move(move.source, move.target, sent, False, False)
            if best is None or key < best[0]:
                best = (key, candidate)
        if can_build and (best is None or (best[0][0] > 0 and spare < 2)):
            return BuildSchool(board.territories[s])
        if best is None and spare >= 1:  # an inner territory: its armies go to the frontier
            for move in options:
                n = index[move.target]
                if obs.owner[n] == me and self._frontier(obs, n):
                    return Move(move.source, move.target, min(spare, most), False, False)
        return best[1] if best is not None else None

    def _frontier(self, obs: ColonisationObservation, t: int) -> bool:
        """Does ``t`` border a territory that is not its nation's colony?"""
        me = obs.seat
        return any(obs.owner[n] != me or obs.hostile[n] for n in obs.board.neighbours[t])


def _high(amount: int | Amount) -> int:
    """The top of a quantity range (the value itself for a number)."""
    return amount.high if isinstance(amount, Amount) else amount
