"""Snapshots of the main states (pytest-textual-snapshot; textual is pinned).

Update after an intended change with ``pytest tests/app/test_app_snapshots.py --snapshot-update``
and look at the report before committing the new SVGs.
"""

from __future__ import annotations

import pytest
from app_fakes import linear_snapshot
from app_support import started, wait_for

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(autouse=True)
def _steady_cursors(monkeypatch):
    """A blinking cursor is a coin toss in a frame: here a cursor never
    blinks, it shows exactly where the focus is (Textual's blink timers
    toggle nothing)."""
    from textual.widgets import Input, TextArea

    monkeypatch.setattr(TextArea, "_toggle_cursor_blink_visible", lambda self: None)
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


async def _settle(pilot) -> None:
    app = pilot.app
    for area in app.screen.query("TextArea"):
        area.cursor_blink = False
    await pilot.pause()
    # A toast ("checking in isolated runs…") was drawn on the screen below a modal, or not yet, as the
    # machine was quiet or busy when the modal opened, and that frame stayed behind the modal (the
    # snapshots of a check differed under load): none is left on any screen, and every screen draws again.
    app.clear_notifications()
    await wait_for(pilot, lambda: not any(screen.query("Toast") for screen in app.screen_stack))
    for screen in app.screen_stack:
        screen.refresh()
    await pilot.pause(0.1)
    await pilot.wait_for_scheduled_animations()


async def _ready(pilot):
    screen = await started(pilot)
    await wait_for(pilot, lambda: screen.query_one("StatusBar").kernel_state == "ready")
    for area in screen.query("TextArea"):
        area.cursor_blink = False
    return screen


def test_lesson_view(snap_compare, make_app, kernel):
    kernel.graphs["y = w * x\n"] = linear_snapshot(with_b=False)

    async def run_before(pilot):
        screen = await _ready(pilot)
        await pilot.press("f5")
        await wait_for(pilot, lambda: screen.query_one("GraphPane").snapshot is not None)
        await pilot.press("f3")
        await _settle(pilot)

    assert snap_compare(make_app(), terminal_size=(140, 40), run_before=run_before)


def test_failing_check_with_graph_diff(snap_compare, make_app):
    async def run_before(pilot):
        await _ready(pilot)
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "CheckScreen")
        await _settle(pilot)

    assert snap_compare(make_app(), terminal_size=(140, 40), run_before=run_before)


def test_solved(snap_compare, make_app):
    async def run_before(pilot):
        screen = await _ready(pilot)
        screen.query_one("EditorPane").area.load_text("y = w * x + b\ny.backward()\n")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "CheckScreen")
        await _settle(pilot)

    assert snap_compare(make_app(), terminal_size=(140, 40), run_before=run_before)


def test_lesson_list(snap_compare, make_app):
    from tutor.progress import open_store

    with open_store() as store:
        store.record_attempt("app-test", "linear-gradients", score=2, max_score=2)
        store.record_attempt("app-test", "make-a-leaf", score=0, max_score=2)
        store.set_current("app-test", "make-a-leaf")

    async def run_before(pilot):
        await _ready(pilot)
        await pilot.press("f2")
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "LessonListScreen")
        await _settle(pilot)

    assert snap_compare(make_app(), terminal_size=(100, 30), run_before=run_before)


def test_small_terminal_uses_tabs(snap_compare, make_app):
    async def run_before(pilot):
        await _ready(pilot)
        await _settle(pilot)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 45)], ids=["80x24", "100x30", "160x45"])
def test_task_first(snap_compare, make_app, size, lang):
    """The exercise's task at the top, at every size and in both languages (issue 12)."""

    async def run_before(pilot):
        await _ready(pilot)
        await _settle(pilot)

    assert snap_compare(make_app(lang=lang), terminal_size=size, run_before=run_before)


def test_solved_offers_the_next_exercise_in_chinese(snap_compare, make_app):
    async def run_before(pilot):
        screen = await _ready(pilot)
        screen.query_one("EditorPane").area.load_text("y = w * x + b\ny.backward()\n")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "CheckScreen")
        await _settle(pilot)

    assert snap_compare(make_app(lang="zh"), terminal_size=(100, 30), run_before=run_before)


def test_start_screen_shows_the_lesson_from_the_cache(snap_compare, make_app, monkeypatch):
    """The frame before the main screen: the task and lesson as text where the lesson pane will be."""
    from tutor.app.main import TutorApp
    from tutor.app.screens.start import StartScreen
    from tutor.pack import load_outline

    from app_support import PACK

    load_outline(PACK)  # the pack validated once: the cache holds it
    monkeypatch.setattr(TutorApp, "_open_main", lambda self: None)  # stay on the start screen

    async def run_before(pilot):
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, StartScreen) and pilot.app.screen.preview)
        await _settle(pilot)

    assert snap_compare(make_app(), terminal_size=(120, 40), run_before=run_before)
