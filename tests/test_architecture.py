"""The layout rules of DESIGN.md: engines <- bots <- platform, and no ``platform`` package."""

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
    assert "2 kept, 0 broken" in out.stdout


def test_the_contract_check_catches_an_engine_importing_bots(tmp_path):
    (tmp_path / "engines").mkdir()
    (tmp_path / "bots").mkdir()
    (tmp_path / "engines" / "__init__.py").write_text("import bots\n")
    (tmp_path / "bots" / "__init__.py").write_text("")
    (tmp_path / "platform" / "conquest").mkdir(parents=True)
    (tmp_path / "platform" / "conquest" / "__init__.py").write_text("")
    config = (ROOT / "pyproject.toml").read_text()
    (tmp_path / "pyproject.toml").write_text(config[config.index("[tool.importlinter]") :])
    out = _lint_imports(tmp_path)
    assert out.returncode != 0 and "BROKEN" in out.stdout


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
