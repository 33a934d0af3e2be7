"""What the observers cost per backward pass, when a check follows gradients.

    .venv/bin/python bench/bench_pass.py [--baseline DIR] [--rounds N]

Installs the observers in-process (as a grading worker does), binds two
leaves of five elements, and times 100 passes of `((x * w).sin() ** 2)
.sum().backward()` with `grads: [w, x]` followed (the bookkeeping of
observe_grads, observe_accumulated and observe_replaced runs on each),
40 times. With ``--baseline`` (a tree made by bench/baseline_tree.sh), the
same script runs on that tree too, alternating, each in a fresh process.
Prints the minimum and the median per pass, and the ratio of the minima.
A figure for reading side by side, never asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PASSES, REPEAT = 100, 40


def measure() -> list[float]:
    import torch

    from tutor.grade import observe

    observe.install()
    ns = {"torch": torch}
    exec("torch.manual_seed(0)\nx = torch.randn(5, requires_grad=True)\nw = torch.randn(5, requires_grad=True)\n", ns)
    observe.begin(ns, {"grads": ["w", "x"], "grad_roots": ["loss"], "inputs": [], "unchanged": []}, ["x", "w"])
    code = compile(f"for _ in range({PASSES}):\n    loss = ((x * w).sin() ** 2).sum()\n    loss.backward()\n",
                   "/tmp/learner.py", "exec")
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        exec(code, ns)
        times.append((time.perf_counter() - start) / PASSES * 1e6)
    observe.end()
    return times


def run_tree(tree: Path) -> list[float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, __file__, "--child"], env=env, cwd=tree, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert Path(out[0]).is_relative_to(tree), (out[0], tree)  # the tree's observers, not the venv's
    return [float(v) for v in out[1].split()]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--child", action="store_true")
    args = parser.parse_args(argv)
    if args.child:
        import tutor

        times = measure()
        print(tutor.__file__)
        print(" ".join(f"{t:.2f}" for t in times))
        return 0
    trees = {"now": ROOT, **({"baseline": args.baseline.resolve()} if args.baseline else {})}
    times: dict[str, list[float]] = {name: [] for name in trees}
    for _ in range(args.rounds):
        for name, tree in trees.items():
            times[name] += run_tree(tree)
    for name, values in times.items():
        print(f"{name:9s} min {min(values):7.1f} us   median {statistics.median(values):7.1f} us per pass "
              f"({len(values)} x {PASSES} passes, two leaves followed)")
    if "baseline" in times:
        print(f"baseline / now (minima): x{min(times['baseline']) / min(times['now']):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
