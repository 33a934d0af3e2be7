"""Helpers for the browser tests of ``autograd-tutor serve``: the server as a
real process, Debian's chromium driven by Playwright (never ``playwright
install``), and the terminal the page draws, read from the websocket's bytes
with pyte (xterm.js draws on a canvas, so the page has no text to read).

Every wait polls the state it waits for up to a generous deadline (a cap
for a loaded machine, never a pause that must be long enough)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import headless_browser
from support import own_workers

REPO = Path(__file__).resolve().parents[2]
PACK = str(REPO / "tests" / "app" / "pack")
DEADLINE = 180.0  # seconds: a cap for a loaded machine (the kernel imports torch), not a pause


def why_no_browser() -> str:
    """'' when chromium, playwright and pyte are all here, else what is missing."""
    return headless_browser.why_no_browser(("pyte", "pyte"))


def why_no_serve() -> str:
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        return "textual-serve not installed (pip install -e '.[serve]')"
    return ""


launch = headless_browser.launch


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# ------------------------------------------------------------------ processes


def process_table() -> dict[int, tuple[int, str]]:
    """pid -> (ppid, command line) of every live (not zombie) process."""
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()
        if fields[0] in ("Z", "X"):
            continue
        out[int(entry.name)] = (int(fields[1]), cmd)
    return out


def descendants(root: int) -> dict[int, str]:
    """Everything below ``root`` now: pid -> command line."""
    table = process_table()
    found, todo = {}, [root]
    while todo:
        parent = todo.pop()
        for pid, (ppid, cmd) in table.items():
            if ppid == parent and pid not in found:
                found[pid] = cmd
                todo.append(pid)
    return found


def alive(pids) -> dict[int, str]:
    table = process_table()
    return {pid: table[pid][1] for pid in pids if pid in table}


def wait_gone(pids, what: str, timeout: float = DEADLINE) -> None:
    deadline = time.monotonic() + timeout
    left = alive(pids)
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = alive(pids)
    assert not left, f"{what}: still running after {timeout:.0f} s: {left}"


def session_processes(server_pid: int) -> dict[int, str]:
    """The apps and kernels (and grader workers) below the server."""
    return {pid: cmd for pid, cmd in descendants(server_pid).items()
            if " -m tutor app" in cmd or "tutor.kernel" in cmd or "tutor.grade" in cmd}


class Serve:
    """``autograd-tutor serve`` as a learner's machine runs it."""

    def __init__(self, home: Path, *args: str, port: int = 0, token: str | None = None) -> None:
        self.home = home
        self.args = ["--port", str(port), *(["--token", token] if token else []), *args]
        self.proc: subprocess.Popen | None = None
        self.url = ""
        self.first_line = ""
        self.stderr_path = home.parent / f"serve-{os.getpid()}-{id(self)}.err"

    def start(self) -> Serve:
        # its own grading workers: the tests see a session's processes end with it
        env = {**own_workers(), "AUTOGRAD_TUTOR_HOME": str(self.home)}
        env.pop("AUTOGRAD_TUTOR_SERVE_TOKEN", None)
        self._stderr = open(self.stderr_path, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen([sys.executable, "-m", "tutor", "serve", *self.args], cwd=REPO, env=env,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self._stderr)
        self.first_line = self.proc.stdout.readline().decode().rstrip("\n")
        assert self.first_line, f"serve printed nothing; stderr:\n{self.stderr()}"
        self.url = self.first_line
        self.base = self.url.split("?")[0]
        self.port = int(self.base.rsplit(":", 1)[1].strip("/"))
        return self

    def stderr(self) -> str:
        try:
            return self.stderr_path.read_text(errors="replace")
        except OSError:
            return ""

    def stop(self, timeout: float = 60.0) -> int:
        if self.proc is None or self.proc.stdout.closed:
            return self.proc.returncode if self.proc is not None else 0
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
            raise AssertionError(f"serve did not stop on SIGTERM within {timeout:.0f} s; stderr:\n{self.stderr()}")
        finally:
            rest = self.proc.stdout.read()
            self.proc.stdout.close()
            self._stderr.close()
        assert not rest, f"serve printed more than its first line on stdout: {rest!r}"
        return code


# ------------------------------------------------------------------ the page's terminal


class Terminal:
    """The screen of the app in one page: the websocket's terminal bytes,
    fed to pyte, resized as the page resizes the app."""

    def __init__(self, page) -> None:
        import pyte

        self.page = page
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.sockets = []
        self.closed = False
        self.frames = 0  # binary frames of the latest socket, in order (bench/bench_serve.py times them)
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        self.sockets.append(ws)
        self.closed = False
        self.frames = 0
        self.screen.reset()
        ws.on("framereceived", self._received)
        ws.on("framesent", self._sent)
        ws.on("close", lambda _ws: setattr(self, "closed", True))

    def _received(self, payload) -> None:
        if isinstance(payload, (bytes, bytearray)):
            self.frames += 1
            self.stream.feed(bytes(payload))

    def _sent(self, payload) -> None:
        if isinstance(payload, str):
            message = json.loads(payload)
            if message[0] == "resize":
                self.screen.resize(message[1]["height"], message[1]["width"])

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, text: str, timeout: float = DEADLINE, *, gone: bool = False) -> str:
        return self.wait_until(lambda screen: (text in screen) != gone,
                               f"{text!r} {'going away' if gone else 'on screen'}", timeout)

    def wait_until(self, condition, what: str, timeout: float = DEADLINE) -> str:
        deadline = time.monotonic() + timeout
        screen = self.text()
        while time.monotonic() < deadline:
            screen = self.text()
            if condition(screen):
                return screen
            self.page.wait_for_timeout(50)  # lets Playwright deliver the frames
        raise AssertionError(f"never saw {what} within {timeout:.0f} s; the screen was:\n{screen}")

    def focus(self) -> None:
        """Give the terminal the keyboard, without a click (a click is a mouse event for the app)."""
        self.page.locator("textarea.xterm-helper-textarea").focus()
