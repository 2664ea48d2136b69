"""The test run and the compiled engines (``-p compiled_engines``, see pyproject.toml): it
refuses a build older than its sources, which Python would import instead of them, and leaves
the doctests of a compiled module to the pure-Python run of
``tests/core/test_compiled_engines.py`` (a compiled module has no source for pytest to read)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def compile_engines() -> ModuleType:
    """``scripts/compile_engines.py`` as a module."""
    spec = importlib.util.spec_from_file_location(
        "compile_engines", ROOT / "scripts" / "compile_engines.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pytest_configure(config: pytest.Config) -> None:
    """Stop at once if the compiled engines do not match their sources."""
    if not compile_engines().current():
        pytest.exit(
            "the compiled engines are older than their sources: run ./scripts/setup (it "
            "compiles them again) or .venv/bin/python scripts/compile_engines.py --clean",
            returncode=4,
        )


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Skip collecting the source of a compiled module (Python runs its build)."""
    if collection_path.suffix == ".py" and any(
        collection_path.parent.glob(f"{collection_path.stem}.*.so")
    ):
        return True
    return None
