"""Grading throughput: the warm fork-server workers, with the sandbox
(bubblewrap + per-run namespaces) and without it, against a baseline that
starts a fresh Python process (importing torch) for every run.

    .venv/bin/python bench/bench_grade.py [--submissions 20] [--jobs N] [--baseline-runs 12]
    .venv/bin/python bench/bench_grade.py --compare 3 [--submissions 4]
    .venv/bin/python bench/bench_grade.py --baseline DIR [--rounds 3] [--submissions 10]

Grades the built-in pack for N copies of a submission folder (half reference
solutions, half starters) and prints wall time, runs per second per core, and
the same for the baseline doing identical runs, side by side. The baseline is
measured on a sample of runs (each costs a full interpreter start).

Every submission ends with a comment of its own, so no two are the same
bytes (the grader runs identical code once: NOTE [same code, same run]).

``--baseline DIR`` grades the same class, sandbox on, in alternating
processes: this checkout's code, then the code in DIR (made by
``bench/baseline_tree.sh REV DIR``), ``--rounds`` times each, and prints
the medians and their ratio: a before/after of two commits, side by side.

``--compare R`` grades, sandbox on, R rounds alternating the workers as they
were before issue 19's speed-ups (``AGT_BENCH_OFF=prefork,settle,versions,observers,plan,bare-fork``:
runs forked after the request, no huge pages or gc.freeze in the zygote,
every target put back by pristine.restore, the observers installed in
every run, a worker per core warmed up first, every run forked by
os.fork()) and as they are now, and prints
the median of each and their ratio: a before/after measured side by side on
a machine whose load changes by the minute.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from tutor.grade.grader import Grader, Submission, probes_for
from tutor.grade.protocol import RunRequest
from tutor.pack import load_pack

BASELINE = """
import json, sys
from tutor.grade import child
from tutor.grade.protocol import RunRequest
request = RunRequest.from_wire(json.loads(sys.stdin.read()))
print(json.dumps(child.run(request))[:100])
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--submissions", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--baseline-runs", type=int, default=12)
    parser.add_argument("--small", action="store_true",
                        help="only exercises without torch.func or checkpointing (the 'small exercises' figure)")
    parser.add_argument("--baseline", metavar="DIR", help="a tree made by bench/baseline_tree.sh")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # one sandboxed grade, a figure
    parser.add_argument("--compare", type=int, default=0, metavar="ROUNDS",
                        help="rounds of before/after, side by side (sandbox on only)")
    args = parser.parse_args()
    if args.baseline:
        side_by_side(args)
        return
    pack = load_pack(None)
    exercises = list(pack.exercises.values())
    if args.small:
        heavy = ("torch.func", "checkpoint", "functional")
        exercises = [ex for ex in exercises if not any(h in ex.setup + ex.solution for h in heavy)]
    # Each copy ends with a comment of its own: byte-identical code for the
    # same exercise and trial runs once per grade (NOTE [same code, same
    # run]), and a bench of copies would time one run per exercise.
    submissions = [
        Submission(ex, (ex.solution if k % 2 == 0 else ex.starter) + f"\n# submission {k}\n")
        for k in range(args.submissions)
        for ex in exercises
    ]
    learner_runs = sum(len(s.exercise.trials) for s in submissions)
    reference_runs = sum(len(ex.trials) for ex in exercises)
    runs = learner_runs + reference_runs

    if args.compare:
        compare(args, submissions, runs, learner_runs, reference_runs, len(exercises))
        return
    if args.one:
        with Grader(jobs=args.jobs, sandbox="require") as grader:
            grader.pool.start()
            t0 = time.perf_counter()
            results = grader.grade(submissions)
            wall = time.perf_counter() - t0
        odd = sum(x.passed != s.code.startswith(s.exercise.solution) for s, x in zip(submissions, results))
        print(json.dumps({"ms": wall / runs * args.jobs * 1000, "runs": runs, "odd": odd}))
        return
    measured = {}
    for mode in ("require", "off"):
        started = time.perf_counter()
        with Grader(jobs=args.jobs, sandbox=mode) as grader:
            grader.pool.start()
            warm = time.perf_counter() - started
            t0 = time.perf_counter()
            results = grader.grade(submissions)
            wall = time.perf_counter() - t0
            label = "sandbox (bwrap)" if grader.pool.mode == "bwrap" else "no sandbox"
        passed = sum(r.passed for r in results)
        assert passed == sum(k % 2 == 0 for k in range(args.submissions) for _ in exercises), "unexpected verdicts"
        measured[label] = (warm, wall)

    requests = []
    for sub in submissions[: args.baseline_runs]:
        ex = sub.exercise
        requests.append(RunRequest(setup=ex.setup, code=sub.code, seed=ex.trials[0].seed, timeout=ex.timeout,
                                   probes=probes_for(ex, "learner")).to_wire())
    times = []
    for request in requests:
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", BASELINE], input=json.dumps(request), text=True,
                       capture_output=True, check=True)
        times.append(time.perf_counter() - t)
    per_run_baseline = statistics.median(times)
    cores = args.jobs
    base_rate = 1 / per_run_baseline
    print(f"built-in pack{' (small exercises)' if args.small else ''}, "
          f"{args.submissions} submissions x {len(exercises)} exercises: "
          f"{runs} runs ({learner_runs} learner + {reference_runs} reference), jobs={cores}")
    for label, (warm, wall) in measured.items():
        rate = runs / wall / cores
        print(f"  warm, {label:<16} start {warm:6.2f} s, grading {wall:6.2f} s wall, "
              f"{rate:6.1f} runs/s/core, {wall / runs * cores * 1000:6.1f} ms per run per core, "
              f"x{rate / base_rate:.1f} the fresh process")
    print(f"  fresh process:  median {per_run_baseline * 1000:6.1f} ms per run over {len(times)} runs, "
          f"{base_rate:6.1f} runs/s/core, projected {runs * per_run_baseline / cores:6.2f} s wall")
    warm, wall = measured["sandbox (bwrap)"] if "sandbox (bwrap)" in measured else next(iter(measured.values()))
    print(f"  speed-up with the sandbox, including worker start-up: "
          f"x{runs * per_run_baseline / cores / (wall + warm):.1f}")


def side_by_side(args) -> None:
    """This tree and the baseline tree, one sandboxed grade per process,
    alternating (a machine's load changes by the minute)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    pythons = {"now": sys.executable, "baseline": os.path.join(args.baseline, ".venv", "bin", "python")}
    figures: dict[str, list[float]] = {"now": [], "baseline": []}
    for r in range(args.rounds):
        for label in ("baseline", "now") if r % 2 == 0 else ("now", "baseline"):
            out = subprocess.run([pythons[label], os.path.abspath(__file__), "--one", "--submissions",
                                  str(args.submissions), "--jobs", str(args.jobs)],
                                 cwd="/" if label == "baseline" else here, capture_output=True, text=True, check=True)
            figure = json.loads(out.stdout.strip().splitlines()[-1])
            figures[label].append(figure["ms"])
            odd = f", {figure['odd']} unexpected verdicts" if figure["odd"] else ""
            print(f"  round {r + 1} {label:<8} {figure['ms']:6.1f} ms per run per core ({figure['runs']} runs{odd})",
                  flush=True)
    med = {k: statistics.median(v) for k, v in figures.items()}
    print(f"built-in pack, {args.submissions} submissions, jobs={args.jobs}, sandbox on, {args.rounds} rounds alternating")
    print(f"  baseline {med['baseline']:6.1f} ms per run per core   now {med['now']:6.1f}   "
          f"baseline / now: x{med['baseline'] / med['now']:.2f}")


OFF = "prefork,settle,versions,observers,plan,bare-fork"


def compare(args, submissions, runs: int, learner_runs: int, reference_runs: int, exercises: int) -> None:
    walls: dict[str, list[float]] = {"before": [], "after": []}
    for r in range(args.compare):
        for label in ("before", "after") if r % 2 == 0 else ("after", "before"):
            if label == "before":
                os.environ["AGT_BENCH_OFF"] = OFF
            else:
                os.environ.pop("AGT_BENCH_OFF", None)
            with Grader(jobs=args.jobs, sandbox="require") as grader:
                grader.pool.start()
                t0 = time.perf_counter()
                results = grader.grade(submissions)
                wall = time.perf_counter() - t0
            odd = [(s.exercise.id, x.status) for s, x in zip(submissions, results)
                   if x.passed != s.code.startswith(s.exercise.solution)]
            if odd:  # a loaded machine times runs out; said, not hidden
                print(f"  round {r + 1} {label}: {len(odd)} unexpected verdicts, e.g. {odd[:3]}", flush=True)
            walls[label].append(wall)
            print(f"  round {r + 1} {label:<6} {wall / runs * args.jobs * 1000:6.1f} ms per run per core", flush=True)
    os.environ.pop("AGT_BENCH_OFF", None)
    print(f"built-in pack, {args.submissions} submissions x {exercises} exercises: {runs} runs "
          f"({learner_runs} learner + {reference_runs} reference), jobs={args.jobs}, sandbox on, "
          f"{args.compare} rounds alternating")
    med = {k: statistics.median(v) for k, v in walls.items()}
    for label in ("before", "after"):
        print(f"  {label:<7} median {med[label]:7.2f} s wall, {med[label] / runs * args.jobs * 1000:6.1f} ms per run "
              f"per core ({', '.join(f'{w:.1f}' for w in walls[label])} s)")
    print(f"  after / before: x{med['before'] / med['after']:.2f} the throughput")


if __name__ == "__main__":
    main()
