"""The tutor in a browser: ``autograd-tutor serve`` on textual-serve, and the
jupyter-server-proxy entry point that puts it in a Jupyter launcher.

``serve`` runs one app process (and its kernel) per browser connection, in
the data folder of whoever started it (docs/browser.md). What it promises:

- its first line on stdout is the address to open, with the token, flushed
  before anything else is printed; everything after goes to stderr;
- it listens on loopback unless told otherwise, and refuses, at start, to
  listen elsewhere without a token (the REPL runs code as the serving user);
- every route needs the token (tutor.serve_server), the page loads nothing
  from outside the machine, ``--max-sessions`` bounds the apps, and nothing
  of a session survives its tab or the server (tutor.serve_session).

Light at import: textual-serve and aiohttp load in :func:`run`, so the
proxy's entry point (:func:`jupyter_proxy`) costs Jupyter nothing.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import shlex
import signal
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from tutor.errors import UserError

TOKEN_ENV = "AUTOGRAD_TUTOR_SERVE_TOKEN"  # the token, where a command line would show it to other users
TOKEN_HEADER = "X-Autograd-Tutor-Token"  # the token, as jupyter-server-proxy sends it
DEFAULT_MAX_SESSIONS = 4
TITLE = "Autograd tutor"
ICON = Path(__file__).parent / "serve_templates" / "tutor.svg"


@dataclass
class ServeOptions:
    host: str = "127.0.0.1"
    port: int = 8000
    token: str | None = None  # None: a random one; "": none (loopback only)
    max_sessions: int = DEFAULT_MAX_SESSIONS
    pack: str | None = None
    lang: str | None = None
    device: str = "auto"


def is_loopback(host: str) -> bool:
    if host.lower() in ("localhost", "localhost.", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a name: it may resolve anywhere


def app_command(options: ServeOptions) -> list[str]:
    """How one session's app starts: the full-screen app even though its
    stdin and stdout are pipes (``autograd-tutor app``, tutor.commands.serve)."""
    argv = [sys.executable, "-m", "tutor", "app"]
    if options.pack:
        pack = Path(options.pack).expanduser()
        argv += ["--pack", str(pack.resolve()) if pack.exists() else options.pack]
    if options.lang:
        argv += ["--lang", options.lang]
    argv += ["--device", options.device or "auto"]
    return argv


def public_url(host: str, port: int, token: str | None) -> str:
    if host in ("0.0.0.0", "::", ""):
        host = socket.gethostname()
    elif ":" in host and not host.startswith("["):
        host = f"[{host}]"
    url = f"http://{host}:{port}/"
    return url + (f"?token={token}" if token else "")


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the address is printed (``--port 0`` picks a free port)."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise UserError(f"serve: cannot listen on {host!r}: {exc.strerror}") from None
    family, _, _, _, address = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise UserError(f"serve: cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(False)
    return sock


def check_options(options: ServeOptions) -> str | None:
    """The token to use (None: none); UserError (exit 2) for what must not start."""
    if options.max_sessions < 1:
        raise UserError("serve: --max-sessions must be 1 or more")
    if not 0 <= options.port <= 65535:
        raise UserError("serve: --port must be between 0 and 65535")
    token = options.token
    if token is None:
        token = os.environ.get(TOKEN_ENV) or secrets.token_urlsafe(24)
    if not token and not is_loopback(options.host):
        raise UserError(f"serve: --host {options.host} can be reached from other machines, and the tutor runs "
                        "their code as you: it needs a token (leave out --no-token)")
    if token and not all(c.isalnum() or c in "-_.~" for c in token):
        raise UserError("serve: --token may hold only letters, digits and - _ . ~")
    return token or None


def run(options: ServeOptions) -> int:
    """Serve until SIGINT or SIGTERM. Prints the address first, then logs on stderr."""
    token = check_options(options)
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        raise UserError("serve needs textual-serve: pip install 'autograd-tutor[serve]'") from None
    sock = bind(options.host, options.port)
    host, port = sock.getsockname()[:2]
    # Stopped before the server runs (no session yet): a clean exit, not death by signal.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, _stop_early)
    print(public_url(options.host or str(host), port, token), flush=True)
    # Everything else (textual-serve's log, the apps' stderr) goes to stderr:
    # `autograd-tutor serve | head -1` gives the address and nothing more.
    sys.stdout = sys.stderr
    from tutor.serve_server import TutorServer

    argv = app_command(options)
    server = TutorServer(argv, sock=sock, token=token, max_sessions=options.max_sessions, title=TITLE,
                         drop_env=(TOKEN_ENV,), token_header=TOKEN_HEADER)
    print(f"autograd-tutor: serving the tutor on {host}:{port} ({options.max_sessions} sessions at most; "
          f"each runs {shlex.join(argv[1:])}); Ctrl+C stops", file=sys.stderr, flush=True)
    server.serve()
    return 0


def _stop_early(signum, frame) -> None:
    raise SystemExit(0)


def jupyter_proxy() -> dict:
    """The ``jupyter_serverproxy_servers`` entry point: "Autograd tutor" in the
    launcher of any Jupyter server (JupyterHub's too) with jupyter-server-proxy.

    jupyter-server-proxy starts ``serve`` on a free port on first use and
    proxies ``<base_url>autograd-tutor/`` to it, behind Jupyter's own login.
    The tutor keeps its token on (another user of a shared machine could
    reach the port): a random one per Jupyter server, passed in the
    environment (not the command line, which every user can read) and added
    by the proxy to each request as a header, so the learner never sees it.
    The data folder is the Jupyter user's own (``AUTOGRAD_TUTOR_HOME`` or
    the platform's user data folder under their home). A course picks its
    pack and language with ``AUTOGRAD_TUTOR_PACK`` and ``AUTOGRAD_TUTOR_LANG``
    in the user's environment."""
    token = secrets.token_urlsafe(24)
    command = [sys.executable, "-m", "tutor", "serve", "--host", "127.0.0.1", "--port", "{port}"]
    pack, lang = os.environ.get("AUTOGRAD_TUTOR_PACK"), os.environ.get("AUTOGRAD_TUTOR_LANG")
    if pack:
        command += ["--pack", pack]
    if lang in ("en", "zh"):
        command += ["--lang", lang]
    return {
        "command": command,
        "environment": {TOKEN_ENV: token},
        "request_headers_override": {TOKEN_HEADER: token},
        "timeout": 60,  # Python, aiohttp and textual-serve start in a few seconds on a busy hub
        "absolute_url": False,  # the tutor's page uses relative addresses only
        "new_browser_tab": True,
        "launcher_entry": {"title": TITLE, "icon_path": str(ICON)},
    }
