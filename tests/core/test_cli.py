"""The local runner, run as a user runs it: ``python -m engines ...`` in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engines", *args], capture_output=True, text=True, timeout=300
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
