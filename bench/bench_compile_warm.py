"""What a learner's torch.compile costs a run, on one warm worker: NOTE [compile warmed on need] (zygote.py).

    .venv/bin/python bench/bench_compile_warm.py [--rounds 3] [--baseline DIR]

Runs every learner-corpus file that calls torch.compile (or AOTAutograd) on its exercise's first trial, one
at a time on one warm sandboxed worker, ``--rounds`` times over, and prints the CPU per run (every process of
the grade, as bench_phases.py counts it) of the first round and of the later ones: the first round is where
a worker that no run asked to compile pays for Dynamo's first frame. With ``--baseline DIR`` (a tree made by
``bench/baseline_tree.sh REV DIR``) the same is measured with that tree's code and this one's, in separate
processes taking turns, and the later rounds' medians are set side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
COMPILES = re.compile(r"torch\.compile|aot_function|aot_module")


def _files() -> list[tuple[str, str]]:
    """(exercise id, code) of this checkout's corpus files that compile, graded by either tree's code."""
    texts = ((path.parent.name, path.read_text()) for path in sorted((HERE / "tests" / "corpus").glob("*/*.py")))
    return [(ex_id, code) for ex_id, code in texts if COMPILES.search(code)]


def measure(rounds: int) -> dict:
    """In the tree whose code this process imports: CPU ms per run, by round."""
    sys.path.insert(0, str(Path.cwd() / "bench"))
    import bench_phases as bp
    from tutor.pack import load_pack

    exercises = load_pack(None).exercises
    files = [(exercises[ex_id], code) for ex_id, code in _files() if ex_id in exercises]
    by_round = []
    with bp.one_warm_worker("require") as (grader, worker):
        for _ in range(rounds):
            cpus = []
            for exercise, code in files:
                cpu0 = bp._cpu()
                bp.exchange(worker, grader.request(exercise, code, exercise.trials[0].seed, "learner"))
                cpus.append((bp._cpu() - cpu0) * 1000)
            by_round.append(cpus)
    return {"files": len(files), "rounds": by_round}


def _report(label: str, figure: dict) -> float:
    first = statistics.median(figure["rounds"][0])
    later = [ms for cpus in figure["rounds"][1:] for ms in cpus] or figure["rounds"][0]
    print(f"  {label:<8} {figure['files']} files: first round median {first:7.1f} ms CPU a run, "
          f"later rounds {statistics.median(later):7.1f} ms (mean {statistics.mean(later):.1f})", flush=True)
    return statistics.median(later)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", metavar="DIR", help="a tree made by bench/baseline_tree.sh")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # a measurement, as JSON
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.rounds)))
        return
    trees = {"now": HERE} if not args.baseline else {"baseline": Path(args.baseline).resolve(), "now": HERE}
    later: dict[str, list[float]] = {label: [] for label in trees}
    for turn in range(2 if args.baseline else 1):
        for label in (list(trees) if turn % 2 == 0 else list(reversed(trees))):
            tree = trees[label]
            started = time.monotonic()
            out = subprocess.run([str(tree / ".venv" / "bin" / "python"), __file__, "--one", "--rounds",
                                  str(args.rounds)], cwd=tree, capture_output=True, text=True, check=True,
                                 env={**os.environ, "PYTHONPATH": str(tree)})
            figure = json.loads(out.stdout.strip().splitlines()[-1])
            later[label].append(_report(label, figure))
            print(f"           ({time.monotonic() - started:.0f} s)", flush=True)
    if args.baseline:
        base, now = statistics.median(later["baseline"]), statistics.median(later["now"])
        print(f"later rounds, median CPU a run: baseline {base:.1f} ms, now {now:.1f} ms: x{base / now:.1f}")


if __name__ == "__main__":
    main()
