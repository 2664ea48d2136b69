"""The bot quickstart on the demo, as docs/bots.md tells it, timed from a fresh clone.

    python3 scripts/quickstart.py            # clone this checkout, then time every step

It clones the repository into a temporary folder, runs ``./scripts/demo`` there (set-up
included: the virtual environment, the install, the compiled engines), pastes the command the
demo prints to connect the quickstart bot, and waits until the API shows that bot's first
ranked match finished. It prints the time of each step from the clone, then stops everything.
The test suite runs it too (``tests/arena/test_quickstart.py``).
Only the standard library: it runs before anything is installed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMAND = re.compile(r"^\s*(ARENA_BOT_TOKEN=\S+ \S*conquest-bot .*)$", re.MULTILINE)
"""The line of the demo's output that connects the quickstart bot."""
BOT = "my-bot"
"""The demo's remote bot (``conquest.leagues.demo.QUICKSTART_BOT``)."""
SERVICES = ("DATABASE_URL", "BROKER_URL", "CACHE_URL", "ARENA_GATEWAY_REDIS_URL", "ARENA_HOME")
"""The settings that would point the demo away from its embedded default."""


def free_port() -> int:
    """A TCP port free on loopback now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait(what: str, found: Callable[[], object], seconds: float, alive: Callable[[], bool]):
    """``found()``'s first true value, asked every half second; RuntimeError if ``alive()``
    turns false or ``seconds`` pass first."""
    deadline = time.monotonic() + seconds
    while not (value := found()):
        if not alive() or time.monotonic() > deadline:
            raise RuntimeError(f"{what}: not there after {seconds:.0f} s")
        time.sleep(0.5)
    return value


class Quickstart:
    """The demo of ``checkout`` on ``home`` (its embedded default), and the quickstart bot
    connected to it with the command the demo prints. ``stop()`` ends both."""

    def __init__(self, checkout: Path, home: Path, matches: int = 1) -> None:
        self.checkout = checkout
        self.home = home
        self.port = free_port()
        self.env = {k: v for k, v in os.environ.items() if k not in SERVICES}
        self.env["ARENA_HOME"] = str(home)
        self.log = home.parent / f"{home.name}-demo.log"
        self.demo = subprocess.Popen(
            ["./scripts/demo", "--matches", str(matches), "--port", str(self.port),
             "--gateway-port", str(free_port())],
            cwd=checkout, env=self.env, stdout=self.log.open("w"), stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        self.bot: subprocess.Popen | None = None

    def output(self) -> str:
        """What the demo printed."""
        return self.log.read_text(errors="replace")

    def alive(self) -> bool:
        """Are the demo (and the bot, once started) still running?"""
        return self.demo.poll() is None and (self.bot is None or self.bot.poll() is None)

    def connect(self, seconds: float) -> None:
        """Run the command the demo prints, as a person would paste it."""
        line = wait(
            "the demo's quickstart command",
            lambda: COMMAND.search(self.output()),
            seconds,
            self.alive,
        )
        assignment, *argv = shlex.split(line[1])
        name, _, value = assignment.partition("=")
        self.bot = subprocess.Popen(
            argv,
            cwd=self.checkout,
            env={**self.env, name: value},
            stdout=(self.home.parent / f"{self.home.name}-bot.log").open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def api(self, path: str) -> list[dict]:
        """The items that GET ``/api/{path}`` lists (a page's results), or none while the demo
        does not serve yet."""
        url = f"http://127.0.0.1:{self.port}/api/{path}"
        try:
            with urllib.request.urlopen(url, timeout=10) as answer:
                found = json.load(answer)
        except OSError:
            return []
        return found["results"] if isinstance(found, dict) else found

    def first_ranked_match(self, seconds: float) -> dict:
        """The bot's first finished, rated match, as the API shows it."""

        def found():
            for league in self.api("leagues/"):
                for entry in self.api(f"leagues/{league['id']}/standings/"):
                    if entry["bot_name"] == BOT:
                        finished = self.api(f"matches/?entry={entry['id']}&status=finished")
                        if rated := [m for m in finished if m["rated"]]:
                            return rated[-1]
            return None

        return wait(f"{BOT}'s first ranked match", found, seconds, self.alive)

    def stop(self) -> None:
        """Stop the bot and the demo (SIGINT, as Ctrl-C) and wait for them."""
        for process in (self.bot, self.demo):
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGINT)
        for process in (self.bot, self.demo):
            if process is not None:
                try:
                    process.wait(120)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()


def from_clone(folder: Path, say: Callable[[str], None] = print) -> tuple[Quickstart, dict]:
    """Clone this repository into ``folder``, run the quickstart there and return it (stopped)
    with the bot's first ranked match; ``say`` is told each step's time from the clone.
    RuntimeError (the demo's output in it) if a step does not come."""
    began = time.monotonic()
    checkout = folder / "conquest-arena"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(checkout)], check=True)
    say(f"{time.monotonic() - began:6.1f} s  cloned")
    run = Quickstart(checkout, folder / "home")
    try:
        run.connect(seconds=900)
        say(f"{time.monotonic() - began:6.1f} s  demo set up, quickstart bot connected")
        match = run.first_ranked_match(seconds=600)
        say(
            f"{time.monotonic() - began:6.1f} s  {BOT}'s first ranked match finished: "
            f"match {match['id']} ({match['end_reason']})"
        )
    except RuntimeError as error:
        raise RuntimeError(f"{error}\n{run.output()[-2000:]}") from None
    finally:
        run.stop()
    return run, match


def main() -> int:
    """Clone, run the quickstart, print each step's time from the clone."""
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    with tempfile.TemporaryDirectory(prefix="quickstart-") as folder:
        try:
            from_clone(Path(folder))
        except RuntimeError as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
