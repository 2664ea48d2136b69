"""The local runner: ``python -m engines list | play | replay | bench``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engines.core.contract import Action, EngineError, Variant, plural
from engines.play import Decision, Player, play
from engines.players import load_player, player_names
from engines.registry import games, get_game
from engines.replay import Recorder, Replay, simulate, start, verify

OTHERS = "heuristic"
"""The player of a re-run's seats not named by ``--seat``."""


def positive(text: str) -> int:
    """An argument that must be a whole number of 1 or more (argparse's ``type``).

    >>> positive("3")
    3
    >>> positive("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a whole number of 1 or more, not '0'
    """
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, not {text!r}")
    return value


def game_names() -> list[str]:
    """The installed games' names, for an argument's choices."""
    return sorted(game.name for game in games())


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the process exit code: 0, 1 when a replay differs, 2 for
    a mistake in the command (named on one line), 3 when a played match finished but a
    player faulted (raised or chose an illegal action: each fault named on stderr)."""
    parser = argparse.ArgumentParser(prog="python -m engines", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="games, variants, seats and options")

    p = commands.add_parser("play", help="play one match between local players")
    p.add_argument("game", choices=game_names(), help="the game")
    p.add_argument(
        "--variant", required=True, help="the game's variant (python -m engines list shows them)"
    )
    p.add_argument(
        "--bots",
        required=True,
        help="comma-separated players, one per seat: installed names or module:Class",
    )
    p.add_argument("--seed", type=int, default=0, help="the match's seed (default 0)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a match option (VALUE read as JSON, else as text); repeatable",
    )
    p.add_argument(
        "--replay-out", type=Path, help="write the replay to this file (its folder is made)"
    )

    r = commands.add_parser(
        "replay",
        help="re-simulate a replay (exit 1 if anything differs), or re-run it from an action "
        "with other players (--seat, --from, --others, --step)",
    )
    r.add_argument(
        "file", type=Path, help="a replay written by play --replay-out, or downloaded (JSON)"
    )
    r.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="N=PLAYER",
        help="re-run: from --from on, seat N is played by PLAYER (an installed name or "
        "module:Class); repeatable",
    )
    r.add_argument(
        "--from",
        dest="start",
        type=int,
        metavar="STEP",
        help="re-run: apply the recorded actions before action STEP (0: none, the default), "
        "then let the players decide to the end",
    )
    r.add_argument(
        "--others",
        metavar="PLAYER",
        help=f"re-run: the player of the seats not named by --seat (default {OTHERS})",
    )
    r.add_argument(
        "--step",
        action="store_true",
        help="re-run: print each decision from --from on: the seat asked, its observation, "
        "its legal actions, then the action chosen",
    )
    r.add_argument("--replay-out", type=Path, help="re-run: write its replay to this file")

    b = commands.add_parser("bench", help="engine speed and memory (see docs/benchmarks.md)")
    b.add_argument("--game", default="risk", choices=game_names(), help="the game")
    b.add_argument("--games", type=positive, default=50, help="matches per policy")
    b.add_argument("--variant", help="default: the game's first variant (risk: hasbro)")
    b.add_argument("--seats", type=positive, help="default: 4, or the variant's largest count")
    b.add_argument("--seed", type=int, default=0, help="the first match's seed")
    b.add_argument(
        "--runs",
        type=positive,
        default=1,
        help="play the matches this many times and report the fastest run (default 1)",
    )
    b.add_argument(
        "--policies",
        help="comma-separated players, each benchmarked on every seat "
        "(default: random,attacker for risk, random,heuristic otherwise)",
    )

    args = parser.parse_args(argv)
    try:
        if args.command == "list":
            return _list()
        if args.command == "play":
            return _play(args)
        if args.command == "replay":
            if args.seat or args.start is not None or args.others or args.step:
                return _rerun(args)
            if args.replay_out:
                raise EngineError("--replay-out is a re-run's: give --seat, --from or --others")
            return _replay(args.file)
        return _bench(args)
    except EngineError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _bench(args: argparse.Namespace) -> int:
    from engines.bench import run as bench  # noqa: PLC0415 (only this command needs it)

    variant, seats = variant_and_seats(args.game, args.variant, args.seats)
    policies = tuple(p.strip() for p in args.policies.split(",")) if args.policies else None
    return bench(
        variant.name,
        seats,
        args.games,
        args.seed,
        game_name=args.game,
        policies=policies,
        runs=args.runs,
    )


def variant_and_seats(
    game_name: str, variant: str | None, seats: int | None
) -> tuple[Variant, int]:
    """The variant named (default: the game's first) and the seat count given (default: 4
    where the variant allows it, else its largest); EngineError names an unknown variant.

    >>> variant, seats = variant_and_seats("risk", None, None)
    >>> variant.name, seats
    ('hasbro', 4)
    """
    game = get_game(game_name)
    chosen = game.variant(variant) if variant else game.variants[0]
    return chosen, seats or (4 if 4 in chosen.seats else chosen.seats[-1])


def _list() -> int:
    for game in games():
        print(f"{game.name} ({game.engine_version}): {game.description}")
        for variant in game.variants:
            seats = ",".join(map(str, variant.seats))
            print(f"  --variant {variant.name}  [{seats} seats]  {variant.description}")
        for option in game.options:
            print(f"  --option {option.name}={option.default!r}  {option.description}")
        print(f"  players (--bots): {', '.join(player_names(game.name))}, or module:Class")
    return 0


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as match options (VALUE read as JSON, else as text).

    >>> parse_options(["bot_level=confirme", "max_steps=300"])
    {'bot_level': 'confirme', 'max_steps': 300}
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep:
            raise EngineError(f"--option {pair!r}: expected NAME=VALUE")
        try:
            options[name] = json.loads(text)
        except json.JSONDecodeError:
            options[name] = text
    return options


def _play(args: argparse.Namespace) -> int:
    names = [name.strip() for name in args.bots.split(",")]
    _out_folder(args.replay_out)
    players = _players(names, seed=args.seed, game=args.game)
    options = parse_options(args.option)
    recorder = start(
        args.game, args.variant, len(names), args.seed, options=options, players=tuple(names)
    )
    return _play_out(recorder, names, players, replay_out=args.replay_out)


def _out_folder(path: Path | None) -> None:
    """Make the folder of ``--replay-out`` before the match is played."""
    if path:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise EngineError(f"--replay-out {path}: {error}") from error


def _players(names: list[str], *, seed: int, game: str) -> list[Player]:
    """A new player per seat, each seeded from the match's seed and its seat."""
    return [
        load_player(name, seed=seed * 1000 + seat, game=game) for seat, name in enumerate(names)
    ]


def _play_out(
    recorder: Recorder,
    names: list[str],
    players: list[Player],
    *,
    replay_out: Path | None,
    show_decisions: bool = False,
) -> int:
    """Play the match to its end, as the platform does with faults, and print its result
    (and each decision with ``show_decisions``, see :func:`show`); 0, or 3 when a player
    faulted."""
    faults: list[str] = []

    def fault(seat: int, error: Exception) -> None:
        """As the platform does: the fault is told, the seat's default action played."""
        step = recorder.match.steps
        faults.append(f"seat {seat} ({names[seat]}), action {step}: {type(error).__name__}")
        print(
            f"fault: seat {seat} ({names[seat]}) at action {step}: "
            f"{type(error).__name__}: {error}; its default action is played",
            file=sys.stderr,
        )

    def shown(decision: Decision, action: Action) -> None:
        show(decision, action, step=recorder.match.steps, name=names[decision.seat])

    play(recorder, players, on_fault=fault, on_decision=shown if show_decisions else None)
    match = recorder.match
    result = match.result()
    seats = plural(len(names), "seat")
    print(f"{match.game.name}/{match.variant}, {seats}, seed {match.seed}: {result.detail}")
    for place, group in enumerate(result.ranking, start=1):
        for seat in group:
            print(f"  {place}. seat {seat} ({names[seat]}), score {result.scores[seat]:g}")
    print(f"  actions: {match.steps}")
    for line in match.summary():
        print(f"  {line}")
    if replay_out:
        replay_out.write_text(recorder.replay().to_json(), encoding="utf-8")
        print(f"  replay written to {replay_out}")
    if faults:
        print(f"  {plural(len(faults), 'fault')}: first {faults[0]} (see stderr)")
        return 3
    return 0


def _read(path: Path) -> Replay:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise EngineError(f"cannot read {path}: {error}") from error
    except UnicodeDecodeError:
        raise EngineError(f"{path} is not a replay: not UTF-8 text") from None
    return Replay.from_json(text)


def _replay(path: Path) -> int:
    replay = _read(path)
    problems = verify(replay)
    for problem in problems:
        print(f"DIFFERS: {problem}")
    if problems:
        return 1
    game = get_game(replay.game)
    print(
        f"replay of {game.name}/{replay.variant} ({len(replay.actions)} actions) reproduces exactly"
    )
    return 0


def seat_players(pairs: list[str], *, seats: int, others: str) -> list[str]:
    """Each seat's player from ``N=PLAYER`` pairs, ``others`` for the seats not named.

    >>> seat_players(["2=mybot:MyBot"], seats=3, others="heuristic")
    ['heuristic', 'heuristic', 'mybot:MyBot']
    >>> seat_players(["3=random"], seats=3, others="heuristic")
    Traceback (most recent call last):
    ...
    engines.core.contract.EngineError: --seat 3=random: the match has seats 0 to 2
    """
    names = [others] * seats
    named: set[int] = set()
    for pair in pairs:
        number, sep, name = pair.partition("=")
        if not sep or not number.strip().isdigit() or not name.strip():
            raise EngineError(f"--seat {pair!r}: expected N=PLAYER, e.g. 0=mymodule:MyBot")
        seat = int(number)
        if seat >= seats:
            raise EngineError(f"--seat {pair}: the match has seats 0 to {seats - 1}")
        if seat in named:
            raise EngineError(f"--seat {pair}: seat {seat} is given twice")
        named.add(seat)
        names[seat] = name.strip()
    return names


def _rerun(args: argparse.Namespace) -> int:
    """The replay's first actions, then the players from action ``--from`` to the end."""
    replay = _read(args.file)
    game = get_game(replay.game)
    if replay.engine_version not in game.versions:  # an older one it plays is played again
        raise EngineError(
            f"{args.file} was played by {game.name} engine {replay.engine_version}, this is "
            f"{game.engine_version}: its actions may not apply"
        )
    first = 0 if args.start is None else args.start
    if not 0 <= first <= len(replay.actions):
        raise EngineError(
            f"--from {first}: the replay has {len(replay.actions)} actions, so --from is 0 to "
            f"{len(replay.actions)}"
        )
    names = seat_players(args.seat, seats=replay.seats, others=args.others or OTHERS)
    _out_folder(args.replay_out)
    players = _players(names, seed=replay.seed, game=replay.game)
    recorder = simulate(replay, steps=first)
    recorder.players = tuple(names)
    who = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(names))
    print(f"re-run of {args.file}: {plural(first, 'recorded action')}, then {who}")
    return _play_out(recorder, names, players, replay_out=args.replay_out, show_decisions=args.step)


def show(decision: Decision, action: Action, *, step: int, name: str) -> None:
    """Print a decision (``replay --step``): the action's number, the seat asked, its
    observation and legal actions as the player got them, then the action it chose."""
    print(f"action {step}: seat {decision.seat} ({name}) decides")
    print(f"  observation: {decision.observation!r}")
    print(f"  legal actions ({len(decision.legal_actions)}):")
    for legal in decision.legal_actions:
        print(f"    {legal!r}")
    print(f"  chosen: {action!r}")
