"""Whole-process wall time of the command line, beside bare Python.

    .venv/bin/python bench/bench_cli.py [--runs N]

Prints the median of N runs for each command and its ratio to starting
Python with argparse imported (the floor for any argparse CLI). Run on a quiet
machine; never asserted in tests.
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


def median_wall(cmd: list[str], runs: int, env: dict) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="bench-home-")
    env = {**os.environ, "AUTOGRAD_TUTOR_HOME": home}
    exe = shutil.which("autograd-tutor", path=str(Path(sys.executable).parent)) or "autograd-tutor"
    cases = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("python -c 'import argparse'", [sys.executable, "-c", "import argparse"]),
        ("autograd-tutor --help", [exe, "--help"]),
        ("autograd-tutor pack validate builtin", [exe, "pack", "validate", "builtin"]),
        ("autograd-tutor list", [exe, "list"]),
    ]
    results = {name: median_wall(cmd, args.runs, env) for name, cmd in cases}
    floor = results["python -c 'import argparse'"]
    print(f"median of {args.runs} runs, whole process (python {sys.version.split()[0]})")
    for name, seconds in results.items():
        print(f"  {name:<40} {seconds * 1000:7.1f} ms   x{seconds / floor:5.2f} vs python+argparse")
    shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
