"""Issue 19's speed-ups keep what they replace: pristine.restore still puts
back every monkeypatch when it skips unchanged targets (NOTE [dict
versions]), a profiled reply's phase marks are parsed and capped and an
unprofiled one has none, and the zygote's heap collapse is harmless where
the kernel refuses it. In-process: no worker is started."""

from __future__ import annotations

import builtins
import os
import subprocess
import sys

import pytest

from tutor.grade import framing, hugepages
from tutor.grade.protocol import RunReply, RunRequest

PATCH_AND_RESTORE = r"""
import builtins, sys
import torch
from tutor.grade import pristine, probes
pristine.snapshot(versions=VERSIONS)
assert any(pristine.sealed()[1]) == VERSIONS or not VERSIONS
allclose, isinstance_, encode = torch.allclose, builtins.isinstance, probes.encode_value
torch.allclose = lambda *a, **k: True
torch.Tensor.__eq__ = lambda *a: True
builtins.isinstance = lambda *a: True
builtins.len = lambda *a: 0
probes.encode_value = lambda v: {"forged": True}
torch.added_by_the_code = 1
pristine.restore()
assert torch.allclose is allclose
assert builtins.isinstance is isinstance_ and isinstance(1, int) and not isinstance(1, str)
assert len([1, 2]) == 2
assert probes.encode_value is encode
assert not hasattr(torch, "added_by_the_code")
t = torch.ones(2)
assert not isinstance(t == torch.zeros(2), bool)
print("restored")
"""


@pytest.mark.parametrize("versions", [True, False])
def test_restore_puts_every_patch_back(versions):
    code = PATCH_AND_RESTORE.replace("VERSIONS", str(versions))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "restored" in done.stdout, done.stderr[-3000:]


def test_dict_versions_are_checked_before_use():
    from tutor.grade import pristine

    if sys.implementation.name == "cpython" and (3, 11) <= sys.version_info[:2] <= (3, 13):
        assert pristine._dict_versions_work()
    cls = type("_T", (), {"a": 1})
    assert pristine._real_dict(cls)["a"] == 1


def test_profile_marks_only_for_a_profiled_request():
    request = RunRequest(setup="", code="", seed=0, timeout=1.0, profile=True)
    assert RunRequest.from_wire(request.to_wire()).profile is True
    assert "profile" not in RunRequest(setup="", code="", seed=0, timeout=1.0).to_wire()
    payload = {"error": None, "probes": {}, "phases": [["r.code", 2.0], ["bad"], [1, 2], ["r.x", "no"]]}
    wire = {"status": "ok", "payload": payload, "exit": {}, "output": "", "phases": [["m.read", 1.0]] * 100}
    reply = RunReply.from_wire(wire)
    assert reply.status == "ok"
    assert reply.phases[:1] == (("m.read", 1.0),) and ("r.code", 2.0) in reply.phases
    assert len(reply.phases) == 64 + 1
    # A run that sends marks unasked gets none through: only a profiled monitor's reply has them.
    del wire["phases"]
    assert RunReply.from_wire(wire).phases == ()


def test_stamp_writes_the_time_and_the_length():
    frame = framing.encode({"phases": [["r.encode", 0.0]], "x": 1})
    stamped = framing.stamp(frame, "r.encode")
    body = framing.split_frame(stamped)
    assert body is not None and body[1] == b""
    assert body[0]["phases"][0][1] > 0 and body[0]["x"] == 1


def test_heap_collapse_is_harmless():
    pid = os.fork()
    if pid == 0:
        try:
            done = hugepages.collapse_heap()
            os._exit(0 if isinstance(done, int) and done >= 0 and builtins.len([1]) == 1 else 1)
        except BaseException:
            os._exit(2)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


def _folded_in_a_fork(runs) -> int:
    """Bytes ``hugepages.collapse_heap(runs)`` folds in a fork of this process."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.write(w, str(hugepages.collapse_heap(runs)).encode())
        finally:
            os._exit(0)
    os.close(w)
    with os.fdopen(r) as f:
        out = f.read()
    os.waitpid(pid, 0)
    return int(out)


def test_the_heap_is_folded_only_as_far_as_the_runs_to_come_pay():
    """NOTE [collapse pays]: told of no runs to come, only the probe's
    chunks are folded; told of a class's worth, as much as without a count."""
    import torch  # noqa: F401  (a heap the size of a zygote's)

    everything = _folded_in_a_fork(None)
    if everything == 0:
        pytest.skip("this kernel folds no memory into huge pages (MADV_COLLAPSE)")
    assert _folded_in_a_fork(0) <= hugepages.PROBE_CHUNKS * hugepages.HUGE
    assert _folded_in_a_fork(10**9) >= everything


def _zygote_memory(pool) -> dict[str, int]:
    """The zygote's anonymous memory that is not code, and how much of it is in huge pages (a host's
    workers share the code it copied into huge pages: NOTE [the code in huge pages], hugepages.py)."""
    from support import descendants, process_name

    worker = pool._workers[0]
    zygotes = [p for p in [worker.proc.pid, *descendants(worker.proc.pid)] if process_name(p) == "agt-zygote"]
    memory, code = {"Anonymous": 0, "AnonHugePages": 0}, False
    with open(f"/proc/{zygotes[0]}/smaps") as f:
        for line in f:
            fields = line.split()
            if fields and "-" in fields[0] and not fields[0].endswith(":"):
                code = "x" in fields[1]
            elif fields and fields[0][:-1] in memory and not code:
                memory[fields[0][:-1]] += int(fields[1]) << 10
    return memory


def test_a_worker_told_of_no_runs_to_come_folds_little_of_its_heap():
    """The pool tells each worker the runs it plans for it (``--runs``), and
    the zygote spends its start on huge pages only where they pay back
    (told nothing, it folds everything: the test above's fork); a learner's
    worker ("later": it folds after its first answer) is told what its
    session expects."""
    from tutor.grade.pool import WorkerPool
    from tutor.grade.protocol import RunRequest

    if _folded_in_a_fork(None) == 0:
        pytest.skip("this kernel folds no memory into huge pages (MADV_COLLAPSE)")
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled") as f:
            always = "[always]" in f.read()
    except OSError:
        always = False
    if always:
        pytest.skip("huge pages are on for all memory here: a heap is in them without a fold")
    for warm in ("now", "later"):
        with WorkerPool(jobs=1, sandbox="auto", warm=warm, expect=0 if warm == "later" else None) as pool:
            if warm == "now":
                pool.plan(0, warm=True)  # warm "now": folds before its first run
            assert pool._workers[0].runs == 0 and pool._workers[0]._argv().count("--runs") == 1
            pool.start()
            if warm == "later":  # the third run is forked once the warm-up and the fold are over
                for _ in range(3):
                    assert pool.run(RunRequest(setup="", code="", seed=0, timeout=60, probes=())).finished
            memory = _zygote_memory(pool)
        assert memory["AnonHugePages"] < memory["Anonymous"] / 4, (warm, memory)


SEED_READS = r"""
import linecache
from tutor.grade import child, zygote
from tutor.grade.protocol import RunRequest
if WARM:
    zygote.warm_line_cache()
before = set(linecache.cache)
child.run(RunRequest(setup="", code="", seed=3, timeout=1.0))  # seeds first, as every run does
import torch
assert torch.initial_seed() == 3
print("read:", sorted(f for f in set(linecache.cache) - before if f.endswith(".py")))
"""


@pytest.mark.parametrize("warm", [True, False])
def test_a_run_seeds_without_reading_source(warm):
    """NOTE [seeding reads source]: the zygote's warm line cache holds every
    file that a run's torch.manual_seed formats a stack trace from (the
    control, unwarmed, reads torch's CUDA and XPU modules)."""
    code = SEED_READS.replace("WARM", str(warm))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    read = done.stdout.split("read:", 1)[1].strip()
    if warm:
        assert read == "[]"
    else:
        assert "torch/cuda" in read


DEAD_SEEDS = r"""
import traceback
import torch
from tutor.grade import child, zygote
from tutor.grade.protocol import RunRequest
torch.manual_seed(3)
before = [torch.rand(3).tolist(), torch.initial_seed()]
changed = zygote.drop_dead_seed_stacks(torch) if DROP else []
calls = []
real = traceback.format_stack
traceback.format_stack = lambda *a, **k: calls.append(1) or real(*a, **k)
child.run(RunRequest(setup="torch.manual_seed(3)\n", code="", seed=3, timeout=1.0))  # seeds as every run does
after = [torch.rand(3).tolist(), torch.initial_seed()]
print(repr({"changed": changed, "stacks": len(calls), "same": before == after,
            "built": {n: getattr(torch, n)._is_compiled() for n in ("cuda", "xpu", "mtia")},
            "queued": any(c is not None for c in torch.xpu._lazy_seed_tracker.get_calls())}))
"""


@pytest.mark.parametrize("drop", [True, False])
def test_a_run_formats_no_stack_for_a_backend_torch_lacks(drop):
    """NOTE [dead lazy seeds]: with the zygote's change, seeding (the run's
    own and a setup's) formats no stack for a backend this torch was built
    without, and draws the same numbers; the control formats one per
    backend per call."""
    import ast

    done = subprocess.run([sys.executable, "-c", DEAD_SEEDS.replace("DROP", str(drop))], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    out = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    dead = [name for name, built in out["built"].items() if not built]
    assert out["same"] and out["queued"]  # the seed is drawn from and still queued as torch does
    if drop:
        assert out["changed"] == dead
        assert out["stacks"] == 2 * (3 - len(dead))  # two seeds: only the built-in backends format
    else:
        assert out["stacks"] == 2 * 3


def test_a_backend_torch_was_built_with_keeps_its_stacks():
    import traceback
    from types import SimpleNamespace

    from tutor.grade import zygote

    def backend(built):
        return SimpleNamespace(_is_compiled=lambda: built, traceback=traceback)

    fake = SimpleNamespace(cuda=backend(True), xpu=backend(False), mtia=SimpleNamespace())  # mtia: another torch
    assert zygote.drop_dead_seed_stacks(fake) == ["xpu"]
    assert fake.cuda.traceback is traceback and fake.xpu.traceback is not traceback
    assert fake.xpu.traceback.format_stack() == []


ONE_ENVIRONMENT = r"""
import os
from tutor.grade import child
os.environ["AGT_CI_TOKEN"] = "secret"
child.scrub_environment("/tmp")  # the zygote's, once
made = child._PHASE["scrubbed"]
child.environment_for("/tmp")  # a run that finds it as it was made
kept = child._PHASE["scrubbed"] is made
os.environ["LATE"] = "set in the zygote after its scrub"
child.environment_for("/tmp")  # a run that finds something changed
late = dict(os.environ)
child.environment_for("/elsewhere")  # a run of another working folder (no sandbox)
print(repr({"kept": kept, "made": list(made[1]), "late": late, "elsewhere": dict(os.environ)}))
"""


def test_a_run_sees_the_scrubbed_environment_however_the_zygote_left_it():
    """NOTE [one environment]: a run takes the zygote's scrubbed environment
    as it is only where it is item for item what the scrub made; a variable
    set since, or another working folder, scrubs again."""
    import ast

    done = subprocess.run([sys.executable, "-c", ONE_ENVIRONMENT], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    out = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    safe = ["PATH", "LANG", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "PYTHONBREAKPOINT", "USER", "LOGNAME", "HOME",
            "TMPDIR"]
    assert out["kept"] and out["made"] == [k.encode() for k in safe]
    assert list(out["late"]) == safe and out["late"]["HOME"] == out["late"]["TMPDIR"] == "/tmp"
    assert list(out["elsewhere"]) == safe and out["elsewhere"]["HOME"] == out["elsewhere"]["TMPDIR"] == "/elsewhere"


DISABLED_SEED = r"""
import torch
from tutor.grade import zygote
zygote._warm_up(torch)  # imports torch._dynamo, which wraps torch.manual_seed
wrapped = torch.manual_seed.__closure__
fn = next(c.cell_contents for c in wrapped if callable(c.cell_contents) and c.cell_contents.__name__ == "manual_seed")
print(getattr(fn, "__dynamo_disable", None) is not None)
"""


def test_the_warm_up_leaves_torch_manual_seed_its_wrapper_made():
    """A run seeds through the wrapper torch._dynamo puts on torch.manual_seed;
    the zygote's warm-up makes its real wrapper once, so no run makes it."""
    done = subprocess.run([sys.executable, "-c", DISABLED_SEED], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "True"
