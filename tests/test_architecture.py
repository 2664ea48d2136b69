"""The layout rules of DESIGN.md: engines <- bots <- platform, the platform's apps in layers,
and no ``platform`` package."""

from __future__ import annotations

import platform
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _lint_imports(cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from importlinter.cli import lint_imports_command;"
            "sys.exit(lint_imports_command())",
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": f"{cwd}:{cwd / 'platform'}", "PATH": "/usr/bin:/bin"},
    )


def test_dependency_contracts_are_kept():
    out = _lint_imports(ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "5 kept, 0 broken" in out.stdout


APPS = (
    "api",
    "web",
    "gateway",
    "tournaments",
    "versiontests",
    "leagues",
    "matches",
    "relay",
    "ratings",
    "bots",
)


def _skeleton(root: Path, imports: dict[str, str]) -> None:
    """Empty packages laid out as ours, under our contracts; ``imports`` gives a module's
    source by its path (e.g. ``engines``)."""
    for package in (
        "engines",
        "bots",
        "rl",
        "platform/conquest",
        *(f"platform/conquest/{a}" for a in APPS),
        "platform/conquest/accounts",
    ):
        (root / package).mkdir(parents=True, exist_ok=True)
        (root / package / "__init__.py").write_text(imports.get(package, ""))
    config = (ROOT / "pyproject.toml").read_text()
    (root / "pyproject.toml").write_text(config[config.index("[tool.importlinter]") :])


def test_the_contract_check_catches_an_engine_importing_bots(tmp_path):
    _skeleton(tmp_path, {"engines": "import bots\n"})
    out = _lint_imports(tmp_path)
    assert out.returncode != 0
    assert "engines are pure: no bots, platform, Django, Celery or gRPC BROKEN" in out.stdout


def test_the_contract_check_catches_an_app_importing_one_above_it(tmp_path):
    _skeleton(tmp_path, {"platform/conquest/ratings": "import conquest.leagues\n"})
    out = _lint_imports(tmp_path)
    assert out.returncode != 0
    assert "conquest.ratings is not allowed to import conquest.leagues" in out.stdout


def test_the_contract_check_lets_an_app_import_the_ones_below_it(tmp_path):
    _skeleton(tmp_path, {"platform/conquest/leagues": "import conquest.matches, conquest.relay\n"})
    out = _lint_imports(tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr


def test_platform_folder_never_shadows_the_standard_library():
    assert not (ROOT / "platform" / "__init__.py").exists()
    assert Path(platform.__file__).parent == Path(sysconfig.get_paths()["stdlib"])


def test_engines_import_nothing_but_the_standard_library():
    code = textwrap.dedent(
        """
        import sys
        before = set(sys.modules)
        import engines.registry, engines.cli, engines.bench
        new = {m.split('.')[0] for m in set(sys.modules) - before}
        print(sorted(new - set(sys.stdlib_module_names) - {'engines'}))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
