"""The jupyter-server-proxy entry point, for real: a Jupyter server with
jupyter-server-proxy finds "Autograd tutor" through the
``jupyter_serverproxy_servers`` entry point, and Chromium opens the tutor
through the proxy's path, behind Jupyter's own login."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
from importlib.metadata import entry_points

import pytest
from serve_support import (
    DEADLINE,
    PACK,
    Terminal,
    descendants,
    free_port,
    launch,
    wait_gone,
    why_no_browser,
)

pytestmark = pytest.mark.timeout(600)

NAME = "autograd-tutor"
JUPYTER_TOKEN = "jupyter-test-token"


def _why_no_jupyter() -> str:
    for module, pip in (("jupyter_server", "jupyter-server"), ("jupyter_server_proxy", "jupyter-server-proxy")):
        try:
            __import__(module)
        except ImportError:
            return f"{pip} not installed (pip install -e '.[test]'; the test extra pins it)"
    return ""


def _entry_point_path(tmp_path) -> str:
    """Where the Jupyter server finds the entry point: the installed package's
    metadata (pyproject.toml declares it), or, in a checkout not reinstalled
    since, a dist-info declaring the same entry point."""
    if any(ep.name == NAME for ep in entry_points(group="jupyter_serverproxy_servers")):
        return ""
    info = tmp_path / "entry" / "autograd_tutor_entry_point-0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: autograd-tutor-entry-point\nVersion: 0\n")
    (info / "entry_points.txt").write_text(f"[jupyter_serverproxy_servers]\n{NAME} = tutor.serve:jupyter_proxy\n")
    return str(info.parent)


def _get(port: int, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def jupyter(tmp_path_factory):
    missing = why_no_browser() or _why_no_jupyter()
    if missing:
        pytest.skip(f"no Jupyter server with jupyter-server-proxy, or no browser: {missing}")
    tmp = tmp_path_factory.mktemp("jupyter")
    for name in ("config", "data", "runtime", "root", "home"):
        (tmp / name).mkdir()
    extra = _entry_point_path(tmp)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp / "config"), "JUPYTER_DATA_DIR": str(tmp / "data"),
           "JUPYTER_RUNTIME_DIR": str(tmp / "runtime"), "AUTOGRAD_TUTOR_HOME": str(tmp / "home"),
           "AUTOGRAD_TUTOR_PACK": PACK,  # a course's pack (tutor.serve.jupyter_proxy reads it)
           "PYTHONPATH": os.pathsep.join(filter(None, [extra, os.environ.get("PYTHONPATH")]))}
    port = free_port()
    log = open(tmp / "jupyter.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter_server", "--allow-root", "--ServerApp.ip=127.0.0.1",
         f"--ServerApp.port={port}", f"--IdentityProvider.token={JUPYTER_TOKEN}", "--ServerApp.open_browser=False",
         f"--ServerApp.root_dir={tmp / 'root'}"],
        cwd=tmp / "root", env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + DEADLINE
    while True:
        try:
            if _get(port, "/api/status", {"Authorization": f"token {JUPYTER_TOKEN}"})[0] == 200:
                break
        except OSError:
            pass
        assert proc.poll() is None and time.monotonic() < deadline, (tmp / "jupyter.log").read_text()
        time.sleep(0.2)
    server = {"proc": proc, "port": port, "log": tmp / "jupyter.log"}
    yield server
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
    log.close()


def test_the_launcher_offers_the_tutor(jupyter):
    status, _, body = _get(jupyter["port"], "/server-proxy/servers-info",
                           {"Authorization": f"token {JUPYTER_TOKEN}"})
    assert status == 200, body
    entries = {s["name"]: s for s in json.loads(body)["server_processes"]}
    entry = entries[NAME]["launcher_entry"]
    assert entry["title"] == "Autograd tutor" and entry["enabled"] and entry["path_info"] == f"{NAME}/"
    status, headers, icon = _get(jupyter["port"], entry["icon_url"], {"Authorization": f"token {JUPYTER_TOKEN}"})
    assert status == 200 and icon.lstrip().startswith(b"<svg"), (status, icon[:80])


def test_the_tutor_opens_through_the_proxy_and_ends_with_jupyter(jupyter):
    from playwright.sync_api import sync_playwright

    port = jupyter["port"]
    # Jupyter's login guards the proxied path: without it, no tutor.
    status, _, _ = _get(port, f"/{NAME}/")
    assert status in (302, 403), status
    with sync_playwright() as p:
        browser = launch(p)
        try:
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            page = context.new_page()
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            terminal = Terminal(page)
            # The learner's Jupyter login (JupyterHub's, in a course): its token, then the launcher's path.
            page.goto(f"http://127.0.0.1:{port}/{NAME}/?token={JUPYTER_TOKEN}", wait_until="load")
            terminal.wait_for("Task: Gradients of w * x + b")
            terminal.wait_for("kernel ready")
            addresses = requests + [ws.url for ws in terminal.sockets]
            assert all(re.match(rf"(http|ws)://127\.0\.0\.1:{port}/{NAME}/", u) for u in addresses), addresses
            below = descendants(jupyter["proc"].pid)
            served = [cmd for cmd in below.values() if " -m tutor serve" in cmd]
            assert served, below
            # The tutor's own port keeps its token on: another user of the machine gets nothing there.
            tutor_port = int(re.search(r"--port (\d+)", served[0]).group(1))
            assert _get(tutor_port, "/")[0] == 401
            assert _get(tutor_port, "/ws")[0] == 401
            context.close()
        finally:
            browser.close()
    jupyter["proc"].send_signal(signal.SIGTERM)
    jupyter["proc"].wait(120)
    wait_gone(below, "the tutor's server, app and kernel after Jupyter stopped")
