"""NOTE [a bare fork] (barefork.py): the zygote forks its runs with libc's fork()
where no other Python thread is alive, skipping Python's after-fork work;
anywhere else, os.fork(). Each case runs in a fresh interpreter: pytest's
own process has threads (xdist's), which would send every fork the old way.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from support import REPO

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the zygote's fork is Linux's")

BARE = sys.implementation.name == "cpython" and sys.version_info[:2] == (3, 11)

# A child that uses what Python's after-fork work would have remade: the
# current thread, a new thread, the import lock, logging, random, signal
# handlers (main thread only), and a fork of its own (the probe phase's).
CHILD_WORKS = """
import json, logging, os, random, signal, sys, threading
from tutor.grade import barefork

ran = []
os.register_at_fork(after_in_child=lambda: ran.append("callback"))
{before}
r, w = os.pipe()
pid = barefork.fork()
if pid == 0:
    os.close(r)
    out = {{"callback": ran == ["callback"], "main": threading.current_thread() is threading.main_thread()}}
    box = []
    t = threading.Thread(target=lambda: box.append(threading.get_ident()))
    t.start(); t.join()
    out["thread"] = len(box) == 1 and box[0] != threading.get_ident()
    import decimal, fractions  # the import lock
    out["import"] = fractions.Fraction(1, 3) + 1 == fractions.Fraction(4, 3)
    logging.getLogger("x").warning("a line")
    random.seed(7)
    out["random"] = random.random() == 0.32383276483316237
    signal.signal(signal.SIGUSR1, signal.SIG_IGN)
    out["signal"] = True
    grandchild = os.fork()
    if grandchild == 0:
        os._exit(3)
    out["fork"] = os.waitstatus_to_exitcode(os.waitpid(grandchild, 0)[1]) == 3
    os.write(w, json.dumps(out).encode())
    os._exit(0)
os.close(w)
data = b""
while chunk := os.read(r, 4096):
    data += chunk
_, status = os.waitpid(pid, 0)
print(json.dumps({{"child": json.loads(data), "exit": os.waitstatus_to_exitcode(status), "parent_main": threading.current_thread() is threading.main_thread()}}))
"""


def _run(before: str = "") -> dict:
    import json

    code = textwrap.dedent(CHILD_WORKS.format(before=before))
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_run_forked_bare_works_as_a_forked_one_and_skips_the_callbacks():
    got = _run()
    child = got["child"]
    assert got["exit"] == 0 and got["parent_main"]
    assert {k: v for k, v in child.items() if k != "callback"} == {
        "main": True, "thread": True, "import": True, "random": True, "signal": True, "fork": True}
    # Where the fork is bare, nothing registered with os.register_at_fork runs
    # (random's reseed, torch's get_num_threads ...); elsewhere everything does.
    assert child["callback"] is (not BARE)


def test_with_another_python_thread_alive_the_fork_is_os_fork():
    # A thread that holds a lock at the fork would leave it held in the
    # child: only os.fork()'s after-fork work makes such locks again.
    before = ("stop = threading.Event()\n"
              "threading.Thread(target=stop.wait, daemon=True).start()\n")
    got = _run(before)
    assert got["exit"] == 0
    assert got["child"]["callback"] is True
    assert all(got["child"].values())


def test_the_benchmark_baseline_forks_with_os_fork():
    got = _run("barefork.use_os_fork()\n")
    assert got["child"]["callback"] is True
