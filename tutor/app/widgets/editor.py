"""The solution editor, bound to the workspace file ``<exercise-id>.py``.

Every change is saved atomically after a short pause (``SAVE_DELAY``), and
at once before code runs, a check starts, the exercise changes or the app
exits. Twice a second the file is compared with what was last written; when
another program (the learner's own editor) changed it, the buffer follows.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.timer import Timer
from textual.widgets import Static, TextArea

from tutor.app.highlight import PythonArea
from tutor.workspace import WorkspaceFile
from tutor.i18n import N_, _

SAVE_STATES = {"saved": N_("saved"), "editing": N_("editing"), "reloaded from disk": N_("reloaded from disk")}
SAVE_DELAY = 0.15  # seconds of quiet before a save
WATCH_INTERVAL = 0.5


class SolutionArea(PythonArea):
    pass


class EditorPane(Vertical):
    DEFAULT_CSS = """
    EditorPane { height: 1fr; }
    EditorPane #editor-header { height: 1; padding: 0 1; background: $boost; color: $text-muted; }
    EditorPane SolutionArea { height: 1fr; border: none; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.workspace: WorkspaceFile | None = None
        self._save_timer: Timer | None = None
        self._ignore_changes = 0  # Changed events that our own load_text calls will post
        self.saves = 0
        self.save_state = ""

    def compose(self) -> ComposeResult:
        yield Static(_("Editor"), id="editor-header")
        self._area = SolutionArea("", id="editor", show_line_numbers=True, tab_behavior="indent", soft_wrap=False)
        yield self._area

    def on_mount(self) -> None:
        self.set_interval(WATCH_INTERVAL, self.check_disk, name="workspace-watch")

    @property
    def area(self) -> SolutionArea:
        return self._area

    @property
    def text(self) -> str:
        return self.area.text

    def open(self, workspace: WorkspaceFile, starter: str) -> None:
        """Show the exercise's workspace file (written from the starter the first time)."""
        self.flush()
        self.workspace = workspace
        text = workspace.load(starter)
        self._replace(text)
        self._header("saved")

    def _replace(self, text: str) -> None:
        self._ignore_changes += 1
        area = self.area
        cursor = area.cursor_location
        area.load_text(text)
        try:
            area.cursor_location = cursor
        except ValueError:
            pass

    def set_text(self, text: str) -> None:
        """Replace the buffer (reset, solution) and save at once."""
        self.area.load_text(text)
        self.flush()

    def reset_to(self, starter: str):
        """Put the starter back; returns where the code it replaces was kept (the history folder)."""
        kept = self.workspace.keep_in_history(self.text)
        self.set_text(starter)
        return kept

    def _header(self, state: str) -> None:
        self.save_state = state
        headers = self.query("#editor-header")
        if not headers:
            return  # unmounting
        name = self.workspace.path.name if self.workspace else _("no exercise")
        shown = _(SAVE_STATES[state]) if state in SAVE_STATES else state
        headers.first(Static).update(f"{name} · {shown}")

    def retranslate(self) -> None:
        if self.workspace is not None:
            self._header(self.save_state)

    @on(TextArea.Changed, "SolutionArea")
    def _changed(self, event: TextArea.Changed) -> None:
        if self._ignore_changes:
            self._ignore_changes -= 1
            return
        if self.workspace is None:
            return
        self._header("editing")
        if self._save_timer is not None:
            self._save_timer.stop()
        self._save_timer = self.set_timer(SAVE_DELAY, self.flush, name="workspace-save")

    def flush(self) -> None:
        """Save now if there is anything unsaved."""
        if self._save_timer is not None:
            self._save_timer.stop()
            self._save_timer = None
        if self.workspace is None:
            return
        try:
            if self.workspace.save(self.area.text):
                self.saves += 1
        except OSError as exc:
            self._header(_("NOT SAVED: {error}").format(error=exc.strerror or exc))
            self.notify(_("could not save {path}: {error}").format(path=self.workspace.path, error=exc),
                        severity="error")
            return
        self._header("saved")

    def check_disk(self) -> None:
        if self.workspace is None or self._save_timer is not None:
            return  # our own save is pending: ours is newer
        text = self.workspace.changed_on_disk()
        if text is not None and text != self.area.text:
            self._replace(text)
            self._header("reloaded from disk")
            self.notify(_("{name} changed on disk; reloaded").format(name=self.workspace.path.name), timeout=3)

    def edit_externally(self) -> None:
        """Open the file in ``$VISUAL``/``$EDITOR`` (the app steps aside), then follow what it saved."""
        import os
        import shlex
        import subprocess

        from textual.app import SuspendNotSupported

        if self.workspace is None:
            return
        self.flush()
        command = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
        argv = [*shlex.split(command), str(self.workspace.path)]
        try:
            with self.app.suspend():
                code = subprocess.call(argv)
        except SuspendNotSupported:
            # No terminal to lend (a browser, under textual-serve): a graphical
            # editor may still run, but never on the app's own output, which
            # carries the screen to the browser.
            code = subprocess.call(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        except OSError as exc:
            self.notify(_("could not start {command}: {error}").format(command=command, error=exc), severity="error")
            return
        if code != 0:
            self.notify(_("{command} exited with status {code}").format(command=command, code=code),
                        severity="warning")
        self.check_disk()

    def on_unmount(self) -> None:
        self.flush()
