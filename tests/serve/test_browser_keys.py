"""The app's keys in a browser (Pilot, fake kernel and grader): the key bar,
the help screen and the bindings use the keys a browser lets through, and
the learner's config.toml still wins. The real thing, in Chromium, is
tests/serve/test_serve_browser.py."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))
from app_fakes import FakeKernel, fake_grade
from app_support import PACK, started, wait_for

from tutor.app.bindings import BAR_ORDER, BROWSER_KEYS, BROWSER_RESERVED, SPECS, spec

WIDE = (140, 40)


def _app(browser: bool | None, keymap: dict | None = None):
    from tutor.app.main import TutorApp
    from tutor.app.services import Services
    from tutor.i18n import set_language

    set_language("en")
    services = Services(pack_ref=PACK, lang="en", kernel_factory=lambda device: FakeKernel(), grade_fn=fake_grade)
    return TutorApp(services, keymap=keymap, browser=browser)


def _bar(app) -> str:
    return app.main.query_one("KeyBar").plain()


def test_the_browser_keys_are_free_where_the_learner_types():
    """No browser key is one the editor, the REPL input or a browser already has."""
    from textual.widgets import Input, TextArea

    taken = {key.strip() for binding in [*TextArea.BINDINGS, *Input.BINDINGS] for key in binding.key.split(",")}
    taken |= {key for s in SPECS for key in s.keys.split(",") if s.id not in BROWSER_KEYS}
    for binding_id, keys in BROWSER_KEYS.items():
        first = keys.split(",")[0]
        assert first not in taken and first not in BROWSER_RESERVED, (binding_id, first)
        assert set(spec(binding_id).keys.split(",")) <= set(keys.split(",")), "the terminal's keys stay as aliases"


def test_in_a_browser_the_key_bar_shows_keys_that_reach_the_page():
    async def go():
        app = _app(browser=True)
        async with app.run_test(size=WIDE) as pilot:
            await started(pilot)
            bar = _bar(app)
            assert "^B Check" in bar and "^F Pane" in bar and "^R Run" in bar, bar
            shown = {binding_id: app.keymap.get(binding_id, spec(binding_id).keys).split(",")[0]
                     for binding_id in BAR_ORDER}
            assert not set(shown.values()) & BROWSER_RESERVED, shown
            await pilot.press("ctrl+b")  # Check, as a browser sends it
            await wait_for(pilot, lambda: type(app.screen).__name__ == "CheckScreen")
            await pilot.press("escape")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "MainScreen")
            before = app.focused
            await pilot.press("ctrl+f")  # the next pane
            await wait_for(pilot, lambda: app.focused is not before)
            await pilot.press("f1")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
            rows = {row[2]: row[0] for row in app.screen.rows}
            assert rows["tutor.check"] == "^B / ^T" and rows["tutor.next_pane"].startswith("^F")

    asyncio.run(go())


def test_in_a_terminal_nothing_changes():
    async def go():
        app = _app(browser=None)  # Pilot's driver is not a web one
        async with app.run_test(size=WIDE) as pilot:
            await started(pilot)
            bar = _bar(app)
            assert "^T Check" in bar and "F6 Pane" in bar and "F5 Run" in bar, bar

    asyncio.run(go())


def test_the_learners_own_keys_win_in_a_browser_too():
    async def go():
        app = _app(browser=True, keymap={"tutor.check": "f9"})
        async with app.run_test(size=WIDE) as pilot:
            await started(pilot)
            bar = _bar(app)
            assert "F9 Check" in bar and "^F Pane" in bar, bar

    asyncio.run(go())
