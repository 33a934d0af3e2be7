"""The line-mode REPL: the accessible front end on the kernel.

``ReplSession`` runs cells and magic commands; the learner's exercise,
hints and checks go through their session (tutor.session). Works at a
terminal (tutor.repl_prompt, on prompt_toolkit) and in a pipe (reads cells
from stdin, prints results, exit status 1 if any cell failed). Never imports
torch: code runs in the kernel (tutor.kernel.client).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TextIO

from tutor.errors import UserError
from tutor.i18n import N_, _
from tutor.kernel.client import KernelClient, KernelError, KernelOptions
from tutor.kernel.protocol import Done, Error, Event, Graph, KernelDied, Result, Stream
from tutor.repl_input import Quit, guess, is_magic, iter_cells
from tutor.terminal import color_enabled

SETUP_SEED = 0
RESTART_AFTER_SECONDS = 1.0  # a second Ctrl-C this long after the first restarts the kernel

HELP = N_("""\
Python with torch, nn, F and device already imported. Magic commands:
  %graph [name]   the autograd graph of your tensors (or of one tensor) as a tree
  %check          check the code you ran since %exercise, as `autograd-tutor check` would;
                  when it solves the exercise it is saved as your workspace file
  %hint           the next hint for the current exercise
  %reset          a fresh namespace with the exercise's setup run again
  %exercise [ID]  start an exercise (without ID: list them)
  %lesson         the lesson that goes with the current exercise
  %help           this text
Ctrl-C stops running code (twice: restarts the kernel) or clears the line; Ctrl-D or exit quits.""")
HELP_LINE = N_("This is Python with torch ready: type code to run it. Commands start with %: %help lists them; "
               "Ctrl-D quits.")


@dataclass
class Style:
    """ANSI styling for terminal output; all empty when colour is off."""

    error: str = ""
    note: str = ""
    reset: str = ""

    @classmethod
    def for_stream(cls, stream: TextIO) -> Style:
        if color_enabled(stream):
            return cls(error="\x1b[31m", note="\x1b[2m", reset="\x1b[0m")
        return cls()


@dataclass
class ReplSession:
    """What both front ends share: the kernel, the current exercise, magics."""

    client: KernelClient
    pack_ref: str | None = None
    lang: str = "en"
    out: TextIO = sys.stdout
    err: TextIO = sys.stderr
    exercise: Any = None
    hints_shown: int = 0
    # (code, raised) for each cell that ran since %exercise. A cell that
    # raised counts only while it is the last one (code after an exception
    # never runs in a file); cells that did not compile never count.
    cells: list[tuple[str, bool]] = field(default_factory=list)
    failures: int = 0
    _learner: Any = None
    _announced: bool = False
    _last_error: str | None = None

    def __post_init__(self) -> None:
        self.style = Style.for_stream(self.err)

    # --- pack and exercise -------------------------------------------------

    @property
    def learner(self) -> Any:
        """The learner's session (tutor.session), made with the pack on first use."""
        if self._learner is None:
            from tutor.pack import load_pack
            from tutor.session import LearnerSession

            self._learner = LearnerSession(load_pack(self.pack_ref))
        return self._learner

    @property
    def pack(self) -> Any:
        return self.learner.pack

    def select_exercise(self, exercise_id: str) -> None:
        """Make ``exercise_id`` current; its setup becomes the kernel's."""
        self.exercise = self.pack.exercise(exercise_id)
        self.hints_shown = 0
        self.cells = []
        self.client.setup = self.exercise.setup
        self.client.seed = SETUP_SEED
        try:
            self.learner.select(exercise_id)
        except Exception:  # noqa: BLE001  (progress is a convenience here, never a reason to fail)
            pass

    @property
    def code_to_check(self) -> str:
        """The program the cells since %exercise make, as a file would run it."""
        last = len(self.cells) - 1
        return "\n".join(code for i, (code, raised) in enumerate(self.cells) if not raised or i == last)

    def close(self) -> None:
        if self._learner is not None:
            self._learner.close()

    # --- running code ------------------------------------------------------

    def announce_kernel(self) -> None:
        """Say once which torch and device the learner got (and any fallback)."""
        if self._announced:
            return
        self._announced = True
        try:
            info = self.client.ready()
        except KernelError as exc:
            raise UserError(_("the kernel could not start: {error}").format(error=exc)) from None
        if info.note:
            self.notice(info.note)
        if self.out.isatty():
            self.notice(_("torch {torch} on {device}").format(torch=info.torch, device=info.device)
                        + ("" if info.graph else " " + _("(graph view unavailable)")))

    def submit(self, text: str) -> None:
        """Run one cell or one magic line. Raises Quit when asked to leave."""
        guessed = guess(text)
        if guessed is not None:
            kind, name = guessed
            if kind == "quit":
                raise Quit()
            if kind == "ask":
                self.out.write(_("IPython's `{name}?` is not available here: try help({name}) or print({name}).")
                               .format(name=name) + "\n")
            else:
                self.out.write(_(HELP_LINE) + "\n")
            self.out.flush()
            return
        if is_magic(text.lstrip()):
            self.magic(text.strip())
            return
        if not text.strip():
            return
        self.announce_kernel()
        self._last_error = None
        ok = self.run_request(self.client.execute(text))
        if ok:
            self.cells.append((text, False))
        elif self._last_error not in (None, "SyntaxError", "IndentationError", "TabError", "KeyboardInterrupt"):
            if self.cells and self.cells[-1][1]:
                self.cells.pop()  # an earlier cell that raised is no longer the last one
            self.cells.append((text, True))

    def run_request(self, request_id: str) -> bool:
        """Show the events of a request until it is done; True if it succeeded.

        Ctrl-C here interrupts the kernel; a second one, a moment later,
        restarts it (code that swallows KeyboardInterrupt cannot hold the
        learner hostage)."""
        interrupted_at: float | None = None
        while True:
            try:
                event = self.client.next_event(timeout=0.1)
                if event is None:
                    continue
                self.show(event)
                if isinstance(event, KernelDied):
                    self.failures += 1
                    return False
                if isinstance(event, Done) and event.id == request_id:
                    if event.status != "ok":
                        self.failures += 1
                    return event.status == "ok"
            except KeyboardInterrupt:
                now = time.monotonic()
                if interrupted_at is None:
                    interrupted_at = now
                    self.client.interrupt()
                elif now - interrupted_at >= RESTART_AFTER_SECONDS:
                    self.notice(_("the code did not stop; restarting the kernel: your setup runs again, other variables are lost"))
                    self.client.restart()
                    self.failures += 1
                    return False

    def show(self, event: Event) -> None:
        if isinstance(event, Stream):
            stream = self.out if event.name == "stdout" else self.err
            stream.write(event.text)
            stream.flush()
        elif isinstance(event, Result):
            self.out.write(event.repr + "\n")
            self.out.flush()
        elif isinstance(event, Error):
            self._last_error = event.ename
            self.err.write(f"{self.style.error}{event.traceback}{self.style.reset}")
            self.err.flush()
        elif isinstance(event, KernelDied):
            self.notice(event.message, error=True)
        elif isinstance(event, Graph):
            pass  # the client keeps the latest; %graph shows it

    def notice(self, text: str, *, error: bool = False) -> None:
        colour = self.style.error if error else self.style.note
        self.err.write(f"{colour}{text}{self.style.reset}\n")
        self.err.flush()

    # --- magic commands ----------------------------------------------------

    def magic(self, line: str) -> None:
        name, _sep, argument = line[1:].partition(" ")
        argument = argument.strip()
        handler = getattr(self, f"magic_{name}", None)
        if handler is None:
            self.notice(_("unknown command %{name}; %help lists them").format(name=name), error=True)
            self.failures += 1
            return
        try:
            handler(argument)
        except UserError as exc:
            self.notice(exc.message, error=True)
            self.failures += 1

    def magic_help(self, argument: str) -> None:
        self.out.write(_(HELP) + "\n")

    def magic_graph(self, argument: str) -> None:
        self.announce_kernel()
        try:
            from tutor.graph.model import GraphSnapshot
            from tutor.graph.render import render_text
        except ImportError:
            raise UserError(_("the graph view is not available in this build yet")) from None
        graph = self.client.last_graph or self.client.snapshot()
        if graph is None:
            raise UserError(_("the graph view is not available in this build yet"))
        snapshot = GraphSnapshot.from_dict(graph.snapshot)
        try:
            text = render_text(snapshot, root=argument or None, color=color_enabled(self.out))
        except (KeyError, ValueError) as exc:
            raise UserError(_("no graph for '{name}': {error}").format(name=argument, error=exc)) from None
        self.out.write(text.rstrip("\n") + "\n")

    def magic_check(self, argument: str) -> None:
        """Grade the code the cells since %exercise make (see ``code_to_check``)
        in the grader's isolated runs, never in this namespace: exactly what
        ``autograd-tutor check ID FILE`` judges for that code. With no cells
        yet, the workspace file is checked. A solve is saved as the workspace
        file (the one it replaces is kept in the history folder)."""
        from tutor.commands.checking import read_code, render
        from tutor.paths import workspace_file

        exercise = self._need_exercise()
        code = self.code_to_check
        path = workspace_file(self.pack.id, exercise.id)
        from_file = not code.strip()
        if from_file:
            if not path.exists():
                raise UserError(_("nothing to check yet: %check grades the code you have run since %exercise"))
            code = read_code(path)
            self.notice(_("no code run since %exercise: checking your workspace file {path}").format(path=path))
        self.notice(_("checking against the reference solution..."))
        result = self.learner.check(exercise, code)
        self.out.write(render(result, exercise, self.lang, color=color_enabled(self.out), show_output=False) + "\n")
        self.out.flush()
        if not result.passed:
            self.failures += 1
        elif not from_file:
            self._save_solution(path, code)

    def _save_solution(self, path: Any, code: str) -> None:
        from tutor.atomic import write_atomic
        from tutor.workspace import WorkspaceFile

        text = code.rstrip("\n") + "\n"
        try:
            old = path.read_text(encoding="utf-8") if path.exists() else None
            if old == text:
                return
            if old is not None and old.strip() and old.strip() != self.exercise.starter.strip():
                WorkspaceFile.for_exercise(self.pack.id, self.exercise.id).keep_in_history(old, "replaced")
            write_atomic(path, text)
        except (OSError, UnicodeDecodeError) as exc:
            self.notice(_("could not save your solution to {path}: {error}").format(path=path, error=exc), error=True)
            return
        self.notice(_("saved your solution to {path}").format(path=path))

    def magic_hint(self, argument: str) -> None:
        exercise = self._need_exercise()
        if not exercise.hints:
            self.out.write(_("This exercise has no hints.") + "\n")
            return
        index = min(self.hints_shown, len(exercise.hints) - 1)
        if index == self.hints_shown:  # a new hint, not the last one repeated
            self.learner.take_hint(exercise.id)
        self.hints_shown = index + 1
        self.out.write(_("Hint {n}/{total}: {text}").format(n=index + 1, total=len(exercise.hints),
                                                          text=exercise.hints[index].get(self.lang)) + "\n")

    def magic_reset(self, argument: str) -> None:
        self.announce_kernel()
        self.cells = []
        if not self.run_request(self.client.send_reset()):
            return  # the setup's error is already on screen
        self.notice(_("fresh namespace with the exercise's setup") if self.client.setup else _("fresh namespace"))

    def magic_exercise(self, argument: str) -> None:
        if not argument:
            for exercise in self.pack.exercises.values():
                self.out.write(f"  {exercise.id:28} {exercise.title.get(self.lang)}\n")
            return
        self.select_exercise(argument)
        self.magic_reset("")
        self.show_exercise()

    def magic_lesson(self, argument: str) -> None:
        exercise = self._need_exercise()
        lesson = self.pack.lesson_for(exercise.id)
        if lesson is None:
            raise UserError(_("exercise {id} is not part of a lesson").format(id=exercise.id))
        self.out.write(f"# {lesson.title.get(self.lang)}\n\n{lesson.body.get(self.lang).rstrip()}\n")

    def show_exercise(self) -> None:
        exercise = self.exercise
        self.out.write(f"# {exercise.title.get(self.lang)} ({exercise.id})\n\n{exercise.prompt.get(self.lang).rstrip()}\n")
        if exercise.starter.strip():
            self.out.write("\n" + _("Starter code:") + f"\n{exercise.starter.rstrip()}\n")
        self.out.flush()

    def _need_exercise(self) -> Any:
        if self.exercise is None:
            raise UserError(_("no exercise is selected; choose one with %exercise ID"))
        return self.exercise


# --- front ends --------------------------------------------------------------


def run_pipe(session: ReplSession, lines: Iterable[str]) -> int:
    """Read cells from a pipe, run them in order; 1 if any failed."""
    try:
        for cell in iter_cells(lines):
            session.submit(cell)
    except Quit:
        pass
    except KeyboardInterrupt:
        return 130
    return 1 if session.failures else 0


def main(*, exercise_id: str | None, pack_ref: str | None, lang: str | None, device: str) -> int:
    """Entry point for ``autograd-tutor repl``."""
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    client = KernelClient(KernelOptions(device=device), seed=SETUP_SEED)
    session = ReplSession(client, pack_ref=pack_ref, lang=lang or "en")
    if exercise_id:
        # Before start: the kernel runs the setup first thing; its output and
        # errors show with the first cell's.
        session.select_exercise(exercise_id)
    client.start()
    try:
        if interactive:
            from tutor.repl_prompt import run_terminal

            return run_terminal(session)
        return run_pipe(session, sys.stdin)
    finally:
        session.close()
        client.shutdown()
