"""``autograd-tutor repl``: the line-mode REPL (screen readers, ssh, pipes)."""

from __future__ import annotations

import argparse

DESCRIPTION = """\
A Python prompt with torch, nn, F and device ready, for working through
exercises line by line. Code runs in a separate kernel process: Ctrl-C stops
it, and a crash costs the variables, never the REPL.

With stdin not a terminal, reads code from the pipe, prints results and
exits with status 1 if any cell failed. Honours NO_COLOR."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "repl",
        help="line-mode Python REPL with torch and the lesson's setup",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--exercise", metavar="ID", help="start on this exercise: its setup runs in the namespace")
    from tutor.commands.options import add_lang_option, add_pack_option

    add_pack_option(p, subcommand=True)
    add_lang_option(p, subcommand=True)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from tutor.repl import main

    return main(
        exercise_id=args.exercise,
        pack_ref=getattr(args, "pack", None),
        lang=getattr(args, "lang", None),
        device=getattr(args, "device", "auto") or "auto",
    )
