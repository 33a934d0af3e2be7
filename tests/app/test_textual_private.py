"""Every private Textual name the app uses, and the pin that makes them safe.

No public API does what these do (see each entry), so pyproject.toml pins
Textual to the versions this suite is run with. A Textual upgrade that
renames or drops one of them fails here, by name, instead of on a learner's
screen. When you add a private name to tutor/app, add it here.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

# (what owns it, name, where and why). "what" is a class, or a factory for an
# instance when the name is an attribute set in __init__.
PRIVATE = [
    ("textual.widgets.Tree", "_tree_lines",
     "widgets/graph.py: reading it rebuilds the line numbers, before the cursor moves back to its node"),
    ("textual.widgets.Tree", "_invalidate", "widgets/graph.py: after moving a node among its siblings"),
    ("Tree().root", "_children", "widgets/graph.py: move a node among its siblings (no public API moves one)"),
    ("Tree()", "_bindings", "bindings.py: translate binding descriptions after a language switch"),
    ("textual.widgets.TextArea", "_build_highlight_map", "highlight.py: Pygments fills the highlight map"),
    ("TextArea()", "_highlight_query", "highlight.py: None unless tree-sitter highlights natively"),
    ("TextArea()", "_line_cache", "highlight.py: cleared with the highlight map"),
    ("TextArea()", "_highlights", "highlight.py: the per-line highlight map filled from Pygments"),
    ("textual.widgets.TextArea", "_on_key", "widgets/repl.py: Enter goes to the bindings, not a new line"),
    ("textual.widgets._text_area", "TREE_SITTER", "highlight.py: whether tree-sitter is installed"),
    # the suite's own: snapshots stub the blink timers' callbacks, so a cursor never blinks mid-frame
    ("textual.widgets.TextArea", "_toggle_cursor_blink_visible", "test_app_snapshots.py: a steady editor cursor"),
    ("textual.widgets.Input", "_toggle_cursor", "test_app_snapshots.py: a steady input cursor"),
]


def _owner(what: str):
    from textual.widgets import TextArea, Tree

    factories = {"Tree().root": lambda: Tree("t").root, "Tree()": lambda: Tree("t"), "TextArea()": lambda: TextArea("")}
    if what in factories:
        return factories[what]()
    module, _, name = what.rpartition(".")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return importlib.import_module(what)


@pytest.mark.parametrize("what, name, why", PRIVATE, ids=[f"{w}.{n}" for w, n, _ in PRIVATE])
def test_each_private_name_exists_in_the_installed_textual(what, name, why):
    assert hasattr(_owner(what), name), f"Textual no longer has {what}.{name} ({why})"


def test_the_bindings_map_still_keeps_keys_to_bindings():
    from textual.binding import BindingsMap

    assert isinstance(BindingsMap().key_to_bindings, dict)  # what bindings.relabel rewrites


def test_textual_is_pinned_to_the_installed_version():
    from importlib.metadata import version

    from packaging.requirements import Requirement

    dependencies = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    (pin,) = [Requirement(d) for d in dependencies if Requirement(d).name == "textual"]
    assert pin.specifier, "textual must be pinned: the app uses private names (see PRIVATE)"
    assert pin.specifier.contains(version("textual")), f"installed textual {version('textual')} is outside {pin}"
    assert not pin.specifier.contains("9.0.0")


def test_no_other_private_textual_module_is_imported():
    listed = {what for what, _, _ in PRIVATE if re.search(r"\._", what)}
    used = set()
    for path in (REPO / "tutor").rglob("*.py"):
        used |= set(re.findall(r"from (textual(?:\.\w+)*\._\w+) import", path.read_text(encoding="utf-8")))
    assert used <= listed, f"private Textual modules used but not listed here: {sorted(used - listed)}"
