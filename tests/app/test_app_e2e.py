"""End to end on the real kernel and the real grader (torch in child processes only)."""

from __future__ import annotations

import os
import signal
import time

import pytest
from app_support import PACK, started, wait_for

from tutor.app.main import TutorApp
from tutor.app.services import Services
from tutor.paths import workspace_file
from tutor.progress import open_store

pytestmark = pytest.mark.timeout(600)

WIDE = (140, 40)
KERNEL_START = 180  # seconds: torch imports slowly on a busy CI machine


def real_app() -> TutorApp:
    return TutorApp(Services(pack_ref=PACK, device="cpu"))


def node_names(pane) -> set[str]:
    return {name for node in pane.snapshot.nodes for name in node.names} if pane.snapshot else set()


async def test_the_whole_journey_then_resume_after_a_restart():
    app = real_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        bar = screen.query_one("StatusBar")
        await wait_for(pilot, lambda: bar.kernel_state == "ready", KERNEL_START)
        graph = screen.query_one("GraphPane")
        editor = screen.query_one("EditorPane")
        # write a first solution: right gradient for w, but y leaves out b
        editor.area.load_text("y = w * x\ny.backward()\n")
        await pilot.press("f5")
        await wait_for(pilot, lambda: "y" in node_names(graph), 60)
        y = graph.snapshot.find("y")
        assert y.op == "Mul"
        assert graph.tree.root.children[0].data.gid == y.id
        # check: the graph check fails, with both graphs side by side
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "CheckScreen", 300)
        await pilot.pause()
        assert not app.screen.result.passed
        yours = str(app.screen.query_one("#diff-yours-c1").render())
        expected = str(app.screen.query_one("#diff-expected-c1").render())
        assert "✗" in yours and "Leaf b" in expected
        await pilot.press("escape")
        # fix it, run it: the graph pane follows
        editor.area.load_text("y = w * x + b\ny.backward()\n")
        await pilot.press("f5")
        await wait_for(pilot, lambda: graph.snapshot.find("y") is not None and graph.snapshot.find("y").op == "Add", 60)
        assert "b" in node_names(graph)
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "CheckScreen", 300)
        await pilot.pause()
        assert app.screen.result.passed, app.screen.result
        await pilot.press("escape")
        await wait_for(pilot, lambda: "solved" in str(screen.query_one("#status-where").render()))
    with open_store() as store:
        progress = store.exercise("app-test", "linear-gradients")
        assert progress.solved and progress.attempts == 2
        assert store.current("app-test") == "linear-gradients"
    assert workspace_file("app-test", "linear-gradients").read_text() == "y = w * x + b\ny.backward()\n"

    # a new session opens where work remains (the first unsolved exercise);
    # the solved one keeps the learner's code
    app = real_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        assert screen.exercise.id == "make-a-leaf"
        screen.open_exercise("linear-gradients")
        await pilot.pause()
        assert screen.query_one("EditorPane").text == "y = w * x + b\ny.backward()\n"
        assert "solved" in str(screen.query_one("#status-where").render())


async def test_sigkill_mid_execution_keeps_the_editor_and_the_app_usable():
    app = real_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        bar = screen.query_one("StatusBar")
        await wait_for(pilot, lambda: bar.kernel_state == "ready", KERNEL_START)
        editor = screen.query_one("EditorPane")
        code = "import time\nwhile True:\n    time.sleep(0.01)\n"
        editor.area.load_text(code)
        editor.flush()
        await pilot.press("f5")
        await wait_for(pilot, lambda: bar.kernel_state == "busy", 30)
        pid = screen.bridge.client.pid
        os.kill(pid, signal.SIGKILL)
        await wait_for(pilot, lambda: bar.kernel_state in ("crashed", "restarting"), 30)
        # the UI answers at once: typing lands in the editor and reaches the file
        editor.area.focus()
        await pilot.pause()
        editor.area.move_cursor(editor.area.document.end)
        await pilot.press(*"# still here")
        await wait_for(pilot, lambda: workspace_file("app-test", "linear-gradients").read_text()
                       == code + "# still here", 30)
        assert editor.text == code + "# still here"
        assert "SIGKILL" in screen.query_one("ReplConsole").transcript()
        # and a fresh kernel comes back with the exercise's setup
        await wait_for(pilot, lambda: bar.kernel_state == "ready", KERNEL_START)
        assert screen.bridge.client.pid != pid
        editor.area.load_text("print(w.requires_grad)\n")
        await pilot.press("f5")
        await wait_for(pilot, lambda: "True" in screen.query_one("ReplConsole").transcript().splitlines(), 30)


async def test_quitting_the_app_stops_its_kernel():
    """The kernel is the app's child: it must not outlive the app (a Textual
    attribute once shadowed the screen's shut-down flag and leaked it)."""
    app = real_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        bar = screen.query_one("StatusBar")
        await wait_for(pilot, lambda: bar.kernel_state == "ready", KERNEL_START)
        pid = screen.bridge.client.pid
        assert pid is not None
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail(f"kernel {pid} still running after the app exited")
