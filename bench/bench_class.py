"""A class at scale: generate a class of N students, grade it with
`autograd-tutor grade` (sandbox on), report wall time, runs per second and
the grader's memory, project to a bigger class, and print the `--shard K/N`
matrix that meets a deadline.

    .venv/bin/python bench/bench_class.py [--students 25,50,100] [--jobs N]
        [--project 500] [--deadline 2000:10] [--seed 19] [--keep DIR]
    .venv/bin/python bench/bench_class.py --baseline DIR [--rounds 3] [--students 1,60]
    .venv/bin/python bench/bench_class.py ... --exercises make-a-leaf,two-paths-add-up

Each student's folder holds one `<exercise-id>.py` per built-in exercise,
drawn (seeded, so every run of the bench grades the same class) from: the
reference solution, the unchanged starter, the learner corpus' correct
answers and typical mistakes (tests/corpus/<exercise>/ok_*.py, bad_*.py;
see tests/grade/test_corpus.py), and now and then no file at all. Every
file but a starter ends with a comment naming its student, so no two are the
same bytes: the grader runs identical code once (NOTE [same code, same run]
in tutor/grade/grader.py), and a class is not a corpus copied 100 times.

``--baseline DIR`` (a tree made by ``bench/baseline_tree.sh REV DIR``)
grades each class with that tree and with this checkout, alternating, and
prints the median walls and their ratio: a before/after side by side, and
the CPU time the machine spent busy during each grade (``_busy``: less
moved than the wall by a host that takes the cores away now and then). One student is a course CI's grade of
one push.

Memory: the peak resident size of the `grade` process itself, and the peak
of the proportional set size (PSS: a page shared by k processes counts 1/k
in each, so the workers' shared torch pages are not counted once per fork)
summed over the grade process and every process under it (bubblewrap,
zygotes, monitors, runs), sampled every 0.2 s. Not flat in N: the grader
keeps every student's report until every format has been written
(docs/grading.md, "Memory").
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.pack import load_pack  # noqa: E402

from proctree import child_pids

CORPUS = ROOT / "tests" / "corpus"
# What a student's file for one exercise is, and how often.
MIX = (("reference", 0.35), ("starter", 0.15), ("ok", 0.2), ("bad", 0.25), ("missing", 0.05))


def make_class(folder: Path, students: int, seed: int, only: frozenset[str] = frozenset()) -> dict:
    """Write ``students`` submission folders (files for the exercises in
    ``only``, where given); returns counts by kind."""
    pack = load_pack(None)
    rng = random.Random(seed)
    kinds, weights = zip(*MIX)
    counts = {k: 0 for k in kinds}
    trials = 0
    for n in range(students):
        sub = folder / f"student-{n:04d}"
        sub.mkdir(parents=True)
        for ex in pack.exercises.values():
            if only and ex.id not in only:
                continue
            kind = rng.choices(kinds, weights)[0]
            files = sorted((CORPUS / ex.id).glob(f"{kind}_*.py")) if kind in ("ok", "bad") else []
            if kind in ("ok", "bad") and not files:
                kind = "reference" if kind == "ok" else "starter"
            counts[kind] += 1
            if kind == "missing":
                continue
            if kind == "reference":
                code = ex.solution
            elif kind == "starter":
                code = ex.starter or ""
            else:
                code = rng.choice(files).read_text()
            if kind != "starter":
                # A student's own work is rarely the same bytes as another's
                # (NOTE [same code, same run] would run copies once); an
                # exercise not tried is the starter, byte for byte.
                code += f"\n# {sub.name}\n"
            (sub / f"{ex.id}.py").write_text(code)
            trials += len(ex.trials)
    return {"kinds": counts, "learner_runs": trials, "exercises": len(only or pack.exercises)}


def _tree(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo += child_pids(p)
    return out


def _pss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) << 10
    except OSError:
        pass
    return 0


def _hwm(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) << 10
    except OSError:
        pass
    return 0


def _busy() -> float:
    """Seconds every core of the machine has spent busy (user, system, irq:
    /proc/stat), not counting time the host took from this VM (steal). A
    grade's workers are not all waited for by the time it exits (its
    children's rusage misses them), and on a machine that runs nothing else
    this is the grade's CPU."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    return sum(fields[i] for i in (0, 1, 2, 5, 6)) / os.sysconf("SC_CLK_TCK")


def grade(folder: Path, jobs: int, out: Path, python: str = sys.executable) -> dict:
    """`autograd-tutor grade FOLDER --json OUT`, timed and watched; ``python``:
    another tree's (``--baseline``), whose tutor it imports from outside this
    checkout (cwd /)."""
    argv = [python, "-m", "tutor.cli", "grade", str(folder), "--json", str(out), "--jobs", str(jobs)]
    peak = {"tree_pss": 0, "grade_rss": 0}
    started = time.monotonic()
    before = _busy()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd="/")
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            tree = _tree(proc.pid)
            peak["tree_pss"] = max(peak["tree_pss"], sum(_pss(p) for p in tree))
            peak["grade_rss"] = max(peak["grade_rss"], _hwm(proc.pid))
            done.wait(0.2)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    _, err = proc.communicate()
    wall = time.monotonic() - started
    cpu = _busy() - before
    done.set()
    watcher.join()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"grade exited {proc.returncode}: {err.decode(errors='replace')[-2000:]}")
    report = json.loads(out.read_text())
    # one student's folder is graded as one submission: its report is that submission's
    return {"wall": wall, "cpu": cpu, **peak, "isolation": report.get("isolation"),
            "submissions": len(report.get("submissions", [report])),
            "stderr": err.decode(errors="replace").strip()}


def fit(points: list[tuple[int, float]]) -> tuple[float, float]:
    """Least squares wall = a + b * students."""
    n = len(points)
    if n == 1:
        return 0.0, points[0][1] / points[0][0]
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    b = sum((x - mx) * (y - my) for x, y in points) / (sum((x - mx) ** 2 for x, _ in points) or 1)
    return max(0.0, my - b * mx), b


def runners(students: int, minutes: float, a: float, b: float) -> int | None:
    """Runners (one `--shard K/N` each, as the measured one) that grade
    ``students`` within ``minutes``; None if start-up alone is over it."""
    budget = minutes * 60 - a
    if budget <= 0:
        return None
    return max(1, math.ceil(students * b / budget))


def side_by_side(args, sizes: list[int], base: Path) -> None:
    """Each class graded by the baseline tree and by this checkout, in
    alternating processes (a machine's load changes by the minute)."""
    pythons = {"now": sys.executable, "baseline": str(Path(args.baseline) / ".venv" / "bin" / "python")}
    print(f"class of N students, `autograd-tutor grade --jobs {args.jobs}`, {os.cpu_count()} cores, "
          f"{args.rounds} rounds alternating with {args.baseline}")
    for n in sizes:
        folder = base / f"class-{n}"
        if folder.exists():
            shutil.rmtree(folder)
        made = make_class(folder, n, args.seed, _only(args))
        walls: dict[str, list[float]] = {"baseline": [], "now": []}
        cpus: dict[str, list[float]] = {"baseline": [], "now": []}
        for r in range(args.rounds):
            for label in ("baseline", "now") if r % 2 == 0 else ("now", "baseline"):
                got = grade(folder, args.jobs, base / f"class-{n}-{label}.json", pythons[label])
                assert got["submissions"] == n, got
                walls[label].append(got["wall"])
                cpus[label].append(got["cpu"])
                print(f"  {n} students, round {r + 1} {label:<8} {got['wall']:7.2f} s wall, {got['cpu']:7.1f} s CPU",
                      flush=True)
        med = {k: statistics.median(v) for k, v in walls.items()}
        cpu = {k: statistics.median(v) for k, v in cpus.items()}
        print(f"  N={n} ({made['learner_runs']} learner runs): baseline {med['baseline']:.2f} s, now {med['now']:.2f} s, "
              f"baseline / now x{med['baseline'] / med['now']:.2f}; machine's CPU "
              f"{cpu['baseline']:.1f} s, {cpu['now']:.1f} s, x{cpu['baseline'] / cpu['now']:.2f}", flush=True)


def _only(args) -> frozenset[str]:
    return frozenset(e for e in args.exercises.split(",") if e)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", default="25,50,100", help="class sizes to grade, comma-separated")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--project", type=int, default=500)
    parser.add_argument("--deadline", default="2000:10", help="STUDENTS:MINUTES the shard matrix must meet")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--keep", default="", help="write the classes and reports here (kept)")
    parser.add_argument("--baseline", metavar="DIR", help="a tree made by bench/baseline_tree.sh: grade each "
                        "class with it and with this checkout, alternating, and print both")
    parser.add_argument("--rounds", type=int, default=3, help="with --baseline: grades of each class by each")
    parser.add_argument("--exercises", default="", help="ID,...: files for these built-in exercises only (a "
                        "course's own pack: three that never call torch.func, say)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.students.split(",") if s]
    base = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="agt-class-"))
    if args.baseline:
        try:
            side_by_side(args, sizes, base)
        finally:
            if not args.keep:
                shutil.rmtree(base, ignore_errors=True)
        return
    points, rows = [], []
    try:
        for n in sizes:
            folder = base / f"class-{n}"
            if folder.exists():
                shutil.rmtree(folder)
            made = make_class(folder, n, args.seed, _only(args))
            got = grade(folder, args.jobs, base / f"class-{n}.json")
            assert got["submissions"] == n, got
            points.append((n, got["wall"]))
            rows.append((n, made, got))
            print(f"  graded {n} students ({made['learner_runs']} learner runs) in {got['wall']:.1f} s", flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    a, b = fit(points)
    _, made, got = rows[-1]
    print(f"\nclass of N students x {made['exercises']} exercises (mix: "
          + ", ".join(f"{k} {w:.0%}" for k, w in MIX) + f"), `autograd-tutor grade --jobs {args.jobs}`, "
          f"isolation {got['isolation']}, {os.cpu_count()} cores")
    print(f"  {'N':>5} {'wall s':>8} {'s/student':>10} {'learner runs/s':>15} {'grade RSS MiB':>14} "
          f"{'tree PSS MiB':>13}")
    for n, made, got in rows:
        print(f"  {n:>5} {got['wall']:>8.1f} {got['wall'] / n:>10.3f} {made['learner_runs'] / got['wall']:>15.1f} "
              f"{got['grade_rss'] / 2**20:>14.0f} {got['tree_pss'] / 2**20:>13.0f}")
    projected = a + b * args.project
    print(f"  fit: wall = {a:.1f} s + {b:.3f} s x N; projected for {args.project} students: "
          f"{projected:.0f} s = {projected / 60:.1f} min on one runner")
    students, minutes = (float(x) for x in args.deadline.split(":"))
    print("\nrunners needed (`grade --shard K/N` on N runners like this one, then `grade merge`):")
    deadlines = sorted({5.0, 10.0, 15.0, minutes})
    classes = sorted({500, 1000, int(students), 5000})
    print("  " + f"{'students':>9}" + "".join(f"{f'{d:g} min':>9}" for d in deadlines))
    for s in classes:
        print("  " + f"{s:>9}" + "".join(f"{str(runners(s, d, a, b) or '-'):>9}" for d in deadlines))
    k = runners(int(students), minutes, a, b)
    if k:
        print(f"\n{int(students)} students in {minutes:g} minutes: {k} runners, e.g. in GitHub Actions:\n"
              f"  strategy: {{matrix: {{shard: {list(range(1, k + 1))}}}}}\n"
              f"  run: autograd-tutor grade class/ --shard ${{{{ matrix.shard }}}}/{k} --json part-${{{{ matrix.shard }}}}.json\n"
              f"  then: autograd-tutor grade merge part-*.json --json class.json")


if __name__ == "__main__":
    main()
