"""``manage.py bench_gateway``, quickly, through two gateways: the bot processes spread over
them and the remote worker reaches each through the registry; the bare gRPC ceiling (the
long runs: docs/benchmarks.md)."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from arena_workers import ROOT, database_url, flush_broker, redis_url
from conquest.matches.models import Match
from conquest.matches.workers import descendants, running
from django.core.management import call_command

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_gateway_benchmark_plays_its_matches_through_every_gateway(monkeypatch):
    flush_broker()
    monkeypatch.setenv("DATABASE_URL", database_url())  # its child processes' database
    monkeypatch.setenv("BROKER_URL", redis_url())
    out = io.StringIO()
    call_command(
        "bench_gateway", gateways=2, decisions=100, matches=4, bots=2, max_steps=20, ceiling=1.0,
        stdout=out,
    )  # fmt: skip
    report = out.getvalue()
    ceiling = re.search(
        r"2 processes, each one stream .* carrying 2 round trips at once: (\d+)", report
    )
    assert ceiling and int(ceiling[1]) > 0, report
    assert "4 matches" in report and "2 bot processes through 2 gateway(s)" in report, report
    assert "matches in error: 0" in report, report
    playing = int(re.search(r"most playing at once: (\d+)", report)[1])
    assert 1 <= playing <= 4, report
    assert Match.objects.filter(status="finished").count() == 4
    logs = Path(re.search(r"logs in (\S+)", report)[1])
    for gateway in ("gateway0", "gateway1"):  # the bots' log lines are JSON
        lines = (logs / f"{gateway}.log").read_text().splitlines()
        events = [json.loads(line) for line in lines if line.startswith("{")]
        assert any(e.get("event") == "bot_connected" for e in events), gateway


def test_the_gateway_benchmark_stopped_by_sigterm_leaves_no_process():
    flush_broker()
    env = {**os.environ, "DATABASE_URL": database_url(), "BROKER_URL": redis_url()}
    bench = subprocess.Popen(
        [sys.executable, "manage.py", "bench_gateway", "--decisions", "1000000", "--matches", "0"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while len(children := descendants(bench.pid)) < 3:  # a gateway, an echo server, a bot
            assert bench.poll() is None and time.monotonic() < deadline, bench.stderr.read()
            time.sleep(0.1)
        bench.send_signal(signal.SIGTERM)
        code = bench.wait(60)
        deadline = time.monotonic() + 30
        while left := [pid for pid in children if running(pid)]:
            assert time.monotonic() < deadline, f"still running: {left}"
            time.sleep(0.1)
        assert code == 128 + signal.SIGTERM, bench.stderr.read()
    finally:
        bench.kill()
        bench.wait()
