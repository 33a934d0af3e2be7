"""`autograd-tutor watch` at a real pseudo-terminal: every save is checked,
a solve opens the next exercise, Ctrl-C leaves cleanly and takes the grading
workers with it. Waits on what the screen shows, never on fixed sleeps."""

from __future__ import annotations

import os
import re
import select
import signal
import sys
import time
from pathlib import Path

import pytest

from tutor.pack import load_pack
from tutor.progress import ProgressStore

from support import own_workers

pty = pytest.importorskip("pty")

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\r")


class Terminal:
    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            # Ctrl-C must reach it as in a terminal even when the suite runs in the
            # background: a shell without job control starts those with SIGINT
            # ignored, and exec keeps what is ignored.
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGQUIT, signal.SIG_DFL)
            os.execvpe(argv[0], argv, env)
        self.raw = b""
        self.seen = ""

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            return False
        self.raw += data
        self.seen += ANSI.sub("", data.decode("utf-8", "replace"))
        return True

    def expect(self, pattern: str, timeout: float = 180.0) -> str:
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            match = regex.search(self.seen)
            if match:
                consumed, self.seen = self.seen[: match.end()], self.seen[match.end():]
                return consumed
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"did not see {pattern!r}; screen so far:\n{self.seen[-3000:]}")
            if not self._read(min(left, 0.2)):
                raise AssertionError(f"watch ended before {pattern!r}:\n{self.seen[-3000:]}")

    def wait(self, timeout: float = 60.0) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.pid = 0
                return os.waitstatus_to_exitcode(status)
            self._read(0.1)
        raise AssertionError("watch did not exit")

    def close(self) -> None:
        if self.pid:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


def save(path: Path, text: str) -> None:
    """As an editor saves: a new file renamed over the old one."""
    tmp = path.with_name(f".{path.name}.swp")
    tmp.write_text(text)
    os.replace(tmp, path)


def descendants(pid: int) -> set[int]:
    found, todo = set(), [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{parent}/task/{task}/children") as f:
                    kids = {int(k) for k in f.read().split()}
            except OSError:
                continue
            todo.extend(kids - found)
            found |= kids
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.fixture
def watch(tutor_home: Path):
    env = dict(own_workers(), AUTOGRAD_TUTOR_HOME=str(tutor_home), TERM="xterm", NO_COLOR="1", COLUMNS="100",
               LINES="30")  # its own workers: the test below waits for them to end with it
    term = Terminal([sys.executable, "-m", "tutor", "watch", "--exercise", "make-a-leaf"], env)
    try:
        yield term
    finally:
        term.close()


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="process tree from /proc")
def test_watch_checks_each_save_moves_on_and_leaves_on_ctrl_c(watch: Terminal, tutor_home: Path) -> None:
    pack = load_pack(None)
    first, second = pack.exercise("make-a-leaf"), pack.exercise("leaf-or-dish")
    folder = tutor_home / "workspace" / "builtin"
    watch.expect(r"Starter code written to .*make-a-leaf\.py")
    watch.expect(r"Watching make-a-leaf\.py")
    assert (folder / "make-a-leaf.py").read_text() == first.starter

    # A wrong answer that also prints a terminal escape (sets the window title).
    save(folder / "make-a-leaf.py", "print('\\x1b]0;PWNED\\x07title')\nx = data\ny = (x ** 2).sum()\n")
    full = f"{first.max_points:g}"
    verdict = watch.expect(rf"score [\d.]+/{full}: not yet")
    assert "FAIL  x.requires_grad" in verdict
    watch.expect(r"your code printed:\s+title\n")  # cleaned of its escape sequence
    watch.expect(r"Watching make-a-leaf\.py")
    assert b"\x1b]0;PWNED" not in watch.raw and b"\x07" not in watch.raw

    save(folder / "make-a-leaf.py", first.solution)
    watch.expect(rf"score {full}/{full}: solved")
    watch.expect(r"Solved make-a-leaf!")
    watch.expect(re.escape(f"({second.id}, exercise 2 of"))
    watch.expect(r"Starter code written to .*leaf-or-dish\.py")
    watch.expect(r"Watching leaf-or-dish\.py")
    assert (folder / "leaf-or-dish.py").read_text() == second.starter
    with ProgressStore(tutor_home / "progress.db") as store:
        assert store.exercise("builtin", first.id).solved
        assert store.current("builtin") == second.id

    workers = descendants(watch.pid)
    assert workers, "the grader's worker should be running"
    watch.send("\x03")
    watch.expect(r"Stopped watching")
    assert watch.wait() == 0
    assert "Traceback" not in watch.seen
    deadline = time.monotonic() + 60
    while any(alive(pid) for pid in workers):
        assert time.monotonic() < deadline, f"left behind: {[p for p in workers if alive(p)]}"
        time.sleep(0.1)
