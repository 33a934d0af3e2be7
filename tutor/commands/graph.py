"""``autograd-tutor graph SCRIPT.py``: run a script, print its autograd graph."""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path

from tutor import sourcefile
from tutor.errors import UserError


def register(sub) -> None:
    p = sub.add_parser(
        "graph",
        help="run a Python script and print the autograd graph of its tensors",
        description=(
            "Run SCRIPT.py, then draw the autograd graph of every tensor it leaves "
            "bound to a name (or of one tensor with --root). Shared nodes are "
            "shown once and referenced after."
        ),
    )
    p.add_argument("script", metavar="SCRIPT.py", help="the script to run")
    p.add_argument("--root", metavar="NAME", help="draw only the graph behind this tensor")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--dot", action="store_true", help="print Graphviz DOT instead of a text tree")
    fmt.add_argument("--json", action="store_true", help="print the graph snapshot as JSON")
    p.add_argument("--max-nodes", type=int, default=5000, metavar="N", help="stop drawing after N nodes (default: 5000)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    path = Path(args.script)
    try:
        source = sourcefile.read(path)  # NOTE [source as Python reads it]
    except OSError as exc:
        raise UserError(f"{args.script}: cannot read: {exc.strerror or exc}") from None
    try:
        code = compile(source, str(path), "exec")
    except SyntaxError as exc:
        raise UserError(f"{args.script}:{exc.lineno}:{exc.offset or 0}: {exc.msg}") from None

    status, namespace = _run_script(code, path)
    if status:
        return status

    from tutor.graph.capture import capture_namespace
    from tutor.graph.render import render_dot, render_text

    snapshot = capture_namespace(namespace, max_nodes=args.max_nodes)
    if args.root is not None and snapshot.find(args.root) is None:
        names = ", ".join(snapshot.roots) or "none"
        raise UserError(f"{args.script}: no tensor named {args.root!r} (tensors: {names})")
    if args.json:
        print(snapshot.to_json())
    elif args.dot:
        print(render_dot(snapshot), end="")
    else:
        from tutor.terminal import color_enabled

        print(render_text(snapshot, args.root, color=color_enabled(sys.stdout)))
    return 0


def _run_script(code, path: Path) -> tuple[int, dict]:
    """Run like ``python SCRIPT.py``; a crash prints the script's own
    traceback (its frames only) and gives exit status 1."""
    namespace = {"__name__": "__main__", "__file__": str(path), "__builtins__": __builtins__}
    saved_argv, saved_path = sys.argv[:], sys.path[:]
    sys.argv = [str(path)]
    sys.path.insert(0, str(path.resolve().parent))
    try:
        exec(code, namespace)
    except SystemExit as exc:
        if exc.code not in (None, 0):
            return (exc.code if isinstance(exc.code, int) else 1), namespace
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # the script's error, reported as its own
        _print_script_traceback(exc, path)
        return 1, namespace
    finally:
        sys.argv, sys.path = saved_argv, saved_path
    return 0, namespace


def _print_script_traceback(exc: BaseException, path: Path) -> None:
    # Drop our frames (exec and above) so the report starts in the script.
    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != str(path):
        tb = tb.tb_next
    lines = traceback.format_exception(type(exc), exc, tb)
    sys.stderr.write("".join(lines))
