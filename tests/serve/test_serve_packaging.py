"""How ``serve`` ships: the optional extra, the jupyter-server-proxy entry
point, pins that match what this suite runs, and an entry point light enough
for Jupyter to load at start-up."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import pytest
import tomllib
from serve_support import REPO

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())


def _pins(requirements: list[str]) -> dict[str, str]:
    out = {}
    for line in requirements:
        name, _, rest = line.partition("==")
        if rest:
            out[name.strip().lower()] = rest.split(";")[0].strip()
    return out


def test_the_serve_extra_and_the_launcher_entry_point_are_declared():
    project = PYPROJECT["project"]
    serve = " ".join(project["optional-dependencies"].get("serve", []))
    assert "textual-serve==" in serve and "jupyter-server-proxy" in serve, serve
    entry = project.get("entry-points", {}).get("jupyter_serverproxy_servers", {})
    assert entry.get("autograd-tutor") == "tutor.serve:jupyter_proxy", entry


@pytest.mark.parametrize("package", ["textual-serve", "pyte", "jupyter-server", "jupyter-server-proxy"])
def test_the_test_extra_pins_what_the_suite_runs(package):
    pins = {**_pins(PYPROJECT["project"]["optional-dependencies"].get("serve", [])),
            **_pins(PYPROJECT["project"]["optional-dependencies"]["test"])}
    assert pins.get(package) == version(package), (package, pins.get(package), version(package))


def test_the_entry_point_loads_nothing_heavy():
    code = ("import sys, tutor.serve; tutor.serve.jupyter_proxy(); "
            "print(' '.join(m for m in sys.modules if m.split('.')[0] in "
            "('aiohttp', 'textual_serve', 'textual', 'torch', 'numpy', 'jinja2', 'rich')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert not loaded, loaded


def test_jupyter_server_proxy_accepts_the_entry_point(monkeypatch):
    config = pytest.importorskip("jupyter_server_proxy.config", reason="jupyter-server-proxy not installed")
    from tutor.serve import TOKEN_ENV, TOKEN_HEADER, jupyter_proxy

    monkeypatch.setenv("AUTOGRAD_TUTOR_PACK", "/some/course/pack")
    settings = jupyter_proxy()
    process = config.ServerProcess(name="autograd-tutor", **settings)
    assert process.launcher_entry.title == "Autograd tutor" and process.launcher_entry.enabled
    assert "{port}" in process.command and process.command[-2:] == ["--pack", "/some/course/pack"]
    token = settings["environment"][TOKEN_ENV]
    assert settings["request_headers_override"] == {TOKEN_HEADER: token} and len(token) >= 32
    assert token not in " ".join(process.command)  # the command line is every user's to read
    assert jupyter_proxy()["environment"][TOKEN_ENV] != token
