"""Check benchmarks: a cold ``autograd-tutor check`` and a save under ``watch``.

    python bench/bench_check.py [--runs 5] [--saves 10] [--exercise make-a-leaf]

- Cold check: whole process, ``autograd-tutor check ID FILE`` on the
  reference solution, run side by side (interleaved) with
  ``python -c "import torch"``; medians of ``--runs``, the time until the
  verdict is printed and until the process has exited (workers stopped),
  and their ratio to the torch import. Target: exit <= 2x import torch.
- Watch: ``autograd-tutor watch`` in a pipe; the time from saving the file
  (an atomic rename, as editors do) until the verdict is printed, median
  and worst of ``--saves``. Target: <= 0.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
VERDICT = "score "  # the last line of a rendered result


def env_with_home() -> dict[str, str]:
    return {**os.environ, "AUTOGRAD_TUTOR_HOME": tempfile.mkdtemp(prefix="bench-check-"), "NO_COLOR": "1"}


def timed(argv: list[str], env: dict[str, str], mark: str | None = None) -> tuple[float | None, float]:
    """(seconds until a stdout line containing ``mark``, seconds until exit)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
    seen = None
    for line in proc.stdout:
        if seen is None and mark is not None and mark in line:
            seen = time.perf_counter() - start
    proc.wait()
    return seen, time.perf_counter() - start


def bench_cold(runs: int, exercise: str) -> None:
    from tutor.pack import load_pack

    solution = load_pack(None).exercise(exercise).solution
    folder = Path(tempfile.mkdtemp(prefix="bench-check-"))
    file = folder / f"{exercise}.py"
    file.write_text(solution)
    cli = [sys.executable, "-m", "tutor", "check", exercise, str(file)]
    torch_times, verdicts, exits = [], [], []
    for _ in range(runs):
        torch_times.append(timed([sys.executable, "-c", "import torch"], env_with_home())[1])
        verdict, total = timed(cli, env_with_home(), VERDICT)
        verdicts.append(verdict if verdict is not None else float("nan"))
        exits.append(total)
    t_torch = statistics.median(torch_times)
    verdict, total = statistics.median(verdicts), statistics.median(exits)
    print(f"cold check of {exercise} (reference solution), whole process, median of {runs} runs, interleaved:")
    print(f"  python -c 'import torch'                {t_torch:6.3f} s")
    print(f"  check: verdict printed                  {verdict:6.3f} s   ({verdict / t_torch:.2f} x import torch)")
    print(f"  check: process exited                   {total:6.3f} s   ({total / t_torch:.2f} x import torch;"
          " target <= 2.00 x)")


def bench_watch(saves: int, exercise: str) -> None:
    from tutor.pack import load_pack

    starter = load_pack(None).exercise(exercise).starter
    env = env_with_home()
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "watch", "--exercise", exercise],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    lines: list[tuple[float, str]] = []
    got = threading.Condition()

    def reader() -> None:
        for line in proc.stdout:
            with got:
                lines.append((time.perf_counter(), line))
                got.notify_all()

    threading.Thread(target=reader, daemon=True).start()

    def wait_for(text: str, after: int, timeout: float = 120) -> tuple[int, float]:
        deadline = time.perf_counter() + timeout
        with got:
            while True:
                for i in range(after, len(lines)):
                    if text in lines[i][1]:
                        return i + 1, lines[i][0]
                left = deadline - time.perf_counter()
                if left <= 0 or proc.poll() is not None:
                    raise SystemExit(f"watch never printed {text!r}:\n" + "".join(t for _, t in lines[-30:]))
                got.wait(left)

    seen, _ = wait_for("Watching", 0)
    path = Path(env["AUTOGRAD_TUTOR_HOME"]) / "workspace" / "builtin" / f"{exercise}.py"
    times = []
    try:
        for n in range(saves + 1):  # the first save also makes the reference runs: not counted
            tmp = path.with_name(f".{path.name}.bench")
            tmp.write_text(f"{starter}\n# save {n}\n")
            start = time.perf_counter()
            os.replace(tmp, path)
            seen, at = wait_for(VERDICT, seen)
            seen, _ = wait_for("Watching", seen)
            if n:
                times.append(at - start)
    finally:
        proc.terminate()
        proc.wait()
    print(f"watch: save -> verdict printed, {saves} saves of {exercise} (a failing file), warm grader:")
    print(f"  median {statistics.median(times):6.3f} s   worst {max(times):6.3f} s   (target <= 0.5 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--saves", type=int, default=10)
    parser.add_argument("--exercise", default="make-a-leaf")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    bench_cold(args.runs, args.exercise)
    bench_watch(args.saves, args.exercise)


if __name__ == "__main__":
    main()
