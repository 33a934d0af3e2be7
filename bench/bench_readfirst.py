"""What NOTE [results read before the code can run] (tutor/grade/readfirst.py) adds to a run's reads.

    .venv/bin/python bench/bench_readfirst.py [--rounds 40]

In one process, no sandbox: each built-in exercise's reference is run (setup, code, probes) ``--rounds``
times, taking turns with the watch over the grader's reads on and off (``sys.settrace`` swapped for a
function that sets nothing), and ``child.read_probes`` is timed; then the seal alone (the namespace copied,
the seal taken, its counters checked once per read and its numbers twice) on each exercise's namespace.
Prints medians and the ratio. The machine's noise hits both sides of each pair alike: read the ratio.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from tutor.grade import child, observe, pristine, readfirst
from tutor.grade.protocol import RunRequest
from tutor.grade.runkeys import probes_for
from tutor.pack import load_pack


def reads(exercises, rounds: int) -> tuple[float, float]:
    observe.install()
    pristine.snapshot()
    gc.collect()
    gc.freeze()  # as a worker's zygote does: the class scan (lookups.py) reads what was made since
    child._PHASE["control"] = -1  # not a monitored run: no probe fork, no result pipe
    real_settrace, real_read = readfirst._settrace, child.read_probes
    timed: list = []

    def read(wanted, namespace, started=None):
        start = time.perf_counter()
        out = real_read(wanted, namespace, started)
        timed.append(time.perf_counter() - start)
        return out

    child.read_probes = read
    on, off = [], []
    try:
        for ex in exercises:
            wanted = probes_for(ex, "reference")
            for i in range(rounds):
                watched = i % 2 == 1
                readfirst._settrace = real_settrace if watched else (lambda fn: None)
                child._PHASE["entered"] = False
                child.run(RunRequest(setup=ex.setup, code=ex.solution, seed=0, timeout=60, probes=wanted, jail=False))
                if i >= 4:  # the first runs warm the caches
                    (on if watched else off).append(timed[-1])
    finally:
        readfirst._settrace, child.read_probes = real_settrace, real_read
    return statistics.median(on) * 1e3, statistics.median(off) * 1e3


def seal(exercises, rounds: int) -> float:
    costs = []
    for ex in exercises:
        ns = {"torch": torch, "nn": nn, "F": F, "device": "cpu", "seed": 0}
        try:
            exec(ex.setup, ns)  # noqa: S102 - the pack's own code
            exec(ex.solution, ns)  # noqa: S102
        except Exception:  # an exercise whose reference raises on purpose
            continue
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            names, _odd = readfirst.clean(ns)
            sealed = readfirst._Seal(names, set(names))
            for _read in range(3):
                sealed.holds(numbers=False)
            sealed.holds()
            sealed.holds()
            times.append(time.perf_counter() - start)
        costs.append(statistics.median(times) * 1e6)
    return statistics.median(costs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    exercises = [ex for ex in load_pack(None).exercises.values() if ex.solution]
    on, off = reads(exercises[:8], args.rounds)
    print(f"read_probes, median over 8 exercises' references: watch on {on:.2f} ms, off {off:.2f} ms, "
          f"on / off x{on / off:.2f}")
    print(f"the seal alone (copy, take, 3 reads' counters, numbers twice): median {seal(exercises, 50):.0f} us "
          f"per run over {len(exercises)} exercises")


if __name__ == "__main__":
    main()
