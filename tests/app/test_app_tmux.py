"""The real app in a real terminal: tmux types a solution, checks it, and reads the screen.

Needs tmux (``apt-get install -y tmux``); skipped with a reason when it is absent.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid

import pytest
from app_support import PACK

from tutor.paths import workspace_file

pytestmark = [
    pytest.mark.timeout(600),
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (apt-get install -y tmux)"),
]


class Tmux:
    def __init__(self, width: int = 120, height: int = 40) -> None:
        self.socket = f"tutor-test-{uuid.uuid4().hex[:8]}"
        self.size = (width, height)

    def __call__(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True).stdout

    def start(self, command: str) -> None:
        width, height = self.size
        self("-f", "/dev/null", "new-session", "-d", "-s", "app", "-x", str(width), "-y", str(height), command)
        self("resize-window", "-t", "app", "-x", str(width), "-y", str(height))

    def screen(self) -> str:
        return self("capture-pane", "-p", "-t", "app")

    def keys(self, *keys: str) -> None:
        self("send-keys", "-t", "app", *keys)

    def type(self, text: str) -> None:
        self("send-keys", "-t", "app", "-l", text)

    def wait_for(self, text: str, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            try:
                screen = self.screen()
            except subprocess.CalledProcessError:
                screen = "(the tmux session ended)"
                break
            if text in screen:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def test_type_a_solution_check_it_and_read_the_screen(tutor_home):
    tmux = Tmux()
    env = f"AUTOGRAD_TUTOR_HOME={tutor_home} TERM=xterm-256color"
    command = f"cd {os.getcwd()} && env {env} {sys.executable} -m tutor --pack {PACK} --device cpu; sleep 5"
    try:
        tmux.start(command)
        tmux.wait_for("linear-gradients.py", 60)
        tmux.wait_for("kernel ready", 180)
        # the editor has focus and holds the starter, "y = w * x"
        tmux.keys("End")
        tmux.type(" + b")
        tmux.keys("Enter")
        tmux.type("y.backward()")
        time.sleep(0.3)
        tmux.keys("F5")
        screen = tmux.wait_for("[editor] >>> y = w * x + b", 60)
        assert "... y.backward()" in screen
        tmux.wait_for("kernel ready", 30)
        tmux.keys("C-n")  # next pane: the graph, a tab on small terminals
        screen = tmux.wait_for("y = Add", 30)
        tmux.wait_for("leaf [grad", 30)  # after backward the leaves hold gradients
        tmux.keys("C-t")
        screen = tmux.wait_for("Solved", 300)
        assert "pass  grad of w" in screen and "pass  graph of y" in screen
        tmux.keys("q")  # closes the result (Escape would need a pause: terminals delay a bare ESC)
        time.sleep(0.3)
        tmux.keys("C-n")  # graph -> lesson (on a wide terminal the status line says it too)
        tmux.wait_for("solved", 10)
        tmux.keys("C-q")
        deadline = time.monotonic() + 20
        while "sleep" not in tmux("list-panes", "-t", "app", "-F", "#{pane_current_command}") \
                and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        tmux.close()
    assert workspace_file("app-test", "linear-gradients").read_text() == "y = w * x + b\ny.backward()\n"
