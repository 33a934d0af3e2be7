"""``autograd-tutor serve``: the tutor in a browser (textual-serve); and the
hidden ``autograd-tutor app``, the full-screen app even when stdin and
stdout are pipes, which is how textual-serve runs it."""

from __future__ import annotations

import argparse

DESCRIPTION = """\
Serve the full tutor (lesson, editor, REPL, live graph, checks) to a web
browser: each browser tab gets its own app and kernel, in your data folder.
The first line printed is the address to open, with a token; without the
token every page answers 401/403. Listens on loopback unless --host says
otherwise (another machine's users then need the token: the REPL runs their
code as you). Needs the serve extra: pip install 'autograd-tutor[serve]'.
In JupyterHub, jupyter-server-proxy offers it as "Autograd tutor" in the
launcher (docs/browser.md)."""


def register(sub: argparse._SubParsersAction) -> None:
    from tutor.commands.options import add_lang_option, add_pack_option

    p = sub.add_parser(
        "serve",
        help="the tutor in a web browser (textual-serve)",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0: every interface)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000; 0: a free one)")
    token = p.add_mutually_exclusive_group()
    token.add_argument("--token", help="the token the address carries (default: a new random one each start)")
    token.add_argument("--no-token", action="store_true", help="no token (refused unless --host is loopback)")
    p.add_argument("--max-sessions", type=int, default=4, metavar="N",
                   help="browser sessions at once; the next one is refused with a page saying so (default: 4)")
    add_pack_option(p, subcommand=True)
    add_lang_option(p, subcommand=True)
    _add_device_option(p)
    p.set_defaults(handler=run_serve)

    app = sub.add_parser("app", description="The full-screen app, even when stdin and stdout are not a "
                                            "terminal (textual-serve runs it so).")
    add_pack_option(app, subcommand=True)
    add_lang_option(app, subcommand=True)
    _add_device_option(app)
    app.set_defaults(handler=run_app)  # no help=: argparse leaves it out of --help (it is serve's, not a learner's)


def _add_device_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--device", choices=("auto", "cpu", "cuda", "mps"), default=argparse.SUPPRESS,
                        help="where tensors live in the REPL (default: auto)")


def run_serve(args: argparse.Namespace) -> int:
    from tutor.serve import ServeOptions, run

    return run(ServeOptions(
        host=args.host,
        port=args.port,
        token="" if args.no_token else args.token,
        max_sessions=args.max_sessions,
        pack=getattr(args, "pack", None),
        lang=getattr(args, "lang", None),
        device=getattr(args, "device", "auto") or "auto",
    ))


def run_app(args: argparse.Namespace) -> int:
    from tutor.serve_procs import die_with_parent

    die_with_parent()  # under serve: the app leaves when the server does, however it ends
    from tutor.app import run

    return run(pack_ref=getattr(args, "pack", None), lang=getattr(args, "lang", None),
               device=getattr(args, "device", "auto") or "auto")
