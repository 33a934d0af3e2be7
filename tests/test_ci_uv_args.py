""".ci/uv_args.py: what CI tells uv of the machine's pip configuration. A uv told nothing takes PyPI's
CUDA build of torch (several GB) where pip's configuration names a folder with the CPU wheel."""

from __future__ import annotations

import importlib.util
import shlex
from pathlib import Path

from support import REPO

_spec = importlib.util.spec_from_file_location("uv_args", Path(REPO) / ".ci" / "uv_args.py")
uv_args = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(uv_args)

# `pip config list` as pip 23 prints it: files' settings, then PIP_* variables (":env:")
LISTED = """:env:.default-timeout='180'
:env:.find-links='/opt/wheels'
global.cert='/etc/ssl/certs/ca-certificates.crt'
global.constraint='/etc/xdg/pip/constraints.txt'
global.extra-index-url='file:///opt/pypi/simple file:///opt/pypi-more/simple'
global.find-links='/opt/wheels'
"""


def test_every_place_pip_looks_is_told_to_uv_once():
    words = shlex.split(uv_args.uv_args(LISTED))
    pairs = list(zip(words[::2], words[1::2]))
    assert pairs == [("--find-links", "/opt/wheels"), ("--constraint", "/etc/xdg/pip/constraints.txt"),
                     ("--extra-index-url", "file:///opt/pypi/simple"),
                     ("--extra-index-url", "file:///opt/pypi-more/simple")]


def test_an_index_replacing_pypi_is_told_as_one_and_an_empty_configuration_says_nothing():
    assert shlex.split(uv_args.uv_args("global.index-url='https://mirror.example/simple'\n")) == [
        "--index-url", "https://mirror.example/simple"]
    assert uv_args.uv_args("") == ""
