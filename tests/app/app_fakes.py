"""The app's fake kernel and graph builders live in tutor/app/fakes.py (the
benchmarks use them too); tests import them from here by their old name."""

from tutor.app.fakes import READY, FakeKernel, chain_snapshot, linear_snapshot, wide_snapshot  # noqa: F401
