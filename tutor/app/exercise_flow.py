"""The open exercise in the app and what the learner does with it.

``ExerciseFlow`` holds the learner's session (tutor.session: the pack, the
current exercise, the next unsolved one, the grader) for the main screen and
carries out the exercise's keys: open one, a hint, the solution, a reset, a
check and its result, the next exercise. The slow parts (loading the pack,
grading) run in the screen's thread workers, which hand their results to the
UI thread as this class's messages; only the UI thread touches widgets,
``progress`` and ``hints_shown``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from rich.text import Text
from textual.message import Message

from tutor.app.bindings import display_keys, spec
from tutor.app.widgets.editor import EditorPane
from tutor.app.widgets.lesson import LessonPane
from tutor.app.widgets.repl import ReplConsole
from tutor.app.widgets.status import StatusBar
from tutor.i18n import _
from tutor.session import first_visible_seed, solution_allowed


class ExerciseFlow:
    @dataclass
    class SessionOpened(Message):
        """The pack loaded; the learner's session is open."""

        session: Any  # tutor.session.LearnerSession
        progress: dict
        exercise_id: str | None  # where to start

    @dataclass
    class OpenFailed(Message):
        """The pack could not be loaded; ``message`` says why in one line."""

        message: str

    @dataclass
    class CheckDone(Message):
        """A check was graded and its attempt recorded."""

        exercise_id: str
        result: Any  # tutor.grade.report.ExerciseResult
        progress: dict  # read after the attempt was recorded
        figures: list  # the failed graph checks' graphs (tutor.graphdiff.GraphFigure)

    @dataclass
    class CheckCrashed(Message):
        """The check could not run (not: the code failed it); ``message`` says why."""

        exercise_id: str
        message: str

    def __init__(self, screen: Any) -> None:
        self.screen = screen  # the main screen: its widgets, kernel bridge, keymap and language
        self.session: Any = None  # once the pack has loaded
        self.progress: dict = {}
        self.hints_shown = 0
        self.checking = False

    @property
    def exercise(self) -> Any:
        return self.session.exercise if self.session is not None else None

    @property
    def pack(self) -> Any:
        return self.session.pack if self.session is not None else None

    def _key(self, binding_id: str) -> str:
        keys = self.screen.keymap.get(binding_id, spec(binding_id).keys)
        return display_keys(keys.split(",")[0])

    # --- opening --------------------------------------------------------------

    def load(self) -> None:
        """Load the pack and open the session in a worker thread (SessionOpened or OpenFailed follows);
        when the app's start-up has loaded it already, open the exercise now, before the first frame."""
        if self.screen.services.session_ready():
            message = self._open_message()
            if isinstance(message, self.SessionOpened):
                self.opened(message)
            else:
                self.open_failed(message)
            return
        self.screen.run_worker(self._load, name="load-pack", group="pack", thread=True, exclusive=True)

    def _load(self) -> None:
        self.screen.post_message(self._open_message())

    def _open_message(self) -> Message:
        from tutor.errors import UserError

        try:
            session = self.screen.services.open_session()
            return self.SessionOpened(session, session.progress(), session.start())
        except UserError as exc:
            return self.OpenFailed(exc.message)
        except Exception as exc:  # noqa: BLE001 - shown to the learner, not a traceback
            return self.OpenFailed(f"could not load the lesson pack: {exc}")

    def opened(self, message: SessionOpened) -> None:
        self.session, self.progress = message.session, message.progress
        if message.exercise_id:
            self.open(message.exercise_id)

    def open_failed(self, message: OpenFailed) -> None:
        self.screen.query_one(LessonPane).show_error(message.message)
        self.screen.notify(message.message, severity="error", timeout=10)

    def open(self, exercise_id: str) -> None:
        """Open ``exercise_id``: its file in the editor, its lesson, a fresh namespace with its setup."""
        from tutor.workspace import WorkspaceFile

        screen = self.screen
        editor = screen.query_one(EditorPane)
        editor.flush()
        exercise = self.session.select(exercise_id)
        editor.open(WorkspaceFile.for_exercise(self.pack.id, exercise_id), exercise.starter)
        self.hints_shown = min(self.session.hints_taken(exercise_id), len(exercise.hints))
        self.show(new_exercise=True)
        screen.query_one(LessonPane).show_summary("")
        screen.bridge.reset(exercise.setup, first_visible_seed(exercise))
        screen.panes.reveal("lesson")

    def show(self, new_exercise: bool = False) -> None:
        """The exercise in the lesson pane (with the hints taken) and in the status line."""
        exercise, lang = self.exercise, self.screen.lang
        if exercise is None:
            return
        state = self.progress.get(exercise.id)
        status = state.status if state is not None else "new"
        hints = [h.get(lang) for h in exercise.hints[: self.hints_shown]]
        self.screen.query_one(LessonPane).show_exercise(self.pack, exercise, lang, status, hints,
                                                        new_exercise=new_exercise)
        self.screen.query_one(StatusBar).show_exercise(exercise, lang, status, self.hints_shown)

    def choose(self) -> None:
        """The lesson list; the exercise chosen opens."""
        if self.pack is None:
            return

        def chosen(exercise_id: str | None) -> None:
            if exercise_id and (self.exercise is None or exercise_id != self.exercise.id):
                self.open(exercise_id)

        from tutor.app.screens.lessons import LessonListScreen

        current = self.exercise.id if self.exercise else None
        self.screen.app.push_screen(LessonListScreen(self.pack, self.progress, current, self.screen.lang), chosen)

    def next(self) -> None:
        if self.session is None:
            return
        next_id = self.session.next_unsolved()
        if next_id is None:
            self.screen.notify(_("every other exercise is solved; F2 lists them all"), timeout=4)
            return
        self.open(next_id)

    # --- hints, the solution, a reset -------------------------------------------------

    def hint(self) -> None:
        exercise, screen = self.exercise, self.screen
        if exercise is None:
            return
        if not exercise.hints:
            screen.notify(_("this exercise has no hints"), timeout=2)
            return
        if self.hints_shown >= len(exercise.hints):
            allowed, why = solution_allowed(exercise, self.progress)
            if allowed:
                text = _("that was the last hint; {key} shows the solution").format(key=self._key("tutor.solution"))
            else:
                text = _("that was the last hint.") + " " + why
            screen.notify(text, timeout=4)
        else:
            self.session.take_hint(exercise.id)
            self.progress = self.session.progress()
            self.hints_shown += 1
        self.show()
        screen.panes.reveal("lesson", focus=False)
        pane = screen.query_one(LessonPane)
        screen.call_after_refresh(lambda: pane.scroll_to_widget(pane.query_one("#hints"), animate=False, top=False))

    def solution(self) -> None:
        exercise = self.exercise
        if exercise is None:
            return
        allowed, why = solution_allowed(exercise, self.progress)
        if not allowed:
            self.screen.notify(why, severity="warning", timeout=4)
            return
        from tutor.app.screens.dialogs import TextScreen

        self.screen.app.push_screen(TextScreen(
            _("Solution: {title}").format(title=exercise.title.get(self.screen.lang)), exercise.solution,
            _("A reference solution. Yours may differ and still be right.")))

    def reset(self) -> None:
        """Back to the starter code, once the learner confirms (the old code is kept)."""
        exercise, screen = self.exercise, self.screen
        if exercise is None:
            return
        editor = screen.query_one(EditorPane)
        editor.flush()

        def answer(yes: bool | None) -> None:
            if not yes or self.exercise is not exercise:
                return
            kept = editor.reset_to(exercise.starter)
            screen.bridge.reset(exercise.setup, first_visible_seed(exercise))
            screen.query_one(ReplConsole).notice(_("exercise reset: starter code restored and a fresh namespace"))
            screen.notify(_("reset to the starter; your code was kept in {path}").format(path=kept), timeout=5)

        from tutor.app.screens.dialogs import ConfirmScreen

        screen.app.push_screen(ConfirmScreen(
            _("Reset “{title}” to its starter code?").format(title=exercise.title.get(screen.lang)) + "\n\n"
            + _("Your current code is kept in the history folder, and the REPL starts afresh."), _("Reset")), answer)

    # --- checks -------------------------------------------------------------------

    def check(self) -> None:
        """Check the editor's code in isolated runs (CheckDone or CheckCrashed follows)."""
        exercise, screen = self.exercise, self.screen
        if exercise is None:
            return
        if self.checking:
            screen.notify(_("a check is already running"), timeout=2)
            return
        editor = screen.query_one(EditorPane)
        editor.flush()
        self.checking = True
        screen.query_one(LessonPane).show_summary(Text(_("checking against the reference solution…"), style="italic"))
        screen.notify(_("checking in isolated runs…"), timeout=2)
        screen.run_worker(partial(self._check, self.session, exercise, editor.text), name="check", group="check",
                          thread=True, exclusive=True)

    def _check(self, session: Any, exercise: Any, code: str) -> None:
        from tutor.graphdiff import failed_graph_figures

        try:
            result = session.check(exercise, code)
            # Off the UI thread too: the store, and the grader's modules the figures need.
            message: Message = self.CheckDone(exercise.id, result, session.progress(),
                                              failed_graph_figures(exercise, result))
        except Exception as exc:  # noqa: BLE001 - the learner sees one line
            message = self.CheckCrashed(exercise.id, _("the check could not run: {error}").format(error=exc))
        self.screen.post_message(message)

    def check_crashed(self, message: CheckCrashed) -> None:
        self.checking = False
        self.screen.query_one(LessonPane).show_summary(Text(message.message, style="bold red"))
        self.screen.notify(message.message, severity="error")

    def check_done(self, message: CheckDone) -> None:
        """Show the verdict: in the lesson pane, on the result screen, and a notification after a solve."""
        from tutor.app.screens.check import CheckScreen, summary_text

        screen = self.screen
        self.checking = False
        self.progress = message.progress
        if self.exercise is None or message.exercise_id != self.exercise.id:
            return
        result = message.result
        title = self.exercise.title.get(screen.lang)
        screen.query_one(LessonPane).show_summary(summary_text(result, title))
        self.show()
        next_id = self.session.next_unsolved() if result.passed else None
        next_key = self._key("tutor.next_exercise")

        def closed(go_next: bool | None) -> None:
            if go_next:
                self.next()

        screen.app.push_screen(CheckScreen(result, title, message.figures, next_key=next_key if next_id else None),
                               closed)
        if result.passed:
            if next_id:
                text = _("Solved: {title}! {key} opens the next exercise.").format(title=title, key=next_key)
            else:
                text = _("Solved: {title}! Every exercise of this pack is solved.").format(title=title)
            screen.notify("🎉 " + text, title=_("Well done"), timeout=6)
