"""Which isolation a grader gets is decided by a probe of bubblewrap, once
per process. A probe that only ran out of time (a machine too loaded for
Python to start within the probe's time) must not decide it for good: the
process's later graders would all run in a weaker mode."""

from __future__ import annotations

import sys

import pytest

from tutor.grade import sandbox as sb


@pytest.mark.skipif(sb.bwrap_path() is None or not sys.platform.startswith("linux"), reason="needs bubblewrap")
def test_a_probe_that_ran_out_of_time_is_tried_again_later(monkeypatch):
    real = sb.command
    monkeypatch.setattr(sb, "_PROBED", [])
    # bubblewrap's Python does not start in time: a sleep stands in for it
    monkeypatch.setattr(sb, "command", lambda argv, *a, **k: [sys.executable, "-c", "import time; time.sleep(60)"])
    monkeypatch.setattr(sb, "PROBE_TIMEOUTS", (0.3, 0.3))
    mode, why = sb.probe()
    assert mode == "none" and "could not start" in why
    # the machine is quiet again: the next grader's probe makes the sandbox
    monkeypatch.setattr(sb, "command", real)
    monkeypatch.setattr(sb, "PROBE_TIMEOUTS", (20.0, 120.0))
    if sb._probe_once(20)[0][0] != "bwrap":
        pytest.skip("bubblewrap cannot make a sandbox here")
    assert sb.probe() == ("bwrap", "")
    # and that answer, sure, is the process's from now on
    monkeypatch.setattr(sb, "command", lambda argv, *a, **k: [sys.executable, "-c", "import sys; sys.exit(1)"])
    assert sb.probe() == ("bwrap", "")
