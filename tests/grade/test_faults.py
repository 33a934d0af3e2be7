"""Faults of the grader's own processes are never a learner's verdict.

A class is graded once cleanly, then again while a killer sends SIGKILL to
randomly chosen grading processes (bubblewrap, the zygote, its relay or its
monitors, the runs) at random moments, as an OOM killer or a runner under memory pressure
would. Every verdict must equal the clean run's, or be marked
``"fault": "grader"`` with exit status 3; no process may outlive the grade.
tests/grade/test_isolation_nonroot.py runs this file as a normal user too.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from support import REPO, descendants, own_workers, process_name

EXERCISES = ("make-a-leaf", "two-paths-add-up", "which-grads-are-none")
STUDENTS = 20


def _pack(root: Path) -> Path:
    """A small pack of three built-in exercises (and their solution files)."""
    pack = root / "pack"
    subprocess.run([sys.executable, "-m", "tutor", "pack", "new", str(pack)], check=True, capture_output=True)
    for old in (pack / "exercises").iterdir():
        old.unlink()
    for name in EXERCISES:
        for suffix in (".yaml", ".py"):
            source = REPO / "exercises" / f"{name}{suffix}"
            if source.exists():
                shutil.copy(source, pack / "exercises" / source.name)
    lesson = next((pack / "lessons").iterdir())
    text = lesson.read_text(encoding="utf-8")
    lesson.write_text(text[: text.index("exercises:")] + "exercises:\n" + "".join(f"  - {e}\n" for e in EXERCISES),
                      encoding="utf-8")
    return pack


def _class(root: Path, pack: Path) -> Path:
    from tutor.pack import load_pack

    exercises = load_pack(str(pack)).exercises
    folder = root / "class"
    for n in range(STUDENTS):
        student = folder / f"student{n:02d}"
        student.mkdir(parents=True)
        for ex in exercises.values():
            code = ex.solution if n % 2 == 0 else ex.starter
            if n % 7 == 3:
                code = "raise ValueError('not yet')\n"
            # Bytes of its own: identical files run once (NOTE [same code,
            # same run]), and a class of copies was graded in well under a
            # second, before the killer had woken up.
            code += f"\n# student {n}\n"
            (student / f"{ex.id}.py").write_text(code, encoding="utf-8")
    return folder


SUBREAPER = Path(__file__).resolve().parents[1] / "subreaper.py"


def _under_subreaper(command: list[str], left: Path, env: dict | None = None, **popen) -> subprocess.Popen:
    """``command`` below tests/subreaper.py, which writes to ``left`` what the
    command left alive (so these tests need not count the machine's grading
    processes, and run beside other tests)."""
    return subprocess.Popen([sys.executable, str(SUBREAPER), str(left), "--", *command], env=own_workers(env), **popen)


def _left(path: Path) -> list:
    return json.loads(path.read_text(encoding="utf-8"))


def _grade(pack: Path, folder: Path, out: Path, extra: list[str], killer=None, left: Path | None = None):
    """Exit status, stderr, what the killer killed; what outlived the grade is written to ``left``."""
    scratch = None
    if left is None:
        scratch = tempfile.mkdtemp(prefix="agt-faults-")
        left = Path(scratch) / "left.json"
    proc = _under_subreaper([sys.executable, "-m", "tutor", "grade", str(folder), "--pack", str(pack),
                             "--json", str(out), "--jobs", "2", *extra], left,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    kills: list[str] = []
    thread = None
    if killer is not None:
        thread = threading.Thread(target=killer, args=(proc, kills), daemon=True)
        thread.start()
    stdout, stderr = proc.communicate(timeout=600)
    if thread is not None:
        thread.join(10)
    if scratch is not None:
        shutil.rmtree(scratch, ignore_errors=True)
    return proc.returncode, stderr, kills


def _argv(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


KINDS = {"agt-zygote": "zygote", "agt-relay": "relay", "agt-monitor": "monitor", "agt-run": "run",
         "agt-waiting": "run"}


def _what(pid: int) -> str:
    """sandbox (bubblewrap), zygote, relay, monitor or run. They are all
    forks of the worker, so they share its command line, and each names
    itself (jail.set_name); a worker's first process, which waits for the
    zygote (NOTE [one fork per run]), counts as the zygote: killing it
    kills the zygote."""
    argv = _argv(pid)
    if argv.split(" ")[0].endswith("bwrap"):
        return "sandbox"
    if "tutor.grade.worker" not in argv:
        return "other"
    name = process_name(pid)
    if name in KINDS:
        return KINDS[name]
    return "run" if "tutor.grade.worker" in _argv(_parent(pid)) and process_name(_parent(pid)) in KINDS else "zygote"


def _killer(seed: int, most: int):
    """Kills ``most`` grading processes once grading has begun (a relay or
    a monitor waits), a kind at a time chosen at random among those alive,
    so that sandboxes, zygotes, relays (monitors) and runs are all hit."""
    rng = random.Random(seed)

    def kill(proc: subprocess.Popen, kills: list[str]) -> None:
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline and \
                not any(_what(p) in ("monitor", "relay") for p in descendants(proc.pid)):
            time.sleep(0.05)
        first = True
        while proc.poll() is None and len(kills) < most:
            if not first:  # the first kill as grading begins: a fast grade is hit all the same
                time.sleep(rng.uniform(0.1, 0.8))
            first = False
            alive: dict[str, list[int]] = {}
            for pid in descendants(proc.pid):
                alive.setdefault(_what(pid), []).append(pid)
            alive.pop("other", None)
            if not alive:
                continue
            what = rng.choice(sorted(alive))
            try:
                os.kill(rng.choice(alive[what]), signal.SIGKILL)
                kills.append(what)
            except (ProcessLookupError, PermissionError):
                pass

    return kill


def _verdicts(path: Path) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {(s["submission"], e["id"]): e for s in data["submissions"] for e in s["exercises"]}


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    root = tmp_path_factory.mktemp("faults")
    pack = _pack(root)
    return {"root": root, "pack": pack, "class": _class(root, pack), "clean": {}}


def _clean(course, sandbox: str) -> Path:
    """The class's report with no fault, graded once per module and mode: the fault injection and the resumed
    grade compare with the same one (a grade of the class is some 5 s of CPU: `.ci/run`, issue 19)."""
    if sandbox not in course["clean"]:
        path = course["root"] / f"clean-{sandbox}.json"
        code, stderr, _ = _grade(course["pack"], course["class"], path, [] if sandbox == "sandbox" else
                                 ["--no-sandbox"])
        assert code == 0, stderr
        course["clean"][sandbox] = path
    return course["clean"][sandbox]


@pytest.mark.parametrize("sandbox", ["sandbox", "no-sandbox"])
def test_fault_injection_changes_no_verdict_silently(course, sandbox):
    if sandbox == "sandbox" and shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed")
    extra = [] if sandbox == "sandbox" else ["--no-sandbox"]
    root = course["root"]
    clean = _verdicts(_clean(course, sandbox))
    seed = random.randrange(1 << 30)
    code, stderr, kills = _grade(course["pack"], course["class"], root / f"faulty-{sandbox}.json", extra,
                                 killer=_killer(seed, most=8), left=root / f"faulty-{sandbox}.left")
    faulty = _verdicts(root / f"faulty-{sandbox}.json")
    marked = [key for key, e in faulty.items() if e.get("fault") == "grader"]
    changed = [key for key, e in faulty.items() if e.get("fault") != "grader"
               and (e["status"], e["score"]) != (clean[key]["status"], clean[key]["score"])]
    counts = ", ".join(f"{kills.count(k)} {k}" for k in sorted(set(kills)))
    print(f"seed {seed}: killed {len(kills)} ({counts}); {len(marked)} exercises marked "
          f"as grader faults; {len(changed)} verdicts changed silently; stderr: {stderr.strip()[-300:]}")
    assert kills, "the killer found nothing to kill"
    assert changed == [], changed
    assert sorted(faulty) == sorted(clean)
    for key in marked:
        assert faulty[key]["status"] == "error" and "not your code" in faulty[key]["error"], faulty[key]
    assert code == (3 if marked else 0), stderr
    if marked:
        assert f"{len(marked)} exercise" in stderr
    assert _left(root / f"faulty-{sandbox}.left") == []  # nothing outlived the grade (10 s allowed)


# ------------------------------------------------------ cancel, resume, reports


def test_cancelled_grade_resumes_to_the_clean_report(course):
    root, pack, folder = course["root"], course["pack"], course["class"]
    clean_path = _clean(course, "sandbox")
    again = root / "clean-again.json"
    assert _grade(pack, folder, again, [])[0] == 0
    assert again.read_bytes() == clean_path.read_bytes()  # the same class twice: byte-identical

    partial = root / "partial.json"
    proc = _under_subreaper([sys.executable, "-m", "tutor", "grade", str(folder), "--pack", str(pack),
                             "--json", str(partial), "--jobs", "2"], root / "partial.left", stderr=subprocess.PIPE,
                            text=True)
    deadline = time.monotonic() + 300
    while not partial.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)  # the report is streamed after every batch of students
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 128 + signal.SIGTERM, stderr
    data = json.loads(partial.read_text(encoding="utf-8"))
    assert data["partial"] is True and 0 < len(data["submissions"]) < STUDENTS, stderr
    assert "cancelled" in stderr and "Traceback" not in stderr
    assert _left(root / "partial.left") == []  # nothing outlived the grade (10 s allowed)

    resumed = root / "resumed.json"
    code, stderr, _ = _grade(pack, folder, resumed, ["--resume", str(partial)])
    assert code == 0, stderr
    assert resumed.read_bytes() == clean_path.read_bytes()


SIGNAL_WHILE_JUDGING = """
import os, signal, sys
import tutor.grade.verdict as verdict

real = verdict.kind_of


class Signalled:  # a check kind whose first judge call is where the SIGTERM lands
    def __init__(self, kind):
        self.kind = kind

    def __getattr__(self, name):
        return getattr(self.kind, name)

    def judge(self, *args):
        if not os.environ.get("SENT"):
            os.environ["SENT"] = "1"
            os.kill(os.getpid(), signal.SIGTERM)  # its handler runs here, inside the judge's try
        return self.kind.judge(*args)


verdict.kind_of = lambda check: Signalled(real(check))
from tutor.cli import main
sys.argv = ["autograd-tutor", *sys.argv[1:]]
raise SystemExit(main())
"""


def test_a_cancel_that_lands_while_a_check_is_judged_still_cancels(course, tmp_path):
    """The judge takes any Exception for a check's own malformed data; a
    SIGTERM handled while a check is judged (the grader judges one batch while
    the next one runs) must still end the grade as cancelled, never read as
    a failed check with the grade going on."""
    partial = tmp_path / "partial.json"
    proc = subprocess.run([sys.executable, "-c", SIGNAL_WHILE_JUDGING, "grade", str(course["class"]), "--pack",
                           str(course["pack"]), "--json", str(partial), "--jobs", "2"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 128 + signal.SIGTERM, proc.stderr
    assert "cancelled (SIGTERM)" in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    data = json.loads(partial.read_text(encoding="utf-8"))
    assert data["partial"] is True and len(data["submissions"]) < STUDENTS


def test_a_report_folder_that_does_not_take_files_is_known_before_grading(course, tmp_path):
    pack, folder = course["pack"], course["class"]
    (tmp_path / "a-file").write_text("not a folder")
    code, stderr, _ = _grade(pack, folder, tmp_path / "a-file" / "r.json", [])
    assert code == 2 and "cannot be made" in stderr and "Traceback" not in stderr
    if os.geteuid() != 0:  # root writes through file modes; the tmpfs test below covers it
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o555)
        code, stderr, _ = _grade(pack, folder, locked / "r.json", [])
        assert code == 2 and "cannot write" in stderr


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("unshare") is None, reason="mounts a tmpfs: needs root")
@pytest.mark.parametrize("how", ["full", "read-only"])
def test_a_full_or_read_only_disk_leaves_the_old_report_whole(course, tmp_path, how):
    pack, folder = course["pack"], course["class"]
    disk = tmp_path / "disk"
    disk.mkdir()
    grade = [sys.executable, "-m", "tutor", "grade", str(folder), "--pack", str(pack), "--json",
             str(disk / "r.json"), "--jobs", "2"]
    options = "size=12k" if how == "full" else "size=1m"
    script = (f"mount -t tmpfs -o {options} tmpfs {disk} && echo OLD > {disk}/r.json && "
              + (f"mount -o remount,ro {disk} && " if how == "read-only" else "")
              + " ".join(grade) + f"; echo EXIT $?; cat {disk}/r.json")
    out = subprocess.run(["unshare", "--mount", "sh", "-c", script], capture_output=True, text=True, timeout=600)
    assert "Traceback" not in out.stderr, out.stderr
    assert "EXIT 2" in out.stdout, (out.stdout[-500:], out.stderr[-500:])
    assert out.stdout.rstrip().endswith("OLD"), out.stdout[-500:]  # the earlier report, whole
    assert ("cannot write" if how == "read-only" else "could not be written") in out.stderr, out.stderr


def test_a_lost_judge_run_is_a_grader_fault_not_a_false_assertion():
    """A python check is judged in a run of its own: losing that run must not
    read as "the assertion is false"."""
    from support import make_exercise
    from tutor.grade.grader import Grader, Submission
    from tutor.grade.protocol import RunReply

    exercise = make_exercise("judged-apart", "x = torch.ones(3)\n", "y = x * 2\n",
                             [{"kind": "python", "assert": "learner['y'].shape == reference['y'].shape"}])
    with Grader(jobs=1, timeout=30) as grader:
        run_many = grader.pool.run_many
        # The judge runs (the ones with bound namespaces) are lost, as if their worker were killed.
        grader.pool.run_many = lambda requests: [RunReply.lost("killed from outside") if r.bind else reply
                                                 for r, reply in zip(requests, run_many(requests))]
        (result,) = grader.grade([Submission(exercise, exercise.solution)])
    assert result.fault == "grader" and result.status == "error", result
    assert "not your code's doing" in result.error


def test_the_subreaper_sees_what_a_command_leaves_behind(tmp_path):
    """What the tests above rely on to find leftovers: a daemon (its own
    session, its parent gone) is still found below tests/subreaper.py."""
    left = tmp_path / "left.json"
    proc = _under_subreaper(["sh", "-c", "(setsid sleep 60 &); exit 3"], left, env={**os.environ, "AGT_LEFT_WAIT": "0.5"})
    try:
        assert proc.wait(timeout=60) == 3
        assert [name for _, name, _ in _left(left)] == ["sleep"], _left(left)
    finally:
        for pid, _, _ in _left(left) if left.exists() else []:
            os.kill(pid, signal.SIGKILL)
