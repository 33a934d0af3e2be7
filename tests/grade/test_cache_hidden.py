"""The tutor's cache holds validated packs, reference solutions included
(tutor/pack/cache.py). Wherever it is put, even inside a folder runs must
read (the venv), no run can read it."""

from __future__ import annotations

import shutil
import sys
import uuid
from pathlib import Path

from support import make_exercise
from tutor.grade.grader import Grader, Submission

PEEK = """
import os
try:
    seen = sorted(os.listdir({folder!r}))
except OSError as exc:
    seen = type(exc).__name__
try:
    with open({secret!r}) as f:
        leaked = f.read()
except OSError as exc:
    leaked = type(exc).__name__
"""


def test_a_cache_inside_the_venv_is_hidden_from_runs(monkeypatch):
    folder = Path(sys.prefix) / f"agt-test-cache-{uuid.uuid4().hex[:8]}"  # readable by every run
    try:
        (folder / "packs").mkdir(parents=True)
        secret = folder / "packs" / "entry"
        secret.write_text("solution: the answer")
        monkeypatch.setenv("AUTOGRAD_TUTOR_CACHE", str(folder))
        # what a run sees where the cache is: an empty folder (no packs folder in it, no file)
        hidden = make_exercise("peek", "", "seen = leaked = 'FileNotFoundError'\n",
                               [{"kind": "value", "expr": "leaked"}, {"kind": "value", "expr": "seen"}])
        code = PEEK.format(folder=str(folder / "packs"), secret=str(secret))
        with Grader(jobs=1, sandbox="require") as grader:
            (result,) = grader.grade([Submission(hidden, code)])
        assert all(c.passed for c in result.checks), [(c.name, c.message) for c in result.checks]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
