"""``autograd-tutor check``: grade one exercise, as a learner would."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from tutor.errors import UserError


def register(sub: argparse._SubParsersAction) -> None:
    from tutor.cli import add_lang_option, add_pack_option

    parser = sub.add_parser(
        "check",
        help="check your solution to one exercise",
        description="Run your code and the reference solution on the same seeded inputs, in separate "
        "processes, and say what differs. FILE defaults to your workspace file for the exercise. "
        "Exit 0 when solved, 1 when not.",
    )
    parser.add_argument("exercise", metavar="EXERCISE_ID")
    parser.add_argument("file", metavar="FILE", nargs="?", help="the code to check (default: your workspace file)")
    add_pack_option(parser, subcommand=True)
    add_lang_option(parser, subcommand=True)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--timeout", type=float, help="seconds per run (default: the exercise's)")
    parser.set_defaults(handler=run_check)


def run_check(args: argparse.Namespace) -> int:
    import json

    from tutor.grade.grader import Grader, Submission, jobs_for
    from tutor.grade.report import render_exercise
    from tutor.pack import load_pack
    from tutor.paths import workspace_file
    from tutor.progress import open_store

    pack = load_pack(getattr(args, "pack", None))
    exercise = pack.exercise(args.exercise)
    path = Path(args.file) if args.file else workspace_file(pack.id, exercise.id)
    try:
        code = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        hint = "" if args.file else " (open the exercise in the tutor, `autograd-tutor`, which saves your code there; or pass FILE)"
        raise UserError(f"{path}: no such file{hint}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: cannot read: {exc}") from None
    with Grader(jobs=jobs_for(exercise), timeout=args.timeout) as grader:
        (result,) = grader.grade([Submission(exercise, code)])
    with open_store() as store:
        store.record_attempt(pack.id, exercise.id, score=result.score, max_score=result.max_score)
        store.set_current(pack.id, exercise.id)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        lang = getattr(args, "lang", None) or "en"
        color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
        print(render_exercise(result, exercise.title.get(lang), color=color))
    return 0 if result.passed else 1
