"""A host of workers (NOTE [a host of workers], tutor/grade/host.py) against workers that start
themselves, side by side: the commands a test suite, or a course's CI grading push by push, runs one
after another.

    .venv/bin/python bench/bench_host.py [--rounds 5]

Starts one host, then alternates each command without it and with it (``AGT_WORKER_HOST``): a
learner's `check` of one exercise, and `grade` of one student's folder. A hosted worker is the host's
child, not the command's, so CPU is read for the whole machine (/proc/stat, every state but idle and
iowait): run it on a quiet machine. Prints medians of wall time and machine CPU, and the ratios.
A figure for reading, never asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def busy_seconds() -> float:
    """CPU-seconds the whole machine spent busy so far."""
    with open("/proc/stat") as f:
        fields = [int(v) for v in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def commands(folder: Path) -> dict[str, list[str]]:
    student = folder / "class" / "ana"
    student.mkdir(parents=True, exist_ok=True)
    solution = (ROOT / "exercises" / "make-a-leaf.py").read_text(encoding="utf-8")
    (student / "make-a-leaf.py").write_text(solution, encoding="utf-8")
    py = [sys.executable, "-m", "tutor"]
    return {
        "check one exercise": py + ["check", "make-a-leaf", str(student / "make-a-leaf.py")],
        "grade one student": py + ["grade", str(student.parent), "--exercise", "make-a-leaf",
                                   "--json", str(folder / "r.json")],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from tutor.grade import hosted

    host = hosted.launch()
    time.sleep(3)  # its imports, before the first command asks
    results: dict[tuple[str, bool], list[tuple[float, float]]] = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            env = {k: v for k, v in os.environ.items() if k != hosted.ENV}
            env["AUTOGRAD_TUTOR_HOME"] = str(Path(tmp) / "home")
            for _ in range(args.rounds):
                for name, argv in commands(Path(tmp)).items():
                    for hosted_run in (False, True):
                        run_env = dict(env, **({hosted.ENV: host.folder} if hosted_run else {}))
                        cpu, start = busy_seconds(), time.monotonic()
                        done = subprocess.run(argv, cwd=ROOT, env=run_env, capture_output=True, text=True)
                        wall, used = time.monotonic() - start, busy_seconds() - cpu
                        if done.returncode != 0:
                            raise SystemExit(f"{name} failed:\n{done.stdout}\n{done.stderr}")
                        results.setdefault((name, hosted_run), []).append((wall, used))
    finally:
        host.stop()
    print(f"{'command':<20} {'own workers':>22} {'a host':>22} {'ratio':>14}")
    print(f"{'':<20} {'wall s':>10} {'CPU s':>11} {'wall s':>10} {'CPU s':>11} {'wall':>6} {'CPU':>7}")
    for name in ("check one exercise", "grade one student"):
        own = [statistics.median(v) for v in zip(*results[(name, False)])]
        with_host = [statistics.median(v) for v in zip(*results[(name, True)])]
        print(f"{name:<20} {own[0]:>10.2f} {own[1]:>11.2f} {with_host[0]:>10.2f} {with_host[1]:>11.2f} "
              f"{with_host[0] / own[0]:>6.2f} {with_host[1] / own[1]:>7.2f}")
    print(f"({args.rounds} rounds, medians; CPU of the whole machine, the host's share included)")


if __name__ == "__main__":
    main()
