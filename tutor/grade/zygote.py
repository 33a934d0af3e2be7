"""The grading worker's zygote: warm, and never reads a request.

It imports torch once (what makes a run cost a fork, not an interpreter)
and then only forks *monitors* (monitor.py): one waits for the next request
at all times. The zygote's memory never holds request data or replies, so
no run can find an earlier run's code or results in the memory it was
forked from.
"""

from __future__ import annotations

import os
import select

from tutor.grade import barefork, framing, hugepages, jail
from tutor.grade import monitor
from tutor.grade.monitor import SHUTDOWN_EXIT, Host, _wait, monitor_main
from tutor.grade.protocol import ExitRecord, WorkerHello, reply_frame



def serve(outbox_fd: int, sandboxed: bool = False, warm: str = "now", run_uid: int | None = None,
          shared_dirs: list | None = None, off: set | None = None, one_fork: bool = False,
          runs: int | None = None) -> None:
    """``warm``: "now" warms torch.func & co. up before saying ready (a
    class's grading: every run then starts warm); "later" says ready first
    and warms up once the first monitor waits (a learner's single check:
    it answers sooner, and only the first run may start cold); "need"
    warms up only once a run had to (NOTE [warm on need]: a small grade,
    whose runs may never use what the warm-up loads); "cold" folds its heap
    as "now" does and warms up as "need" (NOTE [one warm worker], pool.py:
    the runs that need the warm-up go to another worker). ``one_fork``: the
    worker's namespaces are made and this process is their PID 1 (NOTE
    [one fork per run]): runs are forked here and a relay serves them.
    ``runs``: how many runs the grader expects of this worker, where it
    knows (NOTE [collapse pays])."""
    jail.set_name("agt-zygote")
    import torch  # noqa: F401  (the point of the worker: pay for this once)

    from tutor.grade import child  # and everything a run needs
    import tutor.graph.capture  # noqa: F401

    from tutor.grade import pristine

    torch.set_num_threads(1)  # forked children must not inherit a busy thread pool
    _first_ops(torch)
    drop_dead_seed_stacks(torch)
    warm_line_cache()
    warmed = child.WARMED  # the warm-up done, which a run reads (NOTE [a run that started cold, run again])
    if warm == "now":
        _warm_up(torch)
        warmed.append(True)
    jail.roots_under_tmp()  # what every run's /tmp keeps: found once here, not per run
    off = off or set()
    if "observers" not in off:
        # The observers go in here, once, switched off (observe.begin turns
        # them on for the code under test): installed in every run, they
        # changed torch, Tensor, Module and Function there, and the probe
        # phase put those biggest targets back in full (NOTE [dict versions]).
        from tutor.grade import compile_skip, observe, observe_inpass, observe_kernels, pykernels

        observe.install()
        compile_skip.install()  # NOTE [the grader's functions under torch.compile]
        observe_inpass.note_classes()  # NOTE [autograd's classes as the zygote left them]
        # before gc.freeze (settle), whose frozen objects gc's reads no longer see
        observe_kernels.seal()  # NOTE [a kernel registered behind the watch]
        pykernels.seal()  # NOTE [a kernel of the code's in python]
    # What a run's probe phase puts back, taken here once: in a run it would
    # cost a page copy for every object it touches.
    observe_kept_note(before=True)
    pristine.snapshot(versions="versions" not in off)
    if "observers" not in off:
        observe_kept_note()
    if "settle" not in off:
        # A learner's single check answers first, and collapses later; a
        # small grade never does (its runs are too few to pay for it).
        settle(collapse=warm in ("now", "cold") and "collapse" not in off, runs=runs, code="code" not in off)
    from tutor.grade import audit

    audit.install()  # NOTE [no audit hook of the code's]; NOTE [no reach into the grader's objects]
    Host.jail_works = _jail_works()
    Host.sandboxed = sandboxed
    if run_uid is not None:  # the uid mode (uidrun.py)
        Host.run_uid = run_uid
        Host.shared_dirs = [d for d in shared_dirs or [] if isinstance(d, str)]
    hello = WorkerHello(torch.__version__, os.getpid(), Host.jail_works, os.getuid())
    framing.write_all(outbox_fd, framing.encode(hello.to_wire()))

    def warm_up_later(collapse: bool = True, compiled: bool = False) -> None:
        if not warmed:  # once: a compile's warm-up may follow the first
            _warm_up(torch)
            warmed.append(True)
        if compiled:
            _warm_compile(torch)
        if "observers" not in off:
            from tutor.grade import observe_kernels

            observe_kernels.reseal()  # NOTE [kernels read whole]: the warm-up registered more of torch's
            from tutor.grade import pykernels

            pykernels.seal()
        observe_kept_note(before=True)
        pristine.snapshot(versions="versions" not in off)  # the warm-up imported more of torch
        if "observers" not in off:
            observe_kept_note()
        if "settle" not in off:
            settle(collapse=collapse and "collapse" not in off, runs=runs, code=False)  # runs may exist now

    if Host.jail_works and run_uid is None:
        child.scrub_environment("/tmp")  # every jailed run's, made once (NOTE [one environment], child.py)
    if one_fork and Host.jail_works and run_uid is None:
        from tutor.grade.zygote_relay import serve_relay as serve_runs
    else:
        serve_runs = _serve_monitors
    serve_runs(outbox_fd, later=warm_up_later if warm == "later" else None,
               on_need=(lambda: warm_up_later(collapse=False)) if warm in ("need", "cold") else None,
               on_compile=lambda: warm_up_later(collapse=False, compiled=True))
    os._exit(0)  # an interpreter's orderly exit after torch takes most of a second


def _serve_monitors(outbox_fd: int, later=None, on_need=None, on_compile=None) -> None:
    """One monitor waits for the next request at all times: a new one is
    forked as soon as the previous one has taken its request, so the fork
    costs no run any time. Monitors say on the ``said`` pipe when they have
    taken a request (``TAKEN``), replied (``REPLIED``), found the input
    closed (``CLOSED``) or ran a run that started cold (``COLD``: then
    ``on_need`` warms up, once; ``COMPILED``: ``on_compile``, NOTE [compile
    warmed on need]), each message tagged with the monitor's pid."""
    said_r, said_w = os.pipe()
    waiting = None  # the monitor that has not taken a request yet
    running: set[int] = set()
    replied: set[int] = set()
    while True:
        if waiting is None:
            zygote = os.getpid()
            waiting = barefork.fork()  # NOTE [a bare fork]
            if waiting == 0:
                os.close(said_r)
                code = 1
                try:
                    jail.die_with_parent(zygote)
                    code = monitor_main(outbox_fd, said_w)
                finally:
                    os._exit(code)
            if later is not None:
                later()
                later = None
        ready, _, _ = _select([said_r], 0.5)
        if ready:
            for what, pid in monitor.read_said(said_r):
                if what == monitor.CLOSED:
                    return  # the grader closed our input: its runs are over
                if what == monitor.TAKEN and pid == waiting:
                    running.add(waiting)
                    waiting = None
                elif what == monitor.REPLIED:
                    replied.add(pid)
                elif what == monitor.COMPILED and on_compile is not None:
                    on_compile()  # the warm-up on need too
                    on_need = on_compile = None
                elif what in (monitor.COLD, monitor.COMPILED) and on_need is not None:
                    on_need()
                    on_need = None
        for pid in list(running) + ([waiting] if waiting else []):
            done, status = os.waitpid(pid, os.WNOHANG)
            if not done:
                continue
            code = os.waitstatus_to_exitcode(status)
            if pid == waiting:
                waiting = None
                if code == SHUTDOWN_EXIT or code != 0:
                    for other in running:
                        _wait(other)
                    return
            else:
                running.discard(pid)
                if code != 0 and pid not in replied:
                    # The monitor died after taking its request and before
                    # replying (killed from outside, most likely): one reply,
                    # so that the grader is not left waiting, and runs it again.
                    framing.write_all(outbox_fd, framing.encode(reply_frame(
                        "lost", None, ExitRecord(why="the grading worker's monitor died"), "", False, 0.0, False)))
                replied.discard(pid)


def settle(collapse: bool = True, runs: int | None = None, code: bool = True) -> None:
    """Make every later fork cheap. A fork copies the page tables of the
    zygote's anonymous memory (some 220 MB once torch is warm: 55,000 4 KiB
    pages) and its exit tears them down again, twice per run (the monitor,
    the run). So: the objects that exist now are moved out of the garbage
    collector's reach (``gc.freeze``: a collection in a run would otherwise
    write to, and so copy, every page holding one), and the heap is folded
    into 2 MiB huge pages (``MADV_COLLAPSE``, Linux 6.1+): one page-table
    entry instead of 512 to copy and tear down. A page a run writes to is
    still copied 4 KiB at a time (the kernel splits the huge page first).
    Where the kernel refuses, nothing changes but the speed. And the code
    the zygote has run is copied into huge pages where it lies (NOTE [the
    code in huge pages], hugepages.py), so that a run does not fault it in
    again. ``runs``: the runs to come, where known: then each is done only
    while it pays (NOTE [collapse pays]). ``code``: False copies no code:
    a benchmark's baseline (``AGT_BENCH_OFF=code``), and a zygote that
    forked runs already (it would be dumpable while it reads its page map)."""
    import gc

    gc.collect()
    gc.freeze()
    if collapse:  # 0.3 to 3.5 s, once per worker (NOTE [collapse pays])
        hugepages.collapse_heap(runs)
        if code:  # before any run exists: its own page map is root's to read while the zygote is undumpable
            was = jail.is_dumpable()
            jail.set_dumpable(True)
            try:
                hugepages.copy_code(runs)
            finally:
                jail.set_dumpable(was)


def observe_kept_note(before: bool = False) -> None:
    from tutor.grade import observe_kept

    if before:  # the grader's modules as the snapshot is to record them (every run put them back otherwise)
        observe_kept.before_snapshot()
    else:
        observe_kept.note_grader()  # NOTE [a judge no run can reach]: after each snapshot, whose gather it reads


def _select(fds: list, timeout: float):
    try:
        return select.select(fds, [], [], timeout)
    except InterruptedError:
        return [], [], []


def _first_ops(torch) -> None:
    """What torch does on its first operation, done here in every mode: it
    reads /proc/cpuinfo then (cpuinfo), and a run's /proc is covered, so a
    run that came first printed "Error in cpuinfo: failed to parse
    processor information" into its output (and a lesson example's). And a
    first backward starts autograd's machinery. Milliseconds."""
    try:
        x = torch.ones(2, requires_grad=True)
        ((x @ torch.ones(2)) ** 2).backward()
    except Exception:  # costs only speed (and that one line)
        pass


# NOTE [seeding reads source]: torch.manual_seed, which child.run and most
# setups call, queues CUDA's and XPU's lazy seeds with a
# traceback.format_stack() each, even where neither can start; that reads
# the source file of every frame on the stack through linecache. In a run
# forked from a zygote that never read them, the first call cost 1.6 to
# 2.2 ms and some 330 page faults (the lines read, split and kept), in
# every run; with the files cached here once, 0.65 to 0.8 ms. Only the
# cache of lines torch reads is filled ahead. Since NOTE [dead lazy seeds],
# a backend torch was built without formats no stack at all: the cache now
# serves the backends that were built in (CUDA on a CUDA wheel).


def warm_line_cache() -> None:
    """Read into linecache the source of every module a run's seeding
    stack passes through (NOTE [seeding reads source]): the grader's own
    (tutor.grade.*, the worker's ``__main__``), and torch's, by seeding
    once here (every run seeds again from its request). Their text is the
    tutor's and torch's, which a run can read anyway."""
    import linecache
    import sys

    import torch

    for name, module in list(sys.modules.items()):
        if name.startswith("tutor.grade") or name == "__main__":
            path = getattr(module, "__file__", None)
            if isinstance(path, str) and path.endswith(".py"):
                linecache.getlines(path)
    torch.manual_seed(0)


# NOTE [dead lazy seeds]: torch.manual_seed seeds every backend. For CUDA,
# XPU and MTIA, until the backend starts, the seed is queued together with
# a traceback.format_stack() of the call, read only if starting the backend
# later fails, to say where the call came from. A backend that torch was
# built without can never start (its _lazy_init raises "Torch not compiled
# with ... enabled" before it reads its queue), so those stacks are never
# read; formatting them was 3.3 of the 4.9 ms (340 of 585 page faults) of a
# forked run's first torch.manual_seed, which every run makes (child.run),
# on this CPU-only build. For such a backend only, the module's name
# `traceback` is pointed at a stand-in whose format_stack() returns [] (the
# seed is still queued, and the queue is still never read); a backend that
# was built in (CUDA on a CUDA wheel) keeps torch's own. Done in the zygote
# before pristine.snapshot, so it is the state every run starts from.


class _NoStack:
    """The `traceback` that a backend torch was built without sees."""

    @staticmethod
    def format_stack(*args, **kwargs) -> list:
        return []


def drop_dead_seed_stacks(torch) -> list[str]:
    """NOTE [dead lazy seeds]. Returns the backends changed."""
    changed = []
    for name in ("cuda", "xpu", "mtia"):
        try:
            backend = getattr(torch, name)
            dead = not backend._is_compiled()
        except Exception:  # another torch: leave it as it is (costs only speed)
            continue
        if dead and getattr(backend, "traceback", None) is not None:
            backend.traceback = _NoStack
            changed.append(name)
    return changed


def _warm_up(torch) -> None:
    """Import what torch loads lazily on first use (torch.func, checkpointing,
    sympy/mpmath, profilers), once here rather than in every forked run,
    where it would cost about a second each."""
    try:
        import torch.func
        import torch.utils.checkpoint

        x = torch.ones(2, requires_grad=True)
        torch.func.grad(lambda t: (t * t).sum())(x.detach())
        torch.func.vmap(torch.sin)(x.detach())
        torch.func.jacrev(torch.sin)(x.detach())
        torch.func.hessian(lambda t: (t ** 3).sum())(x.detach())
        torch.func.jvp(torch.sin, (x.detach(),), (x.detach(),))
        torch.utils.checkpoint.checkpoint(torch.sin, x, use_reentrant=False).sum().backward()
        torch.sin(x).backward(gradient=torch.ones(2))
        torch.autograd.gradcheck(torch.sin, (torch.ones(2, dtype=torch.float64, requires_grad=True),))
        # and a gradcheck that fails (a starter's): what its message loads would move a package's dict in
        # every such run, which a probe then reads again (NOTE [set and put back within a check])
        import torch._subclasses.schema_check_mode  # noqa: F401
        try:
            torch.autograd.gradcheck(lambda t: t.register_hook(lambda g: g * 3) and t * 2,
                                     (torch.ones(2, dtype=torch.float64, requires_grad=True),))
        except Exception:  # noqa: BLE001 - it fails, as meant
            pass
        # Importing torch._dynamo (torch.func did) wrapped torch.manual_seed in
        # torch._disable_dynamo, which makes its real wrapper on the first call
        # and keeps it on the function: made here, not in every run that seeds
        # (0.2 ms and some 55 page copies a run).
        torch.manual_seed(0)
    except Exception:  # a warm-up that fails only costs speed
        pass


# NOTE [compile warmed on need]: a run's first torch.compile in a fork of the zygote costs 1 to 2.6 s of
# CPU (bench/bench_compile_warm.py): Dynamo's first frame imports some 600 modules and builds its tables,
# AOTAutograd's some more, and every run paid it again (15 files of the learner corpus, graded 2 or 3
# times each, paid a fifth of the corpus's CPU). A later compile in the same process costs 0.05 to 0.1 s.
# A run that called torch.compile and imported that much says so (child.py: ``payload["cold"]``), and the
# zygote then compiles two small functions once, with the backends runs use ("eager", "aot_eager";
# inductor compiles C++ and starts threads: never here), and resets Dynamo as a fresh process has it
# (`torch._dynamo.reset`, which keeps the rule that skips the grader's files: compile_skip.py). A worker
# that no run asks to compile never pays for it.
def _warm_compile(torch) -> None:
    try:
        x = torch.ones(2, requires_grad=True)
        for backend in ("eager", "aot_eager"):
            torch.compile(lambda t: (t.sin() * t).sum(), backend=backend)(x).backward()
        torch._dynamo.reset()
    except Exception:  # a warm-up that fails only costs speed
        pass


def _jail_works() -> bool:
    """Can a run get namespaces of its own here? Tried once, at start."""
    if not jail.available():
        return False
    pid = os.fork()
    if pid == 0:
        try:
            jail.unshare_all()
            os._exit(0)
        except BaseException:
            os._exit(1)
    _, status = _wait(pid)
    return os.waitstatus_to_exitcode(status) == 0

