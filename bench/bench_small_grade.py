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

    .venv/bin/python bench/bench_small_grade.py --builtin --baseline DIR [--rounds 3]

``--builtin``: one push of a course's CI on the built-in pack instead, two
ways: the template (every file its starter) and a student partway (the
first 10 exercises solved, the rest starters). ``--baseline DIR``: the
baseline is the code of DIR (``bench/baseline_tree.sh REV DIR``) run the
same way, not ``AGT_BENCH_OFF=plan``.
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


def builtin_pushes(tmp: Path) -> dict[str, tuple[Path | None, Path]]:
    """{name: (None: the built-in pack, class folder of one student)}."""
    sys.path.insert(0, str(ROOT))
    from tutor.pack import load_pack as load

    out = {}
    for name, solved in (("built-in, template", 0), ("built-in, 10 solved", 10)):
        student = tmp / f"class-{solved}" / "student"
        student.mkdir(parents=True)
        for n, ex in enumerate(load(None).exercises.values()):
            (student / f"{ex.id}.py").write_text(ex.solution + "\n# mine\n" if n < solved else ex.starter or "")
        out[name] = (None, student.parent)
    return out


def run_once(pack: Path | None, folder: Path, baseline: bool, tmp: Path, n: int,
             tree: Path | None = None) -> tuple[float, float | None]:
    env = {**os.environ, "AUTOGRAD_TUTOR_HOME": str(tmp / "home")}
    env.pop("AGT_BENCH_OFF", None)
    if baseline and tree is None:
        env["AGT_BENCH_OFF"] = "plan"
    python, cwd = (tree / ".venv" / "bin" / "python", tree) if baseline and tree is not None else (sys.executable, ROOT)
    group = CGROUPS / f"agt-bench-small-{os.getpid()}-{n}"
    argv = [str(python), "-m", "tutor", "grade", str(folder), *(["--pack", str(pack)] if pack else []), "--jobs", "2"]
    try:
        group.mkdir()
        # The command joins the cgroup before it execs: every process under it counts.
        argv = ["sh", "-c", f'echo $$ > {group}/cgroup.procs && exec "$@"', "sh", *argv]
    except OSError:
        group = None
    started = time.monotonic()
    proc = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True)
    wall = time.monotonic() - started
    if proc.returncode not in (0, 1):  # 1: a submission failed a check
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
    parser.add_argument("--builtin", action="store_true", help="one push on the built-in pack (template, partway)")
    parser.add_argument("--baseline", type=Path, metavar="DIR", help="a tree made by bench/baseline_tree.sh")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="agt-bench-small-"))
    try:
        classes = builtin_pushes(tmp) if args.builtin else make_packs(tmp)
        n = 0
        before = f"the code in {args.baseline}" if args.baseline else "AGT_BENCH_OFF=plan"
        print(f"{args.rounds} rounds, baseline ({before}) and default alternating; load {os.getloadavg()[0]:.1f}")
        print(f"{'pack':24s} {'':9s} {'wall s':>8s} {'CPU s':>8s}")
        for name, (pack, folder) in classes.items():
            figures = {True: [], False: []}
            for _ in range(args.rounds):
                for baseline in (True, False):
                    n += 1
                    figures[baseline].append(run_once(pack, folder, baseline, tmp, n, args.baseline))
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
