"""The class report's render time for a large class. Goal: < 2 s.

    .venv/bin/python bench/bench_report.py [--students 500] [--repeat 7]

Writes a class JSON report as `grade --json` writes it (docs/design.md) for
N students x the built-in pack's 39 exercises, with a realistic mix: most
exercises passed, some failed on one or more checks, a few missing, some
raising (half of them with a misconception the feedback named), a few timed
out, and rare grader faults. Then prints the median time of `report --html`
in process (read, merge, sum up, draw the plots, render the page) and as the
whole command (a fresh `autograd-tutor report` process, start-up included),
and the same for --markdown: wall-clock time, and the CPU time it took
(steadier where other work shares the cores).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tutor.grade import misconceptions
from tutor.grade.kinds import label
from tutor.pack import load_pack

GOAL_S = 2.0
WORDS = ("gradient", "tensor", "leaf", "graph", "backward", "expected", "shape", "value", "dtype", "trial", "seed")


def _message(rng: random.Random, lo: int, hi: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(lo, hi))) + "."


def make_class(students: int, seed: int = 0) -> dict:
    rng = random.Random(seed)
    pack = load_pack(None)
    exercises = list(pack.exercises.values())
    ids = [rule[0] for rule in misconceptions._RULES] + ["missing-create-graph", "undefined-name"]
    difficulty = {ex.id: rng.uniform(0.0, 0.35) for ex in exercises}
    submissions = []
    for k in range(students):
        skill = rng.uniform(0.7, 1.05)
        out = []
        for ex in exercises:
            checks = [{"name": label(c), "kind": c.kind, "passed": True, "message": "", "score": float(c.points),
                       "max_score": float(c.points)} for c in ex.checks]
            item = {"id": ex.id, "status": "passed", "score": float(ex.max_points), "max_score": float(ex.max_points),
                    "checks": checks, "time": round(rng.uniform(0.03, 0.3), 4)}
            roll = rng.random()
            if roll < 0.001:
                item.update(status="error", fault="grader", error="not graded: the grader's own processes failed")
            elif roll < 0.04:
                item.update(status="missing", error=f"no file {ex.id}.py was submitted", time=0.0)
                for c in checks:
                    c.update(passed=False, message="no submission")
            elif roll < 0.055:
                item.update(status="timeout", error="your code did not finish within its time limit (10 s)")
                for c in checks:
                    c.update(passed=False, message=item["error"])
            elif roll < 0.14:
                text = "Traceback (most recent call last):\n  File \"<your code>\", line 3, in <module>\n" \
                       f"RuntimeError: {_message(rng, 20, 60)}"
                item.update(status="error", error=text, line=3)
                if rng.random() < 0.5:
                    item["misconception"] = rng.choice(ids)
                for c in checks:
                    c.update(passed=False, message=f"your code raised RuntimeError at line 3: {_message(rng, 8, 30)}")
            elif rng.random() > skill - difficulty[ex.id]:
                item["status"] = "failed"
                failing = [c for c in checks if rng.random() < 0.5] or checks[:1]
                for c in failing:
                    c.update(passed=False, message=_message(rng, 8, 40))
                if rng.random() < 0.15:
                    item["misconception"] = rng.choice(ids)
            if item["status"] != "passed":
                for c in checks:
                    if not c["passed"]:
                        c["score"] = 0.0
                item["score"] = sum(c["score"] for c in checks) if item["status"] == "failed" else 0.0
            out.append(item)
        submissions.append({"pack": pack.id, "score": sum(e["score"] for e in out),
                            "max_score": sum(e["max_score"] for e in out), "exercises": out,
                            "submission": f"student-{k:04d}", "isolation": "bwrap"})
    return {"pack": pack.id, "submissions": submissions, "isolation": "bwrap"}


def _median_time(fn, repeat: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds (this process's and its children's: the command's own)."""
    walls, cpus = [], []
    for _ in range(repeat):
        before, cpu_before = time.perf_counter(), _cpu()
        fn()
        walls.append(time.perf_counter() - before)
        cpus.append(_cpu() - cpu_before)
    return statistics.median(walls), statistics.median(cpus)


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    from tutor.reports import classload, classpage, classrender

    with tempfile.TemporaryDirectory(prefix="agt-bench-report-") as tmp:
        path = Path(tmp) / "class.json"
        data = make_class(args.students)
        path.write_text(json.dumps(data, indent=2), encoding="utf-8")
        n_ex = len(data["submissions"][0]["exercises"])
        statuses = {}
        for sub in data["submissions"]:
            for ex in sub["exercises"]:
                key = "grader fault" if ex.get("fault") else ex["status"]
                statuses[key] = statuses.get(key, 0) + 1
        print(f"class: {args.students} students x {n_ex} exercises, {path.stat().st_size / 1e6:.1f} MB of JSON; "
              + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))

        def html_in_process():
            classrender.html(classpage.summarize(classload.load([str(path)]), [str(path)]))

        def markdown_in_process():
            classrender.markdown(classpage.summarize(classload.load([str(path)]), [str(path)]))

        def command(*flags):
            def run():
                proc = subprocess.run([sys.executable, "-m", "tutor", "report", str(path), *flags],
                                      capture_output=True, text=True)
                assert proc.returncode == 0, proc.stderr
            return run

        html_in_process()  # warm: imports, template compilation
        results = [
            ("report --html, in process", _median_time(html_in_process, args.repeat)),
            ("report --html, whole command", _median_time(command("--html", str(Path(tmp) / "r.html")), args.repeat)),
            ("report --markdown, in process", _median_time(markdown_in_process, args.repeat)),
            ("report --markdown, whole command",
             _median_time(command("--markdown", str(Path(tmp) / "r.md")), args.repeat)),
        ]
        size = (Path(tmp) / "r.html").stat().st_size
        print(f"page: {size / 1e6:.2f} MB of HTML")
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: on a busy machine the CPU time is "
              "the steadier figure")
        for name, (wall, cpu) in results:
            verdict = "ok" if wall < GOAL_S else "OVER"
            print(f"{name:<34} median {wall:6.3f} s wall, {cpu:6.3f} s CPU  (goal < {GOAL_S:g} s: {verdict})")


if __name__ == "__main__":
    main()
