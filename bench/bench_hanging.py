"""A class whose code hangs now and then: the built-in pack graded, sandbox
on, with and without NOTE [hidden trials after a failed run] (queued.py),
side by side in alternating rounds of one process.

    .venv/bin/python bench/bench_hanging.py [--students 4] [--hang 5] [--rounds 2] [--timeout 3]

Each student hands in the reference solutions, except for ``--hang``
exercises (a different few each) whose code spins until its time limit
(``while True: pass``: a hang on a core, as a learner's loop that never
ends). Prints the wall time of each mode (median of the rounds), the ratio,
and that both gave the same results. The baseline sets
``AGT_BENCH_OFF=skip-hidden``: every trial runs, as before.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from tutor.grade.grader import Grader, Submission
from tutor.pack import load_pack

HANG = "while True:\n    pass\n"


def grade(submissions, timeout: float, skip: bool):
    os.environ.pop("AGT_BENCH_OFF", None)
    if not skip:
        os.environ["AGT_BENCH_OFF"] = "skip-hidden"
    with Grader(jobs=2, timeout=timeout, sandbox="require") as grader:
        grader.pool.start()
        started = time.perf_counter()
        results = grader.grade(submissions)
        wall = time.perf_counter() - started
    os.environ.pop("AGT_BENCH_OFF", None)
    return wall, [(r.status, r.score, [(c.name, c.passed, c.message) for c in r.checks]) for r in results]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", type=int, default=4)
    parser.add_argument("--hang", type=int, default=5, help="exercises each student's code hangs in")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=3.0)
    args = parser.parse_args()
    exercises = list(load_pack(None).exercises.values())
    hidden = [ex for ex in exercises if any(t.hidden for t in ex.trials)]
    submissions = []
    for s in range(args.students):
        hangs = {hidden[(s * args.hang + k) % len(hidden)].id for k in range(args.hang)}
        for ex in exercises:
            code = HANG if ex.id in hangs else ex.solution
            submissions.append(Submission(ex, code + f"\n# student {s}\n"))
    walls = {True: [], False: []}
    said = {}
    for _ in range(args.rounds):
        for skip in (False, True):
            wall, results = grade(submissions, args.timeout, skip)
            walls[skip].append(wall)
            said[skip] = results
    before, after = statistics.median(walls[False]), statistics.median(walls[True])
    hanging = args.students * args.hang
    print(f"built-in pack, {args.students} students x {len(exercises)} exercises, {hanging} hanging "
          f"(time limit {args.timeout:g} s), jobs=2, median of {args.rounds}")
    print(f"  every trial run (before)         {before:7.2f} s   {walls[False]}")
    print(f"  hidden trials after a hang skipped {after:5.2f} s   {walls[True]}")
    print(f"  ratio x{after / before:.2f}; the same results both ways: {said[True] == said[False]}")


if __name__ == "__main__":
    main()
