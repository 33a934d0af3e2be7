"""Small grades, the kind a course's CI makes per push and the test suite
makes by the hundred: `autograd-tutor grade` of one student on a pack of
one or two exercises (sandbox on), before and after NOTE [workers worth
starting] and NOTE [warm on need] (pool.py), side by side.

    .venv/bin/python bench/bench_small_grade.py [--rounds 5]

Rounds alternate the baseline (``AGT_BENCH_OFF=plan``: every core a worker,
each warmed up before its first run, as before) and the default, for two
packs: the scaffold of `pack new` (a gradient; no run needs the warm-up)
and the same exercise solved with torch.func (its runs need torch._dynamo,
so the default warms up on need). Prints the median wall
time and, as root, the median CPU time of everything the command started
(its sandboxes too: a cgroup v1 ``cpuacct`` of its own), and the ratios.
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

ROOT = Path(__file__).resolve().parents[1]
CGROUPS = Path("/sys/fs/cgroup/cpuacct")


def make_packs(tmp: Path) -> dict[str, tuple[Path, Path]]:
    """{name: (pack folder, class folder of one student)}."""
    sys.path.insert(0, str(ROOT))
    out = {}
    scaffold = tmp / "scaffold"
    subprocess.run([sys.executable, "-m", "tutor", "pack", "new", str(scaffold)], check=True, cwd=ROOT,
                   capture_output=True)
    out["scaffold (gradient)"] = scaffold
    # The same exercise, its reference written with torch.func (which, like
    # torch.optim and checkpointing, imports torch._dynamo on first use).
    func = tmp / "func"
    shutil.copytree(scaffold, func)
    solution = func / "exercises" / "square-gradient.py"
    solution.write_text("g = torch.func.grad(lambda t: (t ** 2).sum())(x.detach())\n" + solution.read_text())
    out["torch.func (dynamo)"] = func
    classes = {}
    for name, pack in out.items():
        from tutor.pack import load_pack as load

        loaded = load(str(pack))
        student = tmp / f"class-{pack.name}" / "student"
        student.mkdir(parents=True)
        for ex in loaded.exercises.values():
            (student / f"{ex.id}.py").write_text(ex.solution)
        classes[name] = (pack, student.parent)
    return classes


def run_once(pack: Path, folder: Path, baseline: bool, tmp: Path, n: int) -> tuple[float, float | None]:
    env = {**os.environ, "AUTOGRAD_TUTOR_HOME": str(tmp / "home")}
    if baseline:
        env["AGT_BENCH_OFF"] = "plan"
    else:
        env.pop("AGT_BENCH_OFF", None)
    group = CGROUPS / f"agt-bench-small-{os.getpid()}-{n}"
    argv = [sys.executable, "-m", "tutor", "grade", str(folder), "--pack", str(pack), "--jobs", "2"]
    try:
        group.mkdir()
        # The command joins the cgroup before it execs: every process under it counts.
        argv = ["sh", "-c", f'echo $$ > {group}/cgroup.procs && exec "$@"', "sh", *argv]
    except OSError:
        group = None
    started = time.monotonic()
    proc = subprocess.run(argv, env=env, cwd=ROOT, capture_output=True, text=True)
    wall = time.monotonic() - started
    if proc.returncode != 0:
        raise SystemExit(f"grade failed ({proc.returncode}): {proc.stdout[-400:]} {proc.stderr[-400:]}")
    cpu = None
    if group is not None:
        cpu = int((group / "cpuacct.usage").read_text()) / 1e9
        for _ in range(50):
            try:
                group.rmdir()
                break
            except OSError:
                time.sleep(0.1)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="agt-bench-small-"))
    try:
        classes = make_packs(tmp)
        n = 0
        print(f"{args.rounds} rounds, baseline (AGT_BENCH_OFF=plan) and default alternating; load {os.getloadavg()[0]:.1f}")
        print(f"{'pack':24s} {'':9s} {'wall s':>8s} {'CPU s':>8s}")
        for name, (pack, folder) in classes.items():
            figures = {True: [], False: []}
            for _ in range(args.rounds):
                for baseline in (True, False):
                    n += 1
                    figures[baseline].append(run_once(pack, folder, baseline, tmp, n))
            med = {b: (statistics.median(w for w, _ in f),
                       statistics.median(c for _, c in f) if all(c is not None for _, c in f) else None)
                   for b, f in figures.items()}
            for baseline, label in ((True, "before"), (False, "after")):
                wall, cpu = med[baseline]
                print(f"{name:24s} {label:9s} {wall:8.2f} {cpu if cpu is not None else float('nan'):8.2f}")
            ratio_cpu = med[True][1] / med[False][1] if med[False][1] else float("nan")
            print(f"{name:24s} {'ratio':9s} {med[True][0] / med[False][0]:8.2f} {ratio_cpu:8.2f}  (before / after)")
        print(f"load at the end {os.getloadavg()[0]:.1f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
