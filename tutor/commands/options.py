"""Options several commands share (the top-level parser too): one definition each."""

from __future__ import annotations

import argparse


def add_pack_option(parser: argparse.ArgumentParser, *, subcommand: bool = False) -> None:
    """``--pack`` is accepted before or after the subcommand. On a subcommand
    the default is SUPPRESS so it does not overwrite a value given before it."""
    parser.add_argument(
        "--pack",
        metavar="DIR|NAME",
        default=argparse.SUPPRESS if subcommand else None,
        help="a lesson pack folder, or the name of an installed pack (default: builtin)",
    )


def add_lang_option(parser: argparse.ArgumentParser, *, subcommand: bool = False) -> None:
    parser.add_argument(
        "--lang",
        choices=("en", "zh"),
        default=argparse.SUPPRESS if subcommand else None,
        help="language of lesson text (default: en)",
    )
