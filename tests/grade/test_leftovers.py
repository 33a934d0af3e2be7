"""NOTE [the code's leftovers] (leftovers.py): what the code left behind runs nowhere between its end and
the probes, and what gets through counts. Each case runs in a fresh interpreter with the real observers and
real torch (pytest's own process has threads and handlers of its own); the corpus's `bad_r47*` files are
the same routes through a whole grade.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from support import REPO

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="a run's leftovers are Linux's")


def _run(code: str) -> dict:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


RECORD = """
import json, sys, threading, torch
from tutor.grade import observe
observe.install()
ns = {}
observe.begin(ns, {})
x = torch.ones(3, requires_grad=True)
y = (x * 2).sum()
observe.end()
at_end = observe.report({})["nodes"]
"""


def test_nodes_made_after_the_record_closed_are_counted():
    out = _run(RECORD + """
ns["z"] = (x * 3).sin().sum()  # three nodes on the run's own thread, after the record closed
observe.count_late()
late = observe.report({})
print(json.dumps({"at_end": at_end, "late": late["nodes"]}))
""")
    assert out == {"at_end": 2, "late": 5}


def test_a_thread_started_after_the_record_closed_is_work_in_a_thread():
    out = _run(RECORD + """
t = threading.Thread(target=lambda: ns.update(z=(x * 3).sin().sum()))
t.start(); t.join()
observe.count_late()
late = observe.report({})
print(json.dumps({"nodes": late["nodes"], "threads_left": late["threads_left"]}))
""")
    assert out == {"nodes": None, "threads_left": 1}  # unknown nodes: footprint says a thread did work


def test_quiet_stops_timers_and_handlers_and_flushes_while_the_record_is_open():
    out = _run("""
import json, signal, sys
from tutor.grade import leftovers
fired, flushed = [], []
handlers = (lambda *_: fired.append(1), lambda *_: fired.append(2))
signal.signal(signal.SIGALRM, handlers[0])
signal.setitimer(signal.ITIMER_REAL, 0.001, 0.001)
signal.signal(signal.SIGUSR1, handlers[1])
sys.stdout.flush = lambda: flushed.append(1)  # the stream's own dict, as the second attacker's
leftovers.quiet((sys.stdout,))
del sys.stdout.flush
after = [signal.getitimer(w)[0] for w in (signal.ITIMER_REAL, signal.ITIMER_VIRTUAL, signal.ITIMER_PROF)]
print(json.dumps({"timers": after, "alrm": signal.getsignal(signal.SIGALRM) == signal.SIG_DFL,
                  "usr1": signal.getsignal(signal.SIGUSR1) == signal.SIG_DFL, "flushed": flushed,
                  "handlers_kept": all(any(k is h for k in leftovers.KEPT) for h in handlers)}))
""")
    assert out == {"timers": [0.0, 0.0, 0.0], "alrm": True, "usr1": True, "flushed": [1], "handlers_kept": True}


def test_the_probe_fork_runs_the_at_fork_callbacks_the_code_began_with_only():
    out = _run("""
import json, os
from tutor.grade import leftovers
assert len(leftovers._FORKERS) == 3  # the interpreter's lists, found as the module loaded
held = leftovers.forkers_now()
r, w = os.pipe()
os.register_at_fork(after_in_child=lambda: os.write(w, b"code's "))  # the code's, after it began
leftovers.put_back_forkers(held)
pid = os.fork()
if pid == 0:
    os.write(w, b"child")
    os._exit(0)
os.waitpid(pid, 0)
os.close(w)
print(json.dumps({"child wrote": os.read(r, 100).decode()}))
""")
    assert out == {"child wrote": "child"}
