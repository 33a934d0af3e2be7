"""`pack check` of the built-in pack, side by side with a baseline tree: wall, CPU and runs.

    .venv/bin/python bench/bench_pack_check.py --baseline DIR [--rounds 2] [--jobs 2]

Each round runs ``check_pack`` on the built-in pack in a fresh process of each tree in turn (the old tree
from ``bench/baseline_tree.sh REV DIR``, run by its own venv), and prints per tree the median wall time,
the CPU time of every process it started (a cpuacct cgroup of its own, as root; else its own and its waited
children's), and how many runs the workers were sent; then the ratios. NOTE [the cheapest proof first]
(tutor/grade/packcheck.py). Figures of a shared machine: read the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ONE = r"""
import json, resource, sys, threading, time
from tutor.grade import pool
from tutor.grade.packcheck import check_pack
from tutor.pack import load_pack
runs, lock = [0], threading.Lock()
exchange = pool.Worker.exchange
def counted(self, request):
    with lock:
        runs[0] += 1
    return exchange(self, request)
pool.Worker.exchange = counted
start = time.monotonic()
results = check_pack(load_pack(None), jobs=int(sys.argv[1]))
wall = time.monotonic() - start
cpu = sum(getattr(resource.getrusage(who), f) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
          for f in ("ru_utime", "ru_stime"))
print(json.dumps({"wall": wall, "cpu": cpu, "runs": runs[0], "ok": sum(r.ok for r in results)}))
"""


CGROUP = Path("/sys/fs/cgroup/cpuacct")  # cgroup v1, root: every process the check starts counts (suite_cpu.py)


def one(python: str, jobs: int, name: str) -> dict:
    group = CGROUP / "agt-bench-pack" / f"{name}-{os.getpid()}-{time.monotonic_ns()}"
    try:
        group.mkdir(parents=True)
        command = ["sh", "-c", f'echo $$ > {group}/cgroup.procs && exec "$@"', "sh", python, "-c", ONE, str(jobs)]
    except OSError:
        group, command = None, [python, "-c", ONE, str(jobs)]
    done = subprocess.run(command, capture_output=True, text=True, cwd="/", timeout=1800)
    if done.returncode != 0:
        sys.exit(done.stderr[-2000:])
    figure = json.loads(done.stdout.strip().splitlines()[-1])
    if group is not None:
        figure["cpu"] = int((group / "cpuacct.usage").read_text()) / 1e9
        group.rmdir()
    return figure


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", required=True, help="a tree made by bench/baseline_tree.sh")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    trees = {"baseline": str(Path(args.baseline) / ".venv/bin/python"),
             "this": str(Path(__file__).resolve().parents[1] / ".venv/bin/python")}
    seen: dict[str, list[dict]] = {name: [] for name in trees}
    for r in range(args.rounds):
        for name, python in trees.items():
            figure = one(python, args.jobs, name)
            seen[name].append(figure)
            print(f"  round {r + 1} {name:<8} {figure['wall']:6.1f} s wall {figure['cpu']:6.1f} s CPU "
                  f"{figure['runs']:5d} runs, {figure['ok']} exercises ok", flush=True)
    med = {name: {k: statistics.median(f[k] for f in figures) for k in ("wall", "cpu", "runs")}
           for name, figures in seen.items()}
    for name in trees:
        print(f"{name:<8} median {med[name]['wall']:6.1f} s wall, {med[name]['cpu']:6.1f} s CPU, "
              f"{med[name]['runs']:.0f} runs")
    b, t = med["baseline"], med["this"]
    print(f"ratio (this / baseline): wall x{t['wall'] / b['wall']:.2f}, CPU x{t['cpu'] / b['cpu']:.2f}, "
          f"runs x{t['runs'] / b['runs']:.2f}")


if __name__ == "__main__":
    main()
