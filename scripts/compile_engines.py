"""Compile the engines' rules with mypyc, in place, for speed; the pure-Python sources stay
the fallback (issue 19).

Run by ``scripts/setup``: it compiles only when the engines' sources (or Python, or mypy)
changed since the last build, and leaves the pure-Python engines where no C compiler works.

    .venv/bin/python scripts/compile_engines.py          # compile if out of date
    .venv/bin/python scripts/compile_engines.py --check  # exit 1 if a build is out of date
    .venv/bin/python scripts/compile_engines.py --clean  # back to pure Python

Python imports an extension module before the source of the same name, so a build older
than its sources would run the old rules: ``--check`` (run by the test suite) refuses that.
The build is keyed by every engine source, not only the compiled ones, because mypyc reads
the types and constants of the modules they import.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPILED = (
    "engines/core/records.py",
    "engines/core/match.py",
    "engines/core/chance.py",
    "engines/risk/events.py",
    "engines/risk/observation.py",
    "engines/risk/match.py",
    "engines/conquetes/match.py",
    "engines/africa/match.py",
    "engines/colonisation/match.py",
    "engines/risk2210/match.py",
    "engines/risk2210/cards.py",
    "engines/play.py",
)
"""The modules compiled: each game's rules, with the base of every game's match and events and
the chance they draw, and classic Risk's events and observations (native classes its rules
build without running Python: still dataclasses, their declared types read by
``engines.core.records.field_hints``). Actions stay in Python, as the other games' records: a
seat's ill-typed action is refused when applied, where a native class would refuse it when
built."""
GROUP = "engines._compiled"
"""mypyc's shared library, kept inside the package (``engines/_compiled__mypyc*.so``)."""
STAMP = ROOT / "build" / "compiled-engines.json"


def digest() -> str:
    """What a build depends on: every engine source, the list compiled, Python and mypy."""
    h = hashlib.sha256()
    for path in sorted((ROOT / "engines").rglob("*.py")):
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    h.update(repr((COMPILED, sys.version, importlib.metadata.version("mypy"))).encode())
    return h.hexdigest()


def built() -> list[Path]:
    """The extension modules in the engines package now."""
    return sorted((ROOT / "engines").rglob("*.so"))


def clean() -> None:
    """Remove every build: the engines run as pure Python."""
    for path in built():
        path.unlink()
    STAMP.unlink(missing_ok=True)


def stamp() -> dict[str, object]:
    """The last build's record: its digest and whether it compiled ({} if none)."""
    return json.loads(STAMP.read_text()) if STAMP.exists() else {}


def current() -> bool:
    """True when the engines are pure Python or their build matches their sources."""
    return not built() or stamp() == {"digest": digest(), "compiled": True}


def compile_engines() -> bool:
    """Build the compiled modules in place; False (pure Python kept) if the build fails.
    Either way the stamp records the outcome for the sources as they were when it began (a
    source edited during the build leaves a stamp that ``--check`` refuses)."""
    sources = digest()
    clean()
    setup = (
        "from setuptools import setup; from mypyc.build import mypycify; "
        f"setup(name='engines', ext_modules=mypycify({list(COMPILED)!r}, group_name={GROUP!r}))"
    )
    command = [sys.executable, "-c", setup, "build_ext", "--inplace", "--build-temp"]
    command.append("build/mypyc")
    log = ROOT / "build" / "compile-engines.log"
    log.parent.mkdir(exist_ok=True)
    with log.open("w") as out:
        done = subprocess.run(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT).returncode
    if done != 0:
        clean()
    shutil.rmtree(ROOT / "build" / "mypyc", ignore_errors=True)
    STAMP.write_text(json.dumps({"digest": sources, "compiled": done == 0}))
    return done == 0


def main() -> int:
    """Compile if out of date, check, or clean, as asked on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--check", action="store_true", help="exit 1 if a build is out of date")
    action.add_argument("--clean", action="store_true", help="remove the build: pure Python")
    args = parser.parse_args()
    if args.clean:
        clean()
        print("engines: pure Python")
        return 0
    if args.check:
        if current():
            return 0
        print(
            "error: the compiled engines are older than their sources; run ./scripts/setup "
            "(it compiles them again) or scripts/compile_engines.py --clean (pure Python)",
            file=sys.stderr,
        )
        return 1
    if stamp() == {"digest": digest(), "compiled": bool(built())}:
        return 0  # up to date, or a failed build not worth trying again for these sources
    print("compiling the engines with mypyc (about a minute; log: build/compile-engines.log)")
    if compile_engines():
        print(f"engines: {len(COMPILED)} modules compiled")
        return 0
    print(
        "warning: the engines could not be compiled (see build/compile-engines.log); "
        "they run as pure Python, slower",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
