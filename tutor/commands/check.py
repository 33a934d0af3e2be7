"""``autograd-tutor check``: grade one exercise, as a learner would."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

from tutor.errors import UserError
from tutor.i18n import _


def register(sub: argparse._SubParsersAction) -> None:
    from tutor.commands.options import add_lang_option, add_pack_option

    parser = sub.add_parser(
        "check",
        help="check your solution to one exercise",
        description="Run your code and the reference solution on the same seeded inputs, in separate "
        "processes, and say what differs. EXERCISE_ID defaults to your current exercise (the one you "
        "last opened or checked, else the first one not solved); FILE defaults to your workspace file "
        "for the exercise. Exit 0 when solved, 1 when not, 3 when it could not be checked (the grader's own "
        "processes failed: not your code; nothing is recorded).",
    )
    parser.add_argument("exercise", metavar="EXERCISE_ID", nargs="?",
                        help="the exercise (default: your current one)")
    parser.add_argument("file", metavar="FILE", nargs="?", help="the code to check (default: your workspace file)")
    add_pack_option(parser, subcommand=True)
    add_lang_option(parser, subcommand=True)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--timeout", type=float, help="seconds per run (default: the exercise's)")
    parser.set_defaults(handler=run_check)


def run_check(args: argparse.Namespace) -> int:
    from tutor.commands.checking import read_code, render
    from tutor.session import LearnerSession, SessionGrader
    from tutor.terminal import color_enabled, is_tty

    # The worker starts importing torch now, while this process loads the pack.
    # One check, then the process ends: warm up only if a run needs it.
    grader = SessionGrader(timeout=args.timeout, warm="need")
    grader.start()
    try:
        from tutor.pack import load_pack

        session = LearnerSession(load_pack(getattr(args, "pack", None)), grader)
        exercise, path, implicit = _target(session, args.exercise, args.file)
        hint = "" if not implicit else " " + _(
            "(`autograd-tutor watch --exercise {id}` or the tutor's editor saves your code there; "
            "or pass FILE)").format(id=exercise.id)
        code = read_code(path, hint=hint)
        result = session.check(exercise, code)
        session.select(exercise.id)  # the exercise checked last is the current one
        if args.json:
            print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        else:
            lang = getattr(args, "lang", None) or "en"
            width = shutil.get_terminal_size((100, 24)).columns if is_tty(sys.stdout) else 100
            print(render(result, exercise, lang, color=color_enabled(sys.stdout), width=width), flush=True)
        # 3: not checked, the grader's own processes failed (as `grade`'s FAULT_EXIT)
        return 0 if result.passed else 3 if result.fault == "grader" else 1
    finally:
        grader.close()


def _target(session, exercise_arg: str | None, file_arg: str | None):
    """(exercise, path, path_is_the_workspace_file) for ``check [ID] [FILE]``.

    One argument that is not an exercise of the pack but names a file is
    FILE: its exercise is the one its name says (``<exercise-id>.py``, as in
    a submission folder), else the current one."""
    from tutor.paths import workspace_file

    pack = session.pack
    if exercise_arg is not None and file_arg is None and exercise_arg not in pack.exercises:
        candidate = Path(exercise_arg)
        if candidate.suffix == ".py" or candidate.is_file():
            stem = candidate.stem
            exercise = pack.exercise(stem if stem in pack.exercises else _current(session))
            return exercise, candidate, False
    exercise = pack.exercise(exercise_arg if exercise_arg is not None else _current(session))
    if file_arg:
        return exercise, Path(file_arg), False
    return exercise, workspace_file(pack.id, exercise.id), True


def _current(session) -> str:
    current = session.current()
    if current is None:
        raise UserError(_("pack '{pack}' has no exercises").format(pack=session.pack.id))
    return current
