"""Plays one match to its end through the seat interface, with deadlines and time banks.

No database here: the runner takes a :class:`MatchSpec` and returns an :class:`Outcome`, so it
runs the same in the worker's sandbox process, in the benchmark and in tests. A seat's
``decide`` is a coroutine: :func:`run_async` plays on an event loop (remote matches share
one), and :func:`run` plays without one when no seat waits (house bots). The loop is the
engines' own (:func:`engines.play.play_rounds`): every seat to move is asked at once, so the
seats of a simultaneous decision (Africa's orders) think in parallel, each on its own clock.

Time control: a decision may take ``decision_seconds``; beyond that it draws on the seat's
``time_bank_seconds`` for the match. The time charged is what the seat reports
(``Seat.spent``): the wall-clock time of the decision for a house bot, the think time the
gateway measured for a remote bot (its network excluded; an answer the gateway read late
because it was busy is played, its time charged: docs/bots.md). A decision later than both, a bot
that raises, or an illegal action is a **fault**: the game's default action is played instead
(``GameInfo.default_action``: pass or end the phase when allowed), and it is counted in the
seat's total and by its kind (``SeatOutcome.timeouts``, ``crashes``, ``illegal_actions``,
``disconnects``). At ``max_faults`` faults the seat **forfeits**: every later decision of it
is the default action, and it is ranked below every seat that did not forfeit, with the code
of its last fault. A remote bot that stays disconnected for the whole grace period forfeits
at once (code ``disconnect``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from conquest.matches.codes import Refusal, SeatCode, SeatKind
from conquest.matches.seats import HouseSeat, Seat, SeatFault
from conquest.matches.spec import MatchSpec, Outcome, SeatOutcome
from engines.core import Action, Event, IllegalAction, Match, Result
from engines.core.contract import plural
from engines.play import Decision, finish, play_rounds
from engines.registry import get_game
from engines.replay import start


class EngineMismatch(Exception):
    """The installed engine is not the version the league is rated on."""


def final_placements(result: Result, forfeited: set[int]) -> list[int]:
    """Placements with every forfeited seat tied below all others.

    >>> final_placements(Result(((1,), (0, 2)), (0, 0, 0), "x"), forfeited={1})
    [1, 3, 1]
    """
    groups = [tuple(s for s in g if s not in forfeited) for g in result.ranking]
    groups = [g for g in groups if g]
    if forfeited:
        groups.append(tuple(sorted(forfeited)))
    placement = [0] * len(result.scores)
    place = 1
    for group in groups:
        for seat in group:
            placement[seat] = place
        place += len(group)
    return placement


class _Absent(Seat):
    """The seat of a bot withdrawn before the match (kind ``forfeit``): never asked."""

    async def decide(
        self, observation: Any, legal_actions: tuple[Action, ...], seconds: float
    ) -> Action:
        raise SeatFault(SeatCode.FORFEIT, "withdrawn")


def build_seats(
    spec: MatchSpec,
    resolve: Callable[[str], type],
    remote: Callable[[int], Seat] | None = None,
) -> list[Seat]:
    """A Seat per seat; house players are seeded from the match seed and their seat number,
    ``remote(seat)`` seats a remote bot."""
    seats: list[Seat] = []
    for i, s in enumerate(spec.seats):
        if s.kind == SeatKind.HOUSE:
            seats.append(HouseSeat(resolve(s.player)(seed=spec.seed * 16 + i)))
        elif s.kind == SeatKind.ABSENT:
            seats.append(_Absent())
        elif s.kind == SeatKind.REMOTE and remote is not None:
            seats.append(remote(i))
        else:
            raise ValueError(f"seat {i}: no way to seat a {s.kind!r} bot in this worker")
    return seats


def run(
    spec: MatchSpec,
    seats: Sequence[Seat],
    on_events: Callable[[Sequence[Event]], None] | None = None,
    on_start: Callable[[Match], None] | None = None,
) -> Outcome:
    """Play ``spec`` with seats that never wait for I/O (house bots) to the end, without an
    event loop (:func:`engines.play.finish`), waiting ``spec.pace_seconds`` after each
    action (the time is charged to nobody)."""
    if spec.pace_seconds > 0:
        on_events = _paced(on_events or (lambda events: None), spec.pace_seconds)
    return finish(run_async(spec, seats, on_events, on_start))


def _paced(
    on_events: Callable[[Sequence[Event]], None], seconds: float
) -> Callable[[Sequence[Event]], None]:
    """``on_events``, then a pause of ``seconds``."""

    def paced(events: Sequence[Event]) -> None:
        on_events(events)
        time.sleep(seconds)

    return paced


async def run_async(
    spec: MatchSpec,
    seats: Sequence[Seat],
    on_events: Callable[[Sequence[Event]], None] | None = None,
    on_start: Callable[[Match], None] | None = None,
) -> Outcome:
    """Play ``spec`` with ``seats`` to the end. Engine errors propagate; bot faults don't.

    ``on_events`` gets the creation's events, then each action's; it may raise to stop the
    match. ``on_start`` gets the match once created, before its first events (the live feed
    reads its spectator board). The seats are closed however the match ends.
    """
    try:
        outcome = await _play(spec, seats, on_events or (lambda events: None), on_start)
    except BaseException:
        for s in seats:
            s.close(None, [])
        raise
    for s in seats:
        s.close(outcome.result, outcome.seats)
    outcome.log.extend(_notes(seats, range(len(seats)), outcome.steps))
    return outcome


def _notes(seats: Sequence[Seat], which: Iterable[int], step: int) -> list[str]:
    return [f"step {step}: {line}" for i in which for line in seats[i].notes()]


async def _play(
    spec: MatchSpec,
    seats: Sequence[Seat],
    on_events: Callable[[Sequence[Event]], None],
    on_start: Callable[[Match], None] | None = None,
) -> Outcome:
    game = get_game(spec.game)
    if spec.engine_version not in game.versions:
        raise EngineMismatch(
            f"league is rated on {spec.engine_version}, this worker plays "
            f"{', '.join(game.versions)}"
        )
    match_began = time.perf_counter()
    recorder = start(
        spec.game,
        spec.variant,
        len(spec.seats),
        spec.seed,
        options=spec.options,
        players=tuple(s.name for s in spec.seats),
        version=spec.engine_version,
    )
    match = recorder.match
    if on_start is not None:
        on_start(match)
    on_events(match.setup_events)
    outcomes = [SeatOutcome() for _ in spec.seats]
    bank = [spec.time_bank_seconds] * len(spec.seats)
    forfeited = {i for i, s in enumerate(spec.seats) if s.kind == SeatKind.ABSENT}
    for seat in forfeited:
        outcomes[seat].code = SeatCode.FORFEIT
    log: list[str] = [f"seat {seat} forfeits: withdrawn before the start" for seat in forfeited]
    decisions: list[float] = []

    def fault(seat: int, code: SeatCode, reason: str, forfeit: bool = False) -> None:
        out = outcomes[seat]
        out.count_fault(code)
        log.append(f"step {len(recorder.actions)}: seat {seat} {code} ({reason}); default action")
        if (forfeit or out.faults >= spec.max_faults) and seat not in forfeited:
            forfeited.add(seat)
            out.code = code
            log.append(f"seat {seat} forfeits after {out.faults} faults")
            why = SeatCode(code).label.split(": ", 1)[-1]  # "forfeited after ..."
            seats[seat].forfeited(
                SeatCode(code),
                f"seat {seat} {why}: {plural(out.faults, 'fault')}, the last {code} ({reason}); "
                "the default action is played for it until the end",
            )

    async def decide(decision: Decision) -> Action | None:
        """The seat's action, or None when it forfeited or failed to decide (a fault)."""
        seat = decision.seat
        if seat in forfeited:
            return None
        began = time.perf_counter()
        action: Action | None = None
        try:
            action = await seats[seat].decide(
                decision.observation, decision.legal_actions, spec.decision_seconds + bank[seat]
            )
        except SeatFault as error:
            fault(seat, error.code, error.reason, error.forfeit)
        spent = seats[seat].spent(time.perf_counter() - began)
        outcomes[seat].time_used += spent
        decisions.append(spent)
        bank[seat] = max(0.0, bank[seat] - max(0.0, spent - spec.decision_seconds))
        log.extend(_notes(seats, [seat], len(recorder.actions)))
        return action

    def settle(decision: Decision, action: Action | None) -> list[Event]:
        """Play the seat's action; an illegal one, or none, is a fault: the default action."""
        seat = decision.seat
        if action is not None:
            reason = ""
            if not isinstance(action, game.action_types):
                reason = f"{action!r} is not an action of {spec.game}"
            else:
                try:
                    events = recorder.apply(seat, action)
                    on_events(events)
                except IllegalAction as error:
                    reason = error.reason
            seats[seat].judged(Refusal.ILLEGAL if reason else "", reason)
            if not reason:
                return events
            fault(seat, SeatCode.ILLEGAL, reason)
        events = recorder.apply(seat, game.default_action(decision.legal_actions))
        on_events(events)
        return events

    await play_rounds(match, decide, settle)

    result = match.result()
    for seat, place in enumerate(final_placements(result, forfeited)):
        outcomes[seat].placement = place
        outcomes[seat].score = float(result.scores[seat])
    return Outcome(
        result=result,
        seats=outcomes,
        replay_json=recorder.replay().to_json(),
        steps=len(recorder.actions),
        log=log,
        seconds=time.perf_counter() - match_began,
        decisions=decisions,
    )
