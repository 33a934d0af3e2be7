"""What bench/bench_app.py needs to drive the app without a real kernel:
the app's fake kernel and graph builders (the test double in
tests/app/app_fakes.py, kept out of the wheel) and two waits."""

import sys
from pathlib import Path

# Appended, not prepended: tests/app has an app_support.py of its own.
sys.path.append(str(Path(__file__).resolve().parents[1] / "tests" / "app"))

from app_fakes import READY, FakeKernel, chain_snapshot, linear_snapshot, wide_snapshot  # noqa: E402, F401


async def wait_for(pilot, condition, timeout: float = 10.0, step: float = 0.02) -> None:
    """Let the app run until ``condition()`` holds (or fail after ``timeout``)."""
    import asyncio

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {getattr(condition, '__name__', condition)}")
        await pilot.pause(step)


async def started(pilot):
    """Wait for the pack to load and an exercise to open; returns the main screen."""
    app = pilot.app
    await wait_for(pilot, lambda: app.main is not None and app.main.exercise is not None)
    await pilot.pause()
    return app.main
