"""Real-browser fixtures: Playwright's Python package driving Debian's chromium.

Skipped with a visible reason when chromium is not installed (``.ci/run`` installs it).
Screenshots go to ``E2E_ARTIFACTS`` (default ``artifacts/e2e``), which CI keeps.
"""
import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or shutil.which("chromium-browser")
ARTIFACTS = Path(os.environ.get("E2E_ARTIFACTS", "artifacts/e2e"))
LAUNCH_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]

# Playwright's sync API runs an event loop; Django must allow ORM calls from the test thread anyway.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser():
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium); .ci/run installs it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser, live_server):
    """Factory of pages, each in its own browser context (its own cookies: one per player)."""
    contexts = []

    def make(viewport=None):
        context = browser.new_context(base_url=live_server.url, locale="fr-FR", viewport=viewport)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def screenshot():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
