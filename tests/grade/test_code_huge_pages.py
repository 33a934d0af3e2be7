"""NOTE [the code in huge pages] (tutor/grade/hugepages.py): the zygote
copies the code it has run into anonymous huge pages where it lies, so that
a fork maps it already and a run does not fault it in again. Torch must
compute the same bits afterwards, a fork must take fewer page faults for
the same work (a count, never a time), the copy must be paid for only by
runs to come, and a worker's zygote must do it before its first run, as
the user it dropped to (its page map is then briefly its own to read)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tutor.grade.protocol import RunRequest

COPY = r"""
import json, os, resource
import torch
from tutor.grade import hugepages, zygote
zygote._first_ops(torch)

def work():
    torch.manual_seed(0)
    lin = torch.nn.Linear(8, 4)
    x = torch.randn(16, 8, requires_grad=True)
    torch.tanh(lin(x)).pow(2).sum().backward()
    y = x.detach().requires_grad_()
    g, = torch.autograd.grad((y ** 3).sum(), [y], create_graph=True)
    return [lin.weight.grad.tolist(), x.grad.tolist(), torch.autograd.grad(g.sum(), [y])[0].tolist()]

def faults():
    '''The page faults a forked child takes for work(): the median of five forks.'''
    counts = []
    for _ in range(5):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt
        pid = os.fork()
        if pid == 0:
            work()
            os._exit(0)
        os.waitpid(pid, 0)
        counts.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt - before)
    return sorted(counts)[2]

def anonymous_code():
    with open("/proc/self/maps") as f:
        rows = [line.split() for line in f]
    return sum(int(r[0].split("-")[1], 16) - int(r[0].split("-")[0], 16) for r in rows if r[1] == "r-xp" and len(r) == 5)

expected = work()
folds = hugepages.collapse_heap()  # can this kernel fold anonymous memory at all?
before = faults()
none = hugepages.copy_code(0)
copied = hugepages.copy_code()
print(json.dumps({"folds": folds, "none": none, "copied": copied, "again": hugepages.copy_code(), "anonymous": anonymous_code(),
                  "same": work() == expected, "before": before, "after": faults()}))
"""


@pytest.fixture(scope="module")
def copied():
    done = subprocess.run([sys.executable, "-c", COPY], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    if out["folds"] == 0:
        pytest.skip("this kernel folds no anonymous memory into huge pages (MADV_COLLAPSE)")
    assert out["copied"] > 0, out  # it folds the heap: the code's copy must happen too
    return out


def test_torch_computes_the_same_bits_from_its_code_copied(copied):
    assert copied["same"]
    assert copied["anonymous"] == copied["copied"] > 0  # where the code lay, nothing of a file's left


def test_a_fork_faults_less_code_in_once_it_is_copied(copied):
    # Some 250 of 1,000 faults on the machine this was written on: the code a fork no longer maps again.
    assert copied["after"] < copied["before"] - 50, copied


def test_code_is_copied_once_and_only_where_runs_will_pay(copied):
    assert copied["none"] == 0  # told of no runs to come: nothing
    assert copied["again"] == 0  # copied already: nothing is left of the file's hot code


def _zygote_code(pool) -> int:
    """Bytes of anonymous code in the pool's first zygote."""
    from support import descendants, process_name

    worker = pool._workers[0]
    zygote = [p for p in [worker.proc.pid, *descendants(worker.proc.pid)] if process_name(p) == "agt-zygote"][0]
    with open(f"/proc/{zygote}/maps") as f:
        rows = [line.split() for line in f]
    return sum(int(r[0].split("-")[1], 16) - int(r[0].split("-")[0], 16) for r in rows if r[1] == "r-xp" and len(r) == 5)


@pytest.mark.parametrize("off", ["", "code"])
def test_a_warm_zygote_runs_from_its_code_copied(copied, off, monkeypatch):
    """A worker warmed up now, told of no count of runs (a class's), copies
    before its first run, in its sandbox and as the user it dropped to;
    ``AGT_BENCH_OFF=code`` (a benchmark's baseline) copies none. Either
    way a run computes what it computes."""
    from tutor.grade.pool import WorkerPool

    monkeypatch.setenv("AGT_BENCH_OFF", off) if off else monkeypatch.delenv("AGT_BENCH_OFF", raising=False)
    monkeypatch.delenv("AGT_WORKER_HOST", raising=False)  # this worker's own zygote, not a host's (support.own_workers)
    code = "import torch\nx = torch.arange(3.0, requires_grad=True)\n(x ** 3).sum().backward()\nprint(x.grad.tolist())\n"
    with WorkerPool(jobs=1, sandbox="auto", warm="now") as pool:
        pool.start()
        reply = pool.run(RunRequest(setup="", code=code, seed=0, timeout=60, probes=()))
        assert reply.finished and "[0.0, 3.0, 12.0]" in reply.output, reply
        if off:
            assert _zygote_code(pool) == 0
        else:
            assert _zygote_code(pool) > 0


def test_a_hosted_worker_runs_from_the_code_its_host_copied(copied, monkeypatch):
    """The host copies its hot code once, before it forks a worker (host.py):
    every worker it forks shares the copy, a small grade's ("need": no copy
    of its own) too."""
    import shutil

    from tutor.grade import hosted
    from tutor.grade.pool import WorkerPool

    if shutil.which("bwrap") is None:
        pytest.skip("a host runs in the bubblewrap sandbox")
    host = hosted.launch()
    monkeypatch.setenv(hosted.ENV, host.folder)
    try:
        with WorkerPool(1, sandbox="bwrap", warm="need") as pool:
            reply = pool.run(RunRequest(setup="", code="import torch\nprint(torch.ones(2).sum().item())\n", seed=0,
                                        timeout=60, probes=()))
            assert isinstance(pool._workers[0].proc, hosted.HostedProc)
            assert reply.finished and "2.0" in reply.output, reply
            assert _zygote_code(pool) > 0
    finally:
        host.stop()
