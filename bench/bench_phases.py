"""Where the milliseconds of one sandboxed run go: a per-phase profile.

    .venv/bin/python bench/bench_phases.py [--rounds 3] [--sandbox require|off] [--exercises ID,...]
    .venv/bin/python bench/bench_phases.py --by-exercise [--rounds 3]

Runs, one at a time on one warm worker (so nothing competes inside the
grader), each built-in exercise's reference and starter on its first trial,
``--rounds`` times, with ``RunRequest.profile`` set: the monitor and the run
note a monotonic time at the end of each phase (protocol.RunReply.phases;
a benchmark's figures, never read for a verdict), and this script notes the
grader's own (encode, send, receive, decode, judge). Prints, per phase, the
median milliseconds over all runs and its share of the median run, then the
CPU time the whole grade used per run (grader, worker, monitors and runs:
forks and exits happen off a run's wall-clock path but cost a core all the
same). ``--by-exercise`` prints instead the CPU and wall time per run of
each exercise (its reference and starter, ``--rounds`` times each, one at
a time on one warm worker), heaviest first: what a run costs beyond the
floor of any run (fork, confinement, exit) is the exercise's own work.
With ``AGT_BENCH_OFF=collapse`` the worker's zygote does not fold its heap
into huge pages: the difference is what a fold saves each run (NOTE
[collapse pays], tutor/grade/hugepages.py). With ``AGT_BENCH_OFF=bare-fork``
every run is forked by os.fork() (NOTE [a bare fork],
tutor/grade/barefork.py).

The phases, in order:

    g.encode      grader: the request to a frame
    g.send        grader: written to the worker's pipe
    m.read        monitor (waiting, forked ahead): the frame read, JSON decoded
    m.request     monitor: RunRequest.from_wire
    m.namespaces  monitor: new user, PID, IPC, UTS namespaces (and uid maps)
    m.fork        monitor: the run forked (PID 1 of them)
    m.handed      monitor: the request written to the run forked ahead (the
                  two above then happen before m.read: monitor.py, NOTE
                  [forked ahead])
    r.start       run: first instruction after the fork (forked ahead: after
                  its request came)
    r.mounts      run: setsid, mount namespace, /tmp tmpfs, /proc covered
    r.fds         run: every other file descriptor closed
    r.limits      run: environment, limits, capabilities dropped
    r.setup       run: the exercise's setup (seeded)
    r.code        run: the code under test
    r.probe-fork  run: the probe process forked (only when threads were left)
    r.restore     run: pristine.restore (torch, builtins, tutor modules put back)
    r.pipe        run: the result pipe received from the monitor
    r.probes      run: the probes read (grads, values, graph snapshot, ...)
    r.encode      run: the payload to JSON
    m.result      monitor: the result frame received, decoded, shape-checked
    m.killed      monitor: the run's PID 1 killed, its output drained
    m.encode      monitor: the reply frame encoded
    g.receive     grader: the reply frame read off the pipe
    g.decode      grader: RunReply.from_wire
    g.judge       grader: verdict.exercise_result (checks, feedback)
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.grade import framing  # noqa: E402
from tutor.grade.grader import Grader  # noqa: E402
from tutor.grade.protocol import RunReply  # noqa: E402
from tutor.grade.verdict import TrialRuns, exercise_result  # noqa: E402
from tutor.pack import load_pack  # noqa: E402

from proctree import child_pids

# The critical path, in order: each phase lasts from the end of the one
# before it (that was noted) to its own end. "m.fork" is the fork as the
# monitor sees it (until os.fork returns there), beside the path: the run
# starts ("r.start") while the monitor is still returning from it.
ORDER = ("g.start", "g.encode", "g.send", "m.read", "m.request", "m.namespaces", "m.handed", "r.start", "r.mounts", "r.fds",
         "r.limits", "r.setup", "r.code", "r.probe-fork", "r.restore", "r.pipe", "r.probes", "r.encode",
         "m.result", "m.killed", "m.encode", "g.receive", "g.decode", "g.judge")
BESIDE = {"m.fork": "m.namespaces"}


@contextmanager
def one_warm_worker(sandbox: str):
    """A grader of one worker, started: (grader, its worker)."""
    with Grader(jobs=1, sandbox=sandbox) as grader:
        grader.pool.start()
        yield grader, grader.pool._workers[0]


def exchange(worker, request) -> tuple[RunReply, list]:
    """One run through ``worker``'s pipes, timing the grader's side."""
    worker.sent += 1
    import dataclasses

    request = dataclasses.replace(request, id=worker.sent, profile=True)
    t0 = time.monotonic()
    data = framing.encode(request.to_wire())
    t1 = time.monotonic()
    worker.proc.stdin.write(data)
    worker.proc.stdin.flush()
    t2 = time.monotonic()
    frame = worker._read(request.timeout + 60)  # as the grader reads a reply (pool.Worker.exchange)
    t3 = time.monotonic()
    reply = RunReply.from_wire(frame)
    t4 = time.monotonic()
    return reply, [("g.start", t0), ("g.encode", t1), ("g.send", t2), *reply.phases, ("g.receive", t3),
                   ("g.decode", t4)]


def profile(exercises, rounds: int, sandbox: str) -> tuple[dict, list, str, float]:
    spans: dict[str, list[float]] = defaultdict(list)
    totals = []
    runs = 0
    with one_warm_worker(sandbox) as (grader, worker):
        mode = grader.pool.mode
        cpu0 = _cpu()
        for _ in range(rounds):
            for ex in exercises:
                trial = ex.trials[0]
                reference, _marks = exchange(worker, grader.request(ex, ex.solution, trial.seed, "reference"))
                for code in (ex.solution, ex.starter or "pass\n"):
                    reply, marks = exchange(worker, grader.request(ex, code, trial.seed, "learner"))
                    exercise_result(ex, code, [TrialRuns(trial, reference, reply, {})], [None] * len(ex.checks),
                                    grader.limit(ex))
                    marks.append(("g.judge", time.monotonic()))
                    at = {n: v for n, v in marks if v > 0}
                    path = [n for n in ORDER if n in at]
                    for before, name in zip(path, path[1:]):
                        spans[name].append(max(0.0, at[name] - at[before]))
                    for name, before in BESIDE.items():
                        if name in at and before in at:
                            spans[name].append(at[name] - at[before])
                    totals.append(at["g.judge"] - at["g.start"])
                runs += 3
        cpu = _cpu() - cpu0
    return spans, totals, mode, cpu / runs


def by_exercise(exercises, rounds: int, sandbox: str) -> list[tuple]:
    """(CPU ms per run, wall ms per run, exercise) for each exercise, heaviest first."""
    rows = []
    with one_warm_worker(sandbox) as (grader, worker):
        for ex in exercises:
            trial = ex.trials[0]
            exchange(worker, grader.request(ex, ex.solution, trial.seed, "reference"))  # the first touch, not counted
            cpu0, t0, runs = _cpu(), time.monotonic(), 0
            for _ in range(rounds):
                for code in (ex.solution, ex.starter or "pass\n"):
                    exchange(worker, grader.request(ex, code, trial.seed, "learner"))
                    runs += 1
            rows.append(((_cpu() - cpu0) / runs * 1000, (time.monotonic() - t0) / runs * 1000, ex))
    return sorted(rows, key=lambda row: -row[0])


def _cpu() -> float:
    """CPU seconds of this process and every process under it: each live
    one's own time plus what it has reaped (so each run, monitor and probe
    process is counted once, by whoever reaped it)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime + sum(tree_ticks(c) for c in child_pids(os.getpid())) / TICKS


TICKS = os.sysconf("SC_CLK_TCK")


def tree_ticks(pid: int) -> int:
    """utime + stime + cutime + cstime of ``pid`` and its live descendants."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        ticks = sum(int(x) for x in fields[11:15])
    except (OSError, ValueError):
        return 0
    return ticks + sum(tree_ticks(c) for c in child_pids(pid))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sandbox", default="require", choices=("require", "off"))
    parser.add_argument("--exercises", default="", help="comma-separated ids (default: all)")
    parser.add_argument("--by-exercise", action="store_true", help="CPU and wall per run of each exercise")
    args = parser.parse_args()
    pack = load_pack(None)
    wanted = [e for e in args.exercises.split(",") if e]
    exercises = [ex for ex in pack.exercises.values() if not wanted or ex.id in wanted]
    if args.by_exercise:
        rows = by_exercise(exercises, args.rounds, args.sandbox)
        print(f"one run at a time on one worker, {len(exercises)} exercises x reference + starter x {args.rounds}")
        print(f"  {'CPU ms':>7}{'wall ms':>9}  exercise (its checks)")
        for cpu, wall, ex in rows:
            print(f"  {cpu:>7.1f}{wall:>9.1f}  {ex.id} ({', '.join(c.kind for c in ex.checks)})")
        cpus = [row[0] for row in rows]
        print(f"  CPU ms per run: median {statistics.median(cpus):.1f}, mean {statistics.mean(cpus):.1f}")
        return
    spans, totals, mode, cpu_per_run = profile(exercises, args.rounds, args.sandbox)
    median_run = statistics.median(totals)
    print(f"one run at a time on one worker, isolation {mode}, {len(totals)} learner runs "
          f"({len(exercises)} exercises x reference + starter x {args.rounds} rounds); "
          f"median run {median_run * 1000:.1f} ms wall, end to end")
    print(f"  {'phase':<14}{'median ms':>10}{'p90 ms':>9}{'share':>8}")
    shown = 0.0
    for name in (*ORDER, *BESIDE):
        values = spans.get(name)
        if not values:
            continue
        med = statistics.median(values)
        shown += med if name not in BESIDE else 0.0
        p90 = sorted(values)[int(len(values) * 0.9)]
        if name in BESIDE:
            print(f"  {name:<14}{med * 1000:>10.2f}{p90 * 1000:>9.2f}   (beside the path: the fork, parent side)")
            continue
        print(f"  {name:<14}{med * 1000:>10.2f}{p90 * 1000:>9.2f}{med / median_run:>8.0%}")
    print(f"  {'sum of medians':<14}{shown * 1000:>10.2f}")
    print(f"  CPU time per run, every process of the grade (grader, zygote, monitors, runs, "
          f"forks and exits included): {cpu_per_run * 1000:.1f} ms")


if __name__ == "__main__":
    main()
