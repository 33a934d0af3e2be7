"""Helpers shared by test files (importable as ``support``: pyproject puts
tests/ on sys.path; conftest modules cannot be imported by name reliably when
several folders have one)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


# Run after the parallel part, one test at a time (``make test`` runs
# ``-m "not alone"`` with the workers, then ``-n 0 -m alone``): snapshots
# whose frames depend on timing under load, and tests that kill or count
# grader processes machine-wide (which would hit the other workers' graders).
# grade/test_faults.py kills only its own grade's processes, and counts what
# outlived it below a subreaper (tests/subreaper.py): it runs in parallel.
ALONE = {
    "app/test_app_snapshots.py",
    "app/test_app_e2e.py",  # a key pressed while the kernel starts under load can miss its moment
    "grade/test_isolation_nonroot.py",
    "grade/test_container.py",
}


def run_cli(*args: str, cwd: Path | None = None, env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run ``python -m tutor ARGS`` as a user would, in a fresh process."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "tutor", *args],
        cwd=cwd or REPO,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def own_workers(env: dict | None = None) -> dict:
    """``env`` (ours by default) for a grader that starts its workers itself,
    not from the suite's host (NOTE [a host of workers], tests/conftest.py):
    for the tests of a worker's own process tree, which they walk and kill."""
    return {key: value for key, value in (env or os.environ).items() if key != "AGT_WORKER_HOST"}


@contextlib.contextmanager
def own_workers_here():
    """The graders made inside start their workers themselves (``own_workers``)."""
    saved = os.environ.pop("AGT_WORKER_HOST", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["AGT_WORKER_HOST"] = saved


def host_processes(folder: str | None = None) -> set[int]:
    """The suite's host of workers (``folder``, by default the one in use) and
    everything below it (hosted workers of other graders included): never a
    grader's leftover."""
    folder = folder or os.environ.get("AGT_WORKER_HOST")
    try:
        pid = int(Path(folder, "pid").read_text()) if folder else 0
    except (OSError, ValueError):
        return set()
    return {pid, *descendants(pid)} if pid else set()


def make_exercise(ex_id: str, setup: str, solution: str, checks: list, trials=None, **more):
    """A one-off exercise for a test (trials: one visible seed unless given)."""
    from tutor.pack.models import Exercise

    return Exercise.model_validate({"id": ex_id, "title": ex_id, "prompt": ex_id, "setup": setup,
                                    "solution": solution, "checks": checks, "trials": trials or [{"seed": 0}],
                                    **more})


def grade_named(cases: dict) -> dict:
    """``{name: (exercise, code)}`` graded in one call (one pool, sandbox as configured): ``{name: result}``."""
    from tutor.grade.grader import Grader, Submission

    with Grader(jobs=2, timeout=30) as grader:
        graded = grader.grade([Submission(exercise, code) for exercise, code in cases.values()])
    return dict(zip(cases, graded))


def explain(result) -> str:
    """A graded result's error and every check's message, for an assertion."""
    return "\n".join([result.error, *(f"{c.name}: {c.message}" for c in result.checks)])


def memory_together(processes: int, mib: int, shared: bool = False) -> str:
    """Code whose ``processes`` children hold ``mib`` MiB each for 7 s
    (``shared``: of shared anonymous memory, `mmap.mmap(-1, n)`, which a sum
    of anonymous pages alone missed until December 2026).

    The attack checks that it happened: a child that could not hold its
    memory (a MemoryError, a kill from outside) makes the parent raise, so
    the run is an error, never a pass. Only a grader that let every child
    hold its memory lets the run pass: it does where the sum of a run's
    memory is not taken (the uid mode took none until December 2026)."""
    # shared: written a MiB at a time, so that no anonymous copy of it counts instead
    hold = (f"import mmap\n            b = mmap.mmap(-1, {mib} << 20)\n            for _ in range({mib}):\n"
            f"                b.write(b'x' * (1 << 20))" if shared else f"b = b'x' * ({mib} << 20)")
    return (f"import os, time\nkids = []\nfor _ in range({processes}):\n    p = os.fork()\n    if p == 0:\n"
            f"        try:\n            {hold}\n        except (MemoryError, OSError):\n            os._exit(3)\n"
            f"        time.sleep(7)\n        os._exit(0)\n    kids.append(p)\n"
            f"codes = [os.waitstatus_to_exitcode(os.waitpid(p, 0)[1]) for p in kids]\n"
            f"if any(codes):\n    raise RuntimeError(f'the attack did not happen: its children ended {{codes}}')\n")


def forged_kill(how: str) -> str:
    """Code that sends itself SIGKILL with ``si_code = SI_KERNEL`` (``how``: "sigqueue" by
    rt_sigqueueinfo, "pidfd" by pidfd_send_signal): a kill that says the kernel sent it, which reached a
    PID namespace's init (NOTE [a signal that says it came from the kernel], tutor/grade/seccomp.py)."""
    call = {"sigqueue": "libc.syscall({'x86_64': 129, 'aarch64': 138}[platform.machine()], os.getpid(), 9, info)",
            "pidfd": "libc.syscall(424, libc.syscall(434, os.getpid(), 0), 9, info, 0)"}[how]
    return ("import ctypes, os, platform\nlibc = ctypes.CDLL(None, use_errno=True)\n"
            "info = (ctypes.c_int * 32)(9, 0, 0x80)  # si_signo SIGKILL, si_errno, si_code SI_KERNEL\n"
            f"{call}\n")


# A child of the run attaches to it and lets it go on with signal 9 (NOTE [a tracer's signal],
# tutor/grade/seccomp.py): the kernel delivers that even to a namespace's init.
TRACER_KILL = ("import ctypes, os, time\nlibc = ctypes.CDLL(None, use_errno=True)\nlibc.prctl(4, 1, 0, 0, 0)\n"
               "me = os.getpid()\nif os.fork() == 0:\n"
               "    libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]\n"
               "    if libc.ptrace(16, me, None, None) == 0:\n        os.waitpid(me, 0x40000000)\n"
               "        libc.ptrace(7, me, None, ctypes.c_void_p(9))\n    os._exit(0)\ntime.sleep(2)\n")

def exec_children(processes: int, mib: int, looks_forked: bool = False) -> str:
    """Code whose ``processes`` children exec a fresh Python that holds ``mib`` MiB for 7 s (NOTE [a
    process that exec'd], tutor/grade/runwatch.py: counted beyond the zygote's size, each was free);
    ``looks_forked``: each maps 256 MiB it never touches first, an address space as big as a fork's
    was to the rule that told them apart by it. A child that could not hold its memory makes the
    parent raise: the attack did not happen."""
    fake = "import mmap; m = mmap.mmap(-1, 256 << 20, flags=mmap.MAP_PRIVATE); " if looks_forked else ""
    hold = f"import time; {fake}b = b'1' * ({mib} << 20); time.sleep(7)"
    return (f"import os, sys\nkids = []\nfor _ in range({processes}):\n    pid = os.fork()\n    if pid == 0:\n"
            f"        os.execv(sys.executable, [sys.executable, '-S', '-c', {hold!r}])\n    kids.append(pid)\n"
            f"codes = [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in kids]\n"
            f"if any(codes):\n    raise RuntimeError(f'the attack did not happen: its children ended {{codes}}')\n")


def leaderless_children(processes: int, mib: int) -> str:
    """Code whose ``processes`` children end their main thread with the bare exit(2) while a thread holds
    ``mib`` MiB for 7 s (NOTE [a leader that exited], tutor/grade/runwatch.py)."""
    return ("import os, time, threading, ctypes, mmap\nlibc = ctypes.CDLL(None, use_errno=True)\n"
            f"def hold():\n    m = mmap.mmap(-1, {mib} << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)\n"
            "    for at in range(0, len(m), 4096):\n        m[at] = 1\n    time.sleep(7)\n"
            f"for _ in range({processes}):\n    if os.fork() == 0:\n        threading.Thread(target=hold).start()\n"
            "        libc.syscall({'x86_64': 60, 'aarch64': 93}[__import__('platform').machine()], 0)\n"
            "time.sleep(8)\n")


def refused_syscall(numbers: dict, *args: str) -> str:
    """Code that calls the syscall of ``numbers`` (machine -> number) and raises its errno if refused."""
    return ("import ctypes, platform\nlibc = ctypes.CDLL(None, use_errno=True)\n"
            f"if libc.syscall({numbers!r}[platform.machine()], {', '.join(args)}) < 0:\n"
            "    raise OSError(ctypes.get_errno(), 'refused')\n")


# New user and mount namespaces of the run's own (NOTE [no namespace of its own], tutor/grade/seccomp.py):
# refused, the code raises PermissionError.
NAMESPACES = ("import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\n"
              "if libc.unshare(0x10000000 | 0x00020000) != 0:\n    raise OSError(ctypes.get_errno(), 'unshare')\n")


# ------------------------------------------------ processes a grader left running


def run_processes(graders) -> list[int]:
    """Processes of runs still alive. A worker (bwrap -> bwrap's init, in
    the bwrap mode) holds a zygote (``agt-zygote``) and below it either, one
    fork per run (tutor/grade/relay.py), its relay and one run waiting for
    its request (``agt-waiting``, with no process of its own), or one
    monitor waiting for the next request (the uid mode, a kernel without
    the worker's namespaces). Anything else below a zygote belongs to a run."""
    out = []
    for grader in graders:
        for worker in grader.pool._workers:
            if worker.proc is None:
                continue
            tree = [worker.proc.pid] + descendants(worker.proc.pid)
            for zygote in [p for p in tree if process_name(p) == "agt-zygote"]:
                kids = children_of(zygote)
                relays = [k for k in kids if process_name(k) == "agt-relay"]
                if relays:
                    waiting = [k for k in kids if process_name(k) == "agt-waiting" and not children_of(k)]
                    expected = set(relays[:1] + waiting[:1])
                else:
                    expected = set(kids) if len(kids) <= 1 else set()
                for kid in kids:
                    if kid not in expected:
                        out.append(kid)
                    out.extend(descendants(kid))
    return out


def process_name(pid: int) -> str:
    """/proc/PID/comm: the grading processes name themselves (jail.set_name)."""
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return ""


def children_of(pid: int) -> list[int]:
    return descendants_map().get(pid, [])


def descendants_map() -> dict[int, list[int]]:
    """Parent pid -> live children (zombies hold nothing and run nothing)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] not in ("Z", "X"):
            children.setdefault(int(fields[1]), []).append(int(entry))
    return children


def live_pids_of_uids(low: int, high: int) -> list[int]:
    """Processes alive (not zombies) whose uid is in ``[low, high)``. A
    sandboxed run in its own user namespace counts: its uid out here is
    the one it was mapped from."""
    live = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if not low <= os.stat(f"/proc/{entry}").st_uid < high:
                continue
            with open(f"/proc/{entry}/stat", "rb") as f:
                if f.read().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X"):
                    live.append(int(entry))
        except (OSError, IndexError):
            pass
    return live


def descendants(root: int) -> list[int]:
    """Every live process below ``root``."""
    children = descendants_map()
    out, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out
