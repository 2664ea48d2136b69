"""Fixtures of the website's tests in a real browser: Playwright for Python driving Debian's
``chromium`` (never a downloaded browser) against a live server started by the tests
(pytest-django's ``live_server``, on the test database).

Each test's pages are saved as screenshots in ``out/screenshots/`` (ignored by git) for a
reviewer to look at. ``CHROMIUM`` names another executable; a missing one fails the tests
with what to install (``scripts/services``, run by ``scripts/test``, installs the Debian
package).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

# Playwright's sync API keeps an event loop in the test's thread; the test's own database
# work (building the data the pages show) is synchronous and safe there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

SCREENSHOTS = Path(__file__).parents[2] / "out" / "screenshots"
ARGS = [
    # What this machine's closed network and a root user need (see the env notes).
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    """The chromium executable (``CHROMIUM`` or Debian's), or a failure saying what to do."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if not path:
        pytest.fail("no chromium: install Debian's package (apt-get install chromium)")
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless chromium for a module's tests. Not for the whole run: Playwright's sync
    API keeps an event loop running in the test's thread while it is open, which other
    tests (those that play a match without a loop, or run one) must not find."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser, request) -> Iterator[Page]:
    """A fresh browser page (its own cookies) that fails the test on a script error or a
    request to another host."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "request",
        lambda r: (
            errors.append(f"fetched from elsewhere: {r.url}")
            if not r.url.startswith(("http://localhost", "http://127.0.0.1", "data:", "about:"))
            else None
        ),
    )
    yield page
    context.close()
    assert not errors, errors


def shot(page: Page, name: str) -> None:
    """Save the whole page as ``out/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
