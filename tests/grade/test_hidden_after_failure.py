"""NOTE [hidden trials after a failed run] (queued.py): a visible trial's
run that fails as a whole (its time limit, a crash) cancels the hidden
trials' runs after it that no worker took yet, and the results are the ones
a grade that ran every trial gives, word for word. Real sandboxed runs; the
hanging code sleeps (its time limit passes on the clock, not on a core)."""

from __future__ import annotations

import pytest
from support import make_exercise

from tutor.grade.grader import Grader, Submission

SETUP = "import torch\ntorch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n"
SOLUTION = "y = (x * x).sum()\ny.backward()\n"
EXERCISE = make_exercise("square-sum", SETUP, SOLUTION,
                         [{"kind": "value", "expr": "y"}, {"kind": "grad", "tensor": "x"}],
                         trials=[{"seed": 0}, {"seed": 1, "hidden": True}])

CODES = {
    "hangs": "import time\ntime.sleep(1e6)\n",
    "crashes": "import os\nos._exit(3)\n",
    "raises": SOLUTION + "raise ValueError('after the work')\n",  # an error, not a failed run: hidden runs
    "right_on_the_visible_trial_only": "y = (x * x).sum() if seed == 0 else x.sum()\ny.backward()\n",
    "right": "y = (x ** 2).sum()\ny.backward()\n",
}


def _grade(monkeypatch, skip: bool):
    if not skip:
        monkeypatch.setenv("AGT_BENCH_OFF", "skip-hidden")
    with Grader(jobs=1, timeout=2) as grader:
        q = grader.queue([Submission(EXERCISE, code) for code in CODES.values()])
        results = grader.finish(q)
    names = list(CODES)
    cancelled = {(names[job[0]], job[1]) for job, future in zip(q.jobs, q.futures)
                 if job[2] == "learner" and future.cancelled()}
    said = {name: (r.status, r.score, r.error, r.output, [(c.name, c.passed, c.message, c.hidden) for c in r.checks])
            for name, r in zip(names, results)}
    return said, cancelled


@pytest.fixture(scope="module")
def graded():
    with pytest.MonkeyPatch.context() as monkeypatch:
        skipping = _grade(monkeypatch, skip=True)
    with pytest.MonkeyPatch.context() as monkeypatch:
        every_trial = _grade(monkeypatch, skip=False)
    return skipping, every_trial


def test_a_failed_visible_run_cancels_the_hidden_runs_after_it(graded):
    (_, cancelled), (_, none_cancelled) = graded
    assert cancelled == {("hangs", 1), ("crashes", 1)}
    assert none_cancelled == set()


def test_the_results_are_those_of_every_trial_run(graded):
    (said, _), (every_trial, _) = graded
    assert said == every_trial
    assert said["hangs"][0] == "timeout" and said["crashes"][0] == "error"
    assert said["right"][1] > 0 and said["right_on_the_visible_trial_only"][1] == 0
    # the hidden trial's failure is still found where the visible one passed
    assert any(hidden for *_, hidden in said["right_on_the_visible_trial_only"][4])
