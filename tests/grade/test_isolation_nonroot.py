"""The threat model as a normal user (issue 10): CI runners grade as a user
that is not root, where the sandbox is an unprivileged user namespace.

As root, this creates the user ``student``, a virtual environment of the
system Python that ``student`` can read (built once, reused), installs a copy
of this project into it, and then:

- runs tests/grade/test_isolation.py (a representative subset of its rows)
  as ``student`` through runuser, and reports each row;
- grades a class as ``student`` through the CLI, with a submission that
  leaves a process behind to rewrite the report after the grader exits and a
  submission that calls kill(-1, SIGKILL): the reports stay as written, the
  grader and the shell that started it live on, and the CI token planted in
  the grader's environment appears nowhere.

Skipped (and says why) when not root, or without runuser or bubblewrap.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import readable_install
from support import NAMESPACES, TRACER_KILL, forged_kill, live_pids_of_uids, memory_together, refused_syscall

REPO = Path(__file__).resolve().parents[2]
USER = "student"
VENV = readable_install.VENV
TOKEN = f"s3cr3t-{uuid.uuid4().hex}"

pytestmark = [
    pytest.mark.skipif(os.geteuid() != 0, reason="creates a user and runs tests as it: needs root"),
    pytest.mark.skipif(shutil.which("runuser") is None, reason="runuser is not installed"),
    pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed"),
    pytest.mark.skipif(not os.path.exists("/usr/bin/python3"), reason="no system Python at /usr/bin/python3"),
    pytest.mark.timeout(2400),  # the first run builds the venv (torch from the local wheel)
]

# Rows of test_isolation.py run as the normal user: a test's name starts
# with test_<key>_ (the -k expression asks for exactly those: "row1" alone
# also ran rows 14 and 15, whose outcomes nothing read).
ROWS = {
    "row1_files_and_proc": "row1",
    "row2_environment": "row2_grader",
    "row3_memory": "row3",
    "row4_forged_verdicts": "row4",
    "row5_shadowing": "row5",
    "row9_tmp": "row9",
    "row10_processes": "row10",
    "row11_capabilities": "row11",
    "row12_network": "row12",
    "row13_signals": "row13",
    "row14_hidden_trials": "row14",
    "row15_no_bubblewrap": "row15",
    "faults_killed_mid_class": "fault_injection",  # tests/grade/test_faults.py
    "one_fork_processes_killed": "one_fork",  # tests/grade/test_one_fork.py
}


def _sh(args: list[str], timeout: float = 900, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout, **kw)


def _as_student(args: list[str], cwd: Path, env: dict | None = None, timeout: float = 900):
    base = {"PATH": f"{VENV}/bin:/usr/bin:/bin", "HOME": f"/home/{USER}", "LANG": "C.UTF-8"}
    envs = [f"{k}={v}" for k, v in {**base, **(env or {})}.items()]
    return _sh(["runuser", "-u", USER, "--", "env", "-i", *envs, *args], timeout=timeout, cwd=str(cwd))


@pytest.fixture(scope="module")
def student_env(tmp_path_factory):
    if _sh(["id", USER]).returncode != 0:
        made = _sh(["useradd", "-m", USER])
        assert made.returncode == 0, made.stderr
    copy = readable_install.build(lambda argv: _as_student(argv, cwd=Path("/tmp")))
    work = Path(f"/tmp/agt-student-work-{uuid.uuid4().hex[:8]}")
    work.mkdir()
    shutil.chown(work, USER, USER)
    try:
        yield {"copy": copy, "work": work}
    finally:
        shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="module")
def student_rows(student_env):
    """test_isolation.py's rows, run as the user; JUnit XML of the outcome per test."""
    copy, work = student_env["copy"], student_env["work"]
    junit = work / "rows.xml"
    expr = " or ".join(f"test_{key}_" for key in ROWS.values())
    # Two processes where the user's venv has xdist (it shares ours, when it
    # can): the rows and the fault injection each kill only their own
    # grades' processes. Else one, with the copy's addopts (which ask for it) put aside.
    xdist = _as_student([str(VENV / "bin" / "python"), "-c", "import xdist"], cwd=Path("/tmp")).returncode == 0
    parallel = ["-o", "addopts=-ra -n 2 --dist loadgroup"] if xdist else ["-p", "no:xdist", "-o", "addopts=-ra"]
    proc = _as_student([str(VENV / "bin" / "python"), "-m", "pytest", str(copy / "tests/grade/test_isolation.py"),
                        str(copy / "tests/grade/test_faults.py"), str(copy / "tests/grade/test_one_fork.py"),
                        "-q", "-p", "no:cacheprovider", *parallel,
                        "-k", expr, f"--junitxml={junit}", "-o",
                        f"cache_dir={work}/.cache", f"--basetemp={work}/pytest"], cwd=copy, timeout=1500)
    assert junit.exists(), (proc.stdout[-3000:], proc.stderr[-3000:])
    outcomes = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        bad = [c for c in case if c.tag in ("failure", "error")]
        skipped = [c for c in case if c.tag == "skipped"]
        outcomes[case.get("name")] = ("failed", (bad[0].get("message") or "")[:500]) if bad else \
            ("skipped", skipped[0].get("message")) if skipped else ("passed", "")
    return {"proc": proc, "outcomes": outcomes}


@pytest.mark.parametrize("row", list(ROWS))
def test_row_holds_as_a_normal_user(student_rows, row):
    key = ROWS[row]
    mine = {name: out for name, out in student_rows["outcomes"].items() if f"test_{key}_" in name}
    assert mine, (row, sorted(student_rows["outcomes"])[:20], student_rows["proc"].stdout[-2000:])
    # JUnit writes an expected failure (xfail) as skipped with its reason:
    # those are the documented limits, not a missing sandbox.
    skipped = {n: o for n, o in mine.items() if o[0] == "skipped" and "xfail" not in (o[1] or "").lower()
               and "self-reported" not in (o[1] or "") and "races the probe step" not in (o[1] or "")}
    assert not skipped, skipped  # the sandbox must be there for the user too
    failed = {n: o[1] for n, o in mine.items() if o[0] == "failed"}
    assert not failed, failed


# ------------------------------------------- the CLI as the user: reports, kill(-1)

CORRECT = "y = (x ** 2).sum()\ny.backward()\n"
REWRITER = '''
import os, time
PATHS = {paths!r}
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        for _ in range(40):
            time.sleep(0.25)
            for p in PATHS:
                try:
                    with open(p, "w") as f:
                        f.write("PWNED")
                except OSError:
                    pass
        os._exit(0)
    os._exit(0)
''' + CORRECT
KILLER = "import os, signal\n" + CORRECT + "os.kill(-1, signal.SIGKILL)\n"
KILLPG = "import os, signal\n" + CORRECT + "os.killpg(0, signal.SIGKILL)\n"
ENVSPY = "import os\nprint(dict(os.environ))\nraise ValueError(str(dict(os.environ)))\n"
# Round 24's attacks, found as root and reproduced as this user on the old
# code: each is the run's own verdict here too, never the grader's fault.
CPU_LIMIT = "import resource\nresource.setrlimit(resource.RLIMIT_CPU, (1, 1))\nwhile True:\n    pass\n"
MEMFD = "import os\nfd = os.memfd_create('x')\nos.write(fd, b'x' * (60 << 20))\n"


@pytest.fixture(scope="module")
def student_cli(student_env):
    work = student_env["work"]
    py = str(VENV / "bin" / "python")
    pack = work / "pack"
    made = _as_student([py, "-m", "tutor", "pack", "new", str(pack), "--id", "student-pack"], cwd=work)
    assert made.returncode == 0, made.stderr
    klass, out = work / "class", work / "out"
    reports = [str(out / "report.json"), str(out / "report.xml"), str(out / "gs" / "rewriter" / "results.json")]
    students = {"honest": CORRECT, "rewriter": REWRITER.format(paths=reports), "killer": KILLER, "killpg": KILLPG,
                "envspy": ENVSPY, "cpulimit": CPU_LIMIT, "memfd": MEMFD,
                "shmem": CORRECT + memory_together(4, 700, shared=True), "forgedkill": forged_kill("sigqueue"),
                "namespaces": NAMESPACES, "tracer": TRACER_KILL,
                "devshm": "open('/dev/shm/agt-left', 'w').write('x')\n",
                # NOTE [a root of the worker's] (sandbox.py): bubblewrap's root and covers, this user's
                "rootfs": "open('/etc/agt-left', 'w').write('x')\n",
                "ptmx": "import os\nos.open('/dev/ptmx', os.O_RDWR | os.O_NOCTTY)\n",
                "secretmem": refused_syscall({"x86_64": 447, "aarch64": 447}, "0"),
                # NOTE [locks on shared files] (seccomp.py), and the groups and mounts round 26 refused
                "recordlock": "import fcntl\nfcntl.lockf(open('/tmp/agt-lock', 'w'), fcntl.LOCK_EX)\n",
                "fanotify": refused_syscall({"x86_64": 300, "aarch64": 262}, "0x200", "0"),
                "opentreeattr": refused_syscall({"x86_64": 467, "aarch64": 467}, "-100", "b'/tmp'", "0", "None", "0")}
    for name, code in students.items():
        (klass / name).mkdir(parents=True)
        (klass / name / "square-gradient.py").write_text(code)
    _sh(["chown", "-R", f"{USER}:{USER}", str(klass)])
    command = (f"{py} -m tutor grade {klass} --pack {pack} --json {out}/report.json --junit {out}/report.xml "
               f"--gradescope {out}/gs --timeout 20 --jobs 2; echo \"GRADER_EXIT=$?\"; echo SHELL_ALIVE")
    proc = _as_student(["bash", "-c", command], cwd=work, env={"AGT_CI_TOKEN": TOKEN}, timeout=900)
    written = {p: Path(p).read_text(encoding="utf-8") if Path(p).exists() else None for p in reports}
    # Wait out the rewriter's loop (10 s) unless no process of the user is
    # left: then nothing is there to write later.
    deadline = time.monotonic() + 15
    while _live_processes_of(USER) and time.monotonic() < deadline:
        time.sleep(0.1)
    later = {p: Path(p).read_text(encoding="utf-8") if Path(p).exists() else None for p in reports}
    return {"proc": proc, "written": written, "later": later, "out": out, "students": sorted(students)}


def _live_processes_of(user: str) -> list[int]:
    """The user's processes that are not zombies."""
    import pwd

    uid = pwd.getpwnam(user).pw_uid
    return live_pids_of_uids(uid, uid + 1)


def test_nonroot_grader_and_its_shell_survive_kill_minus_one(student_cli):
    proc = student_cli["proc"]
    assert "SHELL_ALIVE" in proc.stdout, (proc.stdout[-2000:], proc.stderr[-2000:])
    assert "GRADER_EXIT=0" in proc.stdout, (proc.stdout[-2000:], proc.stderr[-2000:])
    data = json.loads(student_cli["written"][str(student_cli["out"] / "report.json")])
    assert sorted(s["submission"] for s in data["submissions"]) == student_cli["students"]
    assert data.get("isolation") == "bwrap", data.get("isolation")
    honest = next(s for s in data["submissions"] if s["submission"] == "honest")
    assert honest["exercises"][0]["status"] == "passed", honest


def test_nonroot_runs_own_limits_are_its_verdict(student_cli):
    """NOTE [a CPU limit of its own], NOTE [memory the sum did not see], NOTE
    [a signal that says it came from the kernel] and NOTE [no namespace of
    its own] as a normal user: a CPU limit the run sets, a memfd, shared
    memory past the run's 2 GiB, a SIGKILL that says the kernel sent it,
    namespaces of its own, a tracer's SIGKILL and a file in the worker's
    /dev/shm end that student's run, and no other."""
    data = json.loads(student_cli["written"][str(student_cli["out"] / "report.json")])
    runs = {s["submission"]: s["exercises"][0] for s in data["submissions"]}
    for name in ("cpulimit", "memfd", "shmem", "forgedkill", "namespaces", "tracer", "devshm", "rootfs", "ptmx",
                 "secretmem", "recordlock", "fanotify", "opentreeattr"):
        assert runs[name]["status"] in ("error", "timeout", "failed"), (name, runs[name])
        assert runs[name].get("fault") != "grader", (name, runs[name])
    assert all(runs[name]["status"] != "failed" for name in ("cpulimit", "memfd", "shmem", "namespaces")), runs
    assert "PermissionError" in runs["memfd"]["error"], runs["memfd"]
    assert "memory together" in runs["shmem"]["error"], runs["shmem"]
    assert "PermissionError" in runs["namespaces"]["error"], runs["namespaces"]
    # NOTE [a /dev of the worker's] (jail.py): the worker's /dev, of this user's, is read-only in a run
    assert "Read-only file system" in runs["devshm"]["error"], runs["devshm"]
    assert "Read-only file system" in runs["rootfs"]["error"], runs["rootfs"]
    assert "FileNotFoundError" in runs["ptmx"]["error"], runs["ptmx"]
    for name in ("secretmem", "recordlock", "fanotify", "opentreeattr"):
        assert "PermissionError" in runs[name].get("error", ""), (name, runs[name])


def test_nonroot_report_cannot_be_rewritten_after_the_grader_exits(student_cli):
    for path, text in student_cli["written"].items():
        assert text is not None and "PWNED" not in text, path
        assert student_cli["later"][path] == text, path


def test_nonroot_ci_token_appears_in_no_report(student_cli):
    out = student_cli["out"]
    for path in out.rglob("*"):
        if path.is_file():
            assert TOKEN not in path.read_text(encoding="utf-8"), path
    assert TOKEN not in student_cli["proc"].stdout and TOKEN not in student_cli["proc"].stderr


def test_nonroot_judges_what_a_pass_runs_as_root_does(student_env):
    """NOTE [the code's own code in a pass] as a normal user, whose venv shares this one's packages by a
    .pth file: torch.compile's libraries (sympy ...) are no code of the learner's there either (they were,
    until observe_codes read every site-packages folder on the path), and a hand backward still fails."""
    work = student_env["work"]
    py = str(VENV / "bin" / "python")
    # a pack of its own, not the built-in one: the uid mode's grade in the other stream of the part run
    # alone hides the installed package's pack from other users while it runs (guard.py)
    pack = work / "pass-pack"
    made = _as_student([py, "-m", "tutor", "pack", "new", str(pack), "--id", "pass-pack"], cwd=work)
    assert made.returncode == 0, made.stderr
    corpus = REPO / "tests" / "corpus"
    files = {("honest", "fix-the-training-loop"): corpus / "fix-the-training-loop" / "ok_r35_aot_function_nop.py",
             ("attacker", "vector-jacobian-product"):
                 corpus / "vector-jacobian-product" / "bad_r35_instance_apply_c_partial.py"}
    klass = work / "pass-class"
    for (student, exercise), path in files.items():
        (klass / student).mkdir(parents=True, exist_ok=True)
        (klass / student / f"{exercise}.py").write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
        shutil.copy(REPO / "exercises" / f"{exercise}.yaml", pack / "exercises" / f"{exercise}.yaml")
    _sh(["chown", "-R", f"{USER}:{USER}", str(klass), str(pack)])
    report = work / "pass-report.json"
    proc = _as_student([py, "-m", "tutor", "grade", str(klass), "--pack", str(pack), "--json", str(report),
                        "--jobs", "2"], cwd=work, timeout=600)
    assert report.exists(), (proc.stdout[-2000:], proc.stderr[-2000:])
    runs = {s["submission"]: next(e for e in s["exercises"] if e["id"] == exercise)
            for s in json.loads(report.read_text(encoding="utf-8"))["submissions"]
            for (student, exercise) in files if student == s["submission"]}
    assert runs["honest"]["status"] == "passed", runs["honest"]
    # since round 43 the seal ends it first (a callable of its own on a node: "ran again while the grader read")
    assert runs["attacker"]["status"] in ("failed", "error") \
        and runs["attacker"]["score"] < runs["attacker"]["max_score"], runs["attacker"]
