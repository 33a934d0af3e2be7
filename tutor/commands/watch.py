"""``autograd-tutor watch``: check your workspace file on every save.

Edit ``<exercise-id>.py`` in the workspace with any editor; each save is
checked by one warm grader (kept for the whole session, so a check takes a
fraction of a second), the verdict printed, and when the exercise is solved
the next unsolved one opens (its starter written to the workspace if the file
is not there yet). Works in a pipe (no colour, nothing redrawn); Ctrl-C
leaves with status 0.
"""

from __future__ import annotations

import argparse
import os
import select
import shutil
import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

from tutor import sourcefile
from tutor.i18n import _
from tutor.terminal import is_tty

POLL_SECONDS = 0.05  # how often the file's stat is compared
SETTLE_SECONDS = 0.03  # a save is read once its stat stops changing for this long

DESCRIPTION = """\
Watch your workspace file for the current exercise (or --exercise ID) and
check it every time you save it, in your own editor. When it is solved, the
next exercise not yet solved opens; its starter code is written to the
workspace if you have no file for it yet.

At a terminal, type h and Enter for the next hint, Enter alone to check
again, q and Enter (or Ctrl-C) to stop."""


def register(sub: argparse._SubParsersAction) -> None:
    from tutor.commands.options import add_lang_option, add_pack_option

    parser = sub.add_parser(
        "watch",
        help="check your workspace file every time you save it",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--exercise", metavar="ID", help="start on this exercise (default: your current one)")
    add_pack_option(parser, subcommand=True)
    add_lang_option(parser, subcommand=True)
    parser.add_argument("--timeout", type=float, help="seconds per run (default: the exercise's)")
    parser.set_defaults(handler=run_watch)


def run_watch(args: argparse.Namespace) -> int:
    from tutor.session import LearnerSession, SessionGrader

    # The worker starts importing torch now, while this process loads the pack.
    grader = SessionGrader(timeout=getattr(args, "timeout", None))
    grader.start()
    watcher = None
    try:
        from tutor.pack import load_pack

        session = LearnerSession(load_pack(getattr(args, "pack", None)), grader)
        watcher = Watcher(session, getattr(args, "lang", None) or "en")
        return watcher.run(args.exercise)
    except KeyboardInterrupt:
        if watcher is not None:
            watcher.say("\n" + _("Stopped watching. Your files stay in {folder}.").format(folder=watcher.folder))
        return 0
    finally:
        grader.close()


class Watcher:
    def __init__(self, session: Any, lang: str, out: TextIO | None = None, stdin: TextIO | None = None) -> None:
        from tutor.paths import workspace_dir
        from tutor.terminal import color_enabled

        self.session = session  # tutor.session.LearnerSession
        self.pack = session.pack
        self.lang = lang
        self.out = out or sys.stdout
        self.stdin = stdin if stdin is not None else sys.stdin
        self.color = color_enabled(self.out)
        self.order = session.order
        self.folder = workspace_dir(self.pack.id)
        self.hints_shown: dict[str, int] = {}
        self.interactive = is_tty(self.stdin) and is_tty(self.out)

    # -------------------------------------------------------------- output

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def bold(self, text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if self.color else text

    def width(self) -> int:
        return shutil.get_terminal_size((100, 24)).columns if is_tty(self.out) else 100

    # ---------------------------------------------------------------- flow

    def run(self, requested: str | None) -> int:
        from tutor.errors import UserError

        start = self.session.start(requested)
        if start is None:
            raise UserError(f"pack '{self.pack.id}' has no exercises")
        if requested is None and self.session.is_solved(start):  # the start is solved only when all are
            self.say(_("All {n} exercises of this course are solved. "
                       "`autograd-tutor watch --exercise ID` opens one again.").format(n=len(self.order)))
            return 0
        exercise = self.pack.exercise(start)
        while True:
            if self.watch(exercise) == "quit":
                return 0
            following = self.session.next_unsolved(after=exercise.id)
            if following is None:
                self.say(self.bold(_("All {n} exercises are solved. Well done!").format(n=len(self.order))))
                return 0
            exercise = self.pack.exercise(following)

    def watch(self, exercise: Any) -> str:
        """Watch one exercise's file until it is solved ("solved") or the
        learner quits ("quit")."""
        from tutor.atomic import write_atomic
        from tutor.paths import workspace_file

        path = workspace_file(self.pack.id, exercise.id)
        self.session.select(exercise.id)
        existed = path.exists()
        if not existed:
            write_atomic(path, exercise.starter)
        self.show_task(exercise, path, new_file=not existed)
        stamp = _stamp(path)
        if existed and self.check(exercise, path):
            return "solved"
        self.waiting(path)
        while True:
            command = self.wait_for_input()
            if command == "quit":
                return "quit"
            if command == "hint":
                self.hint(exercise)
                continue
            now = _stamp(path)
            if command != "check" and (now is None or now == stamp):
                continue
            while now is not None:  # let the editor finish writing
                time.sleep(SETTLE_SECONDS)
                again = _stamp(path)
                if again == now:
                    break
                now = again
            if now is None:
                continue  # deleted (some editors delete, then write anew): wait for it
            stamp = now
            if self.check(exercise, path):
                return "solved"
            self.waiting(path)

    def wait_for_input(self) -> str | None:
        """Sleep one poll interval; at a terminal, read a typed command."""
        if not self.interactive:
            time.sleep(POLL_SECONDS)
            return None
        try:
            ready = select.select([self.stdin], [], [], POLL_SECONDS)[0]
        except (OSError, ValueError):
            self.interactive = False
            return None
        if not ready:
            return None
        line = self.stdin.readline()
        if not line:  # end of input: keep watching the file
            self.interactive = False
            return None
        word = line.strip().lower()
        if word in ("q", "quit", "exit", ":q"):
            return "quit"
        if word in ("h", "hint", "?"):
            return "hint"
        if word == "":
            return "check"
        self.say(_("Type h and Enter for a hint, Enter to check again, q to stop; or just save your file."))
        return None

    # --------------------------------------------------------------- steps

    def show_task(self, exercise: Any, path: Path, *, new_file: bool) -> None:
        from tutor.commands.checking import clean

        number = self.order.index(exercise.id) + 1 if exercise.id in self.order else 0
        title = clean(exercise.title.get(self.lang))
        self.say("")
        self.say(self.bold(f"# {title}") + "  " + _("({id}, exercise {number} of {total})").format(
            id=exercise.id, number=number, total=len(self.order)))
        self.say("")
        self.say(clean(exercise.prompt.get(self.lang)).rstrip())
        self.say("")
        self.say((_("Starter code written to {path}") if new_file else _("Your file: {path}")).format(path=path))

    def waiting(self, path: Path) -> None:
        keys = _("h: hint, q: quit.") if self.interactive else _("Ctrl-C quits.")
        self.say(_("Watching {name}: save it to check it again.").format(name=path.name) + " " + keys)

    def check(self, exercise: Any, path: Path) -> bool:
        from tutor.commands.checking import render

        try:
            code = sourcefile.read(path)  # NOTE [source as Python reads it]
        except OSError as exc:
            self.say(_("cannot read {path}: {error}").format(path=path, error=exc))
            return False
        started = time.monotonic()
        result = self._check(exercise, code)
        seconds = time.monotonic() - started
        self.say("")
        self.say(self.bold("-- " + _("check at {time} ({seconds:.2f} s)").format(
            time=time.strftime("%H:%M:%S"), seconds=seconds) + " --"))
        self.say(render(result, exercise, self.lang, color=self.color, width=self.width()))
        if result.passed:
            self.say(self.bold(_("Solved {id}!").format(id=exercise.id)))
        return result.passed

    def _check(self, exercise: Any, code: str) -> Any:
        """Check (grade and record) in a thread so that Ctrl-C reaches this one at once."""
        box: dict[str, Any] = {}

        def work() -> None:
            try:
                box["result"] = self.session.check(exercise, code)
            except BaseException as exc:  # noqa: BLE001  (re-raised below)
                box["error"] = exc

        thread = threading.Thread(target=work, name="watch-check", daemon=True)
        thread.start()
        while thread.is_alive():
            thread.join(0.1)
        if "error" in box:
            raise box["error"]
        return box["result"]

    def hint(self, exercise: Any) -> None:
        from tutor.commands.checking import clean

        if not exercise.hints:
            self.say(_("This exercise has no hints."))
            return
        shown = self.hints_shown.get(exercise.id, 0)
        index = min(shown, len(exercise.hints) - 1)
        if index == shown:
            self.session.take_hint(exercise.id)
        self.hints_shown[exercise.id] = index + 1
        self.say(_("Hint {n}/{total}: {text}").format(n=index + 1, total=len(exercise.hints),
                                                      text=clean(exercise.hints[index].get(self.lang))))


def _stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)

