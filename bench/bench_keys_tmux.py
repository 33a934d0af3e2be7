"""Key to screen in a real terminal: the app in tmux, beside ``cat`` in tmux.

    .venv/bin/python bench/bench_keys_tmux.py [--keys 30] [--rounds 2]

A character typed into the editor (``tmux send-keys``) until ``tmux
capture-pane`` shows it, median and 90th percentile. The peer is ``cat`` in
the same kind of tmux window: the terminal's echo through the same send and
the same polling, so the difference is the app's own time. Rounds alternate
the two (a machine whose load changes slows both alike).

bench_app.py's key-to-screen figure is a Pilot press plus a refresh inside
the test harness, which adds Pilot's own waits; this one is what a learner at
a terminal gets. Needs tmux.
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
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACK = ROOT / "tests" / "app" / "pack"
MARK = "Q"  # a character the app's starter and screen do not otherwise show


class Window:
    def __init__(self, command: str) -> None:
        self.socket = f"bench-keys-{uuid.uuid4().hex[:8]}"
        self("-f", "/dev/null", "new-session", "-d", "-s", "w", "-x", "140", "-y", "40", command)
        self("set-option", "-t", "w", "window-size", "manual")
        self("resize-window", "-t", "w", "-x", "140", "-y", "40")

    def __call__(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True).stdout

    def screen(self) -> str:
        return self("capture-pane", "-p", "-t", "w")

    def wait_for(self, text: str, timeout: float = 240.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.screen():
            if time.monotonic() > deadline:
                raise SystemExit(f"never saw {text!r}; the screen was:\n{self.screen()}")
            time.sleep(0.1)

    def latencies(self, keys: int) -> list[float]:
        out = []
        for _ in range(keys):
            before = self.screen().count(MARK)
            start = time.perf_counter()
            self("send-keys", "-t", "w", "-l", MARK)
            while self.screen().count(MARK) <= before:
                pass
            out.append((time.perf_counter() - start) * 1000)
            time.sleep(0.05)  # a typist's pace, not a paste
        return out

    def close(self) -> None:
        self("kill-server")


def app_window(home: str) -> Window:
    env = f"AUTOGRAD_TUTOR_HOME={home} TERM=xterm-256color"
    window = Window(f"cd {ROOT} && env -u COLUMNS -u LINES {env} {sys.executable} -m tutor "
                    f"--pack {PACK} --device cpu; sleep 600")
    window.wait_for("kernel ready")
    time.sleep(1.0)  # the first check of the workspace file and the graph pane settle
    return window


def cat_window() -> Window:
    window = Window("cat")
    time.sleep(0.5)
    return window


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        raise SystemExit("needs tmux (apt-get install -y tmux)")
    home = tempfile.mkdtemp(prefix="bench-keys-")
    rows: dict[str, list[float]] = {"cat": [], "app": []}
    for _ in range(args.rounds):
        for name, make in (("cat", cat_window), ("app", lambda: app_window(home))):
            window = make()
            try:
                rows[name] += window.latencies(args.keys)
            finally:
                window.close()
    shutil.rmtree(home, ignore_errors=True)

    def p90(values: list[float]) -> float:
        return sorted(values)[max(0, int(len(values) * 0.9) - 1)]

    print(f"key to screen in tmux, {args.keys} keys x {args.rounds} rounds "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):")
    cat = statistics.median(rows["cat"])
    for name, label in (("cat", "cat (terminal echo, the peer)"), ("app", "app editor, kernel idle")):
        med = statistics.median(rows[name])
        print(f"  {label:<32} median {med:6.1f} ms   p90 {p90(rows[name]):6.1f} ms   ({med / cat:.2f}x cat)")
    print(f"  the app's own time: median {statistics.median(rows['app']) - cat:.1f} ms over the peer")


if __name__ == "__main__":
    main()
