"""NOTE [a host of workers] (tutor/grade/host.py): workers forked by a warm host
grade as workers started by themselves do, reach nothing of the host's, and a
host that dies costs a grade no verdict."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest

from support import descendants, make_exercise, process_name
from tutor.grade import hosted
from tutor.grade.grader import Grader, Submission
from tutor.grade.pool import WorkerPool
from tutor.grade.protocol import RunRequest

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="a host runs in the bubblewrap sandbox")

EXERCISE = make_exercise(
    "host-square", "x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)",
    "(x ** 2).sum().backward()", [{"kind": "grad", "tensor": "x", "from_backward": True}],
    trials=[{"seed": 0}, {"seed": 1, "hidden": True}])
CASES = {
    "right": "(x ** 2).sum().backward()",
    "wrong": "(x ** 3).sum().backward()",
    "by hand": "x.grad = 2 * x.detach()",
    "raises": "raise ValueError('no')",
}


@pytest.fixture
def host(monkeypatch):
    """A host of our own (the suite's may serve other tests' graders), named in the environment."""
    host = hosted.launch()
    monkeypatch.setenv(hosted.ENV, host.folder)
    try:
        yield host.folder, host
    finally:
        host.stop()


def _host_python(host: hosted.Host) -> int:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = [p for p in descendants(host.proc.pid) if process_name(p) == "agt-host"]
        if found:
            return found[0]
        time.sleep(0.05)
    raise AssertionError("the host never started")


def _verdicts(results) -> list[tuple]:
    return [(r.status, r.score, [(c.name, c.passed) for c in r.checks]) for r in results]


def test_a_hosted_worker_grades_as_one_started_by_itself(host, monkeypatch):
    folder, launched = host
    subs = [Submission(EXERCISE, code) for code in CASES.values()]
    with Grader(jobs=1, timeout=10, warm="need") as grader:
        hosted_results = grader.grade(subs)
        worker = grader.pool._workers[0].proc
        assert isinstance(worker, hosted.HostedProc)
        # forked by the host: its parent is the host's Python, inside the sandbox
        parent = int(open(f"/proc/{worker.pid}/stat").read().rsplit(")", 1)[1].split()[1])
        assert parent == _host_python(launched)
        assert process_name(worker.pid) == "agt-worker"
    monkeypatch.delenv(hosted.ENV)
    with Grader(jobs=1, timeout=10, warm="need") as grader:
        own_results = grader.grade(subs)
        assert isinstance(grader.pool._workers[0].proc, subprocess.Popen)
    assert _verdicts(hosted_results) == _verdicts(own_results)
    assert [r.status for r in hosted_results] == ["passed", "failed", "failed", "error"]


# A run that looks for what the host holds: a socket among its descriptors, the
# host's folder, a process of the host's.
LOOK = """
import os, stat
found = []
for fd in range(3, 1024):
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        continue
    if stat.S_ISSOCK(mode):
        found.append(f"socket {fd}")
for path in (FOLDER, FOLDER + "/socket"):
    if os.path.exists(path):
        found.append(path)
for pid in range(1, 64):
    try:
        os.kill(pid, 0)
        if pid != os.getpid():
            found.append(f"process {pid}")
    except OSError:
        pass
print("FOUND", found)
"""


def test_no_run_reaches_the_host(host, monkeypatch):
    """A run of a hosted worker sees what a run of a worker started by itself sees (the worker's own
    socket to its relay, NOTE [one fork per run]) and nothing more: no socket, folder or process of
    the host's."""
    folder, _ = host
    seen = []
    for own in (False, True):
        if own:
            monkeypatch.delenv(hosted.ENV)
        with WorkerPool(1, sandbox="bwrap", warm="need") as pool:
            reply = pool.run(RunRequest(setup="", code=LOOK.replace("FOLDER", repr(folder)), seed=0, timeout=10))
            assert isinstance(pool._workers[0].proc, subprocess.Popen if own else hosted.HostedProc)
        assert reply.finished, (reply.status, reply.exit)
        seen.append(reply.output)
    assert seen[0] == seen[1], seen
    assert folder not in seen[0]


def test_a_host_that_dies_mid_grade_changes_no_verdict(host):
    folder, launched = host
    # each run a tenth of a second at least: the kill lands with runs in flight and runs to come
    subs = [Submission(EXERCISE, f"import time\ntime.sleep(0.1)  # {n}\n" + code)
            for n in range(6) for code in CASES.values()]
    results: list = []
    with Grader(jobs=2, timeout=10, warm="need") as grader:
        worker = threading.Thread(target=lambda: results.extend(grader.grade(subs)))
        worker.start()
        host_python = _host_python(launched)
        deadline = time.monotonic() + 120
        while not any(process_name(p) == "agt-worker" for p in descendants(launched.proc.pid)):
            assert time.monotonic() < deadline, "no hosted worker started"
            time.sleep(0.05)
        os.kill(host_python, signal.SIGKILL)  # the sandbox ends with it, and every worker it forked
        worker.join(300)
        assert not worker.is_alive()
        assert not os.path.exists(f"/proc/{host_python}")
        # the runs after it ran on workers started by themselves
        assert any(isinstance(w.proc, subprocess.Popen) for w in grader.pool._workers)
    assert [r.status for r in results] == ["passed", "failed", "failed", "error"] * 6, \
        [(r.status, r.error[:100]) for r in results]


def test_a_host_of_another_sandbox_is_not_asked(host):
    # A secret inside what the sandbox shows is covered: another command line, another sandbox.
    secret = os.path.dirname(os.path.realpath(sys.executable))
    assert hosted.spawn(["--warm", "need", "--sandboxed"], (secret,), "cpu") is None


def test_a_host_that_is_gone_is_not_asked(host):
    folder, launched = host
    host_python = _host_python(launched)
    launched.stop()  # its lifeline closed: it ends, and its sandbox with it
    assert not os.path.exists(f"/proc/{host_python}")
    with WorkerPool(1, sandbox="bwrap", warm="need") as pool:
        reply = pool.run(RunRequest(setup="", code="y = 1", seed=0, timeout=10))
        assert isinstance(pool._workers[0].proc, subprocess.Popen)
    assert reply.finished
