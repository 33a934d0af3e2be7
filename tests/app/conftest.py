"""Fixtures for the app's tests: a small pack, a fake kernel, a fake grader."""

from __future__ import annotations

import asyncio
import inspect

import pytest
from app_fakes import FakeKernel, linear_snapshot
from app_support import PACK

from tutor.grade.report import CheckResult, ExerciseResult


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests in a fresh event loop (no pytest-asyncio needed)."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
        asyncio.run(pyfuncitem.obj(**args))
        return True
    return None


def fake_grade(exercise, code: str) -> ExerciseResult:
    """Passes when the code calls backward() and uses b; else the graph check fails."""
    uses_b = "+ b" in code
    backward = "backward()" in code
    checks = [
        CheckResult("grad of w", "grad", backward, "" if backward else "`w.grad` is None: did you call backward()?",
                    1.0 if backward else 0.0, 1.0),
        CheckResult("graph of y", "graph", uses_b, "" if uses_b else "your graph has no `b`: `y` should use `b`.",
                    1.0 if uses_b else 0.0, 1.0),
    ]
    score = sum(c.score for c in checks)
    graphs = {"y": {"expected": linear_snapshot(backward=True).to_dict(),
                    "yours": linear_snapshot(with_b=uses_b).to_dict()}}
    return ExerciseResult(exercise.id, "passed" if score == 2 else "failed", score, 2.0, checks, graphs=graphs)


@pytest.fixture(autouse=True)
def english_after():
    """The interface language is process-wide: every test starts and ends in English."""
    from tutor.i18n import set_language

    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def kernel() -> FakeKernel:
    return FakeKernel()


@pytest.fixture
def make_app(kernel):
    from tutor.app.main import TutorApp
    from tutor.app.services import Services

    def make(**kwargs):
        services = Services(pack_ref=kwargs.pop("pack", PACK), lang=kwargs.pop("lang", "en"),
                            kernel_factory=lambda device: kernel, grade_fn=kwargs.pop("grade", fake_grade))
        return TutorApp(services, **kwargs)

    return make
