"""The grader's threat model (issue 10), one test per row, each grading real
hostile code through the real grader and its sandbox: nothing is mocked.

Runs as root, and (tests/grade/test_isolation_nonroot.py) as a normal user
through runuser, with the same file. Secrets are planted in the grader's
process (files, environment, memory of earlier runs) and every test asserts
that a run can neither read them nor forge a verdict.

Rows: 1 pack and host files, 2 environment, 3 memory remnants, 4 forged
verdicts, 5 shadowing, 6 untrusted data, 7 reports, 8 submissions as files,
9 /tmp, 10 processes and IPC, 11 capabilities, 12 network, 13 signals,
14 hidden trials, 15 without a sandbox.
"""

from __future__ import annotations

import copy
import glob
import errno
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from support import make_exercise, memory_together, run_processes
from tutor.grade import sandbox as sb
from tutor.grade.grader import Grader, Submission
from tutor.grade.pool import WorkerDied
from tutor.grade.protocol import ExitRecord, Probe, RunReply, RunRequest
from tutor.grade.verdict import TrialRuns, exercise_result
from tutor.pack.models import Exercise

pytestmark = pytest.mark.skipif(sb.probe()[0] != "bwrap",
                                reason=f"no sandbox can be made here: {sb.probe()[1]}")

REPO = Path(__file__).resolve().parents[2]
TAG = uuid.uuid4().hex
TOKEN = f"s3cr3t-{TAG}"  # planted in the grader's environment as AGT_CI_TOKEN


def _marker() -> str:
    return "AGTMARK" + uuid.uuid4().hex


def _exercise(ex_id: str, setup: str, solution: str, checks: list, trials=None, timeout: float | None = None):
    return make_exercise(ex_id, setup, solution, checks, trials, **({"timeout": timeout} if timeout else {}))


SETUP = "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n"
CORRECT = "y = (x ** 2).sum()\ny.backward()\n"
SQUARE = _exercise("square", SETUP, CORRECT, [{"kind": "grad", "tensor": "x"}, {"kind": "value", "expr": "y"}],
                   [{"seed": 0}, {"seed": 1, "hidden": True}])


def _spy_request(code: str, setup: str = "", timeout: float = 60, seed: int = 0) -> RunRequest:
    """A run whose code sets ``found`` to a JSON string of what it managed to see."""
    return RunRequest(setup=setup, code=code, seed=seed, timeout=timeout, probes=(Probe("v", "value", expr="found"),))


def _found(reply: RunReply):
    assert reply.finished, reply
    assert reply.payload.error is None, reply.payload.error
    value = reply.probes()["v"]
    assert value.get("t") == "str", value
    try:
        return json.loads(value["v"])
    except ValueError:
        return value["v"]


def _text(result) -> str:
    return "\n".join([result.error, *(c.message for c in result.checks)])


# ====================================================================== setup


@pytest.fixture(scope="module")
def planted():
    """Secrets on the host: a root-only (0700) pack, an open pack, a class
    folder, a pack inside the virtual environment's site-packages (a path the
    workers read, so it must be masked), and a CI token in the environment."""
    base = Path(tempfile.mkdtemp(prefix="agt-iso-"))
    secrets = {name: _marker() for name in ("private_pack", "open_pack", "classmate", "venv_pack", "installed_pack")}
    private = base / "private-pack"
    private.mkdir(mode=0o700)
    os.chmod(private, 0o700)
    (private / "solution.yaml").write_text(f"solution: {secrets['private_pack']}\n")
    os.chmod(private / "solution.yaml", 0o600)
    opened = base / "open-pack"
    opened.mkdir(mode=0o755)
    (opened / "solution.yaml").write_text(f"solution: {secrets['open_pack']}\n")
    os.chmod(base, 0o755)
    klass = base / "class" / "alice"
    klass.mkdir(parents=True)
    (klass / "square.py").write_text(f"# {secrets['classmate']}\n" + CORRECT)
    # a pack installed inside site-packages (a folder the workers read): where
    # this user cannot write there, an ordinary folder stands in for it
    site_packages = next((p for p in sys.path if p.endswith("site-packages") and os.path.isdir(p)
                          and os.access(p, os.W_OK)), str(base))
    venv_pack = Path(site_packages) / f"agt_iso_{TAG}"
    venv_pack.mkdir()
    (venv_pack / "solution.yaml").write_text(f"solution: {secrets['venv_pack']}\n")
    # An editable install leaves the wheel's tutor/_builtin/ (the built-in pack, reference solutions
    # included) in site-packages, though `import tutor` reads the checkout: a copy no run may read.
    installed = Path(site_packages) / "tutor" / "_builtin"
    made = next((p for p in (installed.parent, installed) if not p.exists()), None)
    installed.mkdir(parents=True, exist_ok=True)
    installed_pack = installed / f"agt_iso_{TAG}.yaml"
    installed_pack.write_text(f"solution: {secrets['installed_pack']}\n")
    old = os.environ.get("AGT_CI_TOKEN")
    os.environ["AGT_CI_TOKEN"] = TOKEN
    info = {"base": base, "private": private, "open": opened, "class": base / "class", "venv_pack": venv_pack,
            "installed_pack": installed_pack, "secrets": secrets}
    try:
        yield info
    finally:
        if old is None:
            os.environ.pop("AGT_CI_TOKEN", None)
        else:
            os.environ["AGT_CI_TOKEN"] = old
        shutil.rmtree(venv_pack, ignore_errors=True)
        installed_pack.unlink(missing_ok=True)
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def grader(planted):
    # As the CLI does: the pack, the class and the reports are secrets.
    g = Grader(jobs=2, timeout=20, sandbox="require",
               secrets=(str(planted["private"]), str(planted["open"]), str(planted["class"]),
                        str(planted["venv_pack"])))
    assert g.pool.mode == "bwrap"
    g.pool.start()
    try:
        yield g
    finally:
        g.close()


def _on_every_worker(grader, request: dict) -> list[dict]:
    return [w.run(request) for w in grader.pool._workers]


# ============================================= rows 1 and 2: files, /proc, env

FS_SPY = r'''
import os, json, ctypes
PATHS = __PATHS__
DIRS = __DIRS__
MARKERS = __MARKERS__
found = {"read": {}, "ls": {}, "hits": [], "env": dict(os.environ), "cwd": os.getcwd(), "files": 0}
for p in PATHS:
    try:
        with open(p, "rb") as f:
            found["read"][p] = "OK " + f.read(300).decode("latin-1")
    except BaseException as e:
        found["read"][p] = "ERR " + type(e).__name__
for d in DIRS:
    try:
        found["ls"][d] = sorted(os.listdir(d))[:100]
    except BaseException as e:
        found["ls"][d] = "ERR " + type(e).__name__
SKIP = ("/proc", "/sys", "/dev", "/usr", "/lib", "/bin", "/sbin")
for top, dirs, files in os.walk("/"):
    if top != "/" and top.startswith(SKIP):
        dirs[:] = []
        continue
    if os.path.basename(top) == "site-packages":
        dirs[:] = [d for d in dirs if d == "tutor" or d.startswith("agt_iso_")]
    for name in files + dirs:
        for key, marker in MARKERS.items():
            if marker in name:
                found["hits"].append([key, os.path.join(top, name), "name"])
    for name in files:
        path = os.path.join(top, name)
        try:
            if os.path.islink(path) or os.path.getsize(path) > (1 << 20):
                continue
            with open(path, "rb") as f:
                data = f.read()
        except BaseException:
            continue
        found["files"] += 1
        for key, marker in MARKERS.items():
            if marker.encode() in data:
                found["hits"].append([key, path, "content"])
# a nested user and mount namespace, to unmount what covers /proc
libc = ctypes.CDLL(None, use_errno=True)
found["unshare"] = libc.unshare(0x10000000 | 0x00020000)
if found["unshare"] == 0:
    found["umount_proc"] = libc.umount2(b"/proc", 2)
    try:
        found["proc_after_umount"] = sorted(os.listdir("/proc"))[:100]
    except BaseException as e:
        found["proc_after_umount"] = "ERR " + type(e).__name__
found = json.dumps(found)
'''


@pytest.fixture(scope="module")
def fs_spy(grader, planted):
    sec = planted["secrets"]
    grader_pid = os.getpid()
    exercises = sorted(glob.glob(str(REPO / "exercises" / "*.yaml")))[:1] or [str(REPO / "exercises" / "x.yaml")]
    paths = {
        "private_pack": str(planted["private"] / "solution.yaml"),
        "open_pack": str(planted["open"] / "solution.yaml"),
        "classmate": str(planted["class"] / "alice" / "square.py"),
        "venv_pack": str(planted["venv_pack"] / "solution.yaml"),
        "installed_pack": str(planted["installed_pack"]),
        "shadow": "/etc/shadow",
        "passwd": "/etc/passwd",
        "repo_exercise": exercises[0],
        "grader_cwd_file": str(Path(os.getcwd()) / "pyproject.toml"),
        "repo_pyproject": str(REPO / "pyproject.toml"),
        "grader_cmdline": f"/proc/{grader_pid}/cmdline",
        "grader_environ": f"/proc/{grader_pid}/environ",
        "proc1_cmdline": "/proc/1/cmdline",
        "proc1_environ": "/proc/1/environ",
        "self_environ": "/proc/self/environ",
        "parent_environ": "/proc/2/environ",
        "/etc/ld.so.cache": "/etc/ld.so.cache",
    }
    dirs = ["/proc", "/", "/etc", "/tmp", str(planted["private"]), str(planted["open"]), str(planted["class"]),
            str(planted["class"] / "alice"), str(planted["venv_pack"]), os.getcwd(), str(REPO),
            str(REPO / "exercises"), str(planted["base"])]
    markers = dict(sec, token=TOKEN)
    code = (FS_SPY.replace("__PATHS__", repr(list(paths.values())))
            .replace("__DIRS__", repr(dirs)).replace("__MARKERS__", repr(markers)))
    found = _found(grader.pool.run(_spy_request(code, timeout=120)))
    return {"found": found, "paths": paths, "dirs": dirs}


def test_row1_spy_can_read_what_a_run_needs(fs_spy):
    """The spy works: files a run must read are read (else every 'ERR' below proves nothing)."""
    found = fs_spy["found"]
    assert found["read"]["/etc/ld.so.cache"].startswith("OK"), found["read"]["/etc/ld.so.cache"]
    assert found["files"] > 10, found["files"]
    assert isinstance(found["ls"]["/"], list) and "usr" in found["ls"]["/"], found["ls"]["/"]


@pytest.mark.parametrize("what", ["private_pack", "open_pack", "classmate", "venv_pack", "installed_pack", "shadow",
                                  "passwd",
                                  "repo_exercise", "grader_cwd_file", "repo_pyproject", "grader_cmdline",
                                  "grader_environ", "proc1_cmdline", "proc1_environ", "self_environ",
                                  "parent_environ"])
def test_row1_secret_path_is_not_readable(fs_spy, what):
    path = fs_spy["paths"][what]
    assert fs_spy["found"]["read"][path].startswith("ERR"), (what, fs_spy["found"]["read"][path][:200])


def test_row1_no_secret_found_anywhere_on_the_visible_filesystem(fs_spy):
    assert fs_spy["found"]["hits"] == []


def test_row1_proc_shows_nothing(fs_spy):
    found = fs_spy["found"]
    assert found["ls"]["/proc"] in ([], "ERR PermissionError", "ERR FileNotFoundError"), found["ls"]["/proc"]
    # unmounting what covers /proc from a nested namespace reveals nothing either
    if found["unshare"] == 0:
        assert found["umount_proc"] != 0 or found["proc_after_umount"] in ([], "ERR PermissionError"), found


def test_row1_pack_class_and_repo_folders_are_absent(fs_spy, planted):
    ls = fs_spy["found"]["ls"]
    for d in (planted["private"], planted["open"], planted["class"], planted["class"] / "alice", planted["base"],
              REPO / "exercises"):
        assert not (isinstance(ls[str(d)], list) and ls[str(d)]), (str(d), ls[str(d)])
    # the masked pack inside site-packages is empty
    assert ls[str(planted["venv_pack"])] in ([], "ERR FileNotFoundError"), ls[str(planted["venv_pack"])]
    # of the repository, at most the venv and the package are there
    repo = ls[str(REPO)]
    if isinstance(repo, list):
        assert set(repo) <= {".venv", "tutor"}, repo


def test_row1_etc_holds_only_what_the_loader_needs(fs_spy):
    etc = fs_spy["found"]["ls"]["/etc"]
    assert isinstance(etc, list)
    assert "passwd" not in etc and "shadow" not in etc and "hostname" not in etc, etc


def test_row1_grader_cwd_is_not_visible(fs_spy):
    found = fs_spy["found"]
    assert found["cwd"] != os.getcwd()
    cwd_listing = found["ls"][os.getcwd()]
    assert not isinstance(cwd_listing, list) or set(cwd_listing) <= {".venv", "tutor"}, cwd_listing


def test_row2_grader_environment_is_not_in_the_run(fs_spy):
    assert os.environ.get("AGT_CI_TOKEN") == TOKEN  # planted before the grader started
    env = fs_spy["found"]["env"]
    assert "AGT_CI_TOKEN" not in env, env
    assert TOKEN not in json.dumps(env)
    # Exactly this, in this order (NOTE [one environment]: made once in the zygote).
    assert list(env.items()) == [("PATH", "/usr/bin:/bin"), ("LANG", "C.UTF-8"), ("OMP_NUM_THREADS", "1"),
                                 ("MKL_NUM_THREADS", "1"), ("PYTHONBREAKPOINT", "0"), ("USER", "learner"),
                                 ("LOGNAME", "learner"), ("HOME", "/tmp"), ("TMPDIR", "/tmp")], env
    assert not [h for h in fs_spy["found"]["hits"] if h[0] == "token"]


# ========================================================= row 3: memory remnants

MEM_SPY = r'''
import gc, sys, os, json, ctypes, hashlib, linecache
PREFIX = "AGTMARK"
HASHES = __HASHES__
found = {"gc": [], "linecache": [], "modules": [], "mem": [], "mem_chunks": 0}
def scan_text(s, where):
    i = s.find(PREFIX)
    while i >= 0:
        h = hashlib.sha256(s[i:i + 39].encode("latin-1", "replace")).hexdigest()
        if h in HASHES and HASHES[h] not in found[where]:
            found[where].append(HASHES[h])
        i = s.find(PREFIX, i + 1)
def scan_bytes(b, where):
    i = b.find(b"AGTMARK")
    while i >= 0:
        h = hashlib.sha256(b[i:i + 39]).hexdigest()
        if h in HASHES and HASHES[h] not in found[where]:
            found[where].append(HASHES[h])
        i = b.find(b"AGTMARK", i + 1)
try:
    objects = gc.get_objects()
    found["heap"] = "listed"
except RuntimeError:  # a run may not list the heap (NOTE [no reach into the grader's objects]): walked instead
    found["heap"] = "walked"
    objects, seen = [], set()
    stack = [globals(), *[vars(m) for m in list(sys.modules.values()) if hasattr(m, "__dict__")]]
    while stack and len(objects) < 1_000_000:
        o = stack.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        objects.append(o)
        try:
            held = list(o.values()) if type(o) is dict else list(o) if type(o) in (list, tuple) else []
            stack.extend(v for v in held if type(v) in (dict, list, tuple) or type(v).__name__ == "code")
            stack.extend(vars(v) for v in held if type(v).__name__ in ("function", "type")
                         and type(getattr(v, "__dict__", None)) is dict)
        except BaseException:
            pass
for o in objects:
    try:
        if type(o) in (list, tuple):
            items = o
        elif type(o) is dict:
            items = list(o.keys()) + list(o.values())
        elif type(o).__name__ == "code":
            items = o.co_consts
        else:
            continue
        for it in items:
            if type(it) is str and PREFIX in it:
                scan_text(it, "gc")
            elif type(it) is bytes and b"AGTMARK" in it:
                scan_bytes(it, "gc")
    except BaseException:
        pass
for key, entry in list(linecache.cache.items()):
    try:
        scan_text(str(key) + "".join(entry[2]), "linecache")
    except BaseException:
        pass
for name, module in list(sys.modules.items()):
    scan_text(name, "modules")
    for value in list(getattr(module, "__dict__", {}).values()):
        if type(value) is str:
            scan_text(value, "modules")
# raw memory, without /proc: process_vm_readv on ourselves fails cleanly on
# unmapped addresses; look around every object's address and the malloc heap.
class iovec(ctypes.Structure):
    _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]
libc = ctypes.CDLL(None, use_errno=True)
libc.process_vm_readv.restype = ctypes.c_ssize_t
libc.process_vm_readv.argtypes = [ctypes.c_int, ctypes.POINTER(iovec), ctypes.c_ulong,
                                  ctypes.POINTER(iovec), ctypes.c_ulong, ctypes.c_ulong]
libc.malloc.restype = ctypes.c_void_p
BLOCK, CHUNK = 1 << 20, 1 << 16
blocks = {id(o) // BLOCK for o in objects}
del objects
p = libc.malloc(64)
blocks.add(p // BLOCK)
libc.free.argtypes = [ctypes.c_void_p]
libc.free(p)
blocks = sorted({b + d for b in blocks for d in range(-8, 9) if b + d > 0})[:6000]
buf = ctypes.create_string_buffer(CHUNK)
local = iovec(ctypes.cast(buf, ctypes.c_void_p), CHUNK)
me = os.getpid()
for b in blocks:
    for off in range(0, BLOCK, CHUNK - 64):
        remote = iovec(b * BLOCK + off, CHUNK)
        n = libc.process_vm_readv(me, ctypes.byref(local), 1, ctypes.byref(remote), 1, 0)
        if n > 0:
            found["mem_chunks"] += 1
            data = buf.raw[:n]
            if b"AGTMARK" in data:
                scan_bytes(data, "mem")
found = json.dumps(found)
'''

MEM_EXERCISE_MARKER = _marker()
MEM_EXERCISE = _exercise("remnants", SETUP, f"# {MEM_EXERCISE_MARKER}\nref_note = '{MEM_EXERCISE_MARKER}'\n" + CORRECT,
                         [{"kind": "grad", "tensor": "x"}, {"kind": "value", "expr": "y"}])


@pytest.fixture(scope="module")
def mem_spy(grader):
    mate = _marker()
    canary = _marker()
    hashes = {hashlib.sha256(m.encode()).hexdigest(): name
              for name, m in (("reference", MEM_EXERCISE_MARKER), ("classmate", mate), ("canary", canary))}
    classmate = f"note = '{mate}'\nprint('{mate}')\n" + CORRECT
    # every worker first grades the reference and a classmate ...
    for side, code in (("reference", MEM_EXERCISE.solution), ("learner", classmate)):
        for reply in _on_every_worker(grader, grader.request(MEM_EXERCISE, code, 0, side)):
            assert reply.finished, reply
    # ... then runs the spy (whose own setup holds a canary it must find)
    code = MEM_SPY.replace("__HASHES__", repr(hashes))
    request = _spy_request(code, setup=f"canary = '{canary}'\n", timeout=240)
    return [_found(r) for r in _on_every_worker(grader, request)]


def test_row3_memory_scanner_finds_its_own_canary(mem_spy):
    for found in mem_spy:
        # the heap as gc lists it, or (a run may not list it: NOTE [no reach into the grader's objects]) as
        # walked from the modules and the run's globals
        assert found["heap"] == "walked", found["heap"]
        assert "canary" in found["gc"], found
        assert found["mem_chunks"] > 100, found["mem_chunks"]
        assert "canary" in found["mem"], found


@pytest.mark.parametrize("where", ["gc", "linecache", "modules", "mem"])
def test_row3_no_earlier_run_in_memory(mem_spy, where):
    for found in mem_spy:
        leaked = [m for m in found[where] if m != "canary"]
        assert leaked == [], (where, leaked)


# ========================================================= row 4: forged verdicts

FORGE_SQUARE = r'''
import os, time, socket, threading
from tutor.grade import framing, probes
_xx = x.detach().clone().requires_grad_()
_yy = (_xx ** 2).sum()
_yy.backward()
_fake = framing.encode({"error": None, "probes": {"c0": probes.read_grad(_xx), "c1": probes.encode_value(_yy)}})
'''
FORGE_RAISES = r'''
import os, time, socket, threading
from tutor.grade import framing
_fake = framing.encode({"error": {"type": "RuntimeError", "module": "builtins",
    "mro": ["builtins.RuntimeError", "builtins.Exception", "builtins.BaseException", "builtins.object"],
    "message": "second time", "traceback": "RuntimeError: second time\n", "line": 1, "phase": "code",
    "origin": "library"},
    "probes": {}})
'''
CUBE = '''
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return {grad}
'''
FORGE_GRADGRAD = CUBE.format(grad="3 * x ** 2 * g").replace("class Cube", "class _GoodCube") + r'''
import os, time, socket, threading
from tutor.grade import framing, probes
_fake = framing.encode({"error": None, "probes": {"c0": probes.run_gradcheck(_GoodCube, [x], {},
    second_order=True)}})
''' + CUBE.format(grad="3 * x.detach() ** 2 * g")
SPRAY = r'''
def _spray():
    for fd in range(1024):
        try:
            os.write(fd, _fake)
        except OSError:
            pass
'''
# Ask for the result pipe on every socket we hold, as the probe process would.
GRAB = r'''
def _grab():
    for fd in range(3, 1024):
        try:
            s = socket.socket(fileno=os.dup(fd))
        except OSError:
            continue
        try:
            s.settimeout(5)
            s.sendall(b"R")
            _msg, fds, _flags, _addr = socket.recv_fds(s, 16, 4)
            for f in fds:
                os.write(f, _fake)
        except OSError:
            pass
'''
THREAD = r'''
def _later(what):
    def loop():
        for _ in range(300):
            what()
            time.sleep(0.01)
    threading.Thread(target=loop, daemon=True).start()
'''

RAISES = _exercise("raises", SETUP, "y = (x ** 2).sum()\ny.backward()\ny.backward()\n",
                   [{"kind": "raises", "exception": "RuntimeError"}])
GRADGRAD = _exercise("gradgrad", "torch.manual_seed(seed)\nx = torch.randn(3, dtype=torch.float64)\n",
                     CUBE.format(grad="3 * x ** 2 * g"), [{"kind": "gradgradcheck", "function": "Cube",
                                                          "inputs": ["x"]}])
_PRE = {"square": FORGE_SQUARE, "raises": FORGE_RAISES, "gradgrad": FORGE_GRADGRAD}
_EXERCISES = {"square": SQUARE, "raises": RAISES, "gradgrad": GRADGRAD}
FORGERIES = {
    "spray_then_exit": "_spray()\nos._exit(0)\n",
    "spray_then_raise": "_spray()\nraise ValueError('after the forgery')\n",
    "spray_then_return": "_spray()\n",
    "thread_sprays_after_return": "_later(_spray)\n",
    "grab_result_pipe_then_exit": "_grab()\nos._exit(0)\n",
    "grab_result_pipe_then_return": "_grab()\n",
    "thread_grabs_after_return": "_later(_grab)\n",
}
FORGE_CASES = [(ex, how) for ex in ("square", "raises", "gradgrad") for how in FORGERIES]


@pytest.fixture(scope="module")
def forged(grader):
    subs = [Submission(SQUARE, CORRECT), Submission(RAISES, RAISES.solution), Submission(GRADGRAD, GRADGRAD.solution)]
    for ex, how in FORGE_CASES:
        subs.append(Submission(_EXERCISES[ex], _PRE[ex] + SPRAY + GRAB + THREAD + FORGERIES[how]))
    results = grader.grade(subs)
    return {"honest": results[:3], "by_case": dict(zip(FORGE_CASES, results[3:]))}


def test_row4_honest_submissions_pass(forged):
    for result in forged["honest"]:
        assert result.status == "passed", (result.id, _text(result))


IMPERSONATION = pytest.mark.xfail(
    strict=True, reason="code written against the protocol can impersonate the probe step and claim "
    "self-reported evidence (docs/grading.md, 'What the sandbox does not cover')")
# A thread that grabs after the code returned races the probe step for the
# one handover: it wins or loses by timing.
RACE = pytest.mark.xfail(strict=False, reason="a thread left behind races the probe step for the result pipe")
ROW4_PARAMS = [pytest.param(ex, how, marks=IMPERSONATION) if how.startswith("grab")
               else pytest.param(ex, how, marks=RACE) if how.startswith("thread_grabs")
               else (ex, how) for ex, how in FORGE_CASES]


@pytest.mark.parametrize("ex,how", ROW4_PARAMS)
def test_row4_forged_frame_does_not_pass(forged, ex, how):
    result = forged["by_case"][(ex, how)]
    assert result.status != "passed", _text(result)
    # The forger truly leaves the setup's inputs alone: that check may pass,
    # and being free (NOTE [inputs unchanged]) it earns nothing on its own.
    assert not any(c.passed for c in result.checks if c.kind != "inputs"), \
        [(c.name, c.passed) for c in result.checks]
    assert result.score == 0, _text(result)
    if how.startswith("spray"):
        # Junk on the control socket before the probe's request ends the run
        # at once, saying why (it used to hide the request: a 20 s timeout).
        assert result.status == "error" and "control socket" in _text(result), _text(result)


# NOTE [a reply grown past its frame] (protocol.py): a frame under the run's cap, of characters JSON
# writes as escapes when the monitor relays it, ended the worker and made a fault of the grader's
# (found by a security probe). It is the run's: too much data, graded, no grader fault.
GROWS = GRAB.replace("_fake", "_big") + r'''
import json, struct
_body = json.dumps({"error": None, "probes": {"x": "\U0001F600" * 7_000_000}}, ensure_ascii=False).encode()
_big = struct.pack(">I", len(_body)) + _body
_grab()
os._exit(0)
'''


# A body of an integer past Python's 4,300 digits: the relay's json.loads raised ValueError, which ended
# it, a lost run and a fault of the grader's (found by a security probe). It is a malformed frame, the run's.
HUGE_INT = GRAB.replace("_fake", "_digits") + r'''
import struct
_digits = struct.pack(">I", 5000) + b"1" * 5000
_grab()
os._exit(0)
'''


# NOTE [a process that exec'd] (runwatch.py): the memory of the whole run is summed after the result pipe
# was asked for too; code that asks for it itself (self-reported evidence) gets no more room than that.
PIPE_THEN_MEMORY = GRAB.replace("_fake", "_nothing") + "_nothing = b''\n_grab()\n" + memory_together(4, 700)


def test_row3_memory_is_summed_after_the_result_pipe_was_asked_for(grader):
    for _ in range(3):  # an attack that did not happen (memory_together) is tried again
        (result,) = grader.grade([Submission(SQUARE, "import os, socket\n" + PIPE_THEN_MEMORY)])
        if "the attack did not happen" not in _text(result):
            break
    assert result.status == "error" and "memory together" in _text(result), _text(result)
    assert not result.fault, (result.fault, _text(result))


@pytest.mark.parametrize("forged", ["grows", "huge_int"])
def test_row4_a_frame_the_relay_cannot_take_is_the_runs_not_a_grader_fault(grader, forged):
    code = {"grows": GROWS, "huge_int": HUGE_INT}[forged]
    (result,) = grader.grade([Submission(SQUARE, "import os, socket\n" + code)])
    assert result.status in ("error", "failed"), _text(result)
    assert not result.fault, (result.fault, _text(result))
    assert result.score == 0, _text(result)


# ============================================================== row 5: shadowing

SHADOW = _exercise("shadow", SETUP, CORRECT, [
    {"kind": "value", "expr": "y"},
    {"kind": "value", "expr": "isinstance(y, torch.Tensor)"},
    {"kind": "value", "expr": "bool(torch.allclose(y, (x.detach() ** 2).sum()))"},
    {"kind": "value", "expr": "x._version"},
    {"kind": "grad", "tensor": "x"},
])
MODE = r'''
from torch.overrides import TorchFunctionMode
_right = 2 * x.detach().clone()
_y = (x.detach() ** 2).sum()
class _Liar(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        name = getattr(func, "__name__", "")
        if name == "allclose" or name == "equal":
            return True
        if name == "__get__" and "grad" in repr(func):
            return _right.clone()
        return func(*args, **(kwargs or {}))
'''
SHADOWING = {
    # name: (code, indices of the checks that must fail)
    "global_isinstance": ("isinstance = lambda *a, **k: True\ny = 'not a tensor'\n", [0, 1]),
    "builtins_isinstance": ("import builtins\nbuiltins.isinstance = lambda *a, **k: True\ny = 'not a tensor'\n",
                            [0, 1]),
    "global_torch": ("class _T:\n    Tensor = str\n    allclose = staticmethod(lambda *a, **k: True)\n"
                     "torch = _T()\ny = 'nope'\n", [0, 2]),
    "patch_allclose": ("torch.allclose = lambda *a, **k: True\ny = torch.tensor(0.0)\n", [0, 2]),
    "patch_version": ("with torch.no_grad():\n    x.add_(0)\n    x.add_(0)\n" + CORRECT
                      + "torch.Tensor._version = property(lambda self: 0)\n", [3]),
    "patch_probes": ("import tutor.grade.probes as p\nimport tutor.grade.child as c\n"
                     "p.encode_value = lambda *a, **k: {'t': 'bool', 'v': True}\n"
                     "p.read_grad = lambda *a, **k: {'t': 'none'}\n"
                     "c._read_probe = lambda *a, **k: {'t': 'bool', 'v': True}\n"
                     "c._READERS = tuple((k, lambda *a, **kw: {'t': 'bool', 'v': True}) for k, _ in c._READERS)\n"
                     "y = 0\n", [0, 2, 4]),
    "settrace": ("import sys, threading\n"
                 "def _t(frame, event, arg):\n"
                 "    if event == 'return' and frame.f_code.co_name in ('encode_value', 'read_grad'):\n"
                 "        raise SystemExit\n"
                 "    return _t\n"
                 "sys.settrace(_t)\nthreading.settrace(_t)\nsys.setprofile(_t)\ny = 'nope'\n", [0, 2, 4]),
    "torch_function_mode": (MODE + "_Liar().__enter__()\ny = torch.tensor(0.0)\n", [0, 2, 4]),
}


@pytest.fixture(scope="module")
def shadowed(grader):
    names = list(SHADOWING)
    results = grader.grade([Submission(SHADOW, CORRECT)] + [Submission(SHADOW, SHADOWING[n][0]) for n in names])
    return {"honest": results[0], "by_name": dict(zip(names, results[1:]))}


def test_row5_honest_submission_passes(shadowed):
    assert shadowed["honest"].status == "passed", _text(shadowed["honest"])


@pytest.mark.parametrize("name", list(SHADOWING))
def test_row5_shadowing_does_not_pass_a_wrong_answer(shadowed, name):
    result = shadowed["by_name"][name]
    assert result.status != "passed", _text(result)
    for index in SHADOWING[name][1]:
        check = result.checks[index]
        assert not check.passed, (index, check.name, _text(result))


# ========================================================= row 6: untrusted data

GRAPH_EX = _exercise("graph", SETUP, CORRECT, [{"kind": "grad", "tensor": "x"}, {"kind": "value", "expr": "y"},
                                               {"kind": "graph", "root": "y"}])


def _nested(depth: int):
    value: object = {"t": "num", "v": 1}
    for _ in range(depth):
        value = {"t": "seq", "tuple": False, "items": [value]}
    return value


def _first_tensor(node):
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("t") == "tensor":
                return item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    raise AssertionError("no tensor")


def _bad_tensor(probes):
    import base64

    _first_tensor(probes["c0"])["data"] = base64.b64encode(b"\0\0\0\0").decode()  # 1 float for shape [3]


def _bad_tensor_big_shape(probes):
    _first_tensor(probes["c0"])["shape"] = [100000, 100000]


def _bad_tensor_data(probes):
    _first_tensor(probes["c0"])["data"] = "!!not base64!!"


def _bad_dtype(probes):
    _first_tensor(probes["c0"])["np"] = "object"


def _cycle(probes):
    snap = probes["c2"]["snapshot"]
    ids = [n["id"] for n in snap["nodes"]]
    snap["edges"] = snap["edges"] + [[ids[0], ids[0], 0, 0]] + [[b, a, 0, 0] for a, b, *_ in snap["edges"]]


def _self_loop_only(probes):
    snap = probes["c2"]["snapshot"]
    snap["edges"] = [[n["id"], n["id"], 0, 0] for n in snap["nodes"]]


def _huge_graph(probes):
    snap = probes["c2"]["snapshot"]
    snap["nodes"] = [{"id": i, "raw_op": "MulBackward0", "op": "Mul", "kind": "op"} for i in range(200_000)]
    snap["edges"] = [[i, (i + 1) % 200_000, 0, 0] for i in range(200_000)]


PER_CHECK_BAD = {
    "tensor_data_does_not_fit_shape": (_bad_tensor, 0),
    "tensor_shape_huge_data_small": (_bad_tensor_big_shape, 0),
    "tensor_data_not_base64": (_bad_tensor_data, 0),
    "tensor_dtype_object": (_bad_dtype, 0),
    "graph_cycle": (_cycle, 2),
    "graph_self_loops": (_self_loop_only, 2),
    "graph_huge_cycle": (_huge_graph, 2),
    "value_nested_500k": (lambda p: p.__setitem__("c1", _nested(500_000)), 1),
    "value_wide_500k": (lambda p: p.__setitem__("c1", {"t": "seq", "tuple": False,
                                                       "items": [{"t": "num", "v": 1}] * 500_000}), 1),
    "grad_is_int": (lambda p: p.__setitem__("c0", 5), 0),
    "grad_grad_is_list": (lambda p: p["c0"].__setitem__("grad", [1, 2]), 0),
    "value_is_str": (lambda p: p.__setitem__("c1", "str"), 1),
    "value_num_is_dict": (lambda p: p.__setitem__("c1", {"t": "num", "v": {"a": 1}}), 1),
    "value_tensor_shape_str": (lambda p: p.__setitem__("c1", {"t": "tensor", "shape": "abc", "data": 3,
                                                              "dtype": None, "np": 7}), 1),
    "graph_is_none": (lambda p: p.__setitem__("c2", None), 2),
    "graph_snapshot_wrong_types": (lambda p: p["c2"].__setitem__("snapshot", {"nodes": "x", "edges": 5,
                                                                              "roots": [1]}), 2),
    "graph_nodes_wrong_types": (lambda p: p["c2"]["snapshot"].__setitem__(
        "nodes", [{"id": "a", "raw_op": 5, "op": None, "kind": []}]), 2),
}


def _whole_payload_bad(reply):
    reply["payload"] = "not a dict"


WHOLE_RUN_BAD = {
    "payload_is_str": _whole_payload_bad,
    "probes_is_list": lambda r: r["payload"].__setitem__("probes", [1, 2, 3]),
    "error_is_int": lambda r: r["payload"].__setitem__("error", 5),
    "error_fields_wrong": lambda r: r["payload"].__setitem__("error", {"type": 5, "message": [1], "phase": "code",
                                                                       "traceback": {"a": 1}, "line": "x"}),
    "status_unknown": lambda r: r.__setitem__("status", ["ok"]),
    "exit_is_str": lambda r: (r.__setitem__("status", "died"), r.__setitem__("exit", "boom")),
    "exit_signal_junk": lambda r: (r.__setitem__("status", "died"), r.__setitem__("exit", {"signal": [1]})),
    "output_is_list": lambda r: r.__setitem__("output", [1, 2]),
}


@pytest.fixture(scope="module")
def real_runs(grader):
    # Raw reply frames, as a worker sent them: the tests below spoil them
    # before they are decoded, as a hostile run would.
    worker = grader.pool._workers[0]
    ref = worker.exchange(grader.request(GRAPH_EX, GRAPH_EX.solution, 0, "reference"))
    yours = worker.exchange(grader.request(GRAPH_EX, CORRECT, 0, "learner"))
    assert ref["status"] == yours["status"] == "ok"
    return ref, yours


def _verdicts_of(grader, ref, bad_learner, good_learner):
    subs = [Submission(GRAPH_EX, "bad = 1\n", free_rule=False), Submission(GRAPH_EX, CORRECT, free_rule=False)]
    runs = {(0, 0, "reference"): ref, (0, 0, "learner"): bad_learner,
            (1, 0, "reference"): ref, (1, 0, "learner"): good_learner}
    out: list = []

    def work():
        from tutor.grade.report import GradeReport, to_json
        from tutor.reports.gradescope import to_gradescope
        from tutor.reports.junit import to_junit

        results = [exercise_result(s.exercise, s.code, [TrialRuns(s.exercise.trials[0],
                                                                  RunReply.from_wire(runs[(i, 0, "reference")]),
                                                                  RunReply.from_wire(runs[(i, 0, "learner")]), {})],
                                   [False] * len(s.exercise.checks), 10.0)
                   for i, s in enumerate(subs)]
        reports = [GradeReport("p", [r], submission=f"s{i}") for i, r in enumerate(results)]
        texts = (to_json(reports), to_junit(reports), to_gradescope(reports[0]))
        out.append((results, texts))

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join(300)  # a liveness bound, not a timing assertion: a cycle must not hang the grader
    assert out, "the verdict did not come back (a hang on hostile data?)"
    return out[0]


@pytest.mark.parametrize("name", list(PER_CHECK_BAD))
def test_row6_bad_check_data_fails_that_check_alone(grader, real_runs, name):
    ref, yours = real_runs
    mutate, index = PER_CHECK_BAD[name]
    bad = copy.deepcopy(yours)
    mutate(bad["payload"]["probes"])
    (bad_result, good_result), (json_text, junit_text, _gs) = _verdicts_of(grader, ref, bad, copy.deepcopy(yours))
    assert good_result.status == "passed", _text(good_result)
    assert not bad_result.checks[index].passed
    # its message is one sane string (the wording may name what was wrong with the data)
    assert isinstance(bad_result.checks[index].message, str) and bad_result.checks[index].message
    for i, check in enumerate(bad_result.checks):
        if i != index:
            assert check.passed, (i, check.name, check.message)
    json.loads(json_text)
    ET.fromstring(junit_text.split("\n", 1)[1])


@pytest.mark.parametrize("name", list(WHOLE_RUN_BAD))
def test_row6_bad_run_fails_that_student_alone(grader, real_runs, name):
    ref, yours = real_runs
    bad = copy.deepcopy(yours)
    WHOLE_RUN_BAD[name](bad)
    (bad_result, good_result), (json_text, junit_text, _gs) = _verdicts_of(grader, ref, bad, copy.deepcopy(yours))
    assert good_result.status == "passed", _text(good_result)
    if name == "error_fields_wrong":  # right answers, then an exception: an error, but its checks may pass
        assert bad_result.status == "error", _text(bad_result)
    elif name != "output_is_list":
        assert bad_result.status != "passed" and not any(c.passed for c in bad_result.checks), _text(bad_result)
    json.loads(json_text)
    ET.fromstring(junit_text.split("\n", 1)[1])


# ======================================================================= row 9: /tmp

FILL_TMP = r'''
import os, json
errors, written = [], 0
for i in range(40):
    try:
        with open(f"/tmp/agt-fill-__TAG__-{i}", "wb") as f:
            for _ in range(16):
                f.write(b"x" * (1 << 20))
                f.flush()
                written += 1 << 20
    except OSError as e:
        errors.append(e.errno)
        break
for i in range(10000):
    try:
        open(f"/tmp/agt-fill-__TAG__-n{i}", "w").close()
    except OSError as e:
        errors.append(e.errno)
        break
found = json.dumps({"errors": errors, "written": written})
'''
USE_TMP = r'''
import os, json
with open("/tmp/honest.bin", "wb") as f:
    f.write(b"y" * (8 << 20))
found = json.dumps({"size": os.path.getsize("/tmp/honest.bin"), "listing": sorted(os.listdir("/tmp"))})
'''


@pytest.fixture(scope="module")
def tmp_runs(grader):
    fill = FILL_TMP.replace("__TAG__", TAG)
    filled = [_found(r) for r in _on_every_worker(grader, _spy_request(fill, timeout=120))]
    after = [_found(r) for r in _on_every_worker(grader, _spy_request(USE_TMP))]
    return filled, after


def test_row9_filling_tmp_gets_enospc_itself(tmp_runs):
    import errno

    filled, _ = tmp_runs
    for found in filled:
        assert found["errors"] and found["errors"][0] in (errno.ENOSPC, errno.EFBIG), found
        assert errno.ENOSPC in found["errors"], found  # the total is capped, not one file


def test_row9_next_run_in_the_same_worker_has_an_empty_tmp(tmp_runs):
    _, after = tmp_runs
    for found in after:
        assert found["size"] == 8 << 20
        assert not [n for n in found["listing"] if n.startswith("agt-fill-")], found["listing"]


def test_row9_nothing_left_in_the_hosts_tmp(tmp_runs):
    assert glob.glob(f"/tmp/agt-fill-{TAG}*") == []
    assert not os.path.exists("/tmp/honest.bin") or os.stat("/tmp/honest.bin").st_size != 8 << 20


# ========================================================= row 10: processes, IPC

FORK_BOMB = "import os\nfound = 'x'\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n"
ESCAPEE = r'''
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(1e6)
    os._exit(0)
time.sleep(0.5)
found = "escaped"
'''
PRIVILEGED_CHILD = r'''
import os, time, ctypes, json
libc = ctypes.CDLL(None, use_errno=True)
r, w = os.pipe()
if os.fork() == 0:
    out = {}
    try:
        os.setuid(0)
        out["setuid"] = "ok"
    except OSError as e:
        out["setuid"] = e.errno
    out["unshare"] = libc.unshare(0x10000000 | 0x20000000 | 0x00020000 | 0x08000000)
    if os.fork() == 0:
        os.setsid()
        time.sleep(1e6)
    os.write(w, json.dumps(out).encode())
    time.sleep(1e6)
os.close(w)
found = os.read(r, 1000).decode()
'''
SHM = r'''
import ctypes, json
libc = ctypes.CDLL(None, use_errno=True)
KEY = __KEY__
created = libc.shmget(KEY, 1 << 20, 0o1000 | 0o666)
found = json.dumps({"created": created, "errno": ctypes.get_errno()})
'''
SHM_LOOK = r'''
import ctypes, json
libc = ctypes.CDLL(None, use_errno=True)
found = json.dumps({"seen": libc.shmget(__KEY__, 0, 0)})
'''
SHM_KEY = int(TAG[:7], 16)


@pytest.fixture(scope="module")
def process_runs(grader):
    before = _host_shm_keys()
    requests = [_spy_request(FORK_BOMB, timeout=5), _spy_request(ESCAPEE), _spy_request(PRIVILEGED_CHILD)]
    replies = grader.pool.run_many(requests)
    shm = [_found(r) for r in _on_every_worker(grader, _spy_request(SHM.replace("__KEY__", str(SHM_KEY))))]
    looked = [_found(r) for r in _on_every_worker(grader, _spy_request(SHM_LOOK.replace("__KEY__", str(SHM_KEY))))]
    leftovers = []
    for _ in range(100):  # killed processes may take a moment to disappear
        leftovers = run_processes([grader])
        if not leftovers:
            break
        time.sleep(0.2)
    return {"replies": replies, "shm": shm, "looked": looked, "leftovers": leftovers, "shm_before": before,
            "shm_after": _host_shm_keys()}


def _host_shm_keys() -> set[int]:
    try:
        lines = Path("/proc/sysvipc/shm").read_text().splitlines()[1:]
    except OSError:
        return set()
    return {int(line.split()[0]) for line in lines if line.split()}


def test_row10_runs_ran(process_runs):
    bomb, escapee, privileged = process_runs["replies"]
    assert bomb.status in ("timeout", "died"), bomb
    assert _found(escapee) == "escaped"
    child = _found(privileged)
    assert child["setuid"] != "ok", child


def test_row10_nothing_a_run_started_survives_it(process_runs):
    assert process_runs["leftovers"] == []


def test_row10_sysv_ipc_does_not_outlive_the_run(process_runs):
    for found in process_runs["shm"]:
        # refused (NOTE [memory no process maps], seccomp.py); made, it would die with the run's IPC namespace
        assert found["created"] == -1 and found["errno"] == errno.EPERM, found
    for found in process_runs["looked"]:
        assert found["seen"] == -1, found  # the next run in the same worker does not see it
    assert SHM_KEY not in process_runs["shm_after"]


# ======================================================= row 11: no capabilities

CAPS = r'''
import ctypes, json, os
libc = ctypes.CDLL(None, use_errno=True)
class H(ctypes.Structure):
    _fields_ = [("v", ctypes.c_uint32), ("pid", ctypes.c_int)]
class D(ctypes.Structure):
    _fields_ = [("e", ctypes.c_uint32), ("p", ctypes.c_uint32), ("i", ctypes.c_uint32)]
h = H(0x20080522, 0)
d = (D * 2)()
r = libc.capget(ctypes.byref(h), d)
out = {"r": r, "caps": [d[0].e, d[0].p, d[0].i, d[1].e, d[1].p, d[1].i],
       "nnp": libc.prctl(39, 0, 0, 0, 0),
       "bounding": [c for c in range(64) if libc.prctl(23, c, 0, 0, 0) == 1],
       "ambient": [c for c in range(64) if libc.prctl(47, 1, c, 0, 0) == 1]}
try:
    os.setuid(0)
    out["setuid0"] = True
except OSError:
    out["setuid0"] = False
found = json.dumps(out)
'''


def test_row11_no_capabilities_no_new_privileges(grader):
    found = _found(grader.pool.run(_spy_request(CAPS)))
    assert found["r"] == 0, found
    assert found["caps"] == [0] * 6, found
    assert found["nnp"] == 1, found
    assert found["bounding"] == [] and found["ambient"] == [], found
    assert found["setuid0"] is False


# ============================================================= row 12: no network

NET = r'''
import socket, json
out = {}
try:
    s = socket.create_connection(("127.0.0.1", __TCP__), timeout=5)
    s.sendall(b"hello from the run")
    out["tcp"] = "connected"
except OSError as e:
    out["tcp"] = "ERR " + type(e).__name__
try:
    u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    u.sendto(b"hello from the run", ("127.0.0.1", __UDP__))
    out["udp"] = "sent"
except OSError as e:
    out["udp"] = "ERR " + type(e).__name__
try:
    a = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    a.settimeout(5)
    a.connect(__ABSTRACT__)
    a.sendall(b"hello from the run")
    out["abstract"] = "connected"
except OSError as e:
    out["abstract"] = "ERR " + type(e).__name__
found = json.dumps(out)
'''


def test_row12_no_network(grader):
    tcp = socket.socket()
    tcp.bind(("127.0.0.1", 0))
    tcp.listen(8)
    tcp.setblocking(False)
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    udp.setblocking(False)
    abstract_name = b"\0agt-iso-" + TAG.encode()
    abstract = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    abstract.bind(abstract_name)
    abstract.listen(8)
    abstract.setblocking(False)
    try:
        code = (NET.replace("__TCP__", str(tcp.getsockname()[1])).replace("__UDP__", str(udp.getsockname()[1]))
                .replace("__ABSTRACT__", repr(abstract_name)))
        found = _found(grader.pool.run(_spy_request(code)))
        assert found["tcp"].startswith("ERR"), found
        assert found["abstract"].startswith("ERR"), found
        for server in (tcp, abstract):
            with pytest.raises(BlockingIOError):
                server.accept()
        with pytest.raises(BlockingIOError):
            udp.recvfrom(100)
    finally:
        for s in (tcp, udp, abstract):
            s.close()


# ================================================================ row 13: signals

KILLERS = {
    "kill_minus_one": "import os, signal\nos.kill(-1, signal.SIGKILL)\ny = 0\n",
    "killpg_zero": "import os, signal\nos.killpg(0, signal.SIGKILL)\ny = 0\n",
    "kill_parent": "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\ny = 0\n",
    "kill_every_pid": "import os, signal\nfor p in range(1, 70000):\n    try:\n        os.kill(p, signal.SIGKILL)\n"
                      "    except OSError:\n        pass\ny = 0\n",
    "child_kill_minus_one": "import os, signal, time\nif os.fork() == 0:\n    os.setsid()\n"
                            "    os.kill(-1, signal.SIGKILL)\n    os._exit(0)\ntime.sleep(0.5)\ny = 0\n",
}


@pytest.fixture(scope="module")
def killed_workers(grader):
    """Each killer run on one worker: does that worker survive it?"""
    out = {}
    worker = grader.pool._workers[0]
    for name, code in KILLERS.items():
        if worker.proc is None or worker.proc.poll() is not None:
            worker.start()
        before = worker.proc.pid
        try:
            reply = worker.run(grader.request(SQUARE, code, 0, "learner"))
        except WorkerDied as exc:
            reply = RunReply("worker died", exit=ExitRecord(why=str(exc)))
        alive = worker.proc is not None and worker.proc.poll() is None and worker.proc.pid == before
        out[name] = (alive, reply.status, reply.exit)
    return out


@pytest.mark.parametrize("name", list(KILLERS))
def test_row13_a_run_cannot_signal_its_own_worker(killed_workers, name):
    alive, status, exit_info = killed_workers[name]
    assert alive, (name, status, exit_info)


def test_row13_signals_do_not_reach_the_grader_or_classmates(grader):
    for w in grader.pool._workers:
        if w.proc is None or w.proc.poll() is not None:
            w.start()
    workers_before = {w.proc.pid for w in grader.pool._workers if w.proc is not None}
    slow_honest = "import time\ntime.sleep(1.0)\n" + CORRECT
    names = list(KILLERS)
    subs = []
    for name in names:  # an honest classmate beside each killer
        subs += [Submission(SQUARE, KILLERS[name]), Submission(SQUARE, slow_honest)]
    results = grader.grade(subs)
    honest = results[1::2]
    for name, result in zip(names, honest):
        assert result.status == "passed", (name, _text(result))
    for result in results[0::2]:
        assert result.status != "passed"
    os.kill(os.getpid(), 0)  # and we are alive
    for w in grader.pool._workers:  # the pool still works
        if w.proc is None or w.proc.poll() is not None:
            w.start()
    assert grader.grade([Submission(SQUARE, CORRECT)])[0].status == "passed"


# ========================================== rows 7, 8, 14, 2 through the real CLI

HIDE_YAML = """\
id: hide
title: hidden first
prompt: compute y and its gradient
setup: |
  torch.manual_seed(seed)
  x = torch.randn(3, requires_grad=True)
solution: |
  y = (x ** 2).sum()
  y.backward()
checks:
  - kind: grad
    tensor: x
  - kind: value
    expr: y
trials:
  - seed: 11
    hidden: true
  - seed: 0
"""
NASTY = "\udc80 \x01\x0b \x1b[2J\x1b]0;title\x07 \r::error::pwned\n::error file=x::pwned\n##[error]pwned\n##vso[task.complete]x\n"
HIDDEN = {
    "hider_print": "if seed == 11:\n    print('HIDDENOUT', x.tolist())\n",
    "hider_raise": "if seed == 11:\n    raise ValueError('HIDDENMSG ' + repr(x.tolist()))\n" + CORRECT,
    "hider_type": "if seed == 11:\n    raise type('HIDDENTYPE_' + str(abs(int(x[0].item() * 1000))), (Exception,), {})()\n"
                  + CORRECT,
    "hider_exit": "import os\nif seed == 11:\n    os._exit(200 + 13)\n" + CORRECT,
    "hider_sleep": "import time\nif seed == 11:\n    print('HIDDENSLEEP')\n    time.sleep(1e6)\n" + CORRECT,
    "hider_warning": "import warnings\nif seed == 11:\n    warnings.warn('HIDDENWARN ' + repr(x.tolist()))\n",
}


def _make_pack(root: Path) -> Path:
    proc = subprocess.run([sys.executable, "-m", "tutor", "pack", "new", str(root), "--id", "iso-pack"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    (root / "exercises" / "hide.yaml").write_text(HIDE_YAML)
    lesson = root / "lessons" / "01-first-lesson.yaml"
    lesson.write_text(lesson.read_text().replace("  - square-gradient\n", "  - square-gradient\n  - hide\n"))
    return root


@pytest.fixture(scope="module")
def cli_class(tmp_path_factory):
    base = tmp_path_factory.mktemp("cli")
    pack = _make_pack(base / "pack")
    solution_file = pack / "exercises" / "square-gradient.py"
    assert solution_file.is_file()
    klass = base / "class"
    students = {
        "honest": {"square-gradient.py": CORRECT, "hide.py": CORRECT},
        "loud": {"square-gradient.py": f"print({NASTY!r})\nraise ValueError({NASTY!r})\n",
                 "hide.py": f"import sys\nprint({NASTY!r})\nsys.stderr.write({NASTY!r})\n"
                            f"class E(Exception):\n    pass\nE.__name__ = {NASTY!r}\nraise E({NASTY!r})\n"},
        "envspy": {"square-gradient.py": "import os\nprint(dict(os.environ))\nraise ValueError(str(dict(os.environ)))\n"},
        **{name: {"hide.py": code} for name, code in HIDDEN.items()},
    }
    for name, files in students.items():
        folder = klass / name
        folder.mkdir(parents=True)
        for fname, code in files.items():
            (folder / fname).write_text(code, encoding="utf-8", errors="surrogatepass")
    # row 8: submissions that are not regular files
    (klass / "links").mkdir()
    os.symlink(klass / "honest" / "square-gradient.py", klass / "links" / "square-gradient.py")
    os.symlink("/etc/passwd", klass / "links" / "hide.py")
    (klass / "links2").mkdir()
    os.symlink(solution_file, klass / "links2" / "square-gradient.py")
    os.symlink("../honest/hide.py", klass / "links2" / "hide.py")
    (klass / "fifo").mkdir()
    os.mkfifo(klass / "fifo" / "square-gradient.py")
    (klass / "fifo" / "hide.py").mkdir()
    (klass / "big").mkdir()
    (klass / "big" / "square-gradient.py").write_text(CORRECT + "#" * (10 << 20) + "\n")
    out = base / "out"
    out.mkdir()
    env = {**os.environ, "AGT_CI_TOKEN": TOKEN}
    env.pop("AGT_DEBUG_RUNS", None)
    env.pop("GITHUB_ACTIONS", None)  # in GitHub Actions, grade prints annotations: workflow commands of its own
    # a temporary folder of this grade's own: a test without the sandbox beside it makes agt-run-* in /tmp
    tmp = base / "tmp"
    tmp.mkdir()
    env["TMPDIR"] = str(tmp)
    before = set(os.listdir(tmp))
    # 3 s of CPU is a hundred times what these runs use; hider_sleep waits out the
    # wall-clock bound (twice the limit plus 3 s): 9 s, where 5 s of CPU made it
    # 13 s, idle, in the normal user's stream of the part run alone
    proc = subprocess.run(
        [sys.executable, "-m", "tutor", "grade", str(klass), "--pack", str(pack), "--json", str(out / "report.json"),
         "--junit", str(out / "report.xml"), "--gradescope", str(out / "gs"), "--timeout", "3", "--jobs", "2"],
        capture_output=True, text=True, timeout=900, env=env, cwd=str(base), errors="surrogateescape")
    after = set(os.listdir(tmp))
    return {"proc": proc, "out": out, "pack": pack, "class": klass, "students": sorted(os.listdir(klass)),
            "new_tmp": sorted(n for n in after - before if n.startswith("agt-"))}


def _report_texts(cli) -> dict[str, str]:
    out = cli["out"]
    texts = {}
    for path in sorted(out.rglob("*")):
        if path.is_file():
            texts[str(path.relative_to(out))] = path.read_bytes().decode("utf-8")
    return texts


def _student(cli, name: str) -> dict:
    data = json.loads((cli["out"] / "report.json").read_text(encoding="utf-8"))
    return next(s for s in data["submissions"] if s.get("submission") == name)


def _exercise_of(cli, student: str, ex_id: str) -> dict:
    return next(e for e in _student(cli, student)["exercises"] if e["id"] == ex_id)


def test_row7_cli_writes_every_report_for_every_student(cli_class):
    proc = cli_class["proc"]
    assert proc.returncode == 0, proc.stderr[-3000:]
    data = json.loads((cli_class["out"] / "report.json").read_text(encoding="utf-8"))
    assert sorted(s["submission"] for s in data["submissions"]) == cli_class["students"]
    assert data.get("isolation") == "bwrap" or all(s.get("isolation") == "bwrap" for s in data["submissions"])
    honest = _student(cli_class, "honest")
    assert all(e["status"] == "passed" for e in honest["exercises"]), honest
    for name in cli_class["students"]:
        gs = json.loads((cli_class["out"] / "gs" / name / "results.json").read_text(encoding="utf-8"))
        assert gs["tests"]


def test_row7_junit_parses(cli_class):
    import junitparser

    path = cli_class["out"] / "report.xml"
    ET.parse(path)
    suites = list(junitparser.JUnitXml.fromfile(str(path)))
    names = {s.name for s in suites}
    for student in cli_class["students"]:
        assert f"{student}.square-gradient" in names and f"{student}.hide" in names, names


def test_row7_reports_hold_no_escape_surrogate_or_control_character(cli_class):
    for name, text in _report_texts(cli_class).items():
        assert "\x1b" not in text and "\udc80" not in text, name
        assert not any(c in text for c in "\x00\x01\x0b\x0c\x07"), name
    # and the loud student's text is still there, made harmless
    loud = _exercise_of(cli_class, "loud", "square-gradient")
    assert loud["status"] == "error"
    assert "pwned" in json.dumps(loud)


def test_row7_terminal_and_ci_log_are_inert(cli_class):
    proc = cli_class["proc"]
    for stream in (proc.stdout, proc.stderr):
        assert "\x1b" not in stream
        for line in stream.splitlines():
            assert not line.lstrip().startswith(("::", "##[", "##vso[")), line


def test_row7_no_stray_temp_files(cli_class):
    out = cli_class["out"]
    found = sorted(str(p.relative_to(out)) for p in out.rglob("*"))
    expected = {"report.json", "report.xml", "gs"} | {f"gs/{s}" for s in cli_class["students"]} | \
               {f"gs/{s}/results.json" for s in cli_class["students"]}
    assert set(found) == expected, set(found) ^ expected
    assert cli_class["new_tmp"] == [] or all(not n.startswith("agt-run-") for n in cli_class["new_tmp"]), \
        cli_class["new_tmp"]


@pytest.mark.parametrize("student,ex_id,words", [
    ("links", "square-gradient", "symbolic link"),
    ("links", "hide", "symbolic link"),
    ("links2", "square-gradient", "symbolic link"),
    ("links2", "hide", "symbolic link"),
    ("fifo", "square-gradient", "not a regular file"),
    ("fifo", "hide", "not a regular file"),
    ("big", "square-gradient", "over the limit"),
])
def test_row8_irregular_submission_files_are_refused(cli_class, student, ex_id, words):
    ex = _exercise_of(cli_class, student, ex_id)
    assert ex["status"] == "error", ex
    assert ex["score"] == 0
    assert words in ex["error"] and "\n" not in ex["error"].strip(), ex["error"]
    assert not any(c["passed"] for c in ex["checks"])


def test_row8_link_targets_are_never_read(cli_class):
    texts = "\n".join(_report_texts(cli_class).values())
    assert "root:x:0:0" not in texts
    solution = (cli_class["pack"] / "exercises" / "square-gradient.py").read_text()
    for line in solution.splitlines():
        if len(line.strip()) > 12:
            assert line.strip() not in texts or line.strip() in CORRECT, line


def test_row2_cli_secret_env_appears_in_no_report(cli_class):
    assert TOKEN not in "\n".join(_report_texts(cli_class).values())
    assert TOKEN not in cli_class["proc"].stdout and TOKEN not in cli_class["proc"].stderr
    env_student = _exercise_of(cli_class, "envspy", "square-gradient")
    assert env_student["status"] == "error"  # the run ran and printed its environment


@pytest.mark.parametrize("name", list(HIDDEN))
def test_row14_hidden_trial_leaks_nothing_the_run_controls(cli_class, name):
    ex = _exercise_of(cli_class, name, "hide")
    assert ex["status"] != "passed"
    texts = _report_texts(cli_class)
    student_texts = {k: v for k, v in texts.items() if k == f"gs/{name}/results.json"}
    json_part = json.dumps(ex)
    junit = ET.fromstring(texts["report.xml"].split("\n", 1)[1])
    suite = next(s for s in junit.iter("testsuite") if s.get("name") == f"{name}.hide")
    junit_part = ET.tostring(suite, encoding="unicode")
    for where, text in [("json", json_part), ("junit", junit_part), *student_texts.items()]:
        text = re.sub(r'time="[0-9.]+"', "", text)
        for needle in ("HIDDEN", "213"):
            assert needle not in text, (where, needle, text[:2000])


def test_row14_hidden_timing_is_not_reported(cli_class):
    junit = ET.parse(cli_class["out"] / "report.xml").getroot()
    times = {s.get("name"): s.get("time") for s in junit.iter("testsuite")}
    # the sleeper's time is the same as its batch's honest classmates: no per-run timing
    # the sleeper slept out its limit on the hidden trial only (the wall-clock
    # bound of a 3 s CPU limit, 9 s: docs/grading.md): a time that includes the
    # hidden trial's run would say so
    suite_times = [float(s.get("time")) for s in junit.iter("testsuite") if s.get("name") == "hider_sleep.hide"]
    case_times = [float(c.get("time")) for s in junit.iter("testsuite") if s.get("name") == "hider_sleep.hide"
                  for c in s.iter("testcase")]
    assert suite_times and all(t < 5.0 for t in suite_times + case_times), times


def _same_batch(cli, name: str) -> set[str]:
    from tutor.commands.grade import BATCH

    students = cli["students"]
    i = students.index(name)
    start = i - i % BATCH
    return set(students[start:start + BATCH])


# ====================================================== row 15: without a sandbox


def test_row15_no_bwrap_refuses_with_one_line_and_no_sandbox_records_none(tmp_path, cli_class):
    nobin = tmp_path / "nobin"
    nobin.mkdir()
    one = tmp_path / "one"
    one.mkdir()
    (one / "square-gradient.py").write_text(CORRECT)
    env = {**os.environ, "PATH": str(nobin)}
    args = [sys.executable, "-m", "tutor", "grade", str(one), "--pack", str(cli_class["pack"]),
            "--json", str(tmp_path / "r.json"), "--jobs", "1"]
    refused = subprocess.run(args, capture_output=True, text=True, timeout=300, env=env)
    assert refused.returncode == 2, (refused.returncode, refused.stderr)
    lines = [line for line in refused.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "--no-sandbox" in lines[0], refused.stderr
    assert not (tmp_path / "r.json").exists()
    graded = subprocess.run(args + ["--no-sandbox"], capture_output=True, text=True, timeout=300, env=env)
    assert graded.returncode == 0, graded.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["isolation"] == "none", data
    square = next(e for e in data["exercises"] if e["id"] == "square-gradient")
    assert square["status"] == "passed", square
