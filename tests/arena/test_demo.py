"""The README's main command on the embedded default: SQLite, filesystem broker, an embedded
Redis for remote bots, real workers."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from conquest.matches.workers import free_port

ROOT = Path(__file__).resolve().parents[2]


def _demo(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``manage.py demo --no-serve`` on the embedded default, its home in ``home``."""
    env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "BROKER_URL", "CACHE_URL")
    }
    env["ARENA_HOME"] = str(home)
    command = [sys.executable, "manage.py", "demo", *args, "--no-serve"]
    out = subprocess.run(
        [*command, "--gateway-port", str(free_port())],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    return out


def test_the_demo_runs_a_ladder_on_worker_processes_without_any_service(tmp_path):
    out = _demo(tmp_path, "--matches", "6", "--workers", "2")
    assert "database: sqlite3" in out.stdout and "broker:   arenafs://" in out.stdout
    assert "Standings of Risk demo ladder" in out.stdout
    table = out.stdout[out.stdout.index("Standings") :].splitlines()
    assert "Elo" in table[1] and "μ − 3σ" in table[1] and "± 3σ" in table[1]
    assert len(table) == 2 + 5 + 1, "one row per house bot, and the remote bot's"
    (remote,) = [row.split() for row in table if "my-bot" in row]
    assert remote[2] == "0", "the remote bot, never connected, has played no match"
    with sqlite3.connect(tmp_path / "arena.sqlite3") as db:
        finished = db.execute("select count(*) from matches_match where status='finished'")
        assert finished.fetchone()[0] >= 6
        owners = db.execute("select lease_owner from matches_match where status='finished'")
        pids = {owner.split(":")[1] for (owner,) in owners}
        assert len(pids) == 2, "matches ran in both worker processes"
        assert (tmp_path / "admin-password").exists()
    logs = [(tmp_path / "logs" / f"worker-{i}.log").read_text() for i in range(2)]
    assert all(" ready." in log for log in logs)


def test_the_demo_plays_a_risk_2210_ladder_too(tmp_path):
    out = _demo(tmp_path, "--game", "risk2210", "--matches", "2", "--workers", "1")
    assert "Standings of Risk 2210 demo ladder" in out.stdout
    table = out.stdout[out.stdout.index("Standings") :].splitlines()
    assert len(table) == 2 + 4 + 1, "one row per house bot of the game, and the remote bot's"
    with sqlite3.connect(tmp_path / "arena.sqlite3") as db:
        games = db.execute(
            "select distinct l.game from matches_match m join leagues_league l "
            "on m.league_id = l.id where m.status = 'finished'"
        )
        assert [game for (game,) in games] == ["risk2210"]
