"""Whole-process time of the command line, beside bare Python and, with
``--baseline``, beside another copy of the code (the code before a change).

    .venv/bin/python bench/bench_cli.py [--runs N] [--pack DIR] [--baseline DIR]

    # the code as committed, to compare a working tree against:
    mkdir /tmp/base && git archive HEAD | tar -x -C /tmp/base
    .venv/bin/python bench/bench_cli.py --baseline /tmp/base --pack /tmp/base

Each command runs as the console script does (``from tutor.cli import main``)
in a fresh process, in rounds: every command once per round, this tree and
the baseline one after the other, so a machine whose load changes during the
run slows both alike. Printed: the median wall time and the median CPU time
(user + system of the process: the steadier figure on a busy machine) of N
runs, the ratio to starting Python with argparse imported (the floor for any
argparse CLI), and the ratio to the baseline.

``pack validate`` and ``list`` run with a cold cache (an empty cache folder
each run: the pack is parsed and validated) and a warm one (the cache was
filled by an earlier run: tutor.pack.cache). Goals (issue 19): each warm
figure at most 250 ms when python + argparse takes 26 ms, about x10 of the
floor. Never asserted in tests.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ENTRY = "import sys; from tutor.cli import main; sys.exit(main())"  # what the console script runs
GOAL_FLOOR_RATIO = 250 / 26


def run_once(argv: list[str], cwd: Path, env: dict) -> tuple[float, float]:
    """(wall, CPU) seconds of one process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = 0
    return wall, usage.ru_utime + usage.ru_stime


class Case:
    def __init__(self, name: str, args: list[str] | None, *, python: list[str] | None = None,
                 cache: str | None = None) -> None:
        self.name, self.args, self.python, self.cache = name, args, python, cache
        self.walls: dict[str, list[float]] = {}
        self.cpus: dict[str, list[float]] = {}

    def argv(self) -> list[str]:
        return [sys.executable, *(self.python or ["-c", ENTRY, *self.args])]

    def run(self, tree: str, root: Path, env: dict, warm_dir: str) -> None:
        env = dict(env)
        cold = None
        if self.cache == "cold":
            cold = tempfile.mkdtemp(prefix="bench-cache-")
            env["AUTOGRAD_TUTOR_CACHE"] = cold
        elif self.cache == "warm":
            env["AUTOGRAD_TUTOR_CACHE"] = warm_dir
        wall, cpu = run_once(self.argv(), root, env)
        self.walls.setdefault(tree, []).append(wall)
        self.cpus.setdefault(tree, []).append(cpu)
        if cold:
            shutil.rmtree(cold, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--pack", default="builtin", help="the pack to list and validate (default: builtin)")
    parser.add_argument("--baseline", type=Path, metavar="DIR",
                        help="another copy of the code (a folder holding tutor/) to run beside this one")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="bench-home-")
    env = {**os.environ, "AUTOGRAD_TUTOR_HOME": home}
    env.pop("AUTOGRAD_TUTOR_NO_CACHE", None)
    pack = ["--pack", args.pack]
    cases = [
        Case("python -c pass", None, python=["-c", "pass"]),
        Case("python -c 'import argparse'", None, python=["-c", "import argparse"]),
        Case("autograd-tutor --help", ["--help"]),
        Case("pack validate, cold cache", ["pack", "validate", args.pack], cache="cold"),
        Case("pack validate, warm cache", ["pack", "validate", args.pack], cache="warm"),
        Case("list, cold cache", [*pack, "list"], cache="cold"),
        Case("list, warm cache", [*pack, "list"], cache="warm"),
    ]
    trees = {"now": REPO}
    if args.baseline:
        trees["baseline"] = args.baseline.resolve()
    warm = {tree: tempfile.mkdtemp(prefix=f"bench-cache-{tree}-") for tree in trees}
    for tree, root in trees.items():  # fill the warm caches (a tree without a cache ignores it)
        subprocess.run([sys.executable, "-c", ENTRY, "pack", "validate", args.pack], cwd=root,
                       env={**env, "AUTOGRAD_TUTOR_CACHE": warm[tree]}, capture_output=True)
        probe = subprocess.run([sys.executable, "-c", ENTRY, "pack", "validate", args.pack], cwd=root,
                               env={**env, "AUTOGRAD_TUTOR_CACHE": warm[tree]}, capture_output=True, text=True)
        if probe.returncode not in (0, 1):
            raise SystemExit(f"bench_cli: {tree}: pack validate {args.pack} failed:\n{probe.stderr}")
    for _ in range(args.runs):
        for case in cases:
            for tree, root in trees.items():
                if case.python and tree != "now":
                    continue
                case.run(tree, root, env, warm[tree])

    def med(values: list[float]) -> float:
        return statistics.median(values) * 1000

    floor = med(cases[1].walls["now"])
    floor_cpu = med(cases[1].cpus["now"])
    load = os.getloadavg()[0]
    print(f"median of {args.runs} runs, whole process (python {sys.version.split()[0]}, "
          f"load average {load:.1f} on {os.cpu_count()} cores; pack {args.pack})")
    head = f"  {'':<30} {'now: wall':>10} {'CPU':>8} {'x floor':>8}"
    if args.baseline:
        head += f"   {'baseline: wall':>14} {'CPU':>8}   {'now/baseline (wall, CPU)':>24}"
    print(head)
    for case in cases:
        wall, cpu = med(case.walls["now"]), med(case.cpus["now"])
        line = f"  {case.name:<30} {wall:8.1f} ms {cpu:5.0f} ms {wall / floor:7.2f}x"
        if args.baseline and "baseline" in case.walls:
            bwall, bcpu = med(case.walls["baseline"]), med(case.cpus["baseline"])
            line += f"   {bwall:11.1f} ms {bcpu:5.0f} ms   {wall / bwall:10.2f}x {cpu / bcpu:10.2f}x"
        print(line)
    print(f"  goal: warm `pack validate` and `list` within {GOAL_FLOOR_RATIO:.1f}x the floor "
          f"({floor * GOAL_FLOOR_RATIO:.0f} ms wall, {floor_cpu * GOAL_FLOOR_RATIO:.0f} ms CPU here)")
    for case in cases:
        if case.cache == "warm":
            ratio = med(case.walls["now"]) / floor
            print(f"    {case.name:<28} {ratio:5.2f}x floor: {'ok' if ratio <= GOAL_FLOOR_RATIO else 'OVER'}")
    shutil.rmtree(home, ignore_errors=True)
    for folder in warm.values():
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
