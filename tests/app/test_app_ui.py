"""Pilot tests of every action, on a fake kernel and a fake grader (UI only)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest
from app_fakes import chain_snapshot, linear_snapshot
from app_support import PACK, started, wait_for

from tutor.paths import data_dir, workspace_file
from tutor.progress import open_store

pytestmark = pytest.mark.timeout(120)

WIDE = (140, 40)


def status_text(screen) -> str:
    return str(screen.query_one("#status-kernel").render())


# --- opening ------------------------------------------------------------------


async def test_first_paint_comes_before_the_kernel_is_ready(make_app, kernel):
    kernel._auto_ready = False
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        assert screen.query_one("StatusBar").kernel_state == "starting"
        assert "starting" in status_text(screen)
        kernel.become_ready()
        await wait_for(pilot, lambda: screen.query_one("StatusBar").kernel_state == "ready")
        assert "torch 2.13.0" in status_text(screen)


async def test_a_page_blurred_while_the_start_screen_shows_gives_the_editor_the_keys_on_focus(make_app):
    """A browser reports the page blurred at first (textual-serve): the main
    screen then comes with nothing focused, and the first focus of the page
    must give the keys to the editor (three browser tests once caught keys
    going nowhere)."""
    from textual import events

    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        app.post_message(events.AppBlur())
        screen = await started(pilot)
        await pilot.pause()
        assert screen.focused is None
        app.post_message(events.AppFocus())
        await pilot.press("z")  # the key that came with the page's focus is not lost
        await wait_for(pilot, lambda: "z" in screen.query_one("SolutionArea").text)
        assert type(screen.focused).__name__ == "SolutionArea"


async def test_opens_at_the_learners_current_exercise(make_app, kernel):
    with open_store() as store:
        store.set_current("app-test", "make-a-leaf")
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        assert screen.exercise.id == "make-a-leaf"
        assert "Make a leaf" in screen.query_one("LessonPane").markdown_source
        await wait_for(pilot, lambda: kernel.resets and "data = torch.randn" in kernel.resets[-1])


async def test_lesson_list_shows_status_and_jumps(make_app, kernel):
    with open_store() as store:
        store.record_attempt("app-test", "linear-gradients", score=2, max_score=2)
        store.record_attempt("app-test", "make-a-leaf", score=0, max_score=2)
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        await pilot.press("f2")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "LessonListScreen")
        tree = app.screen.query_one("Tree")
        labels = {node.data: str(node.label) for node in tree.root.children[0].children}
        labels.update({node.data: str(node.label) for node in tree.root.children[1].children})
        assert "solved" in labels["linear-gradients"]
        assert "attempted" in labels["make-a-leaf"]
        assert "new" in labels["always-solution"]
        target = tree.root.children[1].children[0]
        tree.move_cursor(target)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.exercise.id == "always-solution")
        assert "a = torch.ones(3" in kernel.resets[-1]
        with open_store() as store:
            assert store.current("app-test") == "always-solution"


async def test_language_switches_at_run_time(make_app):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        assert "Gradients of w * x + b" in screen.query_one("LessonPane").markdown_source
        await pilot.press("ctrl+l")
        assert "w * x + b 的梯度" in screen.query_one("LessonPane").markdown_source
        assert "第一步" in screen.query_one("LessonPane").markdown_source


async def test_lang_option_starts_in_chinese(make_app):
    app = make_app(lang="zh")
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        assert "计算 `y = w * x + b`" in screen.query_one("LessonPane").markdown_source


# --- the editor and its workspace file --------------------------------------------


async def test_editor_opens_on_the_starter_and_saves_as_it_changes(make_app):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        path = workspace_file("app-test", "linear-gradients")
        assert path.read_text() == "y = w * x\n"
        editor = screen.query_one("EditorPane")
        assert editor.text == "y = w * x\n"
        editor.area.focus()
        editor.area.move_cursor((0, 9))
        await pilot.press(*" + b")
        await wait_for(pilot, lambda: path.read_text() == "y = w * x + b\n")
        assert not [p for p in path.parent.iterdir() if p.name.startswith(".")], "a temp file was left behind"


async def test_editor_follows_changes_made_in_another_editor(make_app):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        path = workspace_file("app-test", "linear-gradients")
        path.write_text("y = w * x + b\ny.backward()\n")
        editor = screen.query_one("EditorPane")
        await wait_for(pilot, lambda: editor.text == "y = w * x + b\ny.backward()\n")


async def test_external_editor_key_opens_the_file_and_reloads_it(make_app, tmp_path, monkeypatch):
    script = tmp_path / "fake-editor"
    script.write_text('#!/bin/sh\nprintf "y.backward()\\n" >> "$1"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("EDITOR", str(script))
    monkeypatch.delenv("VISUAL", raising=False)
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        await pilot.press("ctrl+o")
        editor = screen.query_one("EditorPane")
        await wait_for(pilot, lambda: editor.text == "y = w * x\ny.backward()\n")


# --- the REPL console ---------------------------------------------------------------


async def test_repl_runs_input_keeps_history_and_completes(make_app, kernel):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        repl = screen.query_one("ReplConsole")
        repl.input.focus()
        await pilot.press(*"1 + 1", "enter")
        await wait_for(pilot, lambda: "<1 + 1>" in repl.transcript())
        assert kernel.executed[-1] == "1 + 1"
        assert ">>> 1 + 1" in repl.transcript()
        # multi-line: Enter after a colon opens an indented line instead of running
        await pilot.press(*"for i in range(2):", "enter")
        assert repl.input.text == "for i in range(2):\n    "
        await pilot.press(*"print(i)", "enter", "enter")
        await wait_for(pilot, lambda: kernel.executed[-1].startswith("for i in range(2):"))
        # history: Up brings back the previous input
        await pilot.press("up")
        assert repl.input.text.startswith("for i in range(2):")
        await pilot.press("up")
        assert repl.input.text == "1 + 1"
        await pilot.press("down", "down")
        assert repl.input.text == ""
        # completion from the kernel's namespace
        await pilot.press(*"tor", "tab")
        await wait_for(pilot, lambda: repl.input.text == "torch")
        await pilot.press("enter")
        # errors go to the transcript
        await pilot.press(*"raise ValueError('boom')", "enter")
        await wait_for(pilot, lambda: "ValueError: boom" in repl.transcript())


async def test_run_key_sends_the_editor_code_and_the_graph_follows(make_app, kernel):
    kernel.graphs["y = w * x\n"] = linear_snapshot(with_b=False)
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        await pilot.press("f5")
        await wait_for(pilot, lambda: kernel.executed == ["y = w * x\n"])
        graph = screen.query_one("GraphPane")
        await wait_for(pilot, lambda: graph.snapshot is not None)
        assert "[editor] >>> y = w * x" in screen.query_one("ReplConsole").transcript()
        labels = [str(n.label) for n in graph.tree.root.children]
        assert labels == ["y = Mul ()"]


async def test_example_goes_to_the_repl_with_one_key(make_app, kernel):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        await pilot.press("ctrl+e")
        # examples run in the kernel's scratch namespace: the exercise's names stay
        await wait_for(pilot, lambda: kernel.scratch_executed
                       and "torch.ones(2, requires_grad=True)" in kernel.scratch_executed[-1])
        assert kernel.executed == []
        assert "scratch namespace" in screen.query_one("ReplConsole").transcript()
        # a focused example is the one Ctrl+E (or Enter) runs
        second = screen.query_one(".example-1")
        second.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: "grad_fn is not None" in kernel.scratch_executed[-1])


# --- the graph pane -------------------------------------------------------------------


async def test_graph_update_keeps_expansion_and_cursor_and_marks_new_nodes(make_app):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        pane = screen.query_one("GraphPane")
        pane.show_snapshot(linear_snapshot(with_b=False))
        await pilot.pause()
        tree = pane.tree
        y = tree.root.children[0]
        assert y.is_expanded
        w_node = y.children[0]
        tree.move_cursor(w_node)
        await pilot.pause()
        # the learner adds b: y is now Add(Mul(w, x), b) -- a different node with a new id
        bigger = linear_snapshot(with_b=True)
        pane.show_snapshot(bigger)
        await pilot.pause()
        assert pane._new_ids == {3, 5}
        top = tree.root.children[0]
        assert top.data.gid == 5 and top.data.new
        # same ids, more information: the tree nodes are the very same objects
        mul_node = top.children[0]
        mul_node.collapse()
        tree.move_cursor(top.children[1])
        await pilot.pause()
        before = {id(n) for n in _walk(tree.root)}
        cursor_key = tree.cursor_node.data.key
        pane.show_snapshot(linear_snapshot(with_b=True, backward=True))
        await pilot.pause()
        assert {id(n) for n in _walk(tree.root)} == before, "tree nodes were rebuilt"
        assert tree.cursor_node.data.key == cursor_key
        assert not tree.root.children[0].children[0].is_expanded, "a collapsed node was re-expanded"
        assert pane._new_ids == set()


def _walk(node):
    for child in node.children:
        yield child
        yield from _walk(child)


async def test_graph_details_root_choice_and_dot_export(make_app):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        pane = screen.query_one("GraphPane")
        pane.show_snapshot(linear_snapshot(with_b=True, backward=True))
        await pilot.pause()
        pane.tree.focus()
        await pilot.pause()
        pane.tree.move_cursor(pane.tree.root.children[0].children[0])  # Mul
        await pilot.pause()
        details = str(pane.query_one("#graph-details").render())
        for word in ("Mul", "shape", "float32", "cpu", "is_leaf", "requires_grad", "FREED", "hooks"):
            assert word in details
        await pilot.press("r")
        assert pane.root_name == "b"
        await pilot.press("r", "r", "r")
        assert pane.root_name == "y"
        assert [str(n.label) for n in pane.tree.root.children] == ["y = Add () [grad ()]"] or \
            pane.tree.root.children[0].data.gid == 5
        await pilot.press("d")
        dot = data_dir() / "exports" / "linear-gradients.dot"
        assert dot.read_text().startswith("digraph autograd {")


async def test_large_graphs_fold_long_chains_and_say_what_is_hidden(make_app):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        pane = screen.query_one("GraphPane")
        snapshot = chain_snapshot(5000)
        snapshot.truncated, snapshot.total_nodes = True, 6000
        pane.show_snapshot(snapshot)
        await pilot.pause()
        pane.tree.focus()
        await pilot.pause()
        await pilot.press("x")  # expand all
        await pilot.pause()
        lines = len(pane.tree._tree_lines)
        assert lines < 100, f"{lines} lines for a 5000-node chain"
        labels = [str(n.label) for n in _walk(pane.tree.root)]
        assert any("more nodes in a straight chain" in label for label in labels)
        header = str(pane.query_one("#graph-header").render())
        assert "5000 nodes" in header and "1000 hidden" in header


# --- check, hints, solution, reset -----------------------------------------------------


async def test_check_fails_with_a_graph_diff_then_passes_and_records_progress(make_app):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "CheckScreen")
        await pilot.pause()
        check = app.screen
        expected = str(check.query_one("#diff-expected-c1").render())
        yours = str(check.query_one("#diff-yours-c1").render())
        assert "expected" in expected and "b" in expected
        assert "✗" in yours and "y = Mul" in yours
        assert "FAIL" in str(check.query_one("#check-summary-full").render())
        await pilot.press("escape")
        editor = screen.query_one("EditorPane")
        editor.area.load_text("y = w * x + b\ny.backward()\n")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "CheckScreen" and app.screen.result.passed)
        await pilot.pause()
        assert "Solved" in str(app.screen.query_one("#check-title").render())
        assert workspace_file("app-test", "linear-gradients").read_text() == "y = w * x + b\ny.backward()\n"
        with open_store() as store:
            progress = store.exercise("app-test", "linear-gradients")
        assert progress.solved and progress.attempts == 2
        assert "solved" in str(screen.query_one("#status-where").render())


async def test_hints_come_one_at_a_time_and_are_counted(make_app):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        hints = screen.query_one("#hints")
        assert str(hints.render()).strip() == ""
        await pilot.press("f3")
        assert "Hint 1" in str(hints.render()) and "Hint 2" not in str(hints.render())
        await pilot.press("f3", "f3")
        assert "Hint 2" in str(hints.render())
        with open_store() as store:
            assert store.hints_taken("app-test", "linear-gradients") == 2


async def test_solution_shows_only_when_the_pack_allows(make_app):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        await pilot.press("f4")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainScreen"
        assert any("after 2 checks" in n.message for n in app._notifications)
        for _ in range(2):
            await pilot.press("ctrl+t")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "CheckScreen")
            await pilot.pause()
            await pilot.press("escape")
        await pilot.press("f4")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TextScreen")
        assert "y.backward()" in app.screen.code
        await pilot.press("escape")
        screen.open_exercise("always-solution")
        await pilot.press("f4")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TextScreen")
        assert "z = 2 * a" in app.screen.code


async def test_reset_asks_first_and_keeps_the_old_code(make_app, kernel):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        editor = screen.query_one("EditorPane")
        editor.area.load_text("y = w * x * 3\n")
        editor.flush()
        await pilot.press("f8")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")
        await pilot.press("n")
        await pilot.pause()
        assert editor.text == "y = w * x * 3\n"
        resets = len(kernel.resets)
        await pilot.press("f8")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")
        await pilot.press("y")
        await wait_for(pilot, lambda: editor.text == "y = w * x\n")
        assert workspace_file("app-test", "linear-gradients").read_text() == "y = w * x\n"
        assert [p.read_text() for p in editor.workspace.history()] == ["y = w * x * 3\n"]
        assert len(kernel.resets) == resets + 1


# --- the kernel's state -------------------------------------------------------------------


async def test_kernel_state_busy_interrupt_and_restart(make_app, kernel):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        bar = screen.query_one("StatusBar")
        await wait_for(pilot, lambda: bar.kernel_state == "ready")
        kernel.hold = True
        await pilot.press("f5")
        await wait_for(pilot, lambda: bar.kernel_state == "busy")
        # keys still work while the kernel is busy
        await pilot.press("f3")
        assert "Hint 1" in str(screen.query_one("#hints").render())
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: bar.kernel_state == "ready")
        assert kernel.interrupts == 1
        assert "interrupted" in screen.query_one("ReplConsole").transcript()
        await pilot.press("f12")
        await wait_for(pilot, lambda: kernel.restarts == 1)
        await wait_for(pilot, lambda: bar.kernel_state == "ready")


async def test_a_kernel_crash_is_shown_and_keeps_the_editor(make_app, kernel):
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        bar = screen.query_one("StatusBar")
        editor = screen.query_one("EditorPane")
        editor.area.load_text("y = w * x + b\n")
        editor.flush()
        kernel.crash()
        await wait_for(pilot, lambda: "SIGKILL" in screen.query_one("ReplConsole").transcript())
        assert bar.kernel_state in ("crashed", "restarting")
        kernel.become_ready()
        await wait_for(pilot, lambda: bar.kernel_state == "ready")
        assert editor.text == "y = w * x + b\n"
        assert workspace_file("app-test", "linear-gradients").read_text() == "y = w * x + b\n"


# --- keys, palette, help, layout, colour --------------------------------------------------


async def test_keys_can_be_remapped_in_config_toml(make_app, kernel):
    from tutor.app.bindings import load_keymap
    from tutor.paths import config_file

    config_file().write_text('[keys]\n"tutor.run" = "f6"\n"tutor.hint" = "f9"\n')
    keymap = load_keymap()
    assert keymap == {"tutor.run": "f6", "tutor.hint": "f9"}
    app = make_app(keymap=keymap)
    async with app.run_test(size=WIDE) as pilot:
        screen = await started(pilot)
        await pilot.press("f3")
        assert "Hint 1" not in str(screen.query_one("#hints").render())
        await pilot.press("f9")
        assert "Hint 1" in str(screen.query_one("#hints").render())
        await pilot.press("f6")
        await wait_for(pilot, lambda: kernel.executed == ["y = w * x\n"])


def test_a_bad_config_file_warns_and_is_ignored(tmp_path):
    from tutor.app.bindings import load_keymap

    warnings = []
    path = tmp_path / "config.toml"
    path.write_text('[keys]\n"tutor.nope" = "f9"\n"tutor.check" = ""\n')
    assert load_keymap(path, warn=warnings.append) == {}
    assert any("unknown key binding id 'tutor.nope'" in w for w in warnings)
    path.write_text("[keys\n")
    assert load_keymap(path, warn=warnings.append) == {}
    assert "ignored" in warnings[-1]


def test_every_binding_has_a_unique_id():
    from tutor.app.bindings import SPECS

    ids = [s.id for s in SPECS]
    assert len(ids) == len(set(ids))
    assert all(s.id.split(".")[0] in ("tutor", "repl", "graph") for s in SPECS)


async def test_every_action_is_in_the_command_palette(make_app):
    from tutor.app.bindings import SPECS
    from tutor.app.commands import TutorCommands

    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await started(pilot)
        provider = TutorCommands(app.screen)
        found = {hit.text for hit in [h async for h in provider.discover()]}
        assert {s.description for s in SPECS if s.palette} <= found
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"reset exercise")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")


async def test_help_screen_lists_every_key(make_app):
    from tutor.app.bindings import SPECS

    app = make_app(keymap={"tutor.check": "f9"})
    async with app.run_test(size=WIDE) as pilot:
        await started(pilot)
        await pilot.press("f1")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        text = "\n".join(" ".join(row) for row in app.screen.rows)
        for spec in SPECS:
            assert spec.id in text
        assert "F9" in text


async def test_small_terminals_get_tabs(make_app, kernel):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot)
        assert screen.narrow and screen.has_class("-tabs")
        visible = [name for name in ("lesson", "editor", "repl", "graph") if screen.pane(name).display
                   and screen.pane(name).region.area]
        assert visible == ["lesson"]  # task first
        await pilot.press("f6")
        await pilot.pause()
        assert screen.active_pane == "editor" and app.focused is screen.query_one("SolutionArea")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.active_pane == "repl" and screen.pane("repl").region.area
        assert not screen.pane("editor").region.area
        await pilot.press("shift+f6")
        await pilot.pause()
        assert screen.active_pane == "editor"
        await pilot.press("alt+4")  # an alias where the terminal sends Alt
        await pilot.pause()
        assert screen.active_pane == "graph"
        await pilot.press("alt+2")
        await pilot.pause()
        await pilot.press("f5")  # running shows the REPL's output, and typing goes to its input
        await wait_for(pilot, lambda: screen.active_pane == "repl")
        await wait_for(pilot, lambda: app.focused is screen.query_one("ReplInput"))
        await pilot.press(*"1 + 2")
        assert screen.query_one("ReplInput").text == "1 + 2"
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        assert not screen.narrow
        assert all(screen.pane(n).region.area for n in ("lesson", "editor", "repl", "graph"))


async def test_no_color_is_respected(make_app, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    assert app.no_color


# --- pieces ------------------------------------------------------------------------------


def test_python_highlighting_without_tree_sitter():
    from tutor.app.highlight import python_highlights

    marks = python_highlights("for i in range(2):\n    y = 'é' + 1  # c\n")
    names = {name for row in marks.values() for _, _, name in row}
    assert {"keyword", "string", "number", "comment"} <= names
    # byte offsets: the string after a 2-byte character ends two bytes later
    string_bytes = {b for start, end, name in marks[1] if name == "string" for b in range(start, end)}
    assert string_bytes == {8, 9, 10, 11}


def test_workspace_file_saves_atomically_and_notices_other_writers(tmp_path):
    from tutor.workspace import WorkspaceFile

    ws = WorkspaceFile(tmp_path / "ex.py", tmp_path / "history")
    assert ws.load("starter\n") == "starter\n"
    assert (tmp_path / "ex.py").read_text() == "starter\n"
    assert ws.changed_on_disk() is None
    assert ws.save("mine\n") and not ws.save("mine\n")
    (tmp_path / "ex.py").write_text("theirs\n")
    os.utime(tmp_path / "ex.py", ns=(1, 1))
    assert ws.changed_on_disk() == "theirs\n"
    kept = ws.keep_in_history("old\n")
    assert kept.read_text() == "old\n" and ws.history() == [kept]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ex.py", "history"]


def test_importing_the_app_never_imports_torch():
    code = ("import tutor.app, tutor.app.main, tutor.app.screens.main, sys; "
            "print('torch' in sys.modules, 'textual.app' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "True"]


def test_without_a_terminal_the_command_falls_back_to_the_repl(tutor_home):
    env = {**os.environ, "AUTOGRAD_TUTOR_HOME": str(tutor_home)}
    out = subprocess.run([sys.executable, "-m", "tutor", "--pack", PACK], input="print(w.requires_grad)\n",
                         capture_output=True, text=True, env=env, timeout=180)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"
