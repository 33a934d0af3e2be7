"""Helpers for the app's tests (a module of its own: several folders have a
conftest.py, and importing one by name is not reliable)."""

from __future__ import annotations

import asyncio
from pathlib import Path

PACK = str(Path(__file__).parent / "pack")


async def wait_for(pilot, condition, timeout: float = 10.0, step: float = 0.02) -> None:
    """Let the app run until ``condition()`` holds (or fail after ``timeout``)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {getattr(condition, '__name__', condition)}")
        await pilot.pause(step)


async def started(pilot, exercise: str | None = None):
    """Wait for the pack to load and an exercise to open; returns the main screen."""
    app = pilot.app
    await wait_for(pilot, lambda: app.main is not None and app.main.exercise is not None)
    if exercise is not None and app.main.exercise.id != exercise:
        app.main.open_exercise(exercise)
    await pilot.pause()
    return app.main
