"""NOTE [workers that cannot start] (tutor/grade/workerstart.py): a worker
that fails to start the same way three times in a row stops the pool from starting more, and
its own last words reach the reply, the report and the grade's stderr; a
worker killed from outside is started again as before.

The broken environment is real: a ``torch`` package first on PYTHONPATH that
raises when imported (the grader never imports torch; its workers do) and
counts its imports, so the test counts real worker starts. With the pool's
stop taken out, the 12 runs made 13 starts and the class of 3 made 29; before
the note each said only "(stream closed)"."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from support import REPO, own_workers
from tutor.grade import pool as pool_module
from tutor.grade.pool import WorkerPool
from tutor.grade.protocol import RunRequest
from tutor.grade.workerstart import ALIKE, KILLED, StartWatch, why_not_started
from tutor.pack import load_pack

BROKEN = "this torch is broken (a test stub)"


def _broken_torch(root: Path) -> tuple[Path, Path]:
    """A PYTHONPATH entry whose torch counts its imports in ``starts`` and raises."""
    starts = root / "starts"
    package = root / "site" / "torch"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        f"with open({str(starts)!r}, 'a') as f:\n    f.write('x')\nraise ImportError({BROKEN!r})\n", encoding="utf-8")
    return root / "site", starts


def _starts(path: Path) -> int:
    return len(path.read_text()) if path.exists() else 0


def test_a_pool_whose_workers_cannot_start_stops_starting_them(tmp_path, monkeypatch):
    site, starts = _broken_torch(tmp_path)
    monkeypatch.setenv("PYTHONPATH", str(site))
    with WorkerPool(jobs=2, sandbox="off") as pool:
        replies = pool.run_many([RunRequest(setup="", code=f"x = {n}", seed=n, timeout=5.0) for n in range(12)])
    assert all(r.status == "lost" and r.grader_fault for r in replies), [r.status for r in replies]
    for reply in replies:
        assert f"it exited with status 1: ImportError: {BROKEN}" in reply.exit.why, reply.exit.why
    assert f"ImportError: {BROKEN}" in pool.starts.broken
    # Three alike in a row make it broken; both workers may have been starting at once.
    assert 3 <= _starts(starts) <= 4, _starts(starts)
    assert pool.retried == 0 or pool.retried <= 2


def test_the_grade_says_why_and_blames_no_student(tmp_path):
    site, starts = _broken_torch(tmp_path)
    folder = tmp_path / "class"
    for name in ("ana", "bo", "cy"):
        (folder / name).mkdir(parents=True)
        (folder / name / "make-a-leaf.py").write_text(f"# {name}\n" + (REPO / "exercises" / "make-a-leaf.py")
                                                       .read_text(encoding="utf-8"), encoding="utf-8")
    report = tmp_path / "class.json"
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(site), "AUTOGRAD_TUTOR_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-m", "tutor", "grade", str(folder), "--exercise", "make-a-leaf",
                           "--no-sandbox", "--json", str(report), "--jobs", "2"],
                          capture_output=True, text=True, env=env, cwd=REPO, timeout=300)
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr
    assert (f"the grading workers cannot start (it exited with status 1: ImportError: {BROKEN})"
            in done.stderr), done.stderr
    assert 3 <= _starts(starts) <= 4, _starts(starts)
    points = load_pack(None).exercise("make-a-leaf").max_points
    assert done.stdout.count(f"  fault        0/{points:g}    make-a-leaf") == 3, done.stdout  # not "error"
    data = json.loads(report.read_text(encoding="utf-8"))
    exercises = [e for s in data["submissions"] for e in s["exercises"]]
    assert len(exercises) == 3
    for exercise in exercises:
        assert exercise["fault"] == "grader" and exercise["status"] == "error", exercise
        assert "not your code" in exercise["error"] and BROKEN in exercise["error"], exercise["error"]


@pytest.mark.skipif(not shutil.which("bwrap"), reason="bubblewrap is not installed")
def test_the_words_come_through_the_sandbox(monkeypatch):
    """In the sandbox the worker's stderr passes through bubblewrap: here the
    worker's module is one that does not exist (what a venv the sandbox does
    not show looks like: "No module named 'tutor.grade'")."""
    argv = pool_module.Worker._argv

    def missing_module(self):
        return [part.replace("tutor.grade.worker", "tutor.grade.no_such_worker") for part in argv(self)]

    monkeypatch.setattr(pool_module.Worker, "_argv", missing_module)
    monkeypatch.delenv("AGT_WORKER_HOST", raising=False)  # the worker's own start
    with WorkerPool(jobs=1, sandbox="require") as pool:
        assert pool.mode in ("bwrap", "uid")
        replies = pool.run_many([RunRequest(setup="", code="", seed=n, timeout=5.0) for n in range(4)])
    assert all(r.status == "lost" for r in replies)
    assert "No module named tutor.grade.no_such_worker" in replies[-1].exit.why, replies[-1].exit.why
    assert pool.starts.starts == 3, pool.starts.starts


@pytest.mark.parametrize("returncode, said, limit", [
    (1, "ModuleNotFoundError: No module named 'tutor.grade'", ALIKE),
    (1, "", ALIKE),  # nothing said: still its own exit
    (-9, "", KILLED),  # SIGKILL to the worker (bubblewrap's, or no sandbox)
    (137, "some warning", KILLED),  # its zygote killed (worker.py: 128 + the signal), or bubblewrap's child
    (-15, "", KILLED),
    (139, "", ALIKE),  # SIGSEGV as it started: its own crash
    (-4, "", ALIKE),  # SIGILL: a torch built for another CPU
    (0, "", 0),
    (None, "", 0),  # stopped answering
])
def test_which_failures_count(returncode, said, limit):
    words, counted = why_not_started(returncode, said, "stream closed")
    assert counted == limit
    if returncode in (-9, 137):
        assert words.startswith("it was killed (SIGKILL) as it started: short of memory?"), words
    if said:
        assert words.endswith(said)


def test_a_start_or_another_failure_between_keeps_the_pool_going():
    for between in ("started", "killed", "other words"):
        watch = StartWatch()
        watch.failed("it exited with status 1: E", ALIKE)
        watch.failed("it exited with status 1: E", ALIKE)
        if between == "started":
            watch.started()
        else:
            watch.failed("it was killed (SIGKILL)" if between == "killed" else "it exited with status 1: F",
                         KILLED if between == "killed" else ALIKE)
        watch.failed("it exited with status 1: E", ALIKE)
        watch.failed("it exited with status 1: E", ALIKE)
        assert not watch.broken, between
        watch.failed("it exited with status 1: E", ALIKE)
        assert watch.broken == "it exited with status 1: E"
        assert watch.starts == 6


def test_kills_from_outside_stop_a_pool_only_after_more_than_the_fault_tests_make():
    watch = StartWatch()
    for n in range(KILLED - 1):
        watch.failed("it was killed (SIGKILL)", KILLED)
    assert not watch.broken
    watch.failed("it was killed (SIGKILL)", KILLED)
    assert watch.broken == f"it was killed (SIGKILL); {KILLED} times in a row"
    assert KILLED > 8  # test_faults.py's killer: _killer(seed, most=8)


def _memory_cgroup() -> Path | None:
    """A memory cgroup (v1) of our own to put a grade in, or None."""
    try:
        own = next(line.split(":", 2)[2].strip() for line in Path("/proc/self/cgroup").read_text().splitlines()
                   if line.split(":")[1] == "memory")
    except (OSError, StopIteration, IndexError):
        return None
    parent = Path("/sys/fs/cgroup/memory") / own.lstrip("/")
    return parent if (parent / "memory.limit_in_bytes").exists() and os.access(parent, os.W_OK) else None


@pytest.mark.skipif(_memory_cgroup() is None, reason="no memory cgroup (v1) this test may make one in")
@pytest.mark.parametrize("sandbox", ["sandbox", "no-sandbox"])
def test_a_runner_short_of_memory_is_told_so(tmp_path, sandbox):
    """The kernel's OOM killer, for real: the grade runs in a memory cgroup of
    100 MB, in which the grader lives and no worker can import torch."""
    if sandbox == "sandbox" and shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed")
    group = _memory_cgroup() / f"agt-oom-{uuid.uuid4().hex[:8]}"
    group.mkdir()
    try:
        (group / "memory.limit_in_bytes").write_text(str(100 << 20))
        folder = tmp_path / "class" / "ana"
        folder.mkdir(parents=True)
        (folder / "make-a-leaf.py").write_text((REPO / "exercises" / "make-a-leaf.py").read_text(encoding="utf-8"),
                                               encoding="utf-8")
        command = [sys.executable, "-m", "tutor", "grade", str(folder.parent), "--exercise", "make-a-leaf",
                   "--json", str(tmp_path / "r.json"), "--jobs", "2"]
        command += [] if sandbox == "sandbox" else ["--no-sandbox"]
        done = subprocess.run(["sh", "-c", f'echo $$ > "{group}/cgroup.procs" && exec "$@"', "sh", *command],
                              capture_output=True, text=True, cwd=REPO, timeout=600,
                              env=own_workers({**os.environ, "AUTOGRAD_TUTOR_HOME": str(tmp_path / "home")}))
        kills = int(dict(line.split() for line in (group / "memory.oom_control").read_text().splitlines())
                    .get("oom_kill", -1))
    finally:
        group.rmdir()
    assert done.returncode == 3, done.stderr
    assert f"killed (SIGKILL) as it started: short of memory?" in done.stderr, done.stderr
    assert f"{KILLED} times in a row" in done.stderr, done.stderr
    # Before the note: 48 kills for this one exercise; now the pool's limit, and the other worker's.
    assert KILLED <= kills <= KILLED + 2, kills
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert all(e["fault"] == "grader" for e in data["exercises"]), data


@pytest.mark.skipif(_memory_cgroup() is None, reason="no memory cgroup (v1) this test may make one in")
def test_a_learners_check_that_the_grader_lost_is_not_a_verdict(tmp_path):
    """``check`` in a memory cgroup too small for a worker: the learner reads
    that nothing was checked (never FAIL, never "your code"), the command
    exits 3, and no attempt is recorded in their progress."""
    group = _memory_cgroup() / f"agt-oom-{uuid.uuid4().hex[:8]}"
    group.mkdir()
    home = tmp_path / "home"
    env = own_workers({**os.environ, "AUTOGRAD_TUTOR_HOME": str(home)})  # started in the cgroup
    try:
        (group / "memory.limit_in_bytes").write_text(str(100 << 20))
        done = subprocess.run(["sh", "-c", f'echo $$ > "{group}/cgroup.procs" && exec "$@"', "sh", sys.executable,
                               "-m", "tutor", "check", "make-a-leaf", str(REPO / "exercises" / "make-a-leaf.py")],
                              capture_output=True, text=True, cwd=REPO, timeout=600, env=env)
    finally:
        group.rmdir()
    assert done.returncode == 3, (done.stdout, done.stderr)
    assert "FAIL" not in done.stdout and "raised" not in done.stdout, done.stdout
    assert "short of memory?" in done.stdout, done.stdout
    assert done.stdout.count("not your code") == 2, done.stdout  # the grader's words once, and the last line
    assert "not checked  x.is_leaf" in done.stdout
    listed = subprocess.run([sys.executable, "-m", "tutor", "list", "--json"], capture_output=True, text=True,
                            cwd=REPO, timeout=120, env=env)
    exercises = {e["id"]: e for lesson in json.loads(listed.stdout)["lessons"] for e in lesson["exercises"]}
    assert exercises["make-a-leaf"]["attempts"] == 0, exercises["make-a-leaf"]


def test_the_app_does_not_call_a_lost_check_the_learners_error():
    """The check screen's text for a result the grader lost (UI only: the
    result is the grader's own, made from a lost run)."""
    from tutor.app.screens.check import summary_text
    from tutor.grade.protocol import RunReply
    from tutor.grade.verdict import grader_fault
    from tutor.pack import load_pack

    exercise = load_pack(None).exercise("make-a-leaf")
    result = grader_fault(exercise, RunReply.lost("the grading workers cannot start: it exited with status 1: E"))
    text = summary_text(result, "Make a leaf").plain
    assert text.startswith("✘ Not checked: the grader failed, not your code"), text
    assert "FAIL" not in text and "Your code raised" not in text, text
    assert text.count("it exited with status 1: E") == 1, text
    assert text.count("not checked") == len(exercise.checks), text


def test_a_workers_last_words_are_made_safe_as_report_text():
    """They reach CI logs and reports: no terminal escape, no line a runner
    reads as a workflow command (sanitize.log), at most SAID characters."""
    from tutor.grade.workerstart import SAID, StderrTail

    read, write = os.pipe()
    tail = StderrTail(os.fdopen(read, "rb"))
    os.write(write, b"warming up\n\x1b[31m::error::pwned\x1b[0m\n\n")
    os.close(write)
    said = tail.last_line()
    assert "\x1b" not in said and not said.startswith("::") and "pwned" in said, said
    read, write = os.pipe()
    tail = StderrTail(os.fdopen(read, "rb"))
    os.write(write, b"x" * 5000)
    os.close(write)
    assert len(tail.last_line()) <= SAID + len(" [...]")
