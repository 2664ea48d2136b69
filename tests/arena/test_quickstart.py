"""The bot quickstart of docs/bots.md on the README's demo, as a newcomer runs it: the demo on
its embedded default (no service), the command it prints pasted as is, and the remote bot's
first ranked match finished and shown by the API (issue 20, item 1). ``scripts/quickstart.py``
runs the same steps from a fresh clone and times them (docs/bots.md)."""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _quickstart_module():
    spec = importlib.util.spec_from_file_location("quickstart", ROOT / "scripts" / "quickstart.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_quickstart_bot_plays_a_ranked_match_on_a_fresh_demo(tmp_path):
    quickstart = _quickstart_module()
    began = time.monotonic()
    run = quickstart.Quickstart(ROOT, tmp_path / "home")
    try:
        run.connect(seconds=600)
        match = run.first_ranked_match(seconds=600)
    finally:
        run.stop()
    print(f"quickstart on this checkout: {time.monotonic() - began:.0f} s to a ranked match")
    assert match["status"] == "finished" and match["rated"]
    seat = next(s for s in match["seats"] if s["bot_name"] == quickstart.BOT)
    assert seat["placement"] >= 1, seat
    played = (tmp_path / "home-bot.log").read_text()
    assert f"match {match['id']}: risk/hasbro" in played, "the bot program played that match"
    assert run.demo.returncode == 0, "Ctrl-C stops the demo cleanly\n" + run.output()[-3000:]
