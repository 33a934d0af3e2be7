"""The REPL console: a transcript over a multi-line input.

Enter runs the input when it is a complete statement (as Python's prompt
decides, ``tutor.repl_input.should_submit``) and opens an indented line
otherwise; Up/Down at the first/last line walk the history (kept in the data
directory); Tab completes from the live namespace. The console runs code through the
screen's kernel bridge and shows what comes back (the screen routes the
bridge's events here).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import RichLog, Static

from tutor.app.bindings import bindings
from tutor.app.highlight import PythonArea
from tutor.i18n import _
from tutor.repl_input import should_submit

HISTORY_LIMIT = 500


class ReplInput(PythonArea):
    BINDINGS = bindings("repl")
    DEFAULT_CSS = """
    ReplInput { height: auto; max-height: 8; min-height: 1; border: none; padding: 0; }
    """

    @dataclass
    class Submitted(Message):
        """Enter on a complete statement: the input, now cleared, held ``code``."""

        code: str

    @dataclass
    class CompleteRequested(Message):
        """Tab after a name: complete ``code`` at ``cursor`` (a character offset)."""

        code: str
        cursor: int

    def __init__(self, **kwargs) -> None:
        super().__init__("", tab_behavior="focus", show_line_numbers=False, soft_wrap=True, **kwargs)
        self.past: list[str] = []
        self._history_index: int | None = None
        self._draft = ""

    async def _on_key(self, event) -> None:
        if event.key == "enter":
            # Not TextArea's newline: let the key bubble to the bindings
            # ("repl.submit" decides between running and a new line).
            event.prevent_default()
            return
        await super()._on_key(event)

    def action_submit(self) -> None:
        text = self.text
        if not should_submit(text):
            self.action_newline()
            return
        if text.strip():
            if not self.past or self.past[-1] != text:
                self.past.append(text)
        self._history_index = None
        self.load_text("")
        self.post_message(self.Submitted(text))

    def action_newline(self) -> None:
        row, _col = self.cursor_location
        line = self.document[row]
        indent = line[: len(line) - len(line.lstrip())]
        if line.rstrip().endswith(":"):
            indent += "    "
        self.insert("\n" + indent)

    def action_history(self, step: int) -> None:
        row, _col = self.cursor_location
        last_row = self.document.line_count - 1
        if (step < 0 and row > 0) or (step > 0 and row < last_row) or not self.past:
            (self.action_cursor_up if step < 0 else self.action_cursor_down)()
            return
        if self._history_index is None:
            if step > 0:
                return
            self._draft = self.text
            index = len(self.past) - 1
        else:
            index = self._history_index + step
        if index >= len(self.past):
            self._history_index = None
            self.load_text(self._draft)
        else:
            self._history_index = max(0, index)
            self.load_text(self.past[self._history_index])
        self.move_cursor(self.document.end if step > 0 else (0, len(self.document[0])))

    def action_complete(self) -> None:
        row, col = self.cursor_location
        before = self.document[row][:col]
        if not before.strip():
            self.insert("    ")
            return
        offset = sum(len(self.document[r]) + 1 for r in range(row)) + col
        self.post_message(self.CompleteRequested(self.text, offset))

    def action_interrupt(self) -> None:
        """Ctrl+C: copy a selection; else stop running code; else drop the input (as Python's prompt does)."""
        if not self.selection.is_empty:
            self.action_copy()
            return
        bridge = getattr(self.screen, "bridge", None)
        if bridge is not None and bridge.state == "busy":
            bridge.interrupt()
            self.notify(_("interrupting the running code…"), timeout=1.5)
        elif self.text:
            self.load_text("")
            self._history_index = None
        else:
            self.notify(_("nothing is running"), timeout=1.5)

    def action_clear_transcript(self) -> None:
        self.screen.query_one(ReplConsole).clear()


class ReplConsole(Vertical):
    @dataclass
    class Submitted(Message):
        """The learner submitted ``code`` at the prompt; the screen sends it to the kernel."""

        code: str

    DEFAULT_CSS = """
    ReplConsole { height: 1fr; }
    ReplConsole #repl-header { height: 1; padding: 0 1; background: $boost; color: $text-muted; }
    ReplConsole RichLog { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    ReplConsole #repl-completions { height: auto; max-height: 3; padding: 0 1; color: $text-muted; display: none; }
    ReplConsole #repl-completions.-shown { display: block; }
    ReplConsole #repl-input-row { height: auto; border-top: solid $primary-muted; }
    ReplConsole #repl-prompt { width: 4; color: $accent; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[str] = []  # plain transcript, for tests and copy
        self.completer = None  # callable(code, cursor) -> Completions, set by the screen
        self.bridge = None  # tutor.app.kernel.KernelBridge, set by the screen
        self._unwritten: list[Text] = []  # written while the pane had no width

    def compose(self) -> ComposeResult:
        yield Static(self._header_text(), id="repl-header")
        yield RichLog(id="repl-log", wrap=True, min_width=20, max_lines=5000, markup=False)
        yield Static("", id="repl-completions")
        with Horizontal(id="repl-input-row"):
            yield Static(">>> ", id="repl-prompt")
            yield ReplInput(id="repl-input")

    def on_mount(self) -> None:
        self.input.past = load_history()

    @staticmethod
    def _header_text() -> str:
        return _("REPL · the exercise's namespace (Run starts it afresh) · Ctrl+C stops")

    def retranslate(self) -> None:
        self.query_one("#repl-header", Static).update(self._header_text())

    @property
    def input(self) -> ReplInput:
        return self.query_one(ReplInput)

    @property
    def log_widget(self) -> RichLog:
        return self.query_one(RichLog)

    # --- transcript ------------------------------------------------------------

    def write(self, text: str, style: str = "") -> None:
        text = text.rstrip("\n")
        self.lines.extend(text.split("\n"))
        if self.log_widget.size.width == 0:
            # Hidden (another tab is shown): RichLog would wrap at its minimum
            # width for good. Keep the lines until the pane has a width.
            self._unwritten.append(Text(text, style=style))
            return
        self._flush()
        self.log_widget.write(Text(text, style=style))

    def _flush(self) -> None:
        pending, self._unwritten = self._unwritten, []
        for item in pending:
            self.log_widget.write(item)

    def on_resize(self) -> None:
        if self._unwritten:
            self.call_after_refresh(self._flush_when_sized)

    def _flush_when_sized(self) -> None:
        if self.log_widget.size.width:
            self._flush()

    def echo(self, code: str, origin: str = "") -> None:
        lines = code.rstrip("\n").split("\n")
        prefix = f"[{origin}] " if origin and origin != "repl" else ""
        body = "\n".join((">>> " if i == 0 else "... ") + line for i, line in enumerate(lines))
        if prefix and len(lines) > 6:
            body = "\n".join([">>> " + lines[0], *("... " + ln for ln in lines[1:5]),
                              f"... ({len(lines) - 5} more lines)"])
        self.write(prefix + body, "bold")

    def notice(self, text: str, error: bool = False) -> None:
        self.write(text, "bold red" if error else "italic dim")

    def run(self, code: str, origin: str, *, fresh: tuple[str, int] | None = None) -> None:
        """Echo ``code`` and run it in the kernel: typed here (``origin`` "repl"), a
        lesson example (in the kernel's scratch namespace) or the editor's code.
        ``fresh`` = (setup, seed): first a fresh namespace with the setup run
        in it, as the grader runs the code."""
        if fresh is not None:
            setup, seed = fresh
            self.notice(_("fresh namespace: the exercise's setup (seed {seed}), then your code").format(seed=seed))
            self.echo(code, origin)
            ok = self.bridge.run_fresh(setup, seed, code) is not None
        elif origin == "example":
            self.echo(code, origin)
            self.notice(_("an example runs in a scratch namespace: your exercise's names stay as they were"))
            ok = self.bridge.execute(code, scratch=True) is not None
        else:
            self.echo(code, origin)
            ok = self.bridge.execute(code) is not None
        if not ok:
            self.notice(_("the kernel is not running; it is being restarted"), error=True)

    def restart_kernel(self) -> None:
        self.notice(_("restarting the kernel: the exercise's setup runs again, other variables are lost"))
        self.bridge.restart()

    def show_event(self, event) -> None:
        """A kernel event in the transcript: output, a result, a traceback, an interrupt, a crash."""
        from tutor.kernel.protocol import Done, Error, KernelDied, Result, Stream

        if isinstance(event, Stream):
            self.write(event.text, "red" if event.name == "stderr" else "")
        elif isinstance(event, Result):
            self.write(event.repr)
        elif isinstance(event, Error):
            self.write(event.traceback, "red")
        elif isinstance(event, Done):
            if event.status == "interrupted":
                self.notice(_("interrupted"))
        elif isinstance(event, KernelDied):
            self.notice(event.message, error=True)

    def clear(self) -> None:
        self.lines.clear()
        self._unwritten.clear()
        self.log_widget.clear()

    def transcript(self) -> str:
        return "\n".join(self.lines)

    # --- input -------------------------------------------------------------------

    @on(ReplInput.Submitted)
    def _submitted(self, event: ReplInput.Submitted) -> None:
        event.stop()
        self.query_one("#repl-completions").remove_class("-shown")
        save_history(self.input.past)
        if event.code.strip():
            self.post_message(self.Submitted(event.code))

    @on(ReplInput.CompleteRequested)
    def _complete(self, event: ReplInput.CompleteRequested) -> None:
        event.stop()
        if self.completer is not None:
            self._fetch_completions(event.code, event.cursor)

    @work(thread=True, exclusive=True, group="complete")
    def _fetch_completions(self, code: str, cursor: int) -> None:
        answer = self.completer(code, cursor)
        self.app.call_from_thread(self._apply_completions, code, cursor, answer)

    def _apply_completions(self, code: str, cursor: int, answer) -> None:
        box = self.query_one("#repl-completions", Static)
        matches = list(getattr(answer, "matches", []) or [])
        if self.input.text != code or not matches:
            box.remove_class("-shown")
            if not matches:
                self.notify(_("no completions"), timeout=1.5)
            return
        typed = code[answer.start:cursor]
        common = _common_prefix(matches)
        if len(common) > len(typed):
            self.input.insert(common[len(typed):])
        if len(matches) == 1:
            box.remove_class("-shown")
        else:
            more = "  … " + _("{n} more").format(n=len(matches) - 40) if len(matches) > 40 else ""
            box.update("  ".join(matches[:40]) + more)
            box.add_class("-shown")


def _common_prefix(words: list[str]) -> str:
    if not words:
        return ""
    first, last = min(words), max(words)
    n = 0
    while n < len(first) and n < len(last) and first[n] == last[n]:
        n += 1
    return first[:n]


def _history_path():
    from tutor.paths import data_dir

    return data_dir() / "app_history.json"


def load_history() -> list[str]:
    try:
        data = json.loads(_history_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [x for x in data if isinstance(x, str)][-HISTORY_LIMIT:] if isinstance(data, list) else []


def save_history(history: list[str]) -> None:
    from tutor.atomic import write_atomic

    try:
        write_atomic(_history_path(), json.dumps(history[-HISTORY_LIMIT:]))
    except OSError:
        pass
