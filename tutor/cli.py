"""The ``autograd-tutor`` command.

Each subcommand lives in ``tutor/commands/<name>.py`` with a ``register``
function that only builds its argparse parser; the work is imported inside
the handler, so ``--help`` and light commands never load torch, textual or
prompt_toolkit (tests/test_layering.py proves it). A command line that names
its command builds that command's parser only (``COMMANDS``); ``--help``, no
command or an unknown one builds them all.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from tutor import __version__
from tutor.commands.options import add_lang_option, add_pack_option
from tutor.errors import UserError

# Order here is the order in --help.
COMMAND_MODULES = (
    "tutor.commands.listing",
    "tutor.commands.check",
    "tutor.commands.watch",
    "tutor.commands.grade",
    "tutor.commands.report",
    "tutor.commands.export",
    "tutor.commands.ci",
    "tutor.commands.pack",
    "tutor.commands.graph",
    "tutor.commands.repl",
    "tutor.commands.serve",
)
# Which module registers each command (tests/test_startup.py keeps it true).
COMMANDS = {
    "list": "tutor.commands.listing",
    "check": "tutor.commands.check",
    "watch": "tutor.commands.watch",
    "grade": "tutor.commands.grade",
    "report": "tutor.commands.report",
    "export": "tutor.commands.export",
    "ci": "tutor.commands.ci",
    "pack": "tutor.commands.pack",
    "graph": "tutor.commands.graph",
    "repl": "tutor.commands.repl",
    "serve": "tutor.commands.serve",
    "app": "tutor.commands.serve",
}

DESCRIPTION = """\
Learn PyTorch autograd by doing: short lessons, exercises checked against a
reference solution, and a live view of the autograd graph you build.

Run without a command to start learning."""

EPILOG = """\
environment:
  AUTOGRAD_TUTOR_HOME   where progress and your workspace are kept
                        (default: the platform's user data folder)
  AUTOGRAD_TUTOR_CACHE  where validated packs are cached (default: the
                        platform's user cache folder, or cache/ inside
                        AUTOGRAD_TUTOR_HOME); AUTOGRAD_TUTOR_NO_CACHE=1 turns it off
  NO_COLOR              turn off colour

exit codes: 0 success, 1 failed validation / check, 2 usage or unreadable input"""


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser for ``argv``: every command's, or only the one ``argv`` names."""
    parser = argparse.ArgumentParser(
        prog="autograd-tutor",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"autograd-tutor {__version__}")
    add_pack_option(parser)
    add_lang_option(parser)
    parser.add_argument(
        "--device",
        choices=("auto", "cpu", "cuda", "mps"),
        default="auto",
        help="where tensors live in the REPL (default: auto picks cuda or mps when present)",
    )
    parser.set_defaults(handler=_start)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    named = _command_named(parser, argv) if argv is not None else None
    for name in (COMMANDS[named],) if named else COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def _command_named(parser: argparse.ArgumentParser, argv: list[str]) -> str | None:
    """The command ``argv`` runs, when it names one before any help option; else None."""
    takes_value = {opt for action in parser._actions if action.nargs != 0 for opt in action.option_strings}
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ("-h", "--help") or arg == "--":
            return None
        elif arg.startswith("-"):
            skip = arg in takes_value  # "--pack DIR"; "--pack=DIR" is one word
        else:
            return arg if arg in COMMANDS else None
    return None


def _start(args: argparse.Namespace) -> int:
    """No subcommand: the full-screen app at the learner's current exercise.

    When stdin or stdout is not a terminal (a pipe, a script), the line-mode
    REPL runs instead, on the exercise the app would open (tutor.session);
    ``autograd-tutor repl`` reaches it at a terminal too."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        from tutor.app import run

        return run(pack_ref=args.pack, lang=args.lang, device=args.device)
    from tutor.pack import load_pack
    from tutor.repl import main as run_repl
    from tutor.session import LearnerSession

    exercise = LearnerSession(load_pack(args.pack)).start()
    return run_repl(exercise_id=exercise, pack_ref=args.pack, lang=args.lang, device=args.device or "auto")


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    from tutor.i18n import set_language

    set_language(getattr(args, "lang", None))
    try:
        return int(args.handler(args) or 0)
    except UserError as exc:
        print(f"autograd-tutor: {exc.message}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `autograd-tutor list | head` must not print a traceback.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
