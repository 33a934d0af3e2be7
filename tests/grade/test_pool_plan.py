"""A pool starts the workers its runs are worth (NOTE [workers worth
starting], pool.py): a small grade on one, a class on every core it was
given. Started workers are what a busy CI runner pays for."""

from __future__ import annotations

import pytest

from support import make_exercise

from tutor.grade.grader import Grader, Submission
from tutor.grade.lazytorch import uses_lazy_torch
from tutor.grade.pool import RUNS_PER_WORKER, WARM_RUNS, WorkerPool



@pytest.fixture(autouse=True)
def own_workers_warm_as_planned(monkeypatch):
    """The warm-up as the plan asks: a host's workers start warm whatever it asks (host.py)."""
    monkeypatch.delenv("AGT_WORKER_HOST", raising=False)

def test_the_plan_grows_with_the_runs_and_never_shrinks():
    pool = WorkerPool(jobs=4, sandbox="off")
    try:
        assert pool.plan(1) == 1
        assert pool.plan(RUNS_PER_WORKER) == 1
        assert pool.plan(RUNS_PER_WORKER + 1) == 2
        assert pool.plan(1) == 2  # a small batch after a big one keeps the workers it has
        assert pool.plan(100 * RUNS_PER_WORKER) == 4  # never more than jobs
    finally:
        pool.close()
    assert all(worker.proc is None for worker in pool._workers)  # planning starts nothing


def test_each_worker_is_told_the_runs_it_will_make():
    """NOTE [collapse pays]: what a worker's fold of its heap must pay back
    over. A plan's runs are shared among the workers it wants; a session's
    expectation is a floor that a small plan does not lower."""
    from tutor.session import SESSION_RUNS, SessionGrader

    pool = WorkerPool(jobs=2, sandbox="off")
    try:
        assert pool._workers[0].runs is None and "--runs" not in pool._workers[0]._argv()  # no plan: folds all
        pool.plan(10)
        assert [w.runs for w in pool._workers] == [10, 10]
        pool.plan(100)  # 110 runs in all, now worth both workers
        assert [w.runs for w in pool._workers] == [55, 55]
        argv = pool._workers[1]._argv()
        assert argv[argv.index("--runs") + 1] == "55"
    finally:
        pool.close()
    session = SessionGrader()
    try:
        with session._lock:
            grader = session._make()
        grader.plan(6)  # a check of a few runs
        assert grader.pool._workers[0].runs == SESSION_RUNS
    finally:
        session.close()


def _started(grader: Grader) -> int:
    return sum(worker.proc is not None for worker in grader.pool._workers)


def test_a_small_grade_starts_one_worker_and_gets_the_same_verdict():
    exercise = make_exercise("square", "x = torch.tensor([1.0, 2.0], requires_grad=True)\n",
                             "y = (x * x).sum()\ny.backward()\n", [{"kind": "grad", "tensor": "x"}],
                             trials=[{"seed": 0}, {"seed": 1}])
    wrong = "y = (x * 3).sum()\ny.backward()\n"
    with Grader(jobs=2, sandbox="off") as grader:
        right, bad = grader.grade([Submission(exercise, exercise.solution), Submission(exercise, wrong)])
        assert _started(grader) == 1  # 10 runs: not worth a second torch
    assert right.passed and not bad.passed and bad.score < right.score


WARM = "import sys\nfound = 'torch._dynamo' in sys.modules\n"
NEEDS_DYNAMO = WARM + "w = torch.ones(2, requires_grad=True)\ntorch.optim.SGD([w], lr=0.1).step()\n"


def _warm_seen(pool: WorkerPool, code: str) -> bool:
    from tutor.grade.protocol import Probe, RunRequest

    # One run as it ran: pool.run would run a cold start again (NOTE [a run that started cold, run again]).
    reply = pool._run_once(RunRequest(setup="", code=code, seed=0, timeout=60,
                                      probes=(Probe("v", "value", expr="found"),)))
    assert reply.finished and reply.payload.error is None, reply
    return reply.probes()["v"]["v"] is True


def test_a_small_grade_warms_up_once_a_run_needs_it():
    # NOTE [warm on need]: planned small, the worker starts cold; a run
    # that has to import torch._dynamo (torch.optim) makes it warm up, so
    # that the runs after it find torch._dynamo loaded.
    with WorkerPool(jobs=1, sandbox="auto") as pool:
        pool.plan(4)
        assert not _warm_seen(pool, WARM)
        assert not _warm_seen(pool, NEEDS_DYNAMO)  # this one imports it, and says it started cold
        seen = [_warm_seen(pool, WARM) for _ in range(3)]  # the monitor forked before the warm-up is cold
        assert seen[-1] and seen == sorted(seen), seen
    with WorkerPool(jobs=1, sandbox="auto") as pool:
        pool.plan(WARM_RUNS)  # a class: warm before the first run
        assert _warm_seen(pool, WARM)
    with WorkerPool(jobs=1, sandbox="auto") as pool:
        pool.plan(4, warm=uses_lazy_torch(NEEDS_DYNAMO))  # the pack's own code needs it: warm first
        assert _warm_seen(pool, WARM)
    # A class whose runs' text calls none of it: cold all the same (a
    # hostile or odd text that needs it anyway warms the worker up).
    with WorkerPool(jobs=1, sandbox="auto") as pool:
        pool.plan(WARM_RUNS, needing=0)
        assert [w.warm for w in pool._workers] == ["cold"]
        assert not _warm_seen(pool, WARM)
        assert not _warm_seen(pool, NEEDS_DYNAMO)
        seen = [_warm_seen(pool, WARM) for _ in range(3)]
        assert seen[-1] and seen == sorted(seen), seen


COMPILE_SEEN = "import sys\nfound = 'torch._dynamo.backends.debugging' in sys.modules\n"  # loaded by a first compile
COMPILES = COMPILE_SEEN + ("f = torch.compile(lambda t: (t * torch.tensor(2.0)).sum(), backend='aot_eager')\n"
                           "f(torch.ones(2, requires_grad=True)).backward()\n")


@pytest.mark.parametrize("sandbox", ["auto", "off"])  # the relay's runs, and the monitors' (zygote.py)
def test_a_worker_warms_up_torch_compile_once_a_run_compiled(sandbox):
    """NOTE [compile warmed on need] (zygote.py): a warm worker has not compiled anything; a run that compiles
    pays for Dynamo's first frame, and says so; the runs after it find that paid (bench/bench_compile_warm.py)."""
    with WorkerPool(jobs=1, sandbox=sandbox) as pool:
        pool.plan(WARM_RUNS)  # warm (torch.func, checkpointing), before the first run
        assert _warm_seen(pool, WARM) and not _warm_seen(pool, COMPILE_SEEN)
        assert not _warm_seen(pool, COMPILES)  # this one compiles in a fork that had not
        seen = [_warm_seen(pool, COMPILE_SEEN) for _ in range(3)]  # the run forked before the warm-up is not
        assert seen[-1] and seen == sorted(seen), seen
        assert _warm_seen(pool, COMPILES)  # and its compiles run there as before
    if sandbox == "off":
        return
    with WorkerPool(jobs=1, sandbox="auto") as pool:  # a cold worker: both warm-ups, once it compiled
        pool.plan(4)
        assert not _warm_seen(pool, COMPILES)
        seen = [_warm_seen(pool, WARM + COMPILE_SEEN.replace("found =", "found = found and")) for _ in range(3)]
        assert seen[-1] and seen == sorted(seen), seen


def test_a_small_grade_warms_up_first_for_a_learners_run_that_needs_it():
    """NOTE [warm before a run that needs it] (grader.py): a right answer with a non-reentrant checkpoint, graded
    alone, ran on a cold worker; the checkpoint's recomputation imported torch's lazy parts inside the pass the
    early judge reads, which read as torch changed (2 of 7). In a big grade the workers were warm, and it passed."""
    from pathlib import Path

    from tutor.pack import load_pack

    exercise = load_pack(None).exercises["make-a-leaf"]
    code = (Path(__file__).resolve().parents[1] / "corpus" / "make-a-leaf" / "ok_r44m_checkpoint_non_reentrant.py")
    with Grader(jobs=2) as grader:
        result, = grader.grade([Submission(exercise, code.read_text())])
        assert [w.warm for w in grader.pool._workers if w.proc is not None] == ["now"]
    assert result.passed and result.score == result.max_score, [(c.name, c.message) for c in result.checks]


def test_a_run_that_started_cold_is_run_again_once_warm():
    """NOTE [a run that started cold, run again] (lazytorch.py): `torch.profiler.profile()` around a backward,
    named where the text reading cannot see it, imports torch's lazy parts inside the pass the early judge
    reads, on a worker that had not warmed up (2 of 7 before). It is run again, warm, and no fault is told."""
    from pathlib import Path

    from tutor.pack import load_pack

    exercise = load_pack(None).exercises["make-a-leaf"]
    code = (Path(__file__).resolve().parents[1] / "corpus" / "make-a-leaf" / "ok_r46_profiler_named_out_of_sight.py")
    assert not uses_lazy_torch(code.read_text())  # so the worker starts cold
    with Grader(jobs=1) as grader:
        result, = grader.grade([Submission(exercise, code.read_text())])
        assert [w.warm for w in grader.pool._workers] == ["need"] and grader.pool.retried == 0
    assert result.passed and result.score == result.max_score, [(c.name, c.message) for c in result.checks]


def test_what_code_needs_the_warm_up_is_read_from_its_text():
    assert uses_lazy_torch("opt = torch.optim.SGD([w], lr=0.1)")
    assert uses_lazy_torch("from torch.func import grad")
    assert uses_lazy_torch(None, "y = checkpoint(f, x, use_reentrant=False)")
    assert uses_lazy_torch("f = torch.compile(g, backend='eager')") and not uses_lazy_torch("re.compile('x')")
    assert not uses_lazy_torch("y = (x ** 2).sum()\ny.backward()\n", None, "")
    # A gradient given to backward or grad: torch checks its shape with sympy.
    assert uses_lazy_torch("y.backward(gradient=v)") and uses_lazy_torch("y.backward(torch.ones(3))")
    assert uses_lazy_torch("torch.autograd.grad(y, x, grad_outputs=v)")
    assert not uses_lazy_torch("y.backward(retain_graph=True)\nz.backward(inputs=[w])\n")
    # grad_outputs given by position, and the Hessian-vector products (which pass one).
    assert uses_lazy_torch("g, = torch.autograd.grad(y, x, torch.eye(2)[0], create_graph=True)")
    assert uses_lazy_torch("torch.autograd.grad(f(x), [a, b], v)")
    assert uses_lazy_torch("torch.autograd.functional.vhp(f, x, v)") and uses_lazy_torch("F.hvp(f, x, v)")
    for plain in ("torch.autograd.grad(y, x, create_graph=True)", "torch.autograd.grad(loss, [h, W])",
                  "torch.autograd.grad(w * 3, [w, u], allow_unused=True)", "torch.autograd.grad(f(x, y), x)"):
        assert not uses_lazy_torch(plain), plain


@pytest.mark.parametrize("warm", ["need", "later"])
def test_the_first_run_of_a_cold_worker_prints_only_its_own_output(warm):
    # torch reads /proc/cpuinfo on its first operation, and a jailed run's
    # /proc is covered: unless the zygote made that first operation, the
    # first run printed "Error in cpuinfo: ..." (into a lesson example's output too).
    from tutor.grade.protocol import RunRequest

    code = "x = torch.tensor(2.0, requires_grad=True)\n(x ** 2).backward()\nprint(x.grad.item())\n"
    with WorkerPool(jobs=1, sandbox="auto", warm=warm) as pool:
        reply = pool.run(RunRequest(setup="", code=code, seed=0, timeout=60, probes=()))
    assert reply.finished and reply.output == "4.0\n", reply.output


def test_one_worker_warms_up_where_few_runs_need_it():
    """NOTE [one warm worker], the plan: one worker warm, the others cold,
    only where every worker is used and the runs that need the warm-up are
    few (at most half of one worker's share)."""
    def modes(jobs: int, runs: int, needing: int | None) -> list[str]:
        pool = WorkerPool(jobs=jobs, sandbox="off")
        try:
            pool.plan(runs, needing=needing)
            return [w.warm for w in pool._workers]
        finally:
            pool.close()

    assert modes(2, 248, 25) == ["now", "cold"]  # one student of the built-in pack
    assert modes(2, 248, None) == modes(2, 248, 200) == ["now", "now"]  # not said, or many: all warm
    assert modes(1, 248, 25) == ["now"]
    assert modes(4, 2 * RUNS_PER_WORKER, 1) == ["now", "now", "now", "now"]  # two of four used: no split
    assert modes(2, 10, 1) == ["need", "need"]  # a small grade warms on need anyway
    assert modes(2, 248, 0) == ["cold", "cold"] and modes(1, 248, 0) == ["cold"]  # no run needs it: none warm
    pool = WorkerPool(jobs=2, sandbox="off")
    try:
        pool.plan(248, needing=25)
        argv = pool._workers[1]._argv()
        assert argv[argv.index("--warm") + 1] == "cold"
        # A pack check plans the whole pack, then each exercise: one whose runs
        # all need the warm-up keeps the cold worker cold, its runs routed.
        pool.plan(20, needing=20)
        assert [w.warm for w in pool._workers] == ["now", "cold"] and pool._split
    finally:
        pool.close()


def test_the_runs_that_need_the_warm_up_go_to_the_warm_worker():
    # Real sandboxed workers. A run sees torch._dynamo loaded only on a
    # warm worker: the cold one serves plain runs and never warms up.
    from tutor.grade.protocol import Probe, RunRequest

    probe = (Probe("v", "value", expr="found"),)
    plain = RunRequest(setup="", code=WARM, seed=0, timeout=60, probes=probe)
    needing = RunRequest(setup="", code=NEEDS_DYNAMO, seed=0, timeout=60, probes=probe)
    requests = [needing if n % 12 == 5 else plain for n in range(48)]
    assert sum(map(WorkerPool.needs_warm, requests)) == 4
    with WorkerPool(jobs=2, sandbox="auto") as pool:
        pool.plan(len(requests), warm=True, needing=4)
        assert sorted(w.warm for w in pool._workers) == ["cold", "now"]
        replies = pool.run_many(requests)
    seen = [reply.probes()["v"]["v"] for reply in replies]
    assert all(reply.finished and reply.payload.error is None for reply in replies), replies
    assert all(seen[n] is True for n, r in enumerate(requests) if r is needing), seen
    assert any(seen[n] is False for n, r in enumerate(requests) if r is plain), seen  # the cold worker's


def test_a_grade_plans_the_warm_up_from_the_code_it_runs():
    """An exercise nobody handed in (no file: no run) says nothing of what
    the runs need: a class of plain runs starts every worker cold, though
    the pack's other exercise calls torch.func (NOTE [warm on need])."""
    plain = make_exercise("square", "x = torch.tensor([1.0, 2.0], requires_grad=True)\n",
                          "y = (x * x).sum()\ny.backward()\n", [{"kind": "grad", "tensor": "x"}],
                          trials=[{"seed": s} for s in range(4)])
    lazy = make_exercise("func", "x = torch.tensor([1.0, 2.0])\n",
                         "g = torch.func.grad(lambda t: (t * t).sum())(x)\n", [{"kind": "value", "expr": "g"}])
    class_ = [Submission(plain, f"y = (x * x).sum()\ny.backward()\n# {n}\n") for n in range(WARM_RUNS // 4)]
    with Grader(jobs=2, sandbox="off") as grader:
        results = grader.grade(class_ + [Submission(lazy, None)])
        assert [w.warm for w in grader.pool._workers] == ["cold", "cold"]
    assert all(r.passed for r in results[:-1]) and not results[-1].passed
