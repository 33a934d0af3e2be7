"""The main screen: the status line, the four panes (tutor.app.widgets.panes)
and the key bar.

The screen wires the pieces together and turns keys into work: the kernel
bridge (tutor.app.kernel) runs code and feeds the REPL and graph panes; the
open exercise, with the learner's session behind it (hints, checks, the next
exercise), is the ``ExerciseFlow``'s (tutor.app.exercise_flow); language and
pane switching are the screen's own.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.screen import Screen

from tutor.app.bindings import bindings, relabel
from tutor.app.exercise_flow import ExerciseFlow
from tutor.app.kernel import KernelBridge
from tutor.app.narrow import is_narrow
from tutor.app.widgets.editor import EditorPane, SolutionArea
from tutor.app.widgets.graph import GraphPane
from tutor.app.widgets.keybar import KeyBar
from tutor.app.widgets.lesson import LessonPane
from tutor.app.widgets.panes import FOCUS_CLASSES, PaneLayout
from tutor.app.widgets.repl import ReplConsole, ReplInput
from tutor.app.widgets.status import StatusBar
from tutor.i18n import _, set_language
from tutor.session import first_visible_seed


class MainScreen(Screen):
    BINDINGS = bindings("tutor")
    AUTO_FOCUS = "SolutionArea"

    def __init__(self, services, keymap: dict[str, str] | None = None) -> None:
        super().__init__()
        self.services = services
        self.keymap = keymap or {}
        self.lang = set_language(services.lang or "en")
        self.flow = ExerciseFlow(self)
        self.bridge: KernelBridge | None = None
        self._shut_down = False

    @property
    def exercise(self):
        """The open exercise (None until the pack has loaded)."""
        return self.flow.exercise

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # What gets the keys when the screen shows: the pane it opens on (a
        # narrow terminal opens on the task: tutor.app.widgets.panes).
        self.AUTO_FOCUS = FOCUS_CLASSES["lesson" if is_narrow(*self.app.size) else "editor"].__name__
        yield StatusBar(id="status")
        yield PaneLayout(id="layout")
        yield KeyBar(id="keybar")

    def on_mount(self) -> None:
        self.query_one(KeyBar).keymap = self.keymap
        self._relabel_bindings()
        self.bridge = KernelBridge(self.services.make_kernel(), self)
        self.query_one(GraphPane).dot_path = self._dot_path
        repl = self.query_one(ReplConsole)
        repl.bridge, repl.completer = self.bridge, self.bridge.complete
        self._fit(self.app.size.width, self.app.size.height)
        # The app's start screen has been painted and the pack is loading
        # (tutor.app.main); when it is loaded already the exercise opens now,
        # so that the screen is laid out once, with it. The kernel process
        # starts after this screen's first frame.
        self.flow.load()
        self.call_after_refresh(self.bridge.start)

    def on_resize(self, event) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        narrow = is_narrow(width, height)
        self.set_class(narrow, "-tabs")  # app.tcss styles the panes as tabs
        self.panes.set_narrow(narrow)

    @property
    def panes(self) -> PaneLayout:
        return self.query_one(PaneLayout)

    @property
    def narrow(self) -> bool:
        return self.panes.narrow

    @property
    def active_pane(self) -> str:
        return self.panes.active

    def pane(self, name: str):
        return self.panes.pane(name)

    def show_pane(self, name: str, focus: bool = True) -> None:
        self.panes.show(name, focus)

    # --- the exercise (tutor.app.exercise_flow) ----------------------------------

    @on(ExerciseFlow.SessionOpened)
    def _session_opened(self, message: ExerciseFlow.SessionOpened) -> None:
        self.flow.opened(message)

    @on(ExerciseFlow.OpenFailed)
    def _open_failed(self, message: ExerciseFlow.OpenFailed) -> None:
        self.flow.open_failed(message)

    @on(ExerciseFlow.CheckDone)
    def _check_done(self, message: ExerciseFlow.CheckDone) -> None:
        self.flow.check_done(message)

    @on(ExerciseFlow.CheckCrashed)
    def _check_crashed(self, message: ExerciseFlow.CheckCrashed) -> None:
        self.flow.check_crashed(message)

    def open_exercise(self, exercise_id: str) -> None:
        self.flow.open(exercise_id)

    def _dot_path(self):
        from tutor.paths import data_dir

        name = self.exercise.id if self.exercise else "graph"
        return data_dir() / "exports" / f"{name}.dot"

    # --- the kernel -------------------------------------------------------------

    @on(KernelBridge.StateChanged)
    def _kernel_state(self, message: KernelBridge.StateChanged) -> None:
        if message.state == "crashed" and message.detail:
            self.notify(message.detail, severity="error", timeout=6)
        if not self.bridge.is_current(message):
            return  # a newer state is on its way (NOTE [one state at a time] in tutor.app.kernel)
        self.query_one(StatusBar).set_kernel(message.state, message.detail)
        self.query_one(KeyBar).set_busy(message.state == "busy")

    @on(KernelBridge.EventReceived)
    def _kernel_event(self, message: KernelBridge.EventReceived) -> None:
        self.query_one(ReplConsole).show_event(message.event)

    @on(KernelBridge.GraphChanged)
    def _graph_changed(self, message: KernelBridge.GraphChanged) -> None:
        self.query_one(GraphPane).show_snapshot(message.snapshot)

    @on(ReplConsole.Submitted)
    def _repl_submitted(self, message: ReplConsole.Submitted) -> None:
        message.stop()
        self.run_code(message.code, "repl")

    @on(LessonPane.ExampleRequested)
    def _example_requested(self, message: LessonPane.ExampleRequested) -> None:
        message.stop()
        self.run_code(message.code, "example")

    def run_code(self, code: str, origin: str) -> None:
        """Run code from the REPL input, a lesson example or the editor (as the
        grader runs it: the exercise's setup with the first visible trial's seed first)."""
        exercise = self.exercise
        fresh = (exercise.setup, first_visible_seed(exercise)) if origin == "editor" and exercise else None
        self.query_one(ReplConsole).run(code, origin, fresh=fresh)
        if origin != "repl":
            self.panes.reveal("repl")

    # --- actions --------------------------------------------------------------

    def action_help(self) -> None:
        from tutor.app.screens.dialogs import HelpScreen
        from tutor.paths import config_file

        self.app.push_screen(HelpScreen(self.keymap, str(config_file())))

    def action_run_editor(self) -> None:
        # Priority keys arrive before keys already queued for the editor:
        # read the text only once the editor has caught up.
        self.query_one(SolutionArea).call_later(self._run_editor_now)

    def _run_editor_now(self) -> None:
        editor = self.query_one(EditorPane)
        editor.flush()
        if editor.text.strip():
            self.run_code(editor.text, "editor")

    def action_send_example(self) -> None:
        code = self.query_one(LessonPane).selected_example()
        if code is None:
            self.notify(_("this lesson has no examples"), timeout=2)
            return
        self.run_code(code, "example")

    def action_interrupt(self) -> None:
        if self.bridge.state == "busy":
            self.bridge.interrupt()
        else:
            self.notify(_("nothing is running"), timeout=1.5)

    def action_restart_kernel(self) -> None:
        self.query_one(ReplConsole).restart_kernel()

    def action_toggle_lang(self) -> None:
        self.set_language("zh" if self.lang == "en" else "en")
        self.notify(_("language: English") if self.lang == "en" else _("language: Chinese"), timeout=1.5)

    def set_language(self, lang: str) -> None:
        """Switch the interface and the pack's text to ``lang`` at run time."""
        self.lang = set_language(lang)
        self.services.lang = self.lang
        self.panes.retranslate()
        self._relabel_bindings()
        self.query_one(KeyBar).update_keys()
        for widget in (self.query_one(StatusBar), self.query_one(EditorPane), self.query_one(ReplConsole),
                       self.query_one(GraphPane)):
            widget.retranslate()
        self.flow.show()
        self.refresh_bindings()

    def _relabel_bindings(self) -> None:
        relabel(self)
        for widget in (*self.query(ReplInput), *self.query(GraphPane)):
            relabel(widget)

    def action_next_pane(self) -> None:
        self.panes.step(1)

    def action_prev_pane(self) -> None:
        self.panes.step(-1)

    def action_show_pane(self, name: str) -> None:
        self.panes.show(name)

    def action_lessons(self) -> None:
        self.flow.choose()

    def action_hint(self) -> None:
        self.flow.hint()

    def action_solution(self) -> None:
        self.flow.solution()

    def action_reset_exercise(self) -> None:
        self.flow.reset()

    def action_check(self) -> None:
        # Priority keys arrive before keys already queued for the editor:
        # read the text only once the editor has caught up.
        self.query_one(SolutionArea).call_later(self.flow.check)

    def action_next_exercise(self) -> None:
        self.flow.next()

    def action_external_editor(self) -> None:
        self.query_one(EditorPane).edit_externally()

    # --- shutting down ----------------------------------------------------------

    def shutdown(self) -> None:
        if self._shut_down:
            return
        self._shut_down = True
        try:
            self.query_one(EditorPane).flush()
        except Exception:  # noqa: BLE001 - unmounting: best effort, the debounced save already ran
            pass
        if self.bridge is not None:
            self.bridge.shutdown()
        self.services.close()

    def on_unmount(self) -> None:
        self.shutdown()
