"""Headless Chromium for the browser tests: Debian's ``/usr/bin/chromium``, driven by Playwright.

Playwright rather than Selenium: it drives Chromium over the DevTools protocol with no
chromedriver to match to the browser's version, waits for what it clicks and reads, and takes
screenshots of an element; pointed at Debian's Chromium (``executable_path``) it downloads
nothing (``playwright install`` is never run). ``python3 dev.py test`` installs Chromium with
apt-get when it is missing. Without it, or without Playwright (the ``browser`` extra), the
tests that use :func:`browser` skip with the reason, except under CI (``CI`` set), where they
fail.

Use it from a test module with ``from tests.browser.chromium import browser`` and a test
that takes ``browser``: one Chromium for the module, a fresh page per test from
:func:`open_page`.
"""

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGUMENTS = [
    "--headless",
    "--no-sandbox",  # as root, Chromium's sandbox cannot start
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT = {"width": 1280, "height": 800}
"""The size the pages must read well at (issue 19)."""

if TYPE_CHECKING:  # Playwright may be missing at run time
    from playwright.sync_api import BrowserContext, Page


def unavailable() -> str | None:
    """Why the browser tests cannot run here, or ``None`` when they can."""
    if not CHROMIUM.exists():
        return (
            f"no Chromium at {CHROMIUM} (python3 dev.py test installs it: apt-get install chromium)"
        )
    try:
        import playwright.sync_api  # noqa: F401 - the optional extra
    except ImportError:
        return "Playwright is missing (pip install 'gametree[browser]')"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator["BrowserContext"]:
    """One headless Chromium for the module, with a fresh profile, at 1280x800."""
    reason = unavailable()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI runs the browser tests: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="gametree-chromium-")
    try:
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                profile,
                executable_path=str(CHROMIUM),
                headless=True,
                args=ARGUMENTS,
                viewport=VIEWPORT,  # type: ignore[arg-type]
                offline=True,
            )
            context.set_default_timeout(60_000)  # a hang guard, far above a loaded machine's
            try:
                yield context
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def open_page(context: "BrowserContext", path: Path) -> "Page":
    """A new tab showing the file ``path``, with every error the page's scripts raise kept.

    ``page.errors`` (a list the test can assert is empty) collects uncaught exceptions and
    console errors.
    """
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(path.resolve().as_uri())
    page.errors = errors  # type: ignore[attr-defined]
    return page
