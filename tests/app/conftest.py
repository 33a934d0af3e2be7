"""Fixtures for the app's tests: a small pack, a fake kernel, a fake grader."""

from __future__ import annotations

import asyncio
import inspect

import pytest
from app_fakes import FakeKernel, fake_grade
from app_support import PACK


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests in a fresh event loop (no pytest-asyncio needed)."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        args = {name: pyfuncitem.funcargs[name] for name in inspect.signature(pyfuncitem.obj).parameters}
        asyncio.run(pyfuncitem.obj(**args))
        return True
    return None


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
