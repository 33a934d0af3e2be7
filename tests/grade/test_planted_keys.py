"""NOTE [a key planted in a module] (tutor/grade/pristine.py): a key whose `__eq__` is a C callable, put in a
module's dict by the code (round 38's attacker: numpy's, readfirst's own), is gone when the code has ended,
before any lookup meets it, and the module's own names stay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "lookup"


def test_a_key_planted_in_a_module_is_dropped_before_any_lookup_meets_it():
    proc = subprocess.run([sys.executable, str(HERE / "plant_keys.py")], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    found = json.loads(proc.stdout.strip().splitlines()[-1])
    assert found["before"] == {"json": 2, "readfirst": 1, "numpy": 1}  # planted (json's: the StrEnum key too)
    assert found["after"] == {"json": 0, "readfirst": 0, "numpy": 0}
    assert found["ran"] == 0  # dropped without a comparison, and no lookup met one after
    assert found["kept"] and found["modules"] > 500  # every module's dict is looked at, their names kept


def test_the_thread_count_is_not_the_codes_to_change():
    """NOTE [what a run calls after its code] (child.py): the run counts the threads its code left (to leave them
    behind in a fork) through what was taken before the code; round 38's attacker rebound `os.pread` to read
    "Threads: 1" and kept a thread through the reads."""
    code = ("import os, threading, time\n"
            "from tutor.grade import ownthreads\n"
            "own = ownthreads.open_own_status()\n"
            "threading.Thread(target=time.sleep, args=(30,), daemon=True).start()\n"
            "real = os.pread\n"
            "os.pread = lambda fd, n, at: real(fd, n, at).replace(b'Threads:\\t2', b'Threads:\\t1')\n"
            "print(ownthreads.count(own), ownthreads.count(None))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["2", "0"]  # two threads; unknown (0) where there is no status file
