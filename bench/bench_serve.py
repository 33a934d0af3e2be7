"""The tutor in a browser: how fast it opens, how fast keys come back, what a
session costs, and how many sessions one machine holds.

    python bench/bench_serve.py [--runs 3] [--keys 30] [--sessions 1,2,4,8] [--skip-tmux]

Needs textual-serve, Playwright with Debian's chromium (never ``playwright
install``), pyte and, for the side-by-side, tmux.

- Open: from ``page.goto(url)`` until the first exercise's task is on the
  screen the websocket drew (a fresh session each run: its app starts, then
  the kernel behind it), and until the kernel is ready. Median of ``--runs``.
- Key to screen: a key typed into the editor until the screen shows it,
  median and 95th percentile over ``--keys`` keys, kernel idle. Browser: by
  the page's own clock, from the keydown event to the paint after the
  websocket frame with which the screen (pyte, fed every frame) first shows
  the key; the harness's view (Playwright's press until that frame reaches
  this process) is printed beside it, and is mostly Playwright. tmux: from
  ``send-keys`` until ``capture-pane`` shows the key (polled as fast as tmux
  answers: an upper bound), the same app at the same size.
- Memory per session: resident set (VmRSS) of the app and its kernel once the
  kernel is ready, and of the grader's worker after a first check.
- Learners: N learners at once, as JupyterHub runs them (a server each, with
  its own data folder, and one tab on it); once all are ready, keys
  round-robin over them (each key in the next tab) and the key latency as
  above; the most learners with a 95th percentile under 100 ms is the
  answer for this machine.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "tests" / "serve"))
sys.path.append(str(ROOT / "tests"))  # headless_browser.py

from serve_support import PACK, Serve, Terminal, descendants, launch

WIDTH, HEIGHT = 1400, 900  # the page; the terminal is 155 x 42 cells at the default font
TASK = "Task: Gradients of w * x + b"
KEYS = "xz"


def median(values: list[float]) -> float:
    return statistics.median(values)


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(round(len(values) * 0.95)) - 1)]


def ms(values: list[float]) -> str:
    return f"median {median(values) * 1000:6.1f} ms   p95 {p95(values) * 1000:6.1f} ms"


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


STARTER = "y = w * x"  # line 1 of the first exercise's editor: keys go in before it


def _editor_line(line: int, typed: str) -> str:
    return f"{line}  {typed}{STARTER}"


# In the page, by the browser's own clock (none of Playwright's overhead):
# when each key went down, and when the screen was painted after each frame
# of the latest websocket (the animation frame after its bytes arrived).
PAGE_CLOCK = """
(() => {
  const Native = window.WebSocket;
  window.__keydowns = [];
  window.__painted = [];
  window.addEventListener("keydown", (event) => window.__keydowns.push(event.timeStamp), true);
  window.WebSocket = function (url, protocols) {
    const ws = protocols ? new Native(url, protocols) : new Native(url);
    window.__painted = [];
    ws.addEventListener("message", (event) => {
      if (typeof event.data === "string") return;
      const i = window.__painted.push(null) - 1;
      requestAnimationFrame(() => { window.__painted[i] = performance.now(); });
    });
    return ws;
  };
  window.WebSocket.prototype = Native.prototype;
})();
"""
SETTLED = "() => new Promise(r => requestAnimationFrame(() => r([window.__keydowns, window.__painted])))"


class Session:
    def __init__(self, browser, url: str) -> None:
        self.context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
        self.context.add_init_script(PAGE_CLOCK)
        self.page = self.context.new_page()
        self.terminal = Terminal(self.page)
        self.typed = ""
        self.url = url
        self.shared = False  # True when other sessions' windows take the focus in turn

    def page_time(self, keydown: int, frame: int) -> float:
        """Seconds from keydown number ``keydown`` to the paint after frame number ``frame`` (page clock)."""
        keydowns, painted = self.page.evaluate(SETTLED)
        return (painted[frame - 1] - keydowns[keydown]) / 1000

    def open(self) -> tuple[float, float]:
        t0 = time.perf_counter()
        self.page.goto(self.url, wait_until="commit")
        self.terminal.wait_for(TASK)
        task = time.perf_counter() - t0
        self.terminal.wait_for("kernel ready")
        return task, time.perf_counter() - t0

    def to_editor(self) -> None:
        self.terminal.focus()
        self.line = 1
        self.key()  # the first key proves the editor has the keys (and is not counted)

    def key(self) -> tuple[float, float]:
        """One key typed into the editor until the screen shows it: (by the page's
        clock: keydown to the paint after the frame that shows it; by Playwright's:
        press to that frame reaching this process)."""
        char = KEYS[len(self.typed) % len(KEYS)]
        want = _editor_line(self.line, self.typed + char)
        ws = self.terminal.sockets[-1]
        if self.shared:  # one of several windows: make this one the focused one (not timed)
            self.page.bring_to_front()
            self.terminal.focus()
        keydown = len(self.page.evaluate("window.__keydowns"))
        shown = []

        def shows(_payload) -> bool:
            if want in self.terminal.text():
                shown.append(self.terminal.frames)
                return True
            return False

        t0 = time.perf_counter()
        try:
            with ws.expect_event("framereceived", predicate=shows, timeout=60_000):
                self.page.keyboard.press(char)
        except Exception:  # noqa: BLE001 - say what the screen was
            raise SystemExit(f"bench_serve: {want!r} never showed; the screen was:\n{self.terminal.text()}") from None
        took = time.perf_counter() - t0
        page = self.page_time(keydown, shown[0])
        self.typed += char
        if len(self.typed) >= 40:  # a new line before the line gets long
            self.page.keyboard.press("Enter")
            self.line += 1
            self.typed = ""
            self.terminal.wait_for(_editor_line(self.line, ""))
        return page, took

    def close(self) -> None:
        self.context.close()


def bench_browser(browser, runs: int, keys: int) -> tuple[list[float], dict]:
    home = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    serve = Serve(home, "--pack", PACK, "--device", "cpu", "--max-sessions", "2").start()
    opens, readies, memory = [], [], {}
    try:
        for run in range(runs):
            session = Session(browser, serve.url)
            task, ready = session.open()
            opens.append(task)
            readies.append(ready)
            if run == runs - 1:
                procs = descendants(serve.proc.pid)
                memory["app"] = sum(rss_kib(p) for p, c in procs.items() if " -m tutor app" in c)
                memory["kernel"] = sum(rss_kib(p) for p, c in procs.items() if "tutor.kernel" in c)
                session.to_editor()
                both = [session.key() for _ in range(keys)]
                page_side, latencies = [b[0] for b in both], [b[1] for b in both]
                session.page.keyboard.press("Control+b")  # a check: the grader's worker starts
                session.terminal.wait_for("Esc closes")
                procs = descendants(serve.proc.pid)
                memory["grader"] = sum(rss_kib(p) for p, c in procs.items() if "tutor.grade" in c)
            session.close()
        print(f"open the URL -> task on screen (median of {runs}):  {median(opens):5.2f} s"
              f"   -> kernel ready: {median(readies):5.2f} s")
    finally:
        serve.stop()
        shutil.rmtree(home, ignore_errors=True)
    return latencies, page_side, memory


def bench_tmux(keys: int) -> list[float] | None:
    if shutil.which("tmux") is None:
        print("tmux: not installed, no side-by-side")
        return None
    home = tempfile.mkdtemp(prefix="bench-tmux-")
    sock = f"bench-serve-{uuid.uuid4().hex[:8]}"

    def tmux(*args: str) -> str:
        return subprocess.run(["tmux", "-L", sock, *args], check=True, capture_output=True, text=True).stdout

    def screen() -> str:
        return tmux("capture-pane", "-p", "-t", "app")

    def wait(condition, timeout: float = 300.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition(screen()):
            if time.monotonic() > deadline:
                raise SystemExit("tmux: the app never got ready:\n" + screen())
            time.sleep(0.05)

    cols, rows = 155, 42
    command = (f"cd {ROOT} && env -u COLUMNS -u LINES AUTOGRAD_TUTOR_HOME={home} TERM=xterm-256color "
               f"{sys.executable} -m tutor --pack {PACK} --device cpu; sleep 30")
    try:
        tmux("-f", "/dev/null", "new-session", "-d", "-s", "app", "-x", str(cols), "-y", str(rows), command)
        tmux("set-option", "-t", "app", "window-size", "manual")
        tmux("resize-window", "-t", "app", "-x", str(cols), "-y", str(rows))
        wait(lambda s: TASK in s and "kernel ready" in s)
        typed, line, times = "", 1, []
        for n in range(keys + 1):
            char = KEYS[len(typed) % len(KEYS)]
            want = _editor_line(line, typed + char)
            t0 = time.perf_counter()
            tmux("send-keys", "-t", "app", "-l", char)
            while want not in screen():
                pass
            took = time.perf_counter() - t0
            typed += char
            if n >= 1:  # the first proves the editor has the keys
                times.append(took)
            if len(typed) >= 40:
                tmux("send-keys", "-t", "app", "Enter")
                line, typed = line + 1, ""
                wait(lambda s: _editor_line(line, "") in s)
        return times
    finally:
        subprocess.run(["tmux", "-L", sock, "kill-server"], capture_output=True)
        shutil.rmtree(home, ignore_errors=True)


def bench_sessions(browser, counts: list[int], keys: int) -> None:
    """N learners at once, as a hub runs them: N servers, each with its own data
    folder and one browser session (one server's sessions are one learner, who
    shares one workspace among their tabs)."""
    print("concurrent learners (one server and one tab each; all ready, then keys round-robin, kernels idle):")
    under, over = [], []
    for n in counts:
        homes = [Path(tempfile.mkdtemp(prefix="bench-serve-n-")) for _ in range(n)]
        servers: list[Serve] = []
        sessions: list[Session] = []
        try:
            t0 = time.perf_counter()
            for home in homes:
                servers.append(Serve(home, "--pack", PACK, "--device", "cpu", "--max-sessions", "1").start())
            sessions = [Session(browser, serve.url) for serve in servers]
            for s in sessions:
                s.page.goto(s.url, wait_until="commit")
            for s in sessions:
                s.terminal.wait_for(TASK, timeout=600)
                s.terminal.wait_for("kernel ready", timeout=600)
            ready = time.perf_counter() - t0
            for s in sessions:
                s.shared = n > 1
                s.to_editor()
            times = [sessions[i % n].key()[0] for i in range(max(keys, 2 * n))]
            total = sum(rss_kib(p) for serve in servers for p in [serve.proc.pid, *descendants(serve.proc.pid)])
            ok = p95(times) < 0.100
            (under if ok else over).append(n)
            print(f"  {n:2d} learners: all ready in {ready:5.1f} s   keys {ms(times)}   "
                  f"RSS of all {total / 1024 / 1024:5.2f} GiB   {'under' if ok else 'OVER'} 100 ms", flush=True)
        finally:
            for s in sessions:
                s.close()
            for serve in servers:
                serve.stop()
            for home in homes:
                shutil.rmtree(home, ignore_errors=True)
    print(f"  -> on this machine ({os.cpu_count()} cores) the key p95 was under 100 ms with "
          f"{', '.join(map(str, under)) or 'none'} learners, over with {', '.join(map(str, over)) or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keys", type=int, default=30)
    parser.add_argument("--sessions", default="1,2,4,8", help="session counts to try (comma-separated)")
    parser.add_argument("--skip-tmux", action="store_true")
    parser.add_argument("--skip-sessions", action="store_true")
    args = parser.parse_args()

    from serve_support import why_no_browser

    missing = why_no_browser()
    if missing:
        raise SystemExit(f"bench_serve: {missing}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        try:
            latencies, page_side, memory = bench_browser(browser, args.runs, args.keys)
            tmux = None if args.skip_tmux else bench_tmux(args.keys)
            print(f"key to screen, editor, kernel idle ({args.keys} keys):")
            print(f"  browser (chromium, textual-serve)   {ms(page_side)}   (keydown -> painted, the page's clock)")
            print(f"    as the harness sees it            {ms(latencies)}   (Playwright press -> frame in Python)")
            if tmux:
                print(f"  tmux (the same app, 155 x 42)       {ms(tmux)}")
            print(f"memory per session (RSS): app {memory['app'] / 1024:5.0f} MiB + kernel "
                  f"{memory['kernel'] / 1024:5.0f} MiB = {(memory['app'] + memory['kernel']) / 1024:5.0f} MiB; "
                  f"+ grader worker after the first check {memory['grader'] / 1024:5.0f} MiB")
            if not args.skip_sessions:
                bench_sessions(browser, [int(n) for n in re.split(r"[, ]+", args.sessions) if n], args.keys)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
