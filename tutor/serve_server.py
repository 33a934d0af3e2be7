"""The web server of ``autograd-tutor serve``: textual-serve's ``Server`` with
a guard in front, a page of our own and bounded sessions.

- **The token.** ``GET /?token=T`` with the right token sets an HttpOnly,
  SameSite=Strict cookie and redirects to the page without the token in its
  address. Every route (the page, the websocket, the static files) needs the
  cookie or the ``X-Autograd-Tutor-Token`` header (what jupyter-server-proxy
  adds, tutor.serve.jupyter_proxy); without either it answers 401, with a
  wrong one 403. textual.js appends ``?width=…`` to the websocket address
  with a bare ``?``, so the token can never travel in that query.
- **Offline.** The page (tutor/serve_templates/index.html) loads textual.js,
  its CSS and the Roboto Mono font from textual-serve's own static folder,
  nothing from elsewhere, and its Content-Security-Policy says so to the
  browser. Every address in it is relative, so the same page works at
  ``/`` and behind a proxy's prefix (``/user/NAME/autograd-tutor/``).
- **Sessions.** At most ``max_sessions`` apps run at once; a page or
  websocket asked for beyond that waits a moment for a slot (a reload frees
  the old one) and is then refused with a page that says why (503): the
  terminal's own "Session ended" dialog would cover a message drawn in it.
  A session ends with its websocket (tutor.serve_session), and a sweep ends
  and reaps what the ended sessions left (tutor.serve_procs).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import os
import secrets
import signal
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import aiohttp_jinja2
import jinja2
from aiohttp import web
from aiohttp.web_runner import GracefulExit
from rich.console import Console
from textual_serve.server import Server

from tutor import serve_procs
from tutor.serve_session import SessionService

log = logging.getLogger("autograd-tutor.serve")

TEMPLATES = Path(__file__).parent / "serve_templates"
PAGE_WAIT = 8.0  # seconds a page waits for a free session before "the tutor is full"
SOCKET_WAIT = 15.0  # a reload's websocket waits for the old session to end (its app quits in a few s)
SWEEP_EVERY = 2.0  # seconds between looks for what ended sessions left


def _static_dir() -> Path:
    import textual_serve

    return Path(textual_serve.__file__).parent / "static"


class Slots:
    """At most ``limit`` sessions; waiting for one is bounded."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self._changed = asyncio.Condition()

    async def _wait(self, timeout: float) -> bool:
        try:
            await asyncio.wait_for(self._changed.wait_for(lambda: self.used < self.limit), timeout)
        except asyncio.TimeoutError:
            return False
        return True

    async def free(self, timeout: float) -> bool:
        """Whether a session could start now (waiting up to ``timeout`` for one)."""
        async with self._changed:
            return await self._wait(timeout)

    async def acquire(self, timeout: float) -> bool:
        async with self._changed:
            if not await self._wait(timeout):
                return False
            self.used += 1
            return True

    async def release(self) -> None:
        async with self._changed:
            self.used -= 1
            self._changed.notify_all()


class TutorServer(Server):
    def __init__(self, argv: list[str], *, sock: socket.socket, token: str | None, max_sessions: int,
                 title: str = "Autograd tutor", environment: dict[str, str] | None = None,
                 drop_env: tuple[str, ...] = (), token_header: str = "X-Autograd-Tutor-Token") -> None:
        host, port = sock.getsockname()[:2]
        super().__init__(" ".join(argv), host=host, port=port, title=title, statics_path=_static_dir(),
                         templates_path=TEMPLATES)
        self.argv = argv
        self.sock = sock
        self.token = token or None
        self.token_header = token_header  # what jupyter-server-proxy sends (tutor.serve.TOKEN_HEADER)
        self.max_sessions = max_sessions
        self.environment = environment or {}
        self.drop_env = drop_env
        self.cookie_name = f"autograd_tutor_{port}"
        # Which browser a session is in. A reload asks for the page while the old
        # page (and its session) still lives: Chromium unloads it only when the new
        # page arrives. So a browser that has a session gets the page at once; its
        # websocket then waits for the slot the old page frees.
        self.client_cookie = f"autograd_tutor_client_{port}"
        self.clients: dict[int, str] = {}  # id(websocket) -> the browser's client id
        self.console = Console(stderr=True)  # stdout holds the URL line only
        self.sessions: dict[int, SessionService] = {}  # id(websocket) -> its session
        self.sockets: set[web.WebSocketResponse] = set()
        self.slots: Slots | None = None  # made in the server's loop
        self._sweeper: asyncio.Task | None = None
        self._starting = 0  # apps being started: a child of ours not yet known by its pid

    # ------------------------------------------------------------------ the app

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._headers, self._guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path), autoescape=True)
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.get("/favicon.svg", self.handle_icon, name="icon"),
            web.static("/static", self.statics_path, show_index=False, name="static"),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    def _ok(self, value: str | None) -> bool:
        return bool(value) and hmac.compare_digest(value.encode(), self.token.encode())

    @web.middleware
    async def _guard(self, request: web.Request, handler) -> web.StreamResponse:
        if self.token is None:
            return await handler(request)
        cookie, header = request.cookies.get(self.cookie_name), request.headers.get(self.token_header)
        if self._ok(header):  # jupyter-server-proxy's, behind Jupyter's login (whose ?token= may be here too)
            return await handler(request)
        offered = request.query.get("token")
        if offered is not None and request.path == "/":
            if not self._ok(offered):
                return self._message(request, 403, "wrong-token")
            # The token moves into a cookie, out of the address bar and the history.
            query = urlencode([(k, v) for k, v in request.query.items() if k != "token"])
            location = "./" + ("?" + query if query else "")
            response = web.HTTPSeeOther(location=location)
            response.set_cookie(self.cookie_name, offered, httponly=True, samesite="Strict", path="/",
                                secure=_https(request))
            return response
        if self._ok(cookie):
            return await handler(request)
        wrong = bool(cookie or header)
        if request.path != "/":  # the websocket, the static files: no page, just the status
            return web.Response(status=403 if wrong else 401, text="forbidden\n" if wrong else "unauthorized\n")
        return self._message(request, 403 if wrong else 401, "wrong-token" if wrong else "no-token")

    @web.middleware
    async def _headers(self, request: web.Request, handler) -> web.StreamResponse:
        try:
            response = await handler(request)
        except web.HTTPException as exc:
            response = exc
        if not isinstance(response, web.WebSocketResponse) and not response.prepared:
            nonce = request.get("nonce", "")
            script = f"'self' 'nonce-{nonce}'" if nonce else "'self'"
            response.headers.setdefault(
                "Content-Security-Policy",
                f"default-src 'none'; script-src {script}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
                "frame-ancestors 'self'")
            response.headers.setdefault("X-Content-Type-Options", "nosniff")
            response.headers.setdefault("Referrer-Policy", "no-referrer")
            if request.path == "/":
                response.headers.setdefault("Cache-Control", "no-store")
        return response

    def _message(self, request: web.Request, status: int, kind: str, **more: Any) -> web.Response:
        response = aiohttp_jinja2.render_template("message.html", request,
                                                  {"kind": kind, "title": self.title, **more}, status=status)
        if status == 503:
            response.headers["Retry-After"] = "10"
        return response

    # ------------------------------------------------------------------ routes

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        client = request.cookies.get(self.client_cookie, "")
        reloading = bool(client) and client in self.clients.values()
        if not reloading and not await self.slots.free(PAGE_WAIT):
            return self._message(request, 503, "full", limit=self.max_sessions)
        request["nonce"] = nonce = secrets.token_urlsafe(16)
        try:
            font_size = max(6, min(48, int(request.query.get("fontsize", "16"))))
        except ValueError:
            font_size = 16
        response = aiohttp_jinja2.render_template(
            "index.html", request, {"title": self.title, "font_size": font_size, "nonce": nonce})
        if not client:
            response.set_cookie(self.client_cookie, secrets.token_urlsafe(12), httponly=True, samesite="Strict",
                                path="/", secure=_https(request))
        return response

    async def handle_icon(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(TEMPLATES / "tutor.svg", headers={"Content-Type": "image/svg+xml"})

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        if not await self.slots.acquire(SOCKET_WAIT):
            return self._message(request, 503, "full", limit=self.max_sessions)
        websocket = web.WebSocketResponse(heartbeat=15)
        session: SessionService | None = None
        try:
            width = _int(request.query.get("width"), 80)
            height = _int(request.query.get("height"), 24)
            await websocket.prepare(request)
            self.sockets.add(websocket)
            session = SessionService(self.argv, environment=self.environment, drop_env=self.drop_env,
                                     write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                     close=websocket.close, download_manager=self.download_manager,
                                     debug=self.debug)
            self.sessions[id(websocket)] = session
            self.clients[id(websocket)] = request.cookies.get(self.client_cookie, "")
            self._starting += 1
            try:
                await session.start(width, height)
            finally:
                self._starting -= 1
            # An app that ends by itself (a crash, Ctrl+Q) closes the page's connection too.
            session._task.add_done_callback(lambda _task: asyncio.ensure_future(websocket.close()))
            log.info("session %s started (%d of %d)", session.pid, self.slots.used, self.max_sessions)
            await self._process_messages(websocket, session)
        except asyncio.CancelledError:
            pass
        except Exception:  # one session's fault never stops the server
            log.exception("session failed")
        finally:
            try:
                if session is not None:
                    await asyncio.shield(session.stop())
                    log.info("session %s ended", session.pid)
            finally:
                self.sessions.pop(id(websocket), None)
                self.clients.pop(id(websocket), None)
                self.sockets.discard(websocket)
                await self.slots.release()
                if not websocket.closed:
                    await websocket.close()
        return websocket

    # ------------------------------------------------------------------ life cycle

    async def on_startup(self, app: web.Application) -> None:
        self.slots = Slots(self.max_sessions)
        if serve_procs.linux():
            self._sweeper = asyncio.create_task(self._sweep_forever())

    async def on_shutdown(self, app: web.Application) -> None:
        """The server stops: every session ends now, and nothing of them survives."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        sessions = list(self.sessions.values())
        await asyncio.gather(*(session.stop() for session in sessions), return_exceptions=True)
        for websocket in list(self.sockets):
            await websocket.close()
        self._sweep(everything=True)

    def _sweep(self, everything: bool = False) -> None:
        """End and reap what ended sessions left behind (adopted orphans); at
        shutdown (``everything``), every process below the server."""
        if not serve_procs.linux():
            return
        if everything:
            procs = [p for p in serve_procs.tree(os.getpid()) if p.pid != os.getpid()]
        elif self._starting:
            return  # an app just forked is our child before its session knows its pid: never sweep it
        else:
            procs = serve_procs.orphans(keep={s.pid for s in self.sessions.values() if s.pid is not None})
        if procs:
            serve_procs.kill(procs)
            serve_procs.reap([p.pid for p in procs if p.ppid == os.getpid()], timeout=1.0)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                self._sweep()
            except Exception as error:  # noqa: BLE001 - the sweep must go on
                log.warning("sweep: %s", error)

    def serve(self, debug: bool = False) -> None:
        """Run until SIGINT or SIGTERM, on the socket bound (and announced) already."""
        self.debug = debug
        self.initialize_logging()
        serve_procs.become_subreaper()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, self.request_exit)
            except (NotImplementedError, RuntimeError):
                pass
        try:
            web.run_app(self._make_app(), sock=self.sock, handle_signals=False, loop=loop, print=None,
                        access_log=None, shutdown_timeout=QUIT_TIMEOUT)
        except GracefulExit:
            pass


QUIT_TIMEOUT = 10.0  # seconds aiohttp waits for handlers after the sessions were stopped


def _https(request: web.Request) -> bool:
    return request.secure or request.headers.get("X-Forwarded-Proto", "").lower() == "https"


def _int(value: str | None, default: int) -> int:
    try:
        return max(1, int(value or default))
    except ValueError:
        return default
