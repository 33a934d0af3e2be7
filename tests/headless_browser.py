"""Debian's chromium, driven by Playwright from PyPI (never `playwright
install`: no browser build is downloaded), for every browser test (the
class report's page, the served tutor)."""

from __future__ import annotations

import shutil
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def why_no_browser(*more: tuple[str, str]) -> str:
    """'' when chromium, playwright and the ``more`` (module, pip name) pairs
    are all here, else what is missing and how to get it."""
    if not Path(CHROMIUM).is_file() and not shutil.which("chromium"):
        return f"chromium not found at {CHROMIUM} (Debian: apt-get install chromium)"
    for module, pip in (("playwright.sync_api", "playwright"), *more):
        try:
            __import__(module)
        except ImportError:
            return f"{pip} not installed (pip install -e '.[test]'; the test extra pins it)"
    return ""


def launch(playwright):
    path = CHROMIUM if Path(CHROMIUM).is_file() else shutil.which("chromium")
    return playwright.chromium.launch(executable_path=path, args=ARGS)
