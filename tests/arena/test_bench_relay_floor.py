"""The relay's floor benchmark (``scripts/bench_relay_floor.py``): every mode relays real
decisions through its three processes (the script checks the answers) and reports both
medians (its figures are in docs/benchmarks.md)."""

from __future__ import annotations

import os
import re
import runpy
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conquest.matches.workers import descendants, running

from bots.protocol.arena.v1 import bot_pb2 as pb

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_relay_floor.py"
LINE = re.compile(r"^ *(\S+): bare p50 +(\d+) µs, relayed p50 +(\d+) µs, ratio (\d+\.\d+)×$")


def test_every_mode_relays_decisions_and_reports_its_ratio():
    command = [sys.executable, str(SCRIPT), "--decisions", "200", "--rounds", "1"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    found = [LINE.match(line) for line in run.stdout.splitlines()[1:]]
    assert [match.group(1) for match in found if match] == ["raw", "pass-through", "parsed"]
    for match in found:
        assert match is not None
        bare, relayed, ratio = int(match.group(2)), int(match.group(3)), float(match.group(4))
        assert bare > 0 and relayed > 0
        assert abs(ratio - relayed / bare) < 0.1  # the ratio of the medians printed


def test_an_answer_that_is_not_the_decision_s_stops_the_measure():
    script = runpy.run_path(str(SCRIPT))  # its functions, not its main
    check = script["_check"]
    payload = script["_request"]()
    decision = pb.ServerMessage.FromString(payload).decision
    right = pb.ActionReply(request_id=decision.request_id, action=decision.legal_actions[0])
    check("raw", payload, payload)
    check("pass-through", payload, pb.BotMessage(action=right).SerializeToString())
    check("parsed", payload, right.SerializeToString())
    wrong = pb.ActionReply(request_id=decision.request_id + 1, action=decision.legal_actions[0])
    for mode, answer in [
        ("raw", payload[:-1]),
        ("pass-through", pb.BotMessage(action=wrong).SerializeToString()),
        ("parsed", pb.ActionReply(request_id=decision.request_id).SerializeToString()),
    ]:
        with pytest.raises(RuntimeError, match=mode):
            check(mode, payload, answer)


def test_its_processes_end_with_it_however_it_is_stopped():
    """Killed (SIGKILL: no clean-up of its own), the measure leaves none of its processes."""
    command = [sys.executable, str(SCRIPT), "--decisions", "10000000", "--rounds", "1"]
    measuring = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while len(children := descendants(measuring.pid)) < 3:  # the echo, the relay and the bot
        assert measuring.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    measuring.kill()
    measuring.wait()
    try:
        while left := [pid for pid in children if running(pid)]:
            assert time.monotonic() < deadline + 30, f"still running: {left}"
            time.sleep(0.05)
    finally:  # none left behind for the next tests, even when this one fails
        for pid in filter(running, children):
            os.kill(pid, signal.SIGKILL)
