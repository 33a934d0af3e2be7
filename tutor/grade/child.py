"""One isolated run, inside a process forked from the grading worker.

The child confines itself (process group, limits, scrubbed environment, a
fresh working directory, no access to the worker's pipes), runs the setup and
then the code under test, reads the probes out of the namespace, and writes one
JSON frame to its result pipe. Whatever the code does (exit, crash, hang,
flood), the worker on the other side of that pipe decides what happened.
"""

from __future__ import annotations

import builtins
import gc
import linecache
import os
import random
import resource
import signal
import sys
import time
import traceback
import warnings
from types import ModuleType as _ModuleType

import torch
import torch.nn as nn
import torch.nn.functional as F
from _socket import CMSG_SPACE, SCM_RIGHTS as _RIGHTS, socket as _CSocket

from tutor.grade import (decoded, framing, jail, leftovers, lookups, observe, observe_compile, observe_kept,
                         observe_kernels, ownthreads, pristine, probes, readers, readfirst, seccomp)
from tutor.grade.setupcode import note_setup
from tutor.grade.protocol import Probe, RunRequest
from tutor.grade.raised import CODE_FILE, SETUP_FILE, describe_exception  # noqa: F401 (SETUP_FILE: read here by others)

# What the code under test may see of the environment; a `breakpoint()` left in it does nothing (round 37)
SAFE_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
            "PYTHONBREAKPOINT": "0", "USER": "learner", "LOGNAME": "learner"}  # getpass.getuser(), as bwrap's

_FD_SPACE = CMSG_SPACE(4)  # one file descriptor's room
_RUN_FILTER = seccomp.run_filter()  # made once, in the zygote: NOTE [a CPU limit of its own]


def confine(request: RunRequest, out_fd: int, control_fd: int, jailed: bool) -> tuple | None:
    """Everything the run does to itself before running untrusted code: its
    own /proc and /tmp (when jailed), output to the monitor's pipe, no other
    file descriptor but the control socket, limits, no capabilities. Returns
    its own status file (ownthreads.open_own_status)."""
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(out_fd, 1)
    os.dup2(out_fd, 2)
    mapped = jail.address_space()  # before /proc is covered
    own = ownthreads.open_own_status()
    # A session and process group of its own: kill(0, ...) and killpg(0, ...)
    # reach the run's processes only, never its worker (and without a
    # namespace, the monitor kills the whole group afterwards).
    os.setsid()
    if jailed:
        jail.mount_private_fs(request.limits.disk_bytes or jail.TMP_BYTES)
    mark("r.mounts")
    keep = sorted(fd for fd in (control_fd, own[0] if own else -1) if fd >= 0)
    low = 3
    for fd in keep:
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, 65536)
    mark("r.fds")
    sys.stdout = open(1, "w", buffering=1, encoding="utf-8", errors="replace", closefd=False)
    sys.stderr = open(2, "w", buffering=1, encoding="utf-8", errors="replace", closefd=False)
    sys.stdin = open(0, "r", closefd=False)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE, signal.SIGCHLD):
        if signal.getsignal(sig) != signal.SIG_DFL:  # a uid-mode run's filter is in place: uidrun.become
            signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # over a file size cap: writes fail, not a kill
    workdir = "/tmp" if jailed else request.workdir or _private_dir()
    os.chdir(workdir)
    environment_for(workdir)
    limits = request.limits
    jail.limit(resource.RLIMIT_CORE, 0)
    jail.limit(resource.RLIMIT_NOFILE, 1024)  # pipes' buffers are memory: NOTE [memory the sum did not see]
    jail.limit(resource.RLIMIT_FSIZE, limits.disk_bytes or jail.TMP_BYTES)
    if limits.memory_bytes:
        jail.limit(resource.RLIMIT_AS, mapped + limits.memory_bytes)
    if jailed:
        # Counted per user namespace: exactly this run's processes.
        jail.limit(resource.RLIMIT_NPROC, limits.processes or 64)
        jail.drop_privileges()
        _RUN_FILTER and _RUN_FILTER()
    torch.set_num_threads(1)
    _PHASE["control"] = control_fd
    mark("r.limits")
    return own


# NOTE [one environment]: the code under test sees SAFE_ENV, with its
# working folder as HOME and TMPDIR. Every jailed run works in /tmp, so the
# zygote scrubs its own environment once (scrub_environment), and a run
# forked from it finds that environment as it was made, checked by value:
# os.environ's items are compared with the ones the scrub left, and any
# difference (something in the zygote set a variable since) scrubs again.
# Scrubbed in every run, it cost 0.4 ms of each (bench_phases.py): the
# pages of os.environ's objects copied on write, its keys deleted and made
# again. What a run sees is the same either way.


def scrub_environment(workdir: str) -> None:
    """The environment the code under test may see: SAFE_ENV, HOME and TMPDIR
    ``workdir``, and nothing else (NOTE [one environment])."""
    _PHASE["debug"] = _PHASE["debug"] or bool(os.environ.get("AGT_DEBUG_RUNS"))  # read before it goes
    # Not os.environ.clear(): MutableMapping's pops one item per fresh
    # iterator, several times the cost of deleting the keys in turn.
    for key in list(os.environ):
        del os.environ[key]
    os.environ.update(SAFE_ENV, HOME=workdir, TMPDIR=workdir)
    data = getattr(os.environ, "_data", None)
    _PHASE["scrubbed"] = (workdir, dict(data)) if type(data) is dict else None


def environment_for(workdir: str) -> None:
    """Scrub the environment unless it is, item for item, what a scrub for
    ``workdir`` left (NOTE [one environment])."""
    scrubbed = _PHASE["scrubbed"]
    if scrubbed is None or scrubbed[0] != workdir or getattr(os.environ, "_data", None) != scrubbed[1]:
        scrub_environment(workdir)


def _private_dir() -> str:
    import tempfile  # only runs outside a sandbox need one
    return tempfile.mkdtemp(prefix="agt-run-")


# The probe phase: a process forked from the run after its code finished.
_PHASE: dict = {"control": -1, "entered": False, "result_fd": -1, "debug": False,
                "scrubbed": None}  # (workdir, os.environ's items) as scrub_environment left them
# A profiled request's phase marks (RunRequest.profile; bench/bench_phases.py):
# sent back in the payload, a benchmark's figures, never read for a verdict.
_MARKS: list = []


def mark(name: str, _phase=_PHASE, _marks=_MARKS, _now=time.monotonic) -> None:
    if _phase.get("profile") is True:  # read as the module loaded: it runs before the probe phase's restore
        _marks.append([name, _now()])


def enter_probe_phase(after=None, dicts: tuple = (), own: tuple | None = None, forkers: tuple | None = None,
                      _count=ownthreads.count, _fork=os.fork, _end_with=ownthreads.end_with, _phase=_PHASE,
                      _close=os.close, _mark=mark, _dumpable=jail.set_dumpable, _gc_off=gc.disable,
                      _restore=pristine.restore, _forkers_back=leftovers.put_back_forkers, _type=type, _int=int,
                      _socket=_CSocket, _space=_FD_SPACE, _rights=_RIGHTS) -> None:
    """Leave the submitted code behind before reading results: fork a probe
    process (it has one thread: whatever threads the code left running stay
    in the run, which only waits for it), undo the code's monkeypatches and
    hooks, and only then ask the monitor for the result pipe. Until this
    point no result channel is open in the run. Idempotent. What it calls
    before the restore are its defaults (NOTE [what a run calls after its
    code]: round 47's attacker rebound this module's `pristine`)."""
    if _phase.get("entered") is True:
        return
    control = _phase.get("control")
    if _type(control) is not _int or control < 0:  # not a monitored run (a benchmark's baseline, a test)
        _phase["entered"] = True
        return
    if _count(own) != 1:
        # Threads the code left running could rewrite what the probes read:
        # they stay behind in the run, which only waits for its fork. As little as can be runs before the fork,
        # and nothing a thread could wait for changes (`entered` is set after it): tests/grade/test_hostile.py
        if forkers is not None:
            _forkers_back(forkers)  # NOTE [the code's leftovers]: no at-fork callback of the code's
        probe = _fork()
        if probe != 0:
            try:  # the threads left behind lose the control socket (unless they copied it)
                _close(control)
            except OSError:
                pass
            _end_with(probe)
    _phase["entered"] = True
    if after is not None:  # NOTE [a key planted in a module], once more: what a thread planted since the first
        after(dicts)
    _mark("r.probe-fork")
    _dumpable(False)
    _gc_off()
    _restore()
    _mark("r.restore")
    # _socket's C socket, taken at import: socket.py's `recv_fds` is Python the code could have rebound
    # (NOTE [what a run calls after its code]; round 38's attacker rebound `read_probes` in it)
    sock = _socket(fileno=control)
    sock.sendall(b"R")
    _, ancillary, _, _ = sock.recvmsg(16, _space)
    sock.close()
    fds = [fd for _, kind, data in ancillary if kind == _rights
           for fd in memoryview(data)[:len(data) // 4 * 4].cast("i")]
    if not fds:
        raise RuntimeError("no result pipe")
    _phase["result_fd"] = fds[0]
    _mark("r.pipe")


# NOTE [warm on need]: a zygote that did not warm up (a small grade) does
# so once a run had to import this many modules itself (torch.func,
# torch.optim and checkpointing pull in torch._dynamo: some 800 modules,
# 2 s of CPU, in every run until the zygote holds them).
COLD_MODULES = 100
WARMED: list = []  # the zygote's warm-up done (a list item: pristine records this module as the zygote left it)


def run(request: RunRequest, own: tuple | None = None) -> dict:
    """Run setup + code and read the probes. Returns the payload (plain data)."""
    seed = request.seed
    random.seed(seed)
    torch.manual_seed(seed)
    # The code's namespace is the dict of the module `__main__` names, as a script's is: pickle and torch.compile
    # find the code's classes and globals through sys.modules["__main__"] (round 41's learners).
    main = _ModuleType("__main__")
    sys.modules["__main__"] = main
    # As `python file.py` would have them (round 43's learners): an argument parser with defaults for every
    # option read the worker's own command line and stopped, and `Path(__file__).parent` found no `__file__`
    sys.argv = [CODE_FILE]
    namespace = vars(main)
    namespace.update({"__builtins__": builtins, "__file__": CODE_FILE, "torch": torch, "nn": nn, "F": F,
                      "device": request.device, "seed": seed})
    for name, encoded in request.bind.items():
        # Plain data from earlier runs (the judge run of a python check).
        namespace[name] = {key: decoded.decode_value(value) for key, value in encoded.items()}
    payload: dict = {"error": None, "probes": {}}
    # How the code works (calls, hooks, nodes, in-place changes): observers go
    # in before the setup binds any name (the zygote installed them already;
    # a run of its own, a benchmark's, installs them here), and count only
    # while the code runs.
    watch = request.probe("observed")
    if watch is not None:
        observe.install()
    started = lookups.note_start()  # NOTE [a class made to run at a lookup]
    preamble = set(namespace)  # what the setup binds besides: its inputs (NOTE [inputs unchanged])
    loaded, warmed, keep = sys.modules, WARMED, leftovers.KEPT.append  # as they are now: NOTE [the code's leftovers]
    modules, compiles = len(loaded), (observe_compile.CALLED, observe_compile.CALLED[0])  # taken now: below
    keep((main, namespace))  # the code's globals: none of them freed while the payload is made
    # NOTE [what a run calls after its code]: what runs between the code's end and the probe phase is
    # taken now, as locals: a name looked up in a module's dict after the code could meet a key it
    # planted there (NOTE [a key planted in a module], pristine.py), or a function it rebound there
    # (round 38's attacker rebound `enter_probe_phase` and `read_probes`). First the planted keys go.
    after, dicts, end, execute, enter, read = pristine.drop_planted, pristine.module_dicts(), observe.end, \
        _execute, enter_probe_phase, read_probes
    streams, kind_of, exit_, int_, bool_ = (sys.stdout, sys.stderr), type, SystemExit, int, bool
    quiet, late, ours_back, mark_ = leftovers.quiet, observe.count_late, pristine.put_back_ours, mark
    marks: tuple = ()  # NOTE [marks the code cannot clear] (observe_kernels.py): this frame's, as the code begins
    forkers = None
    for phase, filename, source in (("setup", SETUP_FILE, request.setup), ("code", CODE_FILE, request.code)):
        watching = watch is not None and phase == "code"
        if phase == "code":
            marks, forkers = observe_kernels.marks_now(), leftovers.forkers_now()
        if watching:
            observe.begin(namespace, watch.options, [name for name in namespace if name not in preamble])
            observe_kept.watch(request.probes, namespace)
        described = None
        try:
            error = execute(source, filename, namespace)
            keep(error)  # NOTE [the code's leftovers]: an exception's finalizers, never run after the record
            # `sys.exit(main())` as the last line: a script that ends well (round 43's learners); read by type,
            # and described, while recording is on (round 47's third attacker ran code in what was dropped)
            if phase == "code" and kind_of(error) is exit_:
                exit_code = error.code
                if exit_code is None or kind_of(exit_code) in (int_, bool_) and exit_code == 0:
                    error = None
            if error is not None:
                described = {**describe_exception(error, filename), "phase": phase}
        finally:
            if phase == "code":  # NOTE [the code's leftovers]: recording still on
                after(dicts)
                ours_back()
                quiet(streams)
            if watching:
                end()
        mark_("r." + phase)
        if described is not None:
            payload["error"] = described
            break
    if len(loaded) - modules >= COLD_MODULES:  # NOTE [warm on need]: read (and dropped) by the monitor
        payload["cold"] = "compile" if compiles[0][0] != compiles[1] else True  # NOTE [compile warmed on need]
        payload["unwarmed"] = not warmed  # NOTE [a run that started cold, run again] (lazytorch.py)
    if forkers is None:  # the setup failed: its output flushed all the same
        quiet(streams)
    enter(after, dicts, own, forkers)
    if watch is not None:
        late()
    if payload["error"] is None or payload["error"]["phase"] == "code":
        payload["probes"] = read(request.probes, namespace, started, marks)
    mark("r.probes")
    return payload


def _execute(source: str, filename: str, namespace: dict, _base=BaseException) -> BaseException | None:
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
        if filename == SETUP_FILE:
            note_setup(code)  # NOTE [the setup by its code]
        exec(code, namespace)
    except _base as exc:  # SystemExit and KeyboardInterrupt are the code's, too: described while recording
        return exc
    return None


def read_probes(wanted: tuple[Probe, ...], namespace: dict, started: list | None = None, marks: tuple = (),
                _modules=sys.modules, _warnings=warnings, _mutated=warnings._filters_mutated,
                _keep=leftovers.KEPT.append) -> dict:
    # NOTE [results read before the code can run] (readfirst.py); NOTE [a Function's own apply] (probes.py)
    # The grader's reads warn as torch warns (`.grad` of a tensor that is no leaf): the code's own filters
    # (`warnings.simplefilter("error")`) turned that into the grader's crash, and a library's `showwarning`
    # (rich's) into code run while the grader read (round 43's learners). The real module, ignoring them all.
    _keep((_modules.get("warnings"), _warnings.filters))  # NOTE [the code's leftovers]: no finalizer of its runs
    _modules["warnings"] = _warnings
    _warnings.filters = [("ignore", None, Warning, None, 0)]
    _mutated()
    return readfirst.read_in_order(wanted, readers.read_or_fail, probes.restore_function_apply, namespace, started,
                                   marks)


def child_main(request: RunRequest, out_fd: int, control_fd: int, jailed: bool) -> None:
    """The run: PID 1 of its namespaces when jailed. Never returns."""
    status = 0
    _PHASE["profile"] = request.profile
    mark("r.start")
    try:
        own = confine(request, out_fd, control_fd, jailed)
        if not pristine.taken():  # the zygote takes it once; forks inherit it for free
            pristine.snapshot()
        # NOTE [what a run calls after its code]: the frame's writers, taken before the code runs
        encode, stamp, write_all = framing.encode, framing.stamp, framing.write_all
        payload = run(request, own)
        enter_probe_phase(own=own)  # when the setup failed, run() returned before it
        if _PHASE["profile"]:
            payload["phases"] = _MARKS + [["r.encode", 0.0]]
            frame = stamp(encode(payload), "r.encode")
        else:
            frame = encode(payload)
        write_all(_PHASE["result_fd"], frame)
    except BaseException:
        status = 70
        if _PHASE["debug"]:
            os.write(2, traceback.format_exc().encode())
    finally:
        os._exit(status)
