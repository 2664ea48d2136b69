"""The test run's start, like the platform's other entry points: prepare ARENA_HOME before
pytest-django reads the settings (loaded with ``-p arena_home``, see pyproject.toml)."""

from __future__ import annotations

import pytest
from conquest.config import prepare_home


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests() -> None:
    """Prepare ARENA_HOME (conquest.config.prepare_home) ahead of pytest-django's own
    implementation of this hook, which loads the settings."""
    prepare_home()
