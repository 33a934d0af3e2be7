"""The REPL at a real pseudo-terminal: Ctrl-C stops a loop, the namespace lives on."""

from __future__ import annotations

import os
import re
import select
import signal
import sys
import time
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][AB012]|\x1b[=>]|\r")


class Terminal:
    """A child process on a pty, read with a deadline, escapes stripped."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: become the REPL
            # Ctrl-C must reach it as in a terminal even when the suite runs in the
            # background: a shell without job control starts those with SIGINT
            # ignored, and exec keeps what is ignored.
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGQUIT, signal.SIG_DFL)
            os.execvpe(argv[0], argv, env)
        self.seen = ""

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def expect(self, pattern: str, timeout: float = 60.0) -> str:
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            match = regex.search(self.seen)
            if match:
                consumed = self.seen[: match.end()]
                self.seen = self.seen[match.end() :]
                return consumed
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"did not see {pattern!r}; screen so far:\n{self.seen[-2000:]}")
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.2))
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    data = b""
                if not data:
                    raise AssertionError(f"the REPL ended before {pattern!r}:\n{self.seen[-2000:]}")
                self.seen += ANSI.sub("", data.decode("utf-8", "replace"))

    def wait(self, timeout: float = 30.0) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.pid = 0
                return os.waitstatus_to_exitcode(status)
            try:  # keep the pty drained so the child can finish writing
                if select.select([self.fd], [], [], 0.1)[0]:
                    os.read(self.fd, 65536)
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the REPL did not exit")

    def close(self) -> None:
        if self.pid:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


def quit_at_the_prompt(terminal: Terminal) -> None:
    # Ctrl-D typed before the prompt takes the terminal would reach the
    # line discipline instead of the REPL: wait for the prompt first.
    terminal.expect(r">>>")
    time.sleep(0.3)
    terminal.send("\x04")


@pytest.fixture
def terminal(tmp_path: Path):
    env = dict(
        os.environ,
        AUTOGRAD_TUTOR_HOME=str(tmp_path),
        TERM="xterm",
        NO_COLOR="1",
        PROMPT_TOOLKIT_NO_CPR="1",
        COLUMNS="100",
        LINES="30",
    )
    term = Terminal([sys.executable, "-m", "tutor", "--device", "cpu", "repl"], env)
    try:
        yield term
    finally:
        term.close()


def test_ctrl_c_interrupts_a_loop_and_the_namespace_survives(terminal: Terminal, tmp_path: Path) -> None:
    terminal.expect(r">>>")
    terminal.send("kept = 41; kept\r")
    terminal.expect(r"\n41\n")  # the kernel is up and the cell ran
    terminal.expect(r">>>")
    terminal.send("while True: pass\r")  # a compound statement waits for a blank line
    terminal.send("\r")
    time.sleep(1.5)  # let it spin
    terminal.send("\x03")
    terminal.expect(r"KeyboardInterrupt", timeout=30)
    terminal.expect(r">>>")
    terminal.send("kept + 1\r")
    terminal.expect(r"\n42\n")
    quit_at_the_prompt(terminal)
    assert terminal.wait() == 0
    assert "kept = 41" in (tmp_path / "repl_history").read_text()


def test_ctrl_c_at_the_prompt_clears_the_line(terminal: Terminal) -> None:
    terminal.expect(r">>>")
    terminal.send("undefined_name_xyz")
    time.sleep(0.5)
    terminal.send("\x03")
    time.sleep(0.5)
    terminal.send("6 * 7\r")
    terminal.expect(r"\n42\n")
    assert "NameError" not in terminal.seen
    quit_at_the_prompt(terminal)
    assert terminal.wait() == 0
