"""The local runner, run as a user runs it: ``python -m engines ...`` in a subprocess."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bots.house.evaluate import main as evaluate
from engines.core.contract import amount_field
from engines.registry import get_game

HERE = Path(__file__).parent
RISK = get_game("risk")


def _run(*args: str) -> subprocess.CompletedProcess:
    """The command in a subprocess, from this folder (``module:Class`` players import here)."""
    return subprocess.run(
        [sys.executable, "-m", "engines", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=HERE,
    )


def test_list_names_every_variant_and_player():
    out = _run("list")
    assert out.returncode == 0
    for name in ("hasbro", "miro-missions", "miro-2p", "miro-domination", "conquete-du-monde"):
        assert f"--variant {name}" in out.stdout
    assert "heuristic" in out.stdout and "random" in out.stdout


def test_play_prints_a_summary_and_the_replay_reproduces(tmp_path):
    replay = tmp_path / "match.json"
    out = _run(
        "play",
        "risk",
        "--variant",
        "miro-2p",
        "--bots",
        "attacker,random",
        "--seed",
        "3",
        "--replay-out",
        str(replay),
    )
    assert out.returncode == 0, out.stderr
    assert "1. seat" in out.stdout and "rounds:" in out.stdout
    check = _run("replay", str(replay))
    assert check.returncode == 0 and "reproduces exactly" in check.stdout


def test_replay_of_a_tampered_file_exits_non_zero(tmp_path):
    replay = tmp_path / "match.json"
    _run(
        "play",
        "risk",
        "--variant",
        "hasbro",
        "--bots",
        "attacker,attacker,attacker",
        "--seed",
        "1",
        "--replay-out",
        str(replay),
    )
    doc = json.loads(replay.read_text())
    doc["seed"] = 2
    replay.write_text(json.dumps(doc))
    out = _run("replay", str(replay))
    assert out.returncode == 1 and "DIFFERS" in out.stdout


def test_bad_input_gets_a_clear_error_and_exit_2(tmp_path):
    unknown = _run("play", "risk", "--variant", "hasbro", "--bots", "random,nobody,random")
    assert unknown.returncode == 2 and "no player 'nobody'" in unknown.stderr
    seats = _run("play", "risk", "--variant", "miro-2p", "--bots", "random,random,random")
    assert seats.returncode == 2 and "not 3" in seats.stderr
    missing = _run("replay", str(tmp_path / "absent.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr


class NoSeed:
    """A bot class whose constructor takes no ``seed=``."""

    def __init__(self) -> None:
        pass


class Crashes:
    """A bot that raises on its third decision and then picks an action no game has."""

    def __init__(self, seed: int) -> None:
        self.asked = 0

    def act(self, observation, legal_actions):
        self.asked += 1
        if self.asked == 3:
            raise ValueError("my bug")
        return RISK.default_action(legal_actions) if self.asked < 5 else "not an action"


def test_a_bot_that_faults_offline_plays_on_as_on_the_platform(tmp_path):
    """Its error and its illegal actions are faults, named on stderr: the seat's default
    action is played, the match ends, the replay reproduces, and the exit status is 3."""
    replay = tmp_path / "m.json"
    out = _run("play", "risk", "--variant", "miro-2p", "--bots", "test_cli:Crashes,attacker",
               "--option", "max_steps=40", "--replay-out", str(replay))  # fmt: skip
    assert out.returncode == 3, out.stderr
    assert "Traceback" not in out.stderr
    faults = out.stderr.splitlines()
    first = re.fullmatch(
        r"fault: seat 0 \(test_cli:Crashes\) at action (\d+): ValueError: my bug; its default "
        r"action is played",
        faults[0],
    )
    assert first, faults[0]
    assert all(f.startswith("fault: seat 0 (test_cli:Crashes)") for f in faults)
    assert "IllegalAction" in faults[1]
    summary = f"{len(faults)} faults: first seat 0 (test_cli:Crashes), action {first[1]}"
    assert summary in out.stdout
    assert "actions: 40" in out.stdout
    assert _run("replay", str(replay)).returncode == 0


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("replay", "{binary}"), "not UTF-8 text"),
        (("bench", "--games", "0"), "expected a whole number of 1 or more, not '0'"),
        (("bench", "--game", "chess"), "invalid choice: 'chess'"),
        (("play", "chess", "--variant", "x", "--bots", "random"), "invalid choice: 'chess'"),
        (("play", "risk", "--variant", "miro-2p", "--bots", "random"), "is for 2 seats, not 1"),
        (
            ("play", "risk", "--variant", "hasbro", "--bots", "test_cli:NoSeed,random,random"),
            "takes its seed as the keyword argument seed=",
        ),
    ],
)
def test_each_mistake_is_one_line_with_exit_2(tmp_path, args, said):
    binary = tmp_path / "replay.bin"
    binary.write_bytes(b"\xff\xfe\x00 not text")
    out = _run(*(str(binary) if a == "{binary}" else a for a in args))
    assert out.returncode == 2, out.stderr
    assert said in out.stderr
    assert "Traceback" not in out.stderr


def test_replay_out_makes_its_folder(tmp_path):
    target = tmp_path / "out" / "m.json"
    out = _run("play", "risk", "--variant", "hasbro", "--bots", "attacker,attacker", "--option",
               "max_steps=50", "--replay-out", str(target))  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "2 seats" in out.stdout
    assert _run("replay", str(target)).returncode == 0


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--games", "0"], "expected a whole number of 1 or more"),
        (["--game", "africa", "--variant", "standard", "--seats", "2"], "3, 4, 5 or 6 seats"),
        (["--game", "africa", "--seats", "2"], "africa/standard is for 3, 4, 5 or 6 seats"),
        (["--game", "africa", "--variant", "nope"], "no variant 'nope' (known: standard"),
        (["--player", "test_cli:NoSeed", "--games", "1"], "keyword argument seed="),
    ],
)
def test_evaluate_mistakes_exit_2_with_one_line(capsys, monkeypatch, args, said):
    monkeypatch.syspath_prepend(str(HERE))
    with pytest.raises(SystemExit) as stop:
        evaluate(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert said in err
    assert "%|" not in err, err  # told before the progress bar starts


# --- replay --seat/--from/--step: a recorded match re-run from an action with other players


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> Path:
    """A two-seat classic Risk match of 80 actions, recorded."""
    replay = tmp_path_factory.mktemp("recorded") / "m.json"
    out = _run("play", "risk", "--variant", "miro-2p", "--bots", "attacker,random", "--seed",
               "5", "--option", "max_steps=80", "--replay-out", str(replay))  # fmt: skip
    assert out.returncode == 0, out.stderr
    return replay


class Last:
    """A bot that plays the last legal action, its quantity at the top of its range."""

    def __init__(self, seed: int) -> None:
        pass

    def act(self, observation, legal_actions):
        template = legal_actions[-1]
        amount = amount_field(template)
        if amount is None:
            return template
        return replace(template, **{amount: getattr(template, amount).high})


def test_a_rerun_keeps_the_recorded_actions_then_plays_each_decision_shown(recorded, tmp_path):
    """``--from 30``: the first 30 actions are the recorded ones; from there the seat given
    with ``--seat`` is played by its bot and the other by ``--others``, to the end; ``--step``
    shows every decision after them (seat, observation, legal actions, action chosen), and the
    re-run's own replay reproduces."""
    again = tmp_path / "again.json"
    out = _run("replay", str(recorded), "--seat", "1=test_cli:Last", "--from", "30",
               "--others", "random", "--step", "--replay-out", str(again))  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "30 recorded actions, then seat 0 random, seat 1 test_cli:Last" in out.stdout
    before, after = json.loads(recorded.read_text()), json.loads(again.read_text())
    assert after["actions"][:30] == before["actions"][:30]
    assert after["players"] == ["random", "test_cli:Last"]
    asked = re.findall(r"^action (\d+): seat (\d) \((\S+)\) decides$", out.stdout, re.MULTILINE)
    assert [int(step) for step, _, _ in asked] == list(range(30, len(after["actions"])))
    assert [int(seat) for _, seat, _ in asked] == [seat for seat, _ in after["actions"][30:]]
    assert {(seat, name) for _, seat, name in asked} <= {("0", "random"), ("1", "test_cli:Last")}
    assert ("1", "test_cli:Last") in {(seat, name) for _, seat, name in asked}
    assert out.stdout.count("  observation: RiskObservation(seat=") == len(asked)
    assert out.stdout.count("  chosen: ") == len(asked)
    assert "  legal actions (" in out.stdout and "1. seat" in out.stdout
    assert _run("replay", str(again)).returncode == 0


def test_a_rerun_without_step_or_from_plays_the_whole_match_quietly(recorded):
    out = _run("replay", str(recorded), "--seat", "0=random")
    assert out.returncode == 0, out.stderr
    assert "0 recorded actions, then seat 0 random, seat 1 heuristic" in out.stdout
    assert "decides" not in out.stdout and "1. seat" in out.stdout


def test_a_bot_that_faults_in_a_rerun_is_handled_as_in_play(recorded):
    out = _run("replay", str(recorded), "--seat", "0=test_cli:Crashes", "--from", "10")
    assert out.returncode == 3, out.stderr
    assert "Traceback" not in out.stderr
    assert out.stderr.startswith("fault: seat 0 (test_cli:Crashes) at action ")
    assert "ValueError: my bug; its default action is played" in out.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--from", "81"), "--from 81: the replay has 80 actions, so --from is 0 to 80"),
        (("--from", "-1"), "--from -1: the replay has 80 actions"),
        (("--seat", "2=random"), "--seat 2=random: the match has seats 0 to 1"),
        (("--seat", "0=nobody"), "no player 'nobody'"),
        (("--seat", "random"), "expected N=PLAYER"),
        (("--seat", "0=random", "--seat", "0=heuristic"), "seat 0 is given twice"),
        (("--others", "test_cli:NoSeed"), "takes its seed as the keyword argument seed="),
        (("--replay-out", "x.json"), "--replay-out is a re-run's"),
    ],
)
def test_each_rerun_mistake_is_one_line_with_exit_2(recorded, args, said):
    out = _run("replay", str(recorded), *args)
    assert out.returncode == 2, out.stderr
    assert said in out.stderr and len(out.stderr.splitlines()) == 1
    assert "Traceback" not in out.stderr


def test_a_rerun_of_another_engine_version_is_refused(recorded, tmp_path):
    doc = json.loads(recorded.read_text())
    doc["engine_version"] = "0.0.1"
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc))
    out = _run("replay", str(old), "--from", "3")
    assert out.returncode == 2
    assert f"risk engine 0.0.1, this is {RISK.engine_version}: its actions may not" in out.stderr
