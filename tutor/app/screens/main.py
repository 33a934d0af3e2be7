"""The main screen: lesson, editor, REPL and graph, with the status line.

Wide terminals show the four panes at once (lesson | editor over REPL |
graph); below ``NARROW_WIDTH`` x ``NARROW_HEIGHT`` they become tabs. The
screen owns the session: the current exercise, the kernel bridge, the
learner's progress. Slow work (loading the pack, grading, restarting the
kernel) runs in workers; results come back as messages (tutor.app.messages).
"""

from __future__ import annotations

import os
import shlex
import subprocess

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Container
from textual.screen import Screen
from textual.widgets import Tab, Tabs

from tutor.app import messages as M
from tutor.app.bindings import bindings, display_keys, relabel, spec
from tutor.app.kernel import KernelBridge
from tutor.app.widgets.editor import EditorPane, SolutionArea
from tutor.app.widgets.graph import GraphPane, GraphTree
from tutor.app.widgets.keybar import KeyBar
from tutor.app.widgets.lesson import LessonPane
from tutor.app.widgets.repl import ReplConsole, ReplInput
from tutor.app.widgets.status import StatusBar
from tutor.i18n import N_, _, set_language

NARROW_WIDTH = 110
NARROW_HEIGHT = 30
PANES = ("lesson", "editor", "repl", "graph")
PANE_TITLES = {"lesson": N_("Task"), "editor": N_("Editor"), "repl": N_("REPL"), "graph": N_("Graph")}
STATUS_MARKS = {"solved": N_("✔ solved"), "attempted": N_("◐ attempted"), "new": N_("○ new")}


def first_visible_seed(exercise) -> int:
    """The seed Run uses: the first trial whose inputs feedback may show (as the grader's first trial)."""
    trials = list(getattr(exercise, "trials", []) or [])
    for trial in trials:
        if not trial.hidden:
            return trial.seed
    return trials[0].seed if trials else 0


class MainScreen(Screen):
    BINDINGS = bindings("tutor")
    AUTO_FOCUS = "SolutionArea"

    def __init__(self, services, keymap: dict[str, str] | None = None) -> None:
        super().__init__()
        self.services = services
        self.keymap = keymap or {}
        self.lang = set_language(services.lang or "en")
        self.pack = None
        self.progress: dict = {}
        self.exercise = None
        self.hints_shown = 0
        self.last_result = None
        self.checking = False
        self.narrow = False
        self.active_pane = "editor"
        self._layout_known = False
        self.bridge: KernelBridge | None = None
        self._shut_down = False

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield Tabs(*(Tab(_(PANE_TITLES[name]), id=f"tab-{name}") for name in PANES),
                   id="pane-tabs", active="tab-editor")
        with Container(id="panes"):
            yield LessonPane(id="lesson")
            yield EditorPane(id="editor-pane")
            yield GraphPane(id="graph")
            yield ReplConsole(id="repl")
        yield KeyBar(id="keybar")

    def on_mount(self) -> None:
        for name in PANES:
            self.pane(name).add_class("pane")
        self.query_one(KeyBar).keymap = self.keymap
        self._relabel_bindings()
        self.bridge = KernelBridge(self.services.make_kernel(), self)
        self.query_one(GraphPane).dot_path = self._dot_path
        self.query_one(ReplConsole).completer = self.bridge.complete
        self._apply_layout(self.app.size.width, self.app.size.height)
        # The pack (yaml, pydantic) and the kernel process load after the
        # first frame is on screen: a worker thread importing them would hold
        # the GIL while the first frame is being made.
        self.call_after_refresh(self._load_pack)
        self.call_after_refresh(self.bridge.start)

    def on_resize(self, event) -> None:
        self._apply_layout(event.size.width, event.size.height)

    def _apply_layout(self, width: int, height: int) -> None:
        narrow = width < NARROW_WIDTH or height < NARROW_HEIGHT
        first = not self._layout_known
        self._layout_known = True
        self.narrow = narrow
        self.set_class(narrow, "-tabs")
        if first and narrow:
            # Task first: a small terminal opens on the exercise's text.
            self.show_pane("lesson")
        else:
            self._mark_active()

    def pane(self, name: str):
        return self.query_one({"lesson": LessonPane, "editor": EditorPane, "repl": ReplConsole,
                               "graph": GraphPane}[name])

    def _mark_active(self) -> None:
        for name in PANES:
            self.pane(name).set_class(name == self.active_pane, "-active")
        tabs = self.query_one(Tabs)
        if tabs.active != f"tab-{self.active_pane}":
            with tabs.prevent(Tabs.TabActivated):
                tabs.active = f"tab-{self.active_pane}"

    def show_pane(self, name: str, focus: bool = True) -> None:
        self.active_pane = name
        self._mark_active()
        if focus:
            target = self.query_one({"lesson": LessonPane, "editor": SolutionArea, "repl": ReplInput,
                                     "graph": GraphTree}[name])

            def focus() -> None:
                if self.active_pane == name:  # not overtaken by a later switch
                    target.focus()

            self.call_after_refresh(focus)

    @on(Tabs.TabActivated, "#pane-tabs")
    def _tab(self, event: Tabs.TabActivated) -> None:
        name = (event.tab.id or "tab-editor").removeprefix("tab-")
        if self.narrow and name != self.active_pane:
            self.show_pane(name)

    def on_descendant_focus(self, event) -> None:
        for name in PANES:
            pane = self.pane(name)
            if event.widget is pane or pane in event.widget.ancestors:
                if name != self.active_pane:
                    self.active_pane = name
                    self._mark_active()
                return

    # --- the pack and the exercise -------------------------------------------

    @work(thread=True, exclusive=True, group="pack")
    def _load_pack(self) -> None:
        from tutor.errors import UserError

        try:
            pack = self.services.load_pack()
            with self.services.store() as store:
                progress = store.pack(pack.id)
                current = store.current(pack.id)
        except UserError as exc:
            self.post_message(M.LoadFailed(exc.message))
            return
        except Exception as exc:  # noqa: BLE001 - shown to the learner, not a traceback
            self.post_message(M.LoadFailed(f"could not load the lesson pack: {exc}"))
            return
        unsolved = [ex for ex in pack.exercises if not (progress.get(ex) and progress[ex].solved)]
        if current not in pack.exercises or (unsolved and current not in unsolved):
            # A restart opens where work remains: the first unsolved exercise.
            current = (unsolved or list(pack.exercises) or [None])[0]
        self.post_message(M.PackLoaded(pack, progress, current))

    @on(M.PackLoaded)
    def _pack_loaded(self, message: M.PackLoaded) -> None:
        self.pack, self.progress = message.pack, message.progress
        if message.exercise_id:
            self.open_exercise(message.exercise_id)

    @on(M.LoadFailed)
    def _load_failed(self, message: M.LoadFailed) -> None:
        self.query_one(LessonPane).show_error(message.message)
        self.notify(message.message, severity="error", timeout=10)

    def open_exercise(self, exercise_id: str) -> None:
        from tutor.app.workspace import WorkspaceFile

        editor = self.query_one(EditorPane)
        editor.flush()
        pack = self.pack
        self.exercise = exercise = pack.exercises[exercise_id]
        self.last_result = None
        editor.open(WorkspaceFile.for_exercise(pack.id, exercise_id), exercise.starter)
        with self.services.store() as store:
            store.set_current(pack.id, exercise_id)
            self.hints_shown = min(store.hints_taken(pack.id, exercise_id), len(exercise.hints))
        self._show_lesson(new_exercise=True)
        self.query_one(LessonPane).show_summary("")
        self.bridge.reset(exercise.setup, first_visible_seed(exercise))
        self._update_where()
        if self.narrow:
            self.show_pane("lesson")

    def _show_lesson(self, new_exercise: bool = False) -> None:
        exercise = self.exercise
        if exercise is None:
            return
        lesson = self.pack.lesson_for(exercise.id)
        ids = list(self.pack.exercises)
        crumb = _("{pack} › {n}/{total} · {status}").format(
            pack=self.pack.title.get(self.lang), n=ids.index(exercise.id) + 1, total=len(ids),
            status=_(STATUS_MARKS[self._status()]))
        pane = self.query_one(LessonPane)
        pane.show(lesson, exercise, self.lang, crumb, new_exercise=new_exercise)
        pane.show_hints([h.get(self.lang) for h in exercise.hints[: self.hints_shown]])

    def _status(self) -> str:
        progress = self.progress.get(self.exercise.id) if self.exercise else None
        return progress.status if progress is not None else "new"

    def _update_where(self) -> None:
        if self.exercise is None:
            return
        ex = self.exercise
        hints = " · " + _("hints {shown}/{total}").format(shown=self.hints_shown, total=len(ex.hints)) \
            if ex.hints else ""
        mark = _(STATUS_MARKS[self._status()])
        self.query_one(StatusBar).set_where(f"{ex.title.get(self.lang)} ({ex.id}) · {mark}{hints}")

    def _dot_path(self):
        from tutor.paths import data_dir

        name = self.exercise.id if self.exercise else "graph"
        return data_dir() / "exports" / f"{name}.dot"

    # --- kernel ---------------------------------------------------------------

    @on(M.KernelStateChanged)
    def _kernel_state(self, message: M.KernelStateChanged) -> None:
        self.query_one(StatusBar).set_kernel(message.state, message.detail)
        self.query_one(KeyBar).set_busy(message.state == "busy")
        if message.state == "crashed" and message.detail:
            self.notify(message.detail, severity="error", timeout=6)

    @on(M.KernelEvent)
    def _kernel_event(self, message: M.KernelEvent) -> None:
        from tutor.kernel.protocol import Done, Error, KernelDied, Result, Stream

        repl = self.query_one(ReplConsole)
        event = message.event
        if isinstance(event, Stream):
            repl.write(event.text, "red" if event.name == "stderr" else "")
        elif isinstance(event, Result):
            repl.write(event.repr)
        elif isinstance(event, Error):
            repl.write(event.traceback, "red")
        elif isinstance(event, Done):
            if event.status == "interrupted":
                repl.notice(_("interrupted"))
        elif isinstance(event, KernelDied):
            repl.notice(event.message, error=True)

    @on(M.GraphChanged)
    def _graph_changed(self, message: M.GraphChanged) -> None:
        self.query_one(GraphPane).show_snapshot(message.snapshot)

    @on(M.RunCode)
    def _run_code(self, message: M.RunCode) -> None:
        message.stop()
        repl = self.query_one(ReplConsole)
        if message.origin == "editor" and self.exercise is not None:
            # As the grader runs it: a fresh namespace, the setup with the
            # first visible trial's seed, then the editor's code.
            seed = first_visible_seed(self.exercise)
            repl.notice(_("fresh namespace: the exercise's setup (seed {seed}), then your code").format(seed=seed))
            repl.echo(message.code, message.origin)
            ok = self.bridge.run_fresh(self.exercise.setup, seed, message.code) is not None
        elif message.origin == "example":
            repl.echo(message.code, message.origin)
            repl.notice(_("an example runs in a scratch namespace: your exercise's names stay as they were"))
            ok = self.bridge.execute(message.code, scratch=True) is not None
        else:
            repl.echo(message.code, message.origin)
            ok = self.bridge.execute(message.code) is not None
        if not ok:
            repl.notice(_("the kernel is not running; it is being restarted"), error=True)
        if self.narrow and message.origin != "repl":
            self.show_pane("repl")

    # --- actions --------------------------------------------------------------

    def action_help(self) -> None:
        from tutor.paths import config_file

        from tutor.app.screens.dialogs import HelpScreen

        self.app.push_screen(HelpScreen(self.keymap, str(config_file())))

    def action_lessons(self) -> None:
        if self.pack is None:
            return

        def chosen(exercise_id: str | None) -> None:
            if exercise_id and (self.exercise is None or exercise_id != self.exercise.id):
                self.open_exercise(exercise_id)

        from tutor.app.screens.lessons import LessonListScreen

        current = self.exercise.id if self.exercise else None
        self.app.push_screen(LessonListScreen(self.pack, self.progress, current, self.lang), chosen)

    def action_run_editor(self) -> None:
        # Priority keys arrive before keys already queued for the editor:
        # read the text only once the editor has caught up.
        self.query_one(SolutionArea).call_later(self._run_editor_now)

    def _run_editor_now(self) -> None:
        editor = self.query_one(EditorPane)
        editor.flush()
        if editor.text.strip():
            self.post_message(M.RunCode(editor.text, "editor"))

    def action_send_example(self) -> None:
        code = self.query_one(LessonPane).selected_example()
        if code is None:
            self.notify(_("this lesson has no examples"), timeout=2)
            return
        self.post_message(M.RunCode(code, "example"))

    def action_interrupt(self) -> None:
        if self.bridge.state == "busy":
            self.bridge.interrupt()
        else:
            self.notify(_("nothing is running"), timeout=1.5)

    def action_restart_kernel(self) -> None:
        self.query_one(ReplConsole).notice(
            _("restarting the kernel: the exercise's setup runs again, other variables are lost"))
        self.bridge.restart()

    def action_toggle_lang(self) -> None:
        self.set_language("zh" if self.lang == "en" else "en")
        self.notify(_("language: English") if self.lang == "en" else _("language: Chinese"), timeout=1.5)

    def set_language(self, lang: str) -> None:
        """Switch the interface and the pack's text to ``lang`` at run time."""
        self.lang = set_language(lang)
        self.services.lang = self.lang
        for name in PANES:
            tab = self.query_one(f"#tab-{name}", Tab)
            tab.label = _(PANE_TITLES[name])
        self._relabel_bindings()
        self.query_one(KeyBar).update_keys()
        self.query_one(StatusBar).retranslate()
        self.query_one(EditorPane).retranslate()
        self.query_one(ReplConsole).retranslate()
        self.query_one(GraphPane).retranslate()
        if self.exercise is not None:
            self._show_lesson()
            self._update_where()
        self.refresh_bindings()

    def _relabel_bindings(self) -> None:
        relabel(self)
        for widget in (*self.query(ReplInput), *self.query(GraphPane)):
            relabel(widget)

    def action_next_pane(self) -> None:
        self.show_pane(PANES[(PANES.index(self.active_pane) + 1) % len(PANES)])

    def action_prev_pane(self) -> None:
        self.show_pane(PANES[(PANES.index(self.active_pane) - 1) % len(PANES)])

    def action_show_pane(self, name: str) -> None:
        self.show_pane(name)

    def action_hint(self) -> None:
        exercise = self.exercise
        if exercise is None:
            return
        if not exercise.hints:
            self.notify(_("this exercise has no hints"), timeout=2)
            return
        if self.hints_shown >= len(exercise.hints):
            allowed, why = self.solution_allowed()
            if allowed:
                key = display_keys(self.keymap.get("tutor.solution", spec("tutor.solution").keys).split(",")[0])
                self.notify(_("that was the last hint; {key} shows the solution").format(key=key), timeout=4)
            else:
                self.notify(_("that was the last hint.") + " " + why, timeout=4)
        else:
            with self.services.store() as store:
                store.take_hint(self.pack.id, exercise.id)
                self.progress = store.pack(self.pack.id)
            self.hints_shown += 1
        self._show_lesson()
        self._update_where()
        if self.narrow:
            self.show_pane("lesson", focus=False)
        pane = self.query_one(LessonPane)
        self.call_after_refresh(lambda: pane.scroll_to_widget(pane.query_one("#hints"), animate=False, top=False))

    def solution_allowed(self) -> tuple[bool, str]:
        ex = self.exercise
        progress = self.progress.get(ex.id)
        solved = bool(progress and progress.solved)
        attempts = progress.attempts if progress else 0
        if not ex.solution:
            return False, _("this exercise has no solution to show")
        if ex.show_solution == "always":
            return True, ""
        if ex.show_solution == "never":
            return False, _("this pack does not show the solution of this exercise")
        if ex.show_solution == "after_solved":
            return solved, _("the solution opens once you have solved the exercise")
        needed = ex.solution_after_attempts
        ok = solved or attempts >= needed
        return ok, _("the solution opens after {needed} checks (you have made {attempts})").format(
            needed=needed, attempts=attempts)

    def action_solution(self) -> None:
        if self.exercise is None:
            return
        allowed, why = self.solution_allowed()
        if not allowed:
            self.notify(why, severity="warning", timeout=4)
            return
        from tutor.app.screens.dialogs import TextScreen

        self.app.push_screen(TextScreen(
            _("Solution: {title}").format(title=self.exercise.title.get(self.lang)), self.exercise.solution,
            _("A reference solution. Yours may differ and still be right.")))

    def action_reset_exercise(self) -> None:
        if self.exercise is None:
            return
        editor = self.query_one(EditorPane)
        editor.flush()
        exercise = self.exercise

        def answer(yes: bool | None) -> None:
            if not yes or self.exercise is not exercise:
                return
            kept = editor.workspace.keep_in_history(editor.text)
            editor.set_text(exercise.starter)
            self.bridge.reset(exercise.setup, first_visible_seed(exercise))
            self.query_one(ReplConsole).notice(_("exercise reset: starter code restored and a fresh namespace"))
            self.notify(_("reset to the starter; your code was kept in {path}").format(path=kept), timeout=5)

        from tutor.app.screens.dialogs import ConfirmScreen

        self.app.push_screen(ConfirmScreen(
            _("Reset “{title}” to its starter code?").format(title=exercise.title.get(self.lang)) + "\n\n"
            + _("Your current code is kept in the history folder, and the REPL starts afresh."), _("Reset")), answer)

    def action_external_editor(self) -> None:
        from textual.app import SuspendNotSupported

        editor = self.query_one(EditorPane)
        if editor.workspace is None:
            return
        editor.flush()
        command = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
        argv = [*shlex.split(command), str(editor.workspace.path)]
        try:
            with self.app.suspend():
                code = subprocess.call(argv)
        except SuspendNotSupported:
            code = subprocess.call(argv, stdin=subprocess.DEVNULL)
        except OSError as exc:
            self.notify(_("could not start {command}: {error}").format(command=command, error=exc), severity="error")
            return
        if code != 0:
            self.notify(_("{command} exited with status {code}").format(command=command, code=code),
                        severity="warning")
        editor.check_disk()

    def action_check(self) -> None:
        self.query_one(SolutionArea).call_later(self._check_now)

    def _check_now(self) -> None:
        if self.exercise is None:
            return
        if self.checking:
            self.notify(_("a check is already running"), timeout=2)
            return
        editor = self.query_one(EditorPane)
        editor.flush()
        self.checking = True
        self.query_one(LessonPane).show_summary(Text(_("checking against the reference solution…"), style="italic"))
        self.notify(_("checking in isolated runs…"), timeout=2)
        self._grade(self.exercise, editor.text)

    @work(thread=True, exclusive=True, group="check")
    def _grade(self, exercise, code: str) -> None:
        try:
            result = self.services.grade(exercise, code)
            with self.services.store() as store:
                store.record_attempt(self.pack.id, exercise.id, score=result.score, max_score=result.max_score)
                self.progress = store.pack(self.pack.id)
        except Exception as exc:  # noqa: BLE001 - the learner sees one line
            self.post_message(M.CheckCrashed(exercise.id, _("the check could not run: {error}").format(error=exc)))
            return
        self.post_message(M.CheckDone(exercise.id, result, code))

    @on(M.CheckCrashed)
    def _check_crashed(self, message: M.CheckCrashed) -> None:
        self.checking = False
        self.query_one(LessonPane).show_summary(Text(message.message, style="bold red"))
        self.notify(message.message, severity="error")

    @on(M.CheckDone)
    def _check_done(self, message: M.CheckDone) -> None:
        from tutor.app.screens.check import CheckScreen, summary_text

        self.checking = False
        if self.exercise is None or message.exercise_id != self.exercise.id:
            return
        result = self.last_result = message.result
        title = self.exercise.title.get(self.lang)
        self.query_one(LessonPane).show_summary(summary_text(result, title))
        self._show_lesson()
        self._update_where()
        meta = {c.root: c for c in self.exercise.checks if c.kind == "graph"}
        next_id = self.next_unsolved() if result.passed else None
        key = self.next_key()

        def closed(go_next: bool | None) -> None:
            if go_next:
                self.action_next_exercise()

        keys = self.keymap.get("tutor.next_exercise", spec("tutor.next_exercise").keys)
        self.app.push_screen(CheckScreen(result, title, meta, next_keys=keys if next_id else None), closed)
        if result.passed:
            if next_id:
                message = _("Solved: {title}! {key} opens the next exercise.").format(title=title, key=key)
            else:
                message = _("Solved: {title}! Every exercise of this pack is solved.").format(title=title)
            self.notify("🎉 " + message, title=_("Well done"), timeout=6)

    # --- the next exercise --------------------------------------------------------

    def next_key(self) -> str:
        return display_keys(self.keymap.get("tutor.next_exercise", spec("tutor.next_exercise").keys).split(",")[0])

    def next_unsolved(self) -> str | None:
        """The first unsolved exercise after the current one (wrapping round), or None."""
        if self.pack is None:
            return None
        ids = list(self.pack.exercises)
        here = ids.index(self.exercise.id) if self.exercise is not None and self.exercise.id in ids else -1
        for ex_id in ids[here + 1:] + ids[:here + 1]:
            progress = self.progress.get(ex_id)
            if not (progress and progress.solved) and (self.exercise is None or ex_id != self.exercise.id):
                return ex_id
        return None

    def action_next_exercise(self) -> None:
        if self.pack is None:
            return
        next_id = self.next_unsolved()
        if next_id is None:
            self.notify(_("every other exercise is solved; F2 lists them all"), timeout=4)
            return
        self.open_exercise(next_id)

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
