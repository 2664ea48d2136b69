"""While a conformance test runs, the toy game's registration is installed as a package's is
(its metadata on the path), so that every part of the engines finds it by name."""

from __future__ import annotations

import pytest
from conformance import REGISTRATION

from engines import registry


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    """The toy registered for the test, and only for it."""
    monkeypatch.syspath_prepend(str(REGISTRATION))
    registry._installed.cache_clear()
    registry._by_observation_type.cache_clear()
    yield
    monkeypatch.undo()
    registry._installed.cache_clear()
    registry._by_observation_type.cache_clear()
