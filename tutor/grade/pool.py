"""Grader side of the workers: start N warm workers (each in its own
sandbox, see sandbox.py), hand out runs, restart a worker that dies.
Torch-free: the grader only ever sees plain data."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Iterable

from tutor.grade import framing, hosted
from tutor.grade.lazytorch import needs_warm
from tutor.grade.protocol import ProtocolError, RunReply, RunRequest, WorkerHello
from tutor.grade.poolmode import (POOLS_PER_PROCESS, SANDBOX_UID_BASE, SLOTS_PER_POOL,  # noqa: F401  (re-exported:
                                  SandboxRequired, choose_mode, sandbox_uid_base)  # their home until round 15)
from tutor.grade.runqueue import RunQueue
from tutor.grade.workerstart import StartWatch, StderrTail, why_not_started

STARTUP_TIMEOUT = 120.0
RETRIES = 2  # times a run lost to a grader fault (or one that started cold: lazytorch.py) is run again
# NOTE [workers worth starting]: a worker's start costs some 3 to 6 s of CPU
# (torch's import, then its warm-up), a run some 50 to 100 ms. A second
# worker halves the runs' wall time but doubles the start's CPU: on a quiet
# machine it is free (a core of its own), on a busy one (a CI runner, a
# machine grading beside other jobs) it is what every other job waits for.
# So a pool starts one worker per this many runs it expects, up to ``jobs``.
RUNS_PER_WORKER = 32
# NOTE [warm on need]: the warm-up (torch.func, torch.optim, checkpointing:
# torch._dynamo, some 2.6 s of CPU) pays for itself only over many runs, or
# once a run needs it. A pool planned for fewer runs than this starts its
# workers with ``--warm need``: they warm up once a run had to import it.
# One planned for more, where no run's text calls what it loads (``needing``
# 0), starts them all "cold": none warms up before a run needs it.
WARM_RUNS = 64
# NOTE [one warm worker] and NOTE [no worker waits for another's run]: runqueue.py.


def _retry(reply: RunReply, attempt: int) -> bool:
    if attempt >= RETRIES:
        return False
    if reply.grader_fault or reply.started_cold:  # NOTE [a run that started cold, run again] (lazytorch.py)
        return True
    # Without a jail a SIGKILL may be the code's own (os.kill(os.getpid(), 9))
    # or someone else's: run it once more; the code's own kill comes back.
    return attempt == 0 and reply.status == "died" and not reply.jailed and reply.exit.signal == signal.SIGKILL


class WorkerDied(Exception):
    pass


class Worker:
    def __init__(self, slot: int, uid: int, mode: str = "none", secrets: tuple[str, ...] = (),
                 device: str = "cpu", warm: bool | str = True) -> None:
        # "now", "later", "need" or "cold" (zygote.serve); True: "now", False: "later"
        self.warm = {True: "now", False: "later"}.get(warm, warm)
        self.slot, self.uid, self.mode, self.secrets, self.device = slot, uid, mode, secrets, device
        self.shared_dirs: list[str] = []  # the uid mode: where runs can leave files (uidrun.py)
        self.proc: subprocess.Popen | None = None
        self.info: WorkerHello | None = None
        self.sent = 0  # requests sent: each request's id
        self.runs: int | None = None  # the runs planned for it, where known (NOTE [collapse pays], hugepages.py)
        self.watch = StartWatch()  # its pool's, in a pool (NOTE [workers that cannot start])

    def _argv(self) -> list[str]:
        argv = [sys.executable, "-m", "tutor.grade.worker", *self._args()]
        if self.mode == "bwrap":
            from tutor.grade import sandbox

            return sandbox.command(argv, secrets=self.secrets, device=self.device)
        return argv

    def _args(self) -> list[str]:
        """The worker's arguments (worker.py)."""
        argv = ["--warm", self.warm, *(["--runs", str(self.runs)] if self.runs is not None else [])]
        if os.environ.get("AGT_PREFORK") == "1":  # monitor.py, NOTE [forked ahead]
            argv.append("--prefork")
        if os.environ.get("AGT_BENCH_OFF"):  # a benchmark's baseline (bench/bench_grade.py --compare)
            argv += ["--off", os.environ["AGT_BENCH_OFF"]]
        if self.mode == "uid":  # the worker stays root; each run drops to this uid (monitor.py)
            return argv + ["--run-uid", str(self.uid), "--shared-dirs", json.dumps(self.shared_dirs)]
        if self.mode == "bwrap":
            argv += (["--uid", str(self.uid)] if os.geteuid() == 0 else []) + ["--sandboxed"]
        return argv

    def start(self) -> None:
        # Without a sandbox the worker still gets a scrubbed environment: no
        # CI token of the grader's reaches a run.
        env = {key: os.environ[key] for key in ("PATH", "LANG", "LC_ALL", "PYTHONPATH", "SYSTEMROOT")
               if key in os.environ}
        env.update(OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
        hosted_one = self.mode == "bwrap" and hosted.spawn(self._args(), self.secrets, self.device)
        self.proc = hosted_one or subprocess.Popen(  # NOTE [a host of workers] (host.py), where one serves
            self._argv(),
            cwd="/" if self.mode == "uid" else None,  # not the class folder
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,  # its last words, should it not start (NOTE [workers that cannot start])
            env=env,
            start_new_session=True,  # a Ctrl-C in the terminal reaches the grader only
        )
        proc, said = self.proc, StderrTail(self.proc.stderr, echo=bool(os.environ.get("AGT_DEBUG_RUNS")))
        try:
            self.info = WorkerHello.from_wire(self._read(STARTUP_TIMEOUT))
        except (framing.FrameError, TimeoutError, ProtocolError) as exc:
            self.stop()
            words, limit = (f"no answer within {STARTUP_TIMEOUT:.0f} s", 0) if isinstance(exc, TimeoutError) \
                else why_not_started(proc.returncode, said.last_line(), str(exc))
            self.watch.failed(words, limit)
            raise WorkerDied(f"the grading worker did not start: {words}") from None
        self.watch.started()

    def run(self, request: RunRequest) -> RunReply:
        return RunReply.from_wire(self.exchange(request))

    def exchange(self, request: RunRequest) -> object:
        """Send one request, return the reply frame as it came (decoded JSON,
        not yet validated: ``run`` does that)."""
        self.sent += 1
        request = dataclasses.replace(request, id=self.sent)
        try:
            if self.proc is None or self.proc.poll() is not None:
                # A dead worker's pipes are closed first: if bubblewrap was
                # killed and its sandbox lives on, that sandbox sees its input
                # end and exits, instead of lingering until the grader does.
                self.stop()
                self.start()
            framing.write_frame(self.proc.stdin, request.to_wire())
            while True:
                frame = self._read(request.timeout + 60)
                # A reply for an earlier request (its monitor died right after
                # replying, and the zygote answered for it too) is skipped.
                if not isinstance(frame, dict) or frame.get("id") in (None, request.id):
                    return frame
        except (framing.FrameError, OSError, TimeoutError, ValueError, AttributeError) as exc:
            # ValueError, AttributeError: the pool was closed under us (a cancelled grade)
            self.stop()
            raise WorkerDied(f"the grading worker died: {exc}") from None

    def _read(self, timeout: float) -> dict:
        # Our own descriptor for the pipe: another thread may stop the worker
        # (a cancelled grade) and close proc.stdout, and its number be reused.
        fd = os.dup(self.proc.stdout.fileno())
        try:
            return framing.read_frame_before(fd, time.monotonic() + timeout)
        except TimeoutError:
            self.stop()
            raise TimeoutError("the grading worker stopped answering") from None
        except (OSError, ValueError) as exc:  # the pipe went under us: as a stream that ended
            raise framing.FrameError(str(exc)) from None
        finally:
            os.close(fd)

    def stop(self, deadline: float | None = None) -> None:
        """End the worker: its input closes, it exits at once; past
        ``deadline`` (monotonic) it and its sandbox are killed. When the
        sandbox's first process goes, the kernel kills every run in it.
        Safe from two threads at once (a cancelled grade closes the pool
        while a run's thread finds its worker gone): each works on the
        process it found."""
        proc = self.proc
        if proc is None:
            return
        try:
            if proc.poll() is None:
                try:
                    proc.stdin.close()  # the worker ends at the end of its input
                    left = (deadline - time.monotonic()) if deadline else 1.0
                    proc.wait(timeout=max(left, 0.01))
                except (OSError, subprocess.TimeoutExpired, ValueError):
                    try:
                        os.killpg(proc.pid, signal.SIGKILL)
                    except (ProcessLookupError, PermissionError):
                        proc.kill()
                    proc.wait()
        finally:
            for stream in (proc.stdin, proc.stdout):
                try:
                    stream.close()
                except OSError:
                    pass
            if self.proc is proc:
                self.proc = None


class WorkerPool:
    """``jobs`` workers; ``run`` is safe to call from many threads."""

    def __init__(self, jobs: int | None = None, sandbox: str = "auto", secrets: tuple[str, ...] = (),
                 device: str = "cpu", warm: bool | str = True, expect: int | None = None) -> None:
        # expect: the runs each worker makes at least, known before any plan (a session: NOTE [collapse pays])
        self.jobs = max(1, jobs or os.cpu_count() or 1)
        uid_base = sandbox_uid_base()
        self.mode = choose_mode(sandbox, uid_base)
        self._guard = None
        shared: list[str] = []
        if self.mode == "uid":  # no mount namespace to cover the secrets with: their permissions keep them
            from tutor.grade import sandbox as sb
            from tutor.grade import uidrun
            from tutor.grade.guard import Guard

            self._guard = Guard((*sb.always_hidden(), *secrets), sb.readable_roots())
            shared = uidrun.shared_dirs(skip=tuple(sb.readable_roots()))
        self._workers = [Worker(slot, uid_base + slot % SLOTS_PER_POOL, self.mode, tuple(secrets), device, warm)
                         for slot in range(self.jobs)]
        self.starts = StartWatch()  # NOTE [workers that cannot start]
        for worker in self._workers:
            worker.shared_dirs = shared
            worker.runs = expect
            worker.watch = self.starts
        # Last in, first out: the worker that just ran (started, warm) runs next.
        self._idle: list[Worker] = list(self._workers)
        self._free = threading.Condition()
        self._split = False  # NOTE [one warm worker]
        self._expect = expect or 0
        self._lock = threading.Lock()
        self._wanted = 0  # workers worth using (plan); 0: all ``jobs``
        self._planned_warm = False  # a plan big enough to warm up for (WARM_RUNS)
        self._planned_runs = 0  # every plan's runs together
        self.retried = 0  # runs run again after a grader fault
        self.closed = False
        self._threads: ThreadPoolExecutor | None = None  # submit_many's, of _threads_size threads
        self._queue = RunQueue()  # submit_many's runs not taken yet (under _free)
        self._threads_size = 0

    def start(self) -> "WorkerPool":
        """Start every worker now, in parallel (otherwise each starts on first use)."""
        with ThreadPoolExecutor(self.jobs) as pool:
            list(pool.map(lambda w: w.start(), self._workers))
        return self

    def plan(self, runs: int, warm: bool = False, needing: int | None = None) -> int:
        """Expect ``runs`` more runs: use as many workers as they are worth
        (NOTE [workers worth starting]), never fewer than before; warm them
        up before their first run if there are many or ``warm`` says the
        code needs it (NOTE [warm on need]), only one of them where
        ``needing`` (of the runs, those ``needs_warm``) are few (NOTE [one
        warm worker]); tell each one not started yet the runs it will make
        (NOTE [collapse pays], hugepages.py). Returns the workers the pool now uses."""
        if "plan" in os.environ.get("AGT_BENCH_OFF", "").split(","):  # a benchmark's baseline: every worker, warm
            runs = max(runs, self.jobs * RUNS_PER_WORKER, WARM_RUNS)
        with self._lock:
            worth = min(self.jobs, max(1, -(-runs // RUNS_PER_WORKER)))
            self._wanted = max(self._wanted, worth)
            if runs >= WARM_RUNS or warm:
                self._planned_warm = True
            self._planned_runs += runs
            unstarted = [w for w in self._workers if w.proc is None]
            for worker in unstarted:  # those not started yet start as the plan says
                worker.runs = max(self._expect, -(-self._planned_runs // self._wanted))
                if worker.warm in ("now", "need"):  # a cold one stays cold (NOTE [one warm worker])
                    worker.warm = "now" if self._planned_warm else "need"
            if (needing is not None and self._planned_warm and needing * 2 * self.jobs <= runs
                    and len(unstarted) == self.jobs and all(w.warm == "now" for w in unstarted)):
                if needing == 0 and not warm:  # NOTE [warm on need]: no warm worker at all
                    for worker in unstarted:
                        worker.warm = "cold"
                elif self._wanted == self.jobs >= 2:
                    for worker in unstarted[1:]:
                        worker.warm = "cold"
            self._split = any(w.warm == "cold" for w in self._workers)
            return self._wanted

    needs_warm = staticmethod(needs_warm)  # does this run call what the warm-up loads? (lazytorch.py)

    def run(self, request: RunRequest, worker: "Worker | None" = None) -> RunReply:
        """One run (on ``worker``, taken for it, first); one lost to a fault of
        the grader's own processes is run again (on a fresh worker where its
        worker died), ``RETRIES`` times at most. A reply that is still lost
        is marked so (``grader_fault``)."""
        for attempt in range(RETRIES + 1):
            reply = self._run_once(request, worker)
            worker = None
            if self.closed or self.starts.broken or not _retry(reply, attempt):
                return reply
            with self._lock:
                self.retried += not reply.started_cold  # a cold start is no fault of the grader's
        return reply

    def _run_once(self, request: RunRequest, worker: "Worker | None" = None) -> RunReply:
        if worker is None:
            if self.closed:  # a cancelled grade: no worker is started again
                return RunReply.lost("the grade was stopped")
            worker = self._take(self._split and self.needs_warm(request))
        try:
            if self.closed:  # closed while it waited for a worker, or since one was taken for it
                return RunReply.lost("the grade was stopped")
            if self.starts.broken and (worker.proc is None or worker.proc.poll() is not None):
                return RunReply.lost(f"the grading workers cannot start: {self.starts.broken}")
            return worker.run(request)
        except WorkerDied as exc:
            # Killed from outside, out of memory, or stopped answering: the
            # worker is replaced on its next run.
            return RunReply.lost(str(exc))
        finally:
            self._give_back(worker)

    def _give_back(self, worker: Worker) -> None:
        with self._free:
            self._idle.append(worker)
            self._free.notify_all()

    def _take(self, warm: bool) -> Worker:
        """An idle worker, the last one back first; with NOTE [one warm
        worker], a warm one for a run that needs it (waiting for it), a
        started cold one for any other where there is one."""
        with self._free:
            while True:
                pick = self._idle[-1] if self._idle else None
                if self._split and pick is not None:
                    if warm and any(w.warm == "now" for w in self._workers):
                        pick = next((w for w in reversed(self._idle) if w.warm == "now"), None)
                    elif not warm:
                        pick = next((w for w in reversed(self._idle) if w.warm != "now" and w.proc is not None), pick)
                if pick is not None:
                    self._idle.remove(pick)
                    return pick
                self._free.wait()

    def run_many(self, requests: Iterable[RunRequest]) -> list[RunReply]:
        """Many runs, on as many workers as ``plan`` found them worth (all
        ``jobs`` when nothing was planned)."""
        return [future.result() for future in self.submit_many(requests)]

    def submit_many(self, requests: Iterable[RunRequest]) -> list[Future]:
        """``run_many``, returning at once: one future per run, the runs
        queued after every earlier call's (NOTE [the next batch queued]), each
        taken by the first worker free that may run it (NOTE [no worker waits
        for another's run], runqueue.py); one thread per worker used."""
        futures: list[Future] = []
        with self._lock:
            size = self._wanted or self.jobs
            if self._threads is None or self._threads_size != size:  # a plan took more workers
                if self._threads is not None:
                    self._threads.shutdown(wait=False)  # what it holds still runs
                self._threads, self._threads_size = ThreadPoolExecutor(size, thread_name_prefix="agt-runs"), size
            for request in requests:
                futures.append(Future())
                with self._free:
                    self._queue.put((request, futures[-1]), self._split and self.needs_warm(request))
                    self._free.notify_all()  # a thread waiting may take this one
                self._threads.submit(self._run_queued)
        return futures

    def _run_queued(self) -> None:
        """A queued run on the first worker free that may run it (each call takes one)."""
        with self._free:
            while True:
                any_warm = any(w.warm != "cold" for w in self._workers)
                item = worker = None
                for worker in reversed(self._idle):  # the last one back first
                    item = self._queue.take(worker.warm != "cold" or not any_warm)
                    if item is not None:
                        break
                if item is None and self.closed:  # answered lost at once, by run()
                    item, worker = self._queue.take(True), None
                if item is not None:
                    if worker is not None:
                        self._idle.remove(worker)
                    break
                self._free.wait()
        request, future = item
        if not future.set_running_or_notify_cancel():
            if worker is not None:
                self._give_back(worker)
            return
        try:
            future.set_result(self.run(request, worker))
        except BaseException as exc:  # noqa: BLE001  (the caller's, through the future)
            future.set_exception(exc)

    def close(self) -> None:
        self.closed = True
        self._threads = None  # its threads end once idle; a run queued later is lost at once
        # Every worker is told to stop first, then awaited: quitting costs
        # one worker's shutdown, not the sum of them.
        for worker in self._workers:
            proc = worker.proc  # read once: a run's thread may stop it meanwhile
            if proc is not None:
                with contextlib.suppress(OSError):
                    proc.stdin.close()
        deadline = time.monotonic() + 0.5
        for worker in self._workers:
            worker.stop(deadline)
        if self._guard is not None:
            self._guard.restore()

    def __enter__(self) -> "WorkerPool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
