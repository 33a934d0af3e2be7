"""Faults of the grader's own processes, counted; and a soak of one runner.

    .venv/bin/python bench/bench_faults.py [--rounds 5] [--kills 8] [--no-sandbox]
    .venv/bin/python bench/bench_faults.py --soak 200

Fault rounds: a class of 20 (three built-in exercises; solutions, starters and
code that raises) is graded once cleanly, then --rounds times while random
grading processes (bubblewrap, zygote, monitors, runs) are SIGKILLed at random
moments (tests/grade/test_faults.py's killer). Prints per round and in all:
processes killed (by kind), runs run again, exercises marked "fault": "grader",
verdicts changed silently (must be 0), exit statuses, processes left behind.

Soak: a class of N is graded three times in a row: the three JSON reports
must be byte-identical; prints wall time and the grade process's peak memory
per pass (it must stay flat), and processes left behind.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "grade")]

import test_faults as F  # noqa: E402  (the harness the tests use: one copy)


def _class(root: Path, students: int) -> tuple[Path, Path]:
    pack = F._pack(root)
    F.STUDENTS = students
    return pack, F._class(root, pack)


def _peak_rss(pid: int, stop: threading.Event, out: list) -> None:
    peak = 0
    while not stop.is_set():
        try:
            text = Path(f"/proc/{pid}/status").read_text()
            peak = max(peak, int(re.search(r"VmRSS:\s+(\d+)", text).group(1)))
        except (OSError, AttributeError):
            pass
        time.sleep(0.05)
    out.append(peak)


def _left_after(before: set[int], wait: float = 10.0) -> int:
    """Grading processes still alive ``wait`` seconds after the grade ended
    (a worker's input closes when the grader exits; it then ends at once)."""
    deadline = time.monotonic() + wait
    while F._grading_processes() - before and time.monotonic() < deadline:
        time.sleep(0.2)
    return len(F._grading_processes() - before)


def rounds(args) -> None:
    root = Path(tempfile.mkdtemp(prefix="agt-faults-"))
    pack, folder = _class(root, 20)
    extra = ["--no-sandbox"] if args.no_sandbox else []
    code, stderr, _ = F._grade(pack, folder, root / "clean.json", extra)
    assert code == 0, stderr
    clean = F._verdicts(root / "clean.json")
    totals = {"killed": 0, "retried": 0, "marked": 0, "changed": 0, "left": 0}
    kinds: dict[str, int] = {}
    for n in range(args.rounds):
        before = F._grading_processes()
        seed = random.randrange(1 << 30)
        code, stderr, kills = F._grade(pack, folder, root / f"round{n}.json", extra,
                                       killer=F._killer(seed, most=args.kills))
        faulty = F._verdicts(root / f"round{n}.json")
        marked = sum(e.get("fault") == "grader" for e in faulty.values())
        changed = sum(e.get("fault") != "grader" and (e["status"], e["score"]) !=
                      (clean[k]["status"], clean[k]["score"]) for k, e in faulty.items())
        retried = int(m.group(1)) if (m := re.search(r"(\d+) runs lost", stderr)) else 0
        left = _left_after(before)
        for k in kills:
            kinds[k] = kinds.get(k, 0) + 1
        for key, value in (("killed", len(kills)), ("retried", retried), ("marked", marked), ("changed", changed),
                           ("left", left)):
            totals[key] += value
        print(f"round {n + 1} (seed {seed}): killed {len(kills)}, runs run again {retried}, exercises marked "
              f"{marked} of {len(faulty)}, changed silently {changed}, exit {code}, processes left {left}")
    print(f"in all, {args.rounds} rounds{' without the sandbox' if args.no_sandbox else ''}: killed "
          f"{totals['killed']} ({', '.join(f'{v} {k}' for k, v in sorted(kinds.items()))}), runs run again "
          f"{totals['retried']}, exercises marked {totals['marked']}, verdicts changed silently {totals['changed']}, "
          f"processes left {totals['left']}")


def soak(args) -> None:
    root = Path(tempfile.mkdtemp(prefix="agt-soak-"))
    pack, folder = _class(root, args.soak)
    texts = []
    before = F._grading_processes()
    for n in range(3):
        out = root / f"pass{n}.json"
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "tutor", "grade", str(folder), "--pack", str(pack),
                                 "--json", str(out), "--jobs", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        stop, peak = threading.Event(), []
        watcher = threading.Thread(target=_peak_rss, args=(proc.pid, stop, peak))
        watcher.start()
        proc.wait()
        stop.set()
        watcher.join()
        texts.append(out.read_bytes())
        print(f"pass {n + 1}: {args.soak} students x 3 exercises in {time.perf_counter() - started:.1f} s, "
              f"exit {proc.returncode}, grade process peak RSS {peak[0] / 1024:.0f} MiB")
    print(f"reports byte-identical: {texts[0] == texts[1] == texts[2]}; processes left: "
          f"{_left_after(before)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--kills", type=int, default=8, help="processes killed per round, at most")
    parser.add_argument("--no-sandbox", action="store_true")
    parser.add_argument("--soak", type=int, metavar="N", help="soak a class of N students instead")
    args = parser.parse_args()
    soak(args) if args.soak else rounds(args)


if __name__ == "__main__":
    main()
