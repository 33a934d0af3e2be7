"""Where the suite's CPU goes: each test's CPU, of its own process and of everything it starts (grading
workers, kernels, the CLI, a browser), read from a cgroup the run has to itself, so that other work on the
machine counts for nothing.

    sudo .venv/bin/python bench/suite_cpu.py run OUT.jsonl -- -m "not alone" -n 0 -p no:randomly
    .venv/bin/python bench/suite_cpu.py show OUT.jsonl [--top 30]

``run`` makes a cgroup (cgroup v1's cpuacct, or v2), moves itself into it and runs pytest there with this
file as a plugin, which writes one JSON line per test: its id, CPU seconds and wall seconds. Run it with
``-n 0``: xdist's workers would share the cgroup, and each test's figure would count the other's. ``show``
prints the CPU by file, heaviest first, with each file's share of the whole. The figures of round 44
(docs/grading.md, "Where the suite's CPU goes") were taken so.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import time
from pathlib import Path

_V1 = Path("/sys/fs/cgroup/cpuacct")
_V2 = Path("/sys/fs/cgroup")


def _make_cgroup() -> Path:
    """A cgroup of this process's own; returns the file that holds its CPU time."""
    name = f"agt-suite-{os.getpid()}"
    if (_V1 / "tasks").exists():
        group = _V1 / name
        group.mkdir(exist_ok=True)
        (group / "tasks").write_text(str(os.getpid()))
        return group / "cpuacct.usage"  # nanoseconds
    group = _V2 / name
    group.mkdir(exist_ok=True)
    (group / "cgroup.procs").write_text(str(os.getpid()))
    return group / "cpu.stat"  # usage_usec


def _usage(path: str) -> float:
    """CPU seconds the cgroup used so far."""
    text = Path(path).read_text()
    if path.endswith("cpuacct.usage"):
        return int(text) / 1e9
    fields = dict(line.split() for line in text.splitlines())
    return int(fields["usage_usec"]) / 1e6


# ------------------------------------------------------------- the plugin (loaded by `run`'s pytest)

def pytest_configure(config) -> None:
    config._suite_cpu = (os.environ.get("SUITE_CPU_USAGE"), os.environ.get("SUITE_CPU_OUT"))


def _pytest_runtest_protocol(item, nextitem):
    usage, out = item.config._suite_cpu
    if not usage or not out:
        yield
        return
    cpu, wall = _usage(usage), time.monotonic()
    yield
    with open(out, "a", encoding="utf-8") as f:
        f.write(json.dumps({"id": item.nodeid, "cpu": _usage(usage) - cpu, "wall": time.monotonic() - wall}) + "\n")


try:
    import pytest

    pytest_runtest_protocol = pytest.hookimpl(hookwrapper=True)(_pytest_runtest_protocol)
except ImportError:  # `show` needs no pytest
    pass


# ------------------------------------------------------------- the commands

def run(out: Path, pytest_args: list[str]) -> int:
    usage = _make_cgroup()
    out.unlink(missing_ok=True)
    env = {**os.environ, "SUITE_CPU_USAGE": str(usage), "SUITE_CPU_OUT": str(out.resolve()),
           "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parent), os.environ.get("PYTHONPATH", "")])}
    start = _usage(str(usage))
    code = subprocess.call([sys.executable, "-m", "pytest", "-p", "suite_cpu", *pytest_args], env=env)
    print(f"the whole run: {_usage(str(usage)) - start:.0f} s of CPU")
    return code


def show(out: Path, top: int) -> None:
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if line.strip()]
    total = sum(r["cpu"] for r in rows) or 1.0
    by_file: dict = collections.defaultdict(lambda: [0.0, 0.0, 0])
    for r in rows:
        entry = by_file[r["id"].split("::")[0]]
        entry[0] += r["cpu"]
        entry[1] += r["wall"]
        entry[2] += 1
    print(f"{len(rows)} tests, {total:.0f} s of CPU in them")
    print(f"{'CPU s':>8} {'share':>6} {'wall s':>8} {'tests':>6}  file")
    for name, (cpu, wall, n) in sorted(by_file.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{cpu:8.1f} {100 * cpu / total:5.1f}% {wall:8.1f} {n:6d}  {name}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("pytest_args", nargs=argparse.REMAINDER)
    s = sub.add_parser("show")
    s.add_argument("out", type=Path)
    s.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    if args.command == "run":
        return run(args.out, [a for a in args.pytest_args if a != "--"])
    show(args.out, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
