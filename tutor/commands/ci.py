"""``autograd-tutor ci``: being built (issue 16)."""

from __future__ import annotations

import argparse

from tutor.errors import UserError


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("ci", help="(being built)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    raise UserError("ci: not built yet")
