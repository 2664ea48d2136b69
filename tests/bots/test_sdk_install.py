"""The SDK stands alone (issue 20, item 5): the root distribution installed with its ``sdk``
extra into a fresh virtual environment gives the command ``conquest-bot`` and modules that
all import, and nothing of the platform (its own distribution, ``platform/pyproject.toml``).

Slow (a virtual environment and a real install, about a minute), so one test does it all."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "engines", "bots")
"""What the root distribution is built from, copied so that the build leaves nothing in the
checkout (and no compiled engine goes in)."""

WALK = """
import importlib, importlib.metadata, importlib.util, json, pkgutil

def unimportable(name):
    raise  # the ImportError pkgutil caught while importing the package `name`

files = importlib.metadata.distribution("conquest-arena").files
packages = sorted({f.parts[0] for f in files if f.suffix == ".py" and f.parts[0] != ".."})
modules = []
for package in packages:
    path = importlib.import_module(package).__path__
    for info in pkgutil.walk_packages(path, package + ".", onerror=unimportable):
        importlib.import_module(info.name)
        modules.append(info.name)
print(json.dumps({
    "packages": packages,
    "modules": modules,
    "conquest": importlib.util.find_spec("conquest") is not None,
}))
"""
"""Run in the new environment: imports every module of every package the distribution
installed, and says whether a ``conquest`` package can be found."""


def _run(command: list[str], cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    out = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, f"{command}\n{out.stdout}\n{out.stderr}"
    return out


def test_installing_the_sdk_gives_a_working_command_and_nothing_of_the_platform(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info")
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, source / name)
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], tmp_path, timeout=120)
    python, command = venv / "bin" / "python", venv / "bin" / "conquest-bot"
    pip = [str(python), "-m", "pip", "install", "--disable-pip-version-check", "--quiet"]
    _run([*pip, f"{source}[sdk]"], tmp_path, timeout=600)

    help_text = _run([str(command), "--help"], tmp_path, timeout=60).stdout
    assert help_text.startswith("usage: conquest-bot")
    assert "--player" in help_text

    # -I: neither the current folder nor PYTHONPATH on the path, only what was installed.
    walk = json.loads(_run([str(python), "-I", "-c", WALK], tmp_path, timeout=300).stdout)
    assert walk["packages"] == ["bots", "engines"]
    assert {"bots.sdk.client", "bots.protocol.wire", "engines.risk.match"} <= set(walk["modules"])
    assert not walk["conquest"]
