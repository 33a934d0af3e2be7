"""A pytest plugin: the CPU time each test costs, its sandboxes included.

    PYTHONPATH=bench .venv/bin/python -m pytest -p suite_cpu [pytest args]
    .venv/bin/python bench/suite_cpu.py /tmp/suite-cpu.tsv      # per file, heaviest first

Each pytest process (each xdist worker) moves itself into a cgroup of its
own (cgroup v1 ``cpuacct``, root only), so every process it starts (the
CLI, bubblewrap, the grading workers and their runs, the browser) counts,
waited for or not; ``getrusage`` misses those behind a sandbox. Writes
``seconds<TAB>node id`` lines to ``$AGT_SUITE_CPU`` (default
/tmp/suite-cpu.tsv). A measuring tool: the suite never loads it.
"""

from __future__ import annotations

import collections
import os
import sys
from pathlib import Path

ROOT = Path("/sys/fs/cgroup/cpuacct")
OUT = os.environ.get("AGT_SUITE_CPU", "/tmp/suite-cpu.tsv")
_group: Path | None = None


def _usage() -> float:
    return int((_group / "cpuacct.usage").read_text()) / 1e9 if _group else 0.0


def pytest_configure(config) -> None:
    global _group
    name = os.environ.get("PYTEST_XDIST_WORKER", "main")
    group = ROOT / "agt-suite" / f"{name}-{os.getpid()}"
    try:
        group.mkdir(parents=True, exist_ok=True)
        (group / "cgroup.procs").write_text(str(os.getpid()))
        _group = group
    except OSError as exc:
        print(f"suite_cpu: no cgroup ({exc}); nothing measured", file=sys.stderr)


def pytest_runtest_protocol(item, nextitem):
    start = _usage()
    yield
    if _group:
        with open(OUT, "a") as out:
            out.write(f"{_usage() - start:.3f}\t{item.nodeid}\n")


pytest_runtest_protocol = __import__("pytest").hookimpl(hookwrapper=True)(pytest_runtest_protocol)


def main(path: str) -> None:
    per, count = collections.Counter(), collections.Counter()
    for line in Path(path).read_text().splitlines():
        seconds, node = line.split("\t", 1)
        name = node.split("::")[0]
        per[name] += float(seconds)
        count[name] += 1
    total = sum(per.values())
    print(f"{total:.0f} s CPU over {sum(count.values())} tests")
    for name, seconds in per.most_common(40):
        print(f"{seconds:8.1f} s {100 * seconds / total:5.1f}% {count[name]:5d}  {name}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else OUT)
