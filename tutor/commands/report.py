"""``autograd-tutor report``: the class report, what a class got wrong.

Reads the JSON of ``grade --json`` (one file, or several merged as ``grade
merge`` does) and writes one self-contained HTML page and/or Markdown
(docs/courses.md, "The class report"). The work is imported in the handler:
building the parser loads nothing heavy (tests/test_layering.py).
"""

from __future__ import annotations

import argparse

from tutor.errors import UserError

# What the plots need, and how to get it (pyproject.toml's `report` extra).
EXTRA_HINT = "pip install 'autograd-tutor[report]'"
NEEDED = ("pygal", "jinja2", "markupsafe")


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "report",
        help="the class report: what a class got wrong (HTML page, Markdown)",
        description="Turn the JSON report of `grade --json` (one submission or a class; several files are merged "
        "as `grade merge` merges them) into a self-contained HTML page (plots inline, no script, opens offline) "
        "and/or Markdown: the score distribution, the pass rate of each exercise, the most common reasons for "
        "failing it, the runs that timed out or crashed, and the grader's own faults.",
        epilog="exit codes: 0 written, 2 usage error, unreadable or malformed report, a file that cannot be written",
    )
    parser.add_argument("reports", metavar="CLASS.json", nargs="+", help="JSON report(s) written by `grade --json`")
    parser.add_argument("--html", metavar="FILE", help="write the HTML page here ('-' for stdout)")
    parser.add_argument("--markdown", metavar="FILE", help="write Markdown here ('-' for stdout)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if not args.html and not args.markdown:
        raise UserError("report: say what to write: --html FILE and/or --markdown FILE")
    if args.html == "-" and args.markdown == "-":
        raise UserError("report: only one of --html and --markdown can go to stdout ('-')")
    renderers = _renderers(need_plots=bool(args.html))
    from tutor.reports import classload, classpage

    summary = classpage.summarize(classload.load(args.reports), sources=args.reports)
    outputs = []
    if args.html:
        outputs.append((args.html, renderers.html(summary)))
    if args.markdown:
        outputs.append((args.markdown, renderers.markdown(summary)))
    for path, text in outputs:
        _write(path, text)
    return 0


def _renderers(need_plots: bool):
    """tutor.reports.classrender, once what it needs is known to be there."""
    try:
        if need_plots:
            import pygal  # noqa: F401  (the `report` extra)
        from tutor.reports import classrender
    except ImportError as exc:
        missing = (exc.name or "").partition(".")[0]
        if missing not in NEEDED:
            raise
        raise UserError(f"report: {missing} is not installed (the class report needs it): {EXTRA_HINT}") from None
    return classrender


def _write(path: str, text: str) -> None:
    import sys

    if path == "-":
        sys.stdout.write(text)
        return
    from tutor.atomic import write_atomic

    try:
        write_atomic(path, text)
    except OSError as exc:
        raise UserError(f"{path}: cannot write the report: {exc.strerror or exc}") from None
