"""tutor/platforms writes files; it never needs torch, textual or prompt_toolkit,
not even lazily, and the commands that use it load none of them."""

from __future__ import annotations

import subprocess
import sys

import grimp
import pytest

FORBIDDEN = ("torch", "textual", "prompt_toolkit")


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph("tutor", include_external_packages=True, cache_dir=None)


def test_no_import_chain_from_platforms_reaches_the_heavy_packages(graph):
    platforms = sorted(m for m in graph.modules if m.startswith("tutor.platforms"))
    assert "tutor.platforms.prairielearn" in platforms
    for heavy in FORBIDDEN:
        if heavy not in graph.modules:
            continue
        for module in platforms + ["tutor.commands.ci", "tutor.commands.export"]:
            chain = graph.find_shortest_chain(importer=module, imported=heavy)
            assert chain is None, f"{module} reaches {heavy}: {' -> '.join(chain)}"


def test_exporting_loads_none_of_them(tmp_path):
    code = f"""
import sys
from tutor.cli import main
assert main(["ci", "init", "github", {str(tmp_path)!r}]) == 0
assert main(["export", "gradescope", {str(tmp_path / "a.zip")!r}]) == 0
assert main(["export", "prairielearn", {str(tmp_path / "course")!r}, "--image", "a/b"]) == 0
print(" ".join(sorted({{m.split(".")[0] for m in sys.modules}})))
"""
    (tmp_path / "course").mkdir()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert not loaded & set(FORBIDDEN), loaded & set(FORBIDDEN)
