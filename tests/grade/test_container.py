"""Grading inside a container that refuses namespaces (Gradescope's and
PrairieLearn's Docker graders): the ``uid`` isolation mode.

tests/container_like.py runs the grader under the seccomp rules of Docker's
default profile (no unshare, setns, mount or clone with namespace flags), so
bubblewrap cannot make a sandbox, as in such a container. As root, ``grade``
must then neither refuse nor run unprotected: each run holds a uid of its
own, cannot read the pack, the other submissions, the reports or the
grader's environment, has no network, and leaves no process or file for the
next run. As a normal user there is no uid to drop to: ``grade`` refuses.

The grader runs from an install every user can read (readable_install.py):
in this mode runs read the interpreter and torch with their own uid.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import socket
import stat
import subprocess
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import readable_install
from support import REPO, memory_together

PY = readable_install.PY
USER = "student"
TOKEN = f"s3cr3t-{uuid.uuid4().hex}"
MARK = str(uuid.uuid4().int % 10**6 + 7_000_000)  # a left-behind process: `sleep MARK`

pytestmark = [
    pytest.mark.skipif(os.geteuid() != 0, reason="the uid mode needs root (and the test makes a user)"),
    pytest.mark.skipif(shutil.which("runuser") is None, reason="runuser is not installed"),
    pytest.mark.skipif(not os.path.exists("/usr/bin/python3"), reason="no system Python at /usr/bin/python3"),
    pytest.mark.skipif(os.uname().machine not in ("x86_64", "aarch64"), reason="seccomp table: x86_64, aarch64"),
    pytest.mark.timeout(1800),
]

# Three visible trials of one exercise, run one after another on one worker
# (--jobs 1), so with one uid: each looks for what the runs before it left.
EXERCISE = """\
id: square-gradient
title: The gradient of a square
prompt: Compute `y = (x ** 2).sum()` and its gradient.
setup: |
  torch.manual_seed(seed)
  x = torch.randn(3, device=device, requires_grad=True)
starter: |
  y = (x ** 2).sum()
solution: |
  y = (x ** 2).sum()
  y.backward()
checks:
  - kind: grad
    tensor: x
trials:
  - seed: 0
  - seed: 1
  - seed: 2
"""
CORRECT = "y = (x ** 2).sum()\ny.backward()\n"

SPY = """\
import os, socket
found = {{}}
for path in {paths!r}:
    try:
        os.listdir(path) if os.path.isdir(path) else open(path, "rb").read()
        found[path] = "READ"
    except OSError as exc:
        found[path] = type(exc).__name__
for pid in os.listdir("/proc"):
    try:
        if {token!r}.encode() in open(f"/proc/{{pid}}/environ", "rb").read():
            found["token"] = pid
    except OSError:
        pass
try:
    socket.create_connection(("127.0.0.1", {port}), timeout=2)
    found["net"] = "CONNECTED"
except OSError as exc:
    found["net"] = type(exc).__name__
found["uid"] = os.getuid()
raise ValueError("SPY" + "FOUND " + repr(found))
"""

# Leaves a world-readable file in every shared folder and a process behind,
# and fails when it meets what an earlier run (same uid) left.
LITTERER = """\
import os
seen = []
for folder in ("/tmp", "/dev/shm", "/var/tmp"):
    path = os.path.join(folder, "agt-litter-{mark}")
    if os.path.exists(path):
        seen.append(path)
    try:
        with open(path, "w") as f:
            f.write("left by an earlier run")
        os.chmod(path, 0o666)
    except OSError:
        pass
for pid in os.listdir("/proc"):
    try:
        if open(f"/proc/{{pid}}/cmdline", "rb").read() == b"sleep\\0{mark}\\0":
            seen.append("process " + pid)
    except OSError:
        pass
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp("sleep", ["sleep", "{mark}"])
    os._exit(0)
if seen:
    raise RuntimeError("LITTER " + repr(seen))
y = (x ** 2).sum()
y.backward()
"""


def _as_student(args: list[str], cwd: Path, timeout: float = 900) -> subprocess.CompletedProcess:
    env = [f"PATH={readable_install.VENV}/bin:/usr/bin:/bin", f"HOME=/home/{USER}", "LANG=C.UTF-8"]
    return readable_install.sh(["runuser", "-u", USER, "--", "env", "-i", *env, *args], timeout=timeout,
                               cwd=str(cwd))


def _container(args: list[str]) -> list[str]:
    return [str(PY), str(REPO / "tests" / "container_like.py"), *args]


def _modes(*paths: Path) -> dict[str, int]:
    return {str(p): stat.S_IMODE(os.lstat(p).st_mode) for p in paths}


def _uid_processes(grader_pid: int) -> list[str]:
    """Processes still alive that hold a uid of the grader's pool (pool.sandbox_uid_base).

    A zombie is not alive: a run killed with its worker is reparented to the
    machine's init, which reaps it when it will (on this project's machines,
    seconds later at times: the check after a killed worker failed 3 times in
    5 on a zombie with SIGKILL pending, before and after round 6 of issue 19)."""
    return list(_uid_pids(grader_pid).values())


def _uid_pids(grader_pid: int) -> dict[int, str]:
    """Live processes that hold a uid of the grader's pool: pid -> cmdline."""
    from support import live_pids_of_uids
    from tutor.grade.pool import POOLS_PER_PROCESS, SANDBOX_UID_BASE, SLOTS_PER_POOL

    low = SANDBOX_UID_BASE + (grader_pid % (1 << 21)) * POOLS_PER_PROCESS * SLOTS_PER_POOL
    left = {}
    for pid in live_pids_of_uids(low, low + POOLS_PER_PROCESS * SLOTS_PER_POOL):
        try:
            left[pid] = open(f"/proc/{pid}/cmdline", "rb").read().decode(errors="replace")
        except OSError:
            pass  # gone since
    return left


@pytest.fixture(scope="module")
def install():
    if readable_install.sh(["id", USER]).returncode != 0:
        made = readable_install.sh(["useradd", "-m", USER])
        assert made.returncode == 0, made.stderr
    return readable_install.build(lambda argv: _as_student(argv, cwd=Path("/tmp")))


@pytest.fixture(scope="module")
def graded(install, tmp_path_factory):
    base = tmp_path_factory.mktemp("container")
    os.chmod(base, 0o755)
    made = readable_install.sh([str(PY), "-m", "tutor", "pack", "new", str(base / "pack"), "--id", "ct"])
    assert made.returncode == 0, made.stderr
    pack = base / "pack"
    (pack / "exercises" / "square-gradient.yaml").write_text(EXERCISE)
    (pack / "exercises" / "square-gradient.py").unlink(missing_ok=True)
    klass, out = base / "class", base / "out"
    out.mkdir()
    stale = out / "report.json"
    stale.write_text(json.dumps({"earlier": "report"}))  # what --resume would read: a report is a secret too
    os.chmod(stale, 0o644)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    private = base / "autograder"  # what --private keeps: the platform's own folder, students' names in it
    private.mkdir()
    (private / "submission_metadata.json").write_text('{"users": [{"name": "A. Student"}]}')
    os.chmod(private, 0o755)
    os.chmod(private / "submission_metadata.json", 0o644)
    spied = [str(private / "submission_metadata.json"), str(pack / "exercises" / "square-gradient.yaml"),
             str(klass / "a-honest" / "square-gradient.py"),
             str(klass / "a-honest"), str(stale), str(pack)]
    students = {
        "a-honest": CORRECT,
        "b-spy": SPY.format(paths=spied, token=TOKEN, port=listener.getsockname()[1]),
        "c-litter": LITTERER.format(mark=MARK),
        "d-loop": "while True:\n    pass\n",
        "e-bomb": "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n",
        # 4 x 700 MiB, each under the 2 GiB limit: their sum is over it.
        "f-memory": CORRECT + memory_together(4, 700),
    }
    for name, code in students.items():
        (klass / name).mkdir(parents=True)
        (klass / name / "square-gradient.py").write_text(code)
    for path in klass.rglob("*"):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    before = _modes(pack, klass, klass / "a-honest", out, private)
    env = {"PATH": f"{readable_install.VENV}/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "AGT_CI_TOKEN": TOKEN}
    proc = subprocess.Popen(
        _container([str(PY), "-m", "tutor", "grade", str(klass), "--pack", str(pack), "--json", str(stale),
                    "--junit", str(out / "report.xml"), "--gradescope", str(out / "gs"), "--timeout", "8",
                    "--jobs", "1", "--private", str(private)]),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=str(base))
    proc_pid = proc.pid
    stdout, stderr = proc.communicate(timeout=900)  # the wrapper execs: proc.pid is the grader's
    proc = subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)
    listener.close()
    left = _uid_processes(proc_pid)
    litter = [str(p) for folder in ("/tmp", "/dev/shm", "/var/tmp") for p in Path(folder).glob("agt-litter-*")]
    yield {"proc": proc, "out": out, "report": stale, "before": before,
           "after": _modes(pack, klass, klass / "a-honest", out, private), "left": left, "litter": litter}
    for path in litter:
        Path(path).unlink(missing_ok=True)


def _exercise(graded, student: str) -> dict:
    data = json.loads(graded["report"].read_text())
    sub = next(s for s in data["submissions"] if s["submission"] == student)
    return sub["exercises"][0]


def test_container_like_setting_refuses_namespaces(install):
    probe = subprocess.run(_container(["unshare", "--user", "true"]), capture_output=True, text=True)
    assert probe.returncode != 0
    bwrap = shutil.which("bwrap")
    if bwrap:
        probe = subprocess.run(_container([bwrap, "--ro-bind", "/", "/", "true"]), capture_output=True, text=True)
        assert probe.returncode != 0, "bubblewrap made a sandbox under the container's rules"


def test_root_grades_in_the_uid_mode_and_every_report_says_so(graded):
    proc = graded["proc"]
    assert proc.returncode == 0, proc.stderr[-3000:]
    data = json.loads(graded["report"].read_text())
    assert data["isolation"] == "uid"
    assert all(s.get("isolation") == "uid" for s in data["submissions"])
    junit = ET.parse(graded["out"] / "report.xml").getroot()
    assert {p.get("value") for p in junit.iter("property") if p.get("name") == "isolation"} == {"uid"}
    gradescope = json.loads((graded["out"] / "gs" / "a-honest" / "results.json").read_text())
    assert "isolation: uid" in gradescope["output"]
    assert "uid" in proc.stderr  # the grader says which isolation it could have


def test_uid_mode_grades_honest_code_and_keeps_limits(graded):
    assert _exercise(graded, "a-honest")["status"] == "passed"
    assert _exercise(graded, "d-loop")["status"] == "timeout"
    assert _exercise(graded, "e-bomb")["status"] in ("error", "timeout")
    # The sum of the run's memory, over every process of its uid: before,
    # only each process's RLIMIT_AS held here, and the wall clock ended the
    # run as a timeout. (The grade's --timeout is 8 s of wall clock in this
    # mode: with 4, four 700 MiB fills on a loaded runner were at times still
    # short of the sum when it ran out, a timeout where the limit is meant.)
    memory = _exercise(graded, "f-memory")
    assert memory["status"] == "error", memory
    assert "2048 MiB of memory together" in memory["error"], memory["error"]


def test_uid_mode_run_reads_no_secret_and_reaches_no_network(graded):
    spy = _exercise(graded, "b-spy")
    assert spy["status"] == "error"
    text = spy["error"]
    assert "SPYFOUND " in text, text
    found = ast.literal_eval(text[text.index("SPYFOUND ") + 9:].splitlines()[0])
    assert found.pop("net") in ("PermissionError", "OSError"), found
    assert found.pop("uid") != 0
    assert "token" not in found, found
    assert all(outcome != "READ" for outcome in found.values()), found
    assert TOKEN not in graded["report"].read_text()


def test_uid_mode_leaves_nothing_for_the_next_run(graded):
    litter = _exercise(graded, "c-litter")
    assert litter["status"] == "passed", litter.get("error")
    assert graded["litter"] == []
    assert graded["left"] == []


def test_uid_mode_puts_every_permission_back(graded):
    assert graded["after"] == graded["before"]


def test_a_normal_user_in_such_a_container_is_refused(install):
    import tempfile

    work = Path(tempfile.mkdtemp(prefix="agt-container-user-"))
    try:
        klass = work / "class"
        klass.mkdir()
        (klass / "square-gradient.py").write_text(CORRECT)
        shutil.chown(work, USER, USER)
        shutil.chown(klass, USER, USER)
        proc = _as_student(_container([str(PY), "-m", "tutor", "grade", str(klass), "--json", str(work / "r.json")]),
                           cwd=work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    assert proc.returncode == 2, proc.stderr
    assert "no sandbox" in proc.stderr and "root" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_folder_the_grading_user_cannot_search_gets_one_line(install):
    import tempfile

    work = Path(tempfile.mkdtemp(prefix="agt-unsearchable-"))
    try:
        (work / "class").mkdir()
        (work / "class" / "square-gradient.py").write_text(CORRECT)
        os.chmod(work, 0o700)  # root's: the student cannot pass through it
        proc = _as_student([str(PY), "-m", "tutor", "grade", str(work / "class")], cwd=Path("/tmp"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    assert proc.returncode == 2, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "cannot read" in lines[0] and "Traceback" not in proc.stderr, proc.stderr


def _workers_of(grader_pid: int) -> list[int]:
    from support import descendants

    out = []
    for pid in descendants(grader_pid):
        try:
            cmdline = open(f"/proc/{pid}/cmdline", "rb").read()
        except OSError:
            continue
        if b"tutor.grade.worker" in cmdline and b"--run-uid" in cmdline:
            out.append(pid)
    return out


def test_uid_mode_worker_killed_mid_class_is_the_graders_fault_not_a_verdict(graded, tmp_path):
    """SIGKILL the uid mode's worker (a zygote, as root) while it runs a
    class: the lost runs are run again and every verdict is the one an
    undisturbed grade gives.

    Each student's run sleeps a little so that the kill lands inside one: a
    run process seen in two polls in a row is mid-run, where one seen once
    may be a run that has already replied and is exiting (killing its worker
    then loses nothing, and nothing is run again: a CI failure)."""
    import time

    base = Path(graded["report"]).parent.parent
    klass = tmp_path / "class"
    for n in range(6):
        (klass / f"s{n}").mkdir(parents=True)
        body = CORRECT if n % 2 == 0 else "y = (x ** 3).sum()\ny.backward()\n"
        (klass / f"s{n}" / "square-gradient.py").write_text(f"import time\ntime.sleep(0.4)  # s{n}\n{body}")
    os.chmod(tmp_path, 0o755)
    env = {"PATH": f"{readable_install.VENV}/bin:/usr/bin:/bin", "LANG": "C.UTF-8"}
    proc = subprocess.Popen(
        _container([str(PY), "-m", "tutor", "grade", str(klass), "--pack", str(base / "pack"), "--json",
                    str(tmp_path / "r.json"), "--jobs", "1"]),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    killed = 0
    deadline = time.monotonic() + 120
    seen: set[int] = set()
    while killed < 1 and time.monotonic() < deadline and proc.poll() is None:
        workers = _workers_of(proc.pid)
        now = set(_uid_pids(proc.pid))
        if workers and now & seen:  # the same run a poll later: under way, kill its worker
            os.kill(workers[0], 9)
            killed += 1
        seen = now
        time.sleep(0.05)
    stdout, stderr = proc.communicate(timeout=600)
    assert killed == 1, "no run was seen under way"
    assert proc.returncode == 0, stderr[-3000:]
    assert "run again" in stderr, stderr
    data = json.loads((tmp_path / "r.json").read_text())
    statuses = {s["submission"]: s["exercises"][0]["status"] for s in data["submissions"]}
    assert statuses == {f"s{n}": "passed" if n % 2 == 0 else "failed" for n in range(6)}, statuses
    assert not any(s["exercises"][0].get("fault") for s in data["submissions"])
    assert _uid_processes(proc.pid) == []
