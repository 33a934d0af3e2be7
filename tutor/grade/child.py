"""One isolated run, inside a process forked from the grading worker.

The child confines itself (process group, limits, scrubbed environment, a
fresh working directory, no access to the worker's pipes), runs the setup and
then the code under test, reads the probes out of the namespace, and writes one
JSON frame to its result pipe. Whatever the code does (exit, crash, hang,
flood), the worker on the other side of that pipe decides what happened.
"""

from __future__ import annotations

import builtins
import linecache
import os
import random
import resource
import signal
import sys
import traceback

import torch
import torch.nn as nn
import torch.nn.functional as F

from tutor.grade import framing, probes

SETUP_FILE = "<setup>"
CODE_FILE = "<your code>"
# What the code under test may see of the environment.
# New processes a run may start when it cannot have a uid of its own.
NEW_PROCESSES = 16
SAFE_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def confine(request: dict, workdir: str, output_path: str, keep_fd: int) -> None:
    """Everything the child does to itself before running untrusted code."""
    os.setpgid(0, 0)  # the worker kills the whole group afterwards
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    out = os.open(output_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.closerange(3, keep_fd)
    os.closerange(keep_fd + 1, 4096)
    sys.stdout = open(1, "w", buffering=1, encoding="utf-8", errors="replace", closefd=False)
    sys.stderr = open(2, "w", buffering=1, encoding="utf-8", errors="replace", closefd=False)
    sys.stdin = open(0, "r", closefd=False)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE, signal.SIGCHLD):
        signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # over the output cap: writes fail, not a kill
    os.chdir(workdir)
    os.environ.clear()
    os.environ.update(SAFE_ENV, HOME=workdir, TMPDIR=workdir)
    limits = request.get("limits", {})
    _limit(resource.RLIMIT_CORE, 0)
    _limit(resource.RLIMIT_FSIZE, int(limits.get("output_bytes", 1 << 20)))
    memory = limits.get("memory_bytes")
    if memory:
        _limit(resource.RLIMIT_AS, _address_space() + int(memory))
    uid = limits.get("uid")
    if uid is not None and os.geteuid() == 0:
        os.chown(workdir, uid, uid)
        os.chown(output_path, uid, uid)
        _become(uid)
    # With a uid of its own (root), this caps the whole run's processes; as a
    # normal user it caps new processes relative to what the user already has.
    _limit(resource.RLIMIT_NPROC, int(limits.get("processes", 0)) or _process_count() + NEW_PROCESSES)
    torch.set_num_threads(1)


def run(request: dict) -> dict:
    """Run setup + code and read the probes. Returns the payload (plain data)."""
    seed = int(request.get("seed", 0))
    random.seed(seed)
    torch.manual_seed(seed)
    namespace = {
        "__name__": "__main__",
        "__builtins__": builtins,
        "torch": torch,
        "nn": nn,
        "F": F,
        "device": request.get("device", "cpu"),
        "seed": seed,
    }
    for name, encoded in request.get("bind", {}).items():
        # Plain data from earlier runs (the judge run of a python check).
        namespace[name] = {key: probes.decode_value(value) for key, value in encoded.items()}
    payload: dict = {"error": None, "probes": {}}
    for phase, filename, source in (("setup", SETUP_FILE, request.get("setup", "")),
                                    ("code", CODE_FILE, request.get("code", ""))):
        error = _execute(source, filename, namespace)
        if error is not None:
            error["phase"] = phase
            payload["error"] = error
            break
    if payload["error"] is None or payload["error"]["phase"] == "code":
        payload["probes"] = read_probes(request.get("probes", []), namespace)
    return payload


def _execute(source: str, filename: str, namespace: dict) -> dict | None:
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
        exec(code, namespace)
    except BaseException as exc:  # SystemExit and KeyboardInterrupt are the code's, too
        return describe_exception(exc, filename)
    return None


def describe_exception(exc: BaseException, filename: str) -> dict:
    kind = type(exc)
    try:
        message = str(exc)[:4000]
    except BaseException:
        message = "<the exception's message could not be read>"
    frames = [
        frame for frame in traceback.extract_tb(exc.__traceback__) if frame.filename in (SETUP_FILE, CODE_FILE)
    ]
    if isinstance(exc, SyntaxError) and exc.filename in (SETUP_FILE, CODE_FILE):
        lines = traceback.format_exception_only(kind, exc)
    else:
        lines = ["Traceback (most recent call last):\n", *traceback.format_list(frames),
                 f"{kind.__name__}: {message}\n"]
    return {
        "type": kind.__name__,
        "module": kind.__module__,
        "mro": [f"{c.__module__}.{c.__qualname__}" for c in kind.__mro__],
        "message": message,
        "traceback": "".join(lines)[-6000:],
        "line": frames[-1].lineno if frames else getattr(exc, "lineno", None),
    }


def read_probes(wanted: list[dict], namespace: dict) -> dict:
    out = {}
    for probe in wanted:
        key = probe["key"]
        try:
            out[key] = _read_probe(probe, namespace)
        except BaseException as exc:  # a probe that fails is a finding, not a crash
            out[key] = {"t": "error", "why": f"{type(exc).__name__}: {_safe_str(exc)}"}
    return out


def _read_probe(probe: dict, namespace: dict) -> dict:
    kind = probe["kind"]
    name = probe.get("name")
    if kind in ("grad", "flags") and name not in namespace:
        return probes.MISSING
    if kind == "grad":
        return probes.read_grad(namespace[name])
    if kind == "flags":
        return probes.tensor_flags(namespace[name])
    if kind == "value":
        scope = dict(namespace)
        return probes.encode_value(eval(compile(probe["expr"], "<check>", "eval"), scope))
    if kind == "graph":
        from tutor.graph.capture import capture_namespace

        if name not in namespace:
            return probes.MISSING
        return {"t": "graph", "snapshot": capture_namespace(namespace).to_dict()}
    if kind in ("gradcheck", "gradgradcheck"):
        if name not in namespace:
            return probes.MISSING
        inputs = [namespace.get(n) for n in probe.get("inputs", [])]
        return probes.jacobians(namespace[name], inputs, float(probe.get("eps") or 1e-6),
                                second_order=kind == "gradgradcheck", seed=int(namespace.get("seed", 0) or 0))
    if kind == "namespace":
        return {
            "t": "namespace",
            "values": {
                key: probes.encode_value(value)
                for key, value in list(namespace.items())[:500]
                if not key.startswith("_") and _plain(value)
            },
        }
    raise ValueError(f"unknown probe {kind!r}")


def _plain(value) -> bool:
    return type(value) in (bool, int, float, str, list, tuple, type(None), torch.Size) or probes.is_plain_tensor(value)


def _safe_str(exc: BaseException) -> str:
    try:
        return str(exc)[:500]
    except BaseException:
        return "?"


def _become(uid: int) -> None:
    """Run as ``uid`` (so RLIMIT_NPROC applies and clean-up can find every
    process of the run), keeping one capability: reading files. Python and
    torch often live under a private home (/root/.pyenv) that the uid could
    not otherwise read, and torch imports some modules lazily."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    pr_set_keepcaps = 8
    kept = libc.prctl(pr_set_keepcaps, 1, 0, 0, 0) == 0
    os.setgroups([])
    os.setgid(uid)
    os.setuid(uid)
    if kept:

        class Header(ctypes.Structure):
            _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

        class Data(ctypes.Structure):
            _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                        ("inheritable", ctypes.c_uint32)]

        cap_dac_read_search = 1 << 2
        header = Header(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3
        data = (Data * 2)()
        data[0].effective = data[0].permitted = cap_dac_read_search
        libc.capset(ctypes.byref(header), data)
        libc.prctl(pr_set_keepcaps, 0, 0, 0, 0)


def _limit(which: int, value: int) -> None:
    soft, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    try:
        resource.setrlimit(which, (value, hard if hard != resource.RLIM_INFINITY else value))
    except (ValueError, OSError):
        pass


def _address_space() -> int:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return 0


def _process_count() -> int:
    """Processes the current user runs now."""
    uid = os.getuid()
    count = 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.stat(f"/proc/{entry}").st_uid == uid:
                    count += 1
            except OSError:
                pass
    return count


def child_main(request: dict, result_fd: int, workdir: str, output_path: str) -> None:
    """Entry in the forked child. Never returns."""
    status = 0
    try:
        confine(request, workdir, output_path, result_fd)
        payload = run(request)
        framing.write_all(result_fd, framing.encode(payload))
    except BaseException:
        status = 70
    finally:
        os._exit(status)
