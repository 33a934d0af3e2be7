"""Hostile submissions: each must end not passed, and must not disturb the
correct submission graded in the same batch, nor leave processes behind."""

from __future__ import annotations

import os
import time

import pytest

from tutor.grade.grader import Grader, Submission
from tutor.grade.pool import SANDBOX_UID_BASE
from support import (
    NAMESPACES, TRACER_KILL, descendants, exec_children, forged_kill, host_processes, leaderless_children,
    memory_together, own_workers_here, refused_syscall, run_processes,
)
from tutor.pack.models import Exercise

EXERCISE = Exercise.model_validate({
    "id": "square-grad",
    "title": "square",
    "prompt": "compute y and its gradient",
    "setup": "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n",
    "solution": "y = (x ** 2).sum()\ny.backward()\n",
    "checks": [{"kind": "grad", "tensor": "x"}, {"kind": "value", "expr": "y"}],
    "trials": [{"seed": 0}, {"seed": 1, "hidden": True}],
})

CORRECT = "y = (x ** 2).sum()\ny.backward()\n"
MEMORY_TOGETHER = memory_together(4, 700)

# name -> (code, allowed statuses, substring expected in error/messages or None)
HOSTILE: dict[str, tuple[str, set[str], str | None]] = {
    "infinite_loop": ("while True:\n    pass\n", {"timeout"}, "time limit"),
    "sleep": ("import time\ntime.sleep(1e6)\n", {"timeout"}, "time limit"),
    "bytearray_bomb": ("b = bytearray(10**11)\n", {"error"}, "MemoryError"),
    "growing_list": ("a = []\nwhile True:\n    a.append(bytearray(10**7))\n", {"error", "timeout"}, None),
    "fork_bomb": ("import os\nwhile True:\n    os.fork()\n", {"error", "timeout"}, None),
    "sys_exit_1": ("import sys\n" + CORRECT + "sys.exit(1)\n", {"error"}, "stopped the program"),
    "os_exit_0": (CORRECT + "import os\nos._exit(0)\n", {"error"}, "ended the process"),
    # A run is PID 1 of its namespace, which signals from inside cannot kill;
    # abort() ends it all the same (its last resort is a forced trap).
    "sigkill_self": (CORRECT + "import os\nos.abort()\n", {"error"}, "ended the process"),
    "segfault": ("import ctypes\nctypes.string_at(0)\n", {"error"}, "segmentation fault"),
    # NOTE [a CPU limit of its own]: the kernel's SIGKILL at a hard RLIMIT_CPU the run set itself was
    # read as a kill from outside, the grader's fault (found by a security probe)
    "cpu_limit_of_its_own": ("import resource\nresource.setrlimit(resource.RLIMIT_CPU, (1, 1))\nwhile True:\n"
                             "    pass\n", {"error", "timeout"}, None),
    # NOTE [memory the sum did not see] (runwatch.py): a memfd's unmapped pages are in no process's memory
    "memfd": ("import os\nfd = os.memfd_create('x')\nos.write(fd, b'x' * (60 << 20))\n", {"error"},
              "PermissionError"),
    "cpu_limit_by_ctypes": ("import ctypes\nlim = (ctypes.c_ulong * 2)(1, 1)\n"
                            "ctypes.CDLL(None).prlimit(0, 0, lim, None)\nwhile True:\n    pass\n",
                            {"error", "timeout"}, None),
    # NOTE [a signal that says it came from the kernel] (seccomp.py): SIGKILL sent to itself with
    # si_code SI_KERNEL reached the run (its namespace's init) and read as a kill from outside
    "sigqueue_kernel_kill": (forged_kill("sigqueue"),
                             {"failed", "error"}, None),
    "pidfd_kernel_kill": (forged_kill("pidfd"),
                          {"failed", "error"}, None),
    # NOTE [no namespace of its own] (seccomp.py): new user and mount namespaces, chained, used up the
    # user's host-wide limit; a run may make none
    "namespaces_of_its_own": (NAMESPACES, {"error"}, "PermissionError"),
    # NOTE [children the kernel reaps] (seccomp.py): with SIGCHLD ignored, children's CPU was counted nowhere
    "children_reaped_by_the_kernel": ("import os, signal, time\nsignal.signal(signal.SIGCHLD, signal.SIG_IGN)\n"
                                      "t0 = time.monotonic()\nwhile time.monotonic() - t0 < 6:\n"
                                      "    if os.fork() == 0:\n        t = time.process_time()\n"
                                      "        while time.process_time() - t < 0.03:\n            pass\n"
                                      "        os._exit(0)\n    time.sleep(0.01)\n", {"error"}, "PermissionError"),
    # NOTE [a tracer's signal], [the grader's keys], [memory in socket buffers] (seccomp.py)
    "tracer_kill": (TRACER_KILL, {"failed"}, None),
    "session_keyring": ("import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
                        "if libc.syscall({'x86_64': 250, 'aarch64': 219}[__import__('platform').machine()], 0, -3, 0) < 0:\n"
                        "    raise OSError(ctypes.get_errno(), 'keyctl')\n", {"error"}, "PermissionError"),
    "socket_buffers": ("import socket\na, b = socket.socketpair()\n", {"error"}, "PermissionError"),
    # NOTE [memory no process maps] (seccomp.py), NOTE [a process that exec'd] (runwatch.py)
    "sysv_shared_memory": (refused_syscall({"x86_64": 29, "aarch64": 194}, "0", "4096", "0o1600"), {"error"},
                           "PermissionError"),
    "io_uring": (refused_syscall({"x86_64": 425, "aarch64": 425}, "8", "ctypes.create_string_buffer(120)"),
                 {"error"}, "PermissionError"),
    "vmsplice": (refused_syscall({"x86_64": 278, "aarch64": 75}, "1", "None", "0", "0"), {"error"}, "PermissionError"),
    # memfd_secret's pages and perf_event_open's ring buffers are in no resident set (seccomp.py)
    "memfd_secret": (refused_syscall({"x86_64": 447, "aarch64": 447}, "0"), {"error"}, "PermissionError"),
    "perf_event_open": (refused_syscall({"x86_64": 298, "aarch64": 241}, "None", "0", "-1", "-1", "0"), {"error"},
                        "PermissionError"),
    # NOTE [locks on shared files] (seccomp.py): record locks are unbounded kernel memory and the host's table
    "record_locks": ("import fcntl\nfcntl.lockf(open('/tmp/agt-lock', 'w'), fcntl.LOCK_EX)\n", {"error"},
                     "PermissionError"),
    "fanotify_group": (refused_syscall({"x86_64": 300, "aarch64": 262}, "0x200", "0"), {"error"}, "PermissionError"),
    "open_tree_attr": (refused_syscall({"x86_64": 467, "aarch64": 467}, "-100", "b'/tmp'", "0", "None", "0"),
                       {"error"}, "PermissionError"),
    # NOTE [a root of the worker's] (sandbox.py): no pseudo-terminal, a resource of the whole host
    "pseudo_terminal": ("import os\nos.open('/dev/ptmx', os.O_RDWR | os.O_NOCTTY)\n", {"error"}, "FileNotFoundError"),
    # an integer past Python's 4,300 digits ended the relay (framing.decode_body)
    "huge_int": ("import sys\nsys.set_int_max_str_digits(0)\ny = 10 ** 6000\n", {"failed"}, "too big to compare"),
    "output_flood": ("while True:\n    print('x' * 10000)\n", {"error", "timeout", "failed"}, None),
    "fake_pass_text": ("print('square-grad: passed 2/2\\n  pass  grad of x (1/1)\\nscore 2/2: solved')\n"
                       "y = 0\n", {"failed"}, None),
    "patch_allclose": ("torch.allclose = lambda *a, **k: True\ntorch.equal = lambda *a, **k: True\n"
                       "y = torch.tensor(0.0)\n", {"failed"}, None),
    "patch_tensor_eq": ("torch.Tensor.__eq__ = lambda *a: True\ntorch.Tensor.__ne__ = lambda *a: False\n"
                        "y = torch.tensor(0.0)\n", {"failed"}, None),
    "patch_grader_modules": (
        "import importlib\n"
        "for mod, attrs in [('tutor.grade.kinds.compare', ['compare_tensors', 'compare_values']),\n"
        "                   ('tutor.grade.verdict', ['judge', 'judge_trial', 'exercise_result']),\n"
        "                   ('tutor.grade.feedback', ['learner_problem', 'redact']),\n"
        "                   ('tutor.grade.values', ['close'])]:\n"
        "    try:\n"
        "        m = importlib.import_module(mod)\n"
        "    except BaseException:\n"
        "        continue\n"
        "    for a in attrs:\n"
        "        setattr(m, a, lambda *a, **k: (True, ''))\n"
        "import tutor.grade.probes as p\n"
        "p.read_grad = lambda v: {'t': 'grad', 'grad': {'t': 'none'}}\n"
        "p.encode_value = lambda *a, **k: {'t': 'num', 'v': 0}\n"
        "y = 0\n", {"failed"}, None),
    "raise_system_exit": ("raise SystemExit(2)\n", {"error"}, "SystemExit"),
    "raise_keyboard_interrupt": ("raise KeyboardInterrupt\n", {"error"}, "KeyboardInterrupt"),
    "raise_base_exception": ("class Boom(BaseException):\n    pass\nraise Boom('nope')\n", {"error"}, "Boom"),
    "delete_setup_vars": ("del x\ny = torch.tensor(0.0)\n", {"failed"}, "not defined"),
    "mutate_inputs": ("with torch.no_grad():\n    x.zero_()\ny = (x ** 2).sum()\ny.backward()\n",
                      {"failed"}, None),
    "lying_subclass": (
        "class Liar(torch.Tensor):\n"
        "    @classmethod\n"
        "    def __torch_function__(cls, func, types, args=(), kwargs=None):\n"
        "        return super().__torch_function__(func, types, args, kwargs or {})\n"
        "    def tolist(self):\n        return [1.0, 2.0, 3.0]\n"
        "    @property\n"
        "    def grad(self):\n        return 2 * torch.Tensor.detach(self)\n"
        "x = x.detach().as_subclass(Liar).requires_grad_()\n"
        "y = (x ** 2).sum()\n", {"failed"}, None),
    "patch_tensor_grad_property": (
        "_real = x.detach().clone()\n"
        "torch.Tensor.grad = property(lambda self: 2 * _real)\n"
        "y = (x ** 2).sum().detach()\n", {"failed"}, None),
    "setsid_escape": (
        "import os, time\n"
        "if os.fork() == 0:\n    os.setsid()\n    time.sleep(1e6)\n"
        "while True:\n    pass\n", {"timeout"}, "time limit"),
    "syntax_error": ("y = (x ** 2.sum()\n", {"error"}, "SyntaxError"),
    # Limits of the whole run, not of each process (runwatch, NOTE [the run's
    # processes]): each process stays under its own RLIMIT_AS and runs less
    # than the wall-clock bound (3 s x 2 + 3 s), but together they use 2.8
    # GiB, or 28 s of CPU. Both passed when the sums were never taken. (Here
    # the CPU of faulting 2.8 GiB in can reach 3 s before the memory does:
    # test_memory_of_the_whole_run_is_limited has the time to tell.)
    "memory_together": (CORRECT + MEMORY_TOGETHER, {"error", "timeout"}, None),
    # Each of its four processes burns 2.5 s of its own CPU, whatever the
    # load (under load the wall-clock bound may come first: a timeout too).
    "cpu_together": (CORRECT + "import os, time\nkids = []\nfor _ in range(3):\n    p = os.fork()\n"
                     "    if p == 0:\n        kids = None\n        break\n    kids.append(p)\n"
                     "while time.process_time() < 2.5:\n    pass\n"
                     "if kids is None:\n    os._exit(0)\nfor p in kids:\n    os.waitpid(p, 0)\n",
                     {"timeout"}, "time limit"),
    # A thread left running waits for the probe step, then fixes the answer
    # while the probes read it: the probes run in a fork that has no threads.
    "thread_fixes_answer_during_probes": (
        "import threading, sys\n"
        "y = (x ** 2).sum()\n"
        "x.grad = torch.zeros_like(x)\n"
        "phase = sys.modules['tutor.grade.child']._PHASE\n"
        "def fix():\n"
        "    while not phase.get('entered'):\n"
        "        pass\n"
        "    for _ in range(2_000_000):\n"
        "        x.grad = 2 * x.detach()\n"
        "threading.Thread(target=fix, daemon=True).start()\n", {"failed"}, None),
}


# These compute the right answer before their trick; their checks may pass,
# but the exercise as a whole must not.
COMPLETES_FIRST = {"sys_exit_1"}

# An exit as a script's ends well (round 43's learners: `sys.exit(main())` as the last line read "your code
# stopped the program"): an exit status of 0 or None ends the code as its last line does, and the verdict reads
# what it left; any other status is still the code stopping the program (HOSTILE above).
EXITS: dict[str, tuple[str, str, str]] = {
    "sys_exit_0_at_the_end": ("import sys\n" + CORRECT + "sys.exit(0)\n", "passed", ""),
    "sys_exit_main": ("import sys\ndef main():\n    global y\n    y = (x ** 2).sum()\n    y.backward()\n"
                      "sys.exit(main())\n", "passed", ""),
    "exit_0_before_the_work": ("raise SystemExit(0)\n" + CORRECT, "failed", "not defined"),
}


def _run_uids(uids: set[int] | None = None) -> list[int]:
    """Processes of a sandbox uid (of ``uids``): after every grader has closed, none."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                uid = os.stat(f"/proc/{entry}").st_uid
            except OSError:
                continue
            if uid >= SANDBOX_UID_BASE and (uids is None or uid in uids) and not _zombie(entry):
                pids.append(int(entry))
    return pids


def _zombie(pid: str) -> bool:
    """A killed process waiting to be reaped (by init) holds nothing and runs nothing."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except OSError:
        return True


@pytest.fixture(scope="module")
def graded():
    names = list(HOSTILE) + list(EXITS)
    subs = [Submission(EXERCISE, CORRECT)]
    subs += [Submission(EXERCISE, (HOSTILE.get(n) or EXITS[n])[0]) for n in names]
    started = time.monotonic()
    host = os.environ.get("AGT_WORKER_HOST")
    with own_workers_here(), Grader(jobs=2, timeout=3) as grader:  # a worker's own tree is walked below
        results = grader.grade(subs)
        mode = grader.pool.mode  # said by a failure: "bwrap", or "uid" where the probe fell back
        # the workers are alive; anything below their monitors is a leftover
        for _ in range(50):  # killed processes may take a moment to disappear
            leftovers = run_processes([grader])
            if not leftovers:
                break
            time.sleep(0.1)
        workers = {w.proc.pid for w in grader.pool._workers if w.proc is not None}
        worker_tree = set(workers) | {d for w in workers for d in descendants(w)}
        uids = {w.uid for w in grader.pool._workers}
        strays = [p for p in descendants(os.getpid()) if p not in worker_tree | host_processes(host)]
    for _ in range(50):
        leftover_uids = _run_uids(uids)
        if not leftover_uids:
            break
        time.sleep(0.1)
    liveness = time.monotonic() - started
    return {"correct": results[0], "by_name": dict(zip(names, results[1:])), "leftovers": leftovers + strays,
            "leftover_uids": leftover_uids, "liveness": liveness, "mode": mode}


def _text(result) -> str:
    return "\n".join([result.error, *(c.message for c in result.checks)])


def test_correct_submission_passes_alongside_hostile_ones(graded):
    correct = graded["correct"]
    assert correct.status == "passed", _text(correct)
    assert correct.score == correct.max_score == 3  # two checks and the inputs one


def test_batch_completes_in_bounded_time(graded):
    # generous liveness bound: 25 hostile x 2 trials x 3 s timeouts over 2 jobs is < 90 s
    assert graded["liveness"] < 240


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_submission_does_not_pass(graded, name):
    result = graded["by_name"][name]
    _code, statuses, needle = HOSTILE[name]
    assert result.status != "passed", (graded["mode"], result.output[-500:])
    if name not in COMPLETES_FIRST:
        grad_check = result.checks[0]
        assert grad_check.name == "grad of x" and not grad_check.passed, (result.status, _text(result))
    assert result.status in statuses, (result.status, _text(result))
    assert not result.fault, (result.fault, _text(result))  # the code's doing, never the grader's fault
    if needle:
        assert needle in _text(result), _text(result)


@pytest.mark.parametrize("name", list(EXITS))
def test_an_exit_with_status_0_ends_the_code_as_its_end_does(graded, name):
    result = graded["by_name"][name]
    _code, status, needle = EXITS[name]
    assert result.status == status and not result.fault, (result.status, _text(result))
    assert needle in _text(result) and "stopped the program" not in _text(result), _text(result)


def test_timeout_message_names_the_time_limit(graded):
    text = _text(graded["by_name"]["sleep"])
    assert "did not finish within its time limit" in text


def test_timeout_message_states_the_limit_that_applied(graded):
    text = _text(graded["by_name"]["sleep"])
    assert "time limit (3 s)" in text, text


# A run is PID 1 of its own namespace: its parent is not there (getppid() is
# 0, so kill(getppid(), 9) is kill(0, 9): its own process group, which the
# kernel does not let it kill). It computed the answer: it may pass.
KILL_PARENT = CORRECT + "import os\nos.kill(os.getppid(), 9)\nos.killpg(0, 9)\n"


def test_killing_the_parent_reaches_nothing_outside_the_run():
    with Grader(jobs=1, timeout=10) as grader:
        grader.pool.start()
        worker = grader.pool._workers[0].proc.pid
        results = grader.grade([Submission(EXERCISE, KILL_PARENT), Submission(EXERCISE, CORRECT)])
        alive = grader.pool._workers[0].proc is not None and grader.pool._workers[0].proc.pid == worker \
            and grader.pool._workers[0].proc.poll() is None
    assert alive, "the run killed its worker"
    assert [r.status for r in results] == ["passed", "passed"], [r.error for r in results]


@pytest.mark.parametrize("shared", [False, True], ids=["anonymous", "shared"])
def test_memory_of_the_whole_run_is_limited(shared):
    """Four processes of 200 MiB each, under the 512 MiB limit one by one:
    the run is stopped for their sum, and the words say so. Shared memory
    (`mmap.mmap(-1, n)`) counts too: NOTE [memory the sum did not see]."""
    # A 512 MiB limit and 4 x 200 MiB: the same attack at a third of the
    # machine's memory (a loaded test run has other work in that memory).
    with Grader(jobs=1, timeout=20, memory=512 << 20) as grader:
        for _ in range(3):  # an attack that did not happen (memory_together) is tried again
            (result,) = grader.grade([Submission(EXERCISE, CORRECT + memory_together(4, 200, shared))])
            if "the attack did not happen" not in result.error:
                break
    assert result.status == "error", (result.status, result.error)
    assert "512 MiB of memory together" in result.error, result.error


@pytest.mark.parametrize("how", ["exec", "exec_looking_forked", "leader_exited"])
def test_memory_the_sum_once_missed_is_limited(how):
    """NOTE [a process that exec'd] and NOTE [a leader that exited] (runwatch.py): processes that
    exec'd a fresh Python (one with an untouched mapping as big as a fork's), or whose main thread
    ended while a thread held the memory, were counted below what they held. Four of 200 MiB under a
    512 MiB limit, as above (in the module's grade, its 3 s of CPU came first under load)."""
    code = {"exec": exec_children(4, 200), "exec_looking_forked": exec_children(4, 200, looks_forked=True),
            "leader_exited": leaderless_children(4, 200)}[how]
    with Grader(jobs=1, timeout=20, memory=512 << 20) as grader:
        (result,) = grader.grade([Submission(EXERCISE, CORRECT + code)])
    assert result.status == "error", (result.status, result.error)
    assert "512 MiB of memory together" in result.error, result.error


def test_cpu_of_the_whole_run_is_limited():
    """cpu_together one run at a time: four processes of 2.5 s of CPU each
    end within the wall-clock bound (3 s x 2 + 3 s) on an idle machine, so
    only their sum stops them (in the module's grade, two runs side by side
    may reach the wall-clock bound first)."""
    with Grader(jobs=1, timeout=3) as grader:
        (result,) = grader.grade([Submission(EXERCISE, HOSTILE["cpu_together"][0])])
    assert result.status == "timeout", (result.status, result.error)


def test_self_kill_is_blamed_on_the_learner_not_the_pack(graded):
    result = graded["by_name"]["sigkill_self"]
    assert "your code ended the process" in result.error, result.error
    assert "problem in the pack" not in result.error


def test_output_flood_is_capped(graded):
    result = graded["by_name"]["output_flood"]
    assert len(result.output) <= 64 * 1024


def test_no_processes_left_behind(graded):
    assert graded["leftovers"] == []
    assert graded["leftover_uids"] == []


@pytest.mark.skipif(os.geteuid() != 0, reason="per-slot uids are used only as root")
def test_two_graders_at_once_do_not_kill_each_others_runs():
    import threading

    slow = "import time\ntime.sleep(1.0)\n" + CORRECT
    # Warm on need: what the two graders share or not is the same either way (5 s of CPU less).
    graders = [Grader(jobs=2, timeout=10, warm="need"), Grader(jobs=2, timeout=10, warm="need")]
    results: list = [None, None]
    try:
        for g in graders:
            g.pool.start()

        def work(k: int) -> None:
            results[k] = graders[k].grade([Submission(EXERCISE, slow) for _ in range(2)])

        threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
    finally:
        for g in graders:
            g.close()
    statuses = [r.status for batch in results for r in batch]
    assert statuses == ["passed"] * 4, [(r.status, r.error[:120]) for batch in results for r in batch]
