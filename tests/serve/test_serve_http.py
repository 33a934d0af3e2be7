"""``autograd-tutor serve`` over plain HTTP (no browser): what it prints, what
it refuses at start, and that every route needs the token. One server for
the module; no test here starts an app (the browser tests do)."""

from __future__ import annotations

import base64
import http.client
import os
import re
import subprocess
import sys

import pytest
from serve_support import PACK, REPO, Serve

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    serve = Serve(tmp_path_factory.mktemp("home"), "--pack", PACK, "--device", "cpu").start()
    yield serve
    assert serve.stop() == 0, serve.stderr()


def _request(server: Serve, path: str, headers: dict | None = None) -> tuple[int, dict, str]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read().decode()
    finally:
        conn.close()


def _token(server: Serve) -> str:
    return server.url.split("?token=", 1)[1]


def _cookie(server: Serve, token: str) -> dict:
    return {"Cookie": f"autograd_tutor_{server.port}={token}"}


def _serve(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", "serve", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=120, env={**os.environ, **(env or {})}, stdin=subprocess.DEVNULL)


WEBSOCKET = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
             "Sec-WebSocket-Key": base64.b64encode(b"0123456789abcdef").decode()}
ROUTES = ["/", "/ws", "/static/js/textual.js", "/static/css/xterm.css", "/favicon.svg", "/download/x", "/nowhere"]


def test_the_first_line_is_the_address_with_a_random_token(server, tmp_path):
    assert re.fullmatch(rf"http://127\.0\.0\.1:{server.port}/\?token=[A-Za-z0-9_-]{{32}}", server.first_line)
    other = Serve(tmp_path, "--pack", PACK).start()
    try:
        assert _token(other) != _token(server)
    finally:
        assert other.stop() == 0  # and nothing more on stdout than that line (textual-serve's logo included)
    given = Serve(tmp_path, "--token", "a-token-of-my-own").start()
    try:
        assert given.first_line.endswith("/?token=a-token-of-my-own")
    finally:
        given.stop()


@pytest.mark.parametrize("path", ROUTES)
def test_every_route_needs_the_token(server, path):
    extra = WEBSOCKET if path == "/ws" else {}
    status, _, body = _request(server, path, extra)
    assert status == 401, (path, status, body[:200])
    status, _, _ = _request(server, path, {**extra, **_cookie(server, "not-the-token")})
    assert status == 403, path
    status, _, _ = _request(server, path, {**extra, "X-Autograd-Tutor-Token": "not-the-token"})
    assert status == 403, path


def test_a_page_without_the_token_says_how_to_get_in(server):
    status, headers, body = _request(server, "/")
    assert status == 401 and "needs its token" in body and "?token=" in body
    status, _, body = _request(server, "/?token=wrong")
    assert status == 403 and "wrong token" in body


def test_the_token_moves_into_a_strict_http_only_cookie(server):
    status, headers, _ = _request(server, "/?token=" + _token(server))
    assert status == 303 and headers["location"] == "./"
    cookie = headers["set-cookie"]
    assert cookie.startswith(f"autograd_tutor_{server.port}={_token(server)};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    status, headers, page = _request(server, "/", _cookie(server, _token(server)))
    assert status == 200 and "textual.js" in page
    status, _, _ = _request(server, "/static/js/textual.js", _cookie(server, _token(server)))
    assert status == 200
    # jupyter-server-proxy's way: the header (tutor.serve.jupyter_proxy)
    assert _request(server, "/", {"X-Autograd-Tutor-Token": _token(server)})[0] == 200


def test_the_page_loads_nothing_from_elsewhere(server):
    status, headers, page = _request(server, "/", _cookie(server, _token(server)))
    assert status == 200
    addresses = re.findall(r'(?:src|href)\s*=\s*"([^"]*)"', page)
    assert addresses and all(not re.match(r"[a-z]+:|//", a) for a in addresses), addresses
    assert not re.search(r"(https?|wss?):?//", page), page  # no address of another machine, anywhere
    policy = headers["content-security-policy"]
    assert "default-src 'none'" in policy and "font-src 'self'" in policy and "connect-src 'self'" in policy


def test_a_non_loopback_host_without_a_token_is_refused_at_start():
    result = _serve("--host", "0.0.0.0", "--no-token", "--port", "0")
    assert result.returncode == 2, result
    assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "needs a token" in result.stderr and "Traceback" not in result.stderr
    result = _serve("--host", "0.0.0.0", "--token", "", "--port", "0")
    assert result.returncode == 2 and "needs a token" in result.stderr


@pytest.mark.parametrize("args, words", [
    (["--max-sessions", "0"], "--max-sessions"),
    (["--token", "no spaces please"], "--token"),
])
def test_bad_options_are_one_line_and_exit_2(args, words):
    result = _serve(*args, "--port", "0")
    assert result.returncode == 2 and words in result.stderr and result.stdout == "", result
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_port_in_use_is_one_line_and_exit_2(server):
    result = _serve("--port", str(server.port))
    assert result.returncode == 2 and result.stdout == "" and "cannot listen" in result.stderr, result
    assert len(result.stderr.strip().splitlines()) == 1


def test_loopback_without_a_token_opens_at_once(tmp_path):
    serve = Serve(tmp_path, "--no-token").start()
    try:
        assert "token" not in serve.first_line
        assert _request(serve, "/")[0] == 200
    finally:
        assert serve.stop() == 0
