"""Key bindings as data: every binding has an id, a default key and a scope.

Widgets and screens build their ``BINDINGS`` from :data:`SPECS`, so the help
screen, the command palette and the footer all read one table. A learner
remaps keys in ``config.toml`` in the data directory::

    [keys]
    "tutor.check" = "f9"          # one key
    "tutor.run" = "f5,ctrl+r"     # several, comma-separated

Overrides go through Textual's keymap (``App.set_keymap``), which replaces the
keys of bindings by id wherever they are defined.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from textual.binding import Binding


@dataclass(frozen=True)
class KeySpec:
    id: str  # stable: what config.toml names
    keys: str  # default keys, comma-separated (Textual's syntax)
    action: str  # an action of the scope's widget or screen
    description: str
    scope: str  # "tutor" (main screen), "repl", "graph", "lessons"
    show: bool = True  # shown in the footer
    palette: bool = True  # offered in the command palette
    priority: bool = False


SPECS: tuple[KeySpec, ...] = (
    # main screen: work while typing in the editor, so function and ctrl keys only
    KeySpec("tutor.help", "f1", "help", "Keys", "tutor"),
    KeySpec("tutor.lessons", "f2", "lessons", "Lessons", "tutor"),
    KeySpec("tutor.hint", "f3", "hint", "Hint", "tutor"),
    KeySpec("tutor.solution", "f4", "solution", "Solution", "tutor"),
    KeySpec("tutor.run", "f5,ctrl+r", "run_editor", "Run", "tutor", priority=True),
    KeySpec("tutor.check", "ctrl+t", "check", "Check", "tutor", priority=True),
    KeySpec("tutor.reset", "f8", "reset_exercise", "Reset exercise", "tutor", show=False),
    KeySpec("tutor.example", "ctrl+e", "send_example", "Send example", "tutor", show=False, priority=True),
    KeySpec("tutor.editor", "ctrl+o", "external_editor", "Open in $EDITOR", "tutor", show=False, priority=True),
    KeySpec("tutor.interrupt", "ctrl+g", "interrupt", "Interrupt", "tutor", priority=True),
    KeySpec("tutor.restart", "f12", "restart_kernel", "Restart kernel", "tutor", show=False),
    KeySpec("tutor.lang", "ctrl+l", "toggle_lang", "Language en/zh", "tutor", show=False, priority=True),
    KeySpec("tutor.next_pane", "ctrl+n", "next_pane", "Next pane", "tutor", show=False, priority=True),
    KeySpec("tutor.pane_lesson", "alt+1", "show_pane('lesson')", "Lesson pane", "tutor", show=False),
    KeySpec("tutor.pane_editor", "alt+2", "show_pane('editor')", "Editor pane", "tutor", show=False),
    KeySpec("tutor.pane_repl", "alt+3", "show_pane('repl')", "REPL pane", "tutor", show=False),
    KeySpec("tutor.pane_graph", "alt+4", "show_pane('graph')", "Graph pane", "tutor", show=False),
    KeySpec("tutor.quit", "ctrl+q", "app.quit", "Quit", "tutor", priority=True),
    # REPL input
    KeySpec("repl.submit", "enter", "submit", "Run line", "repl", show=False, palette=False),
    KeySpec("repl.newline", "shift+enter,ctrl+j", "newline", "New line", "repl", show=False, palette=False),
    KeySpec("repl.history_prev", "up", "history(-1)", "Previous input", "repl", show=False, palette=False),
    KeySpec("repl.history_next", "down", "history(1)", "Next input", "repl", show=False, palette=False),
    KeySpec("repl.complete", "tab", "complete", "Complete name", "repl", show=False, palette=False),
    KeySpec("repl.interrupt", "ctrl+c", "interrupt", "Interrupt", "repl", show=False, palette=False),
    KeySpec("repl.clear", "ctrl+k", "clear_transcript", "Clear transcript", "repl", show=False),
    # graph pane
    KeySpec("graph.root", "r", "next_root", "Next root", "graph"),
    KeySpec("graph.dot", "d", "export_dot", "Export DOT", "graph"),
    KeySpec("graph.expand_all", "x", "expand_all", "Expand all", "graph", show=False),
    KeySpec("graph.collapse_all", "c", "collapse_all", "Collapse all", "graph", show=False),
)

SCOPE_TITLES = {"tutor": "Anywhere", "repl": "REPL input", "graph": "Graph pane", "lessons": "Lesson list"}


def bindings(scope: str) -> list[Binding]:
    """Textual bindings for one scope, each carrying its spec's id."""
    return [
        Binding(spec.keys, spec.action, spec.description, show=spec.show, id=spec.id, priority=spec.priority)
        for spec in SPECS
        if spec.scope == scope
    ]


def spec(binding_id: str) -> KeySpec:
    return next(s for s in SPECS if s.id == binding_id)


def load_keymap(path: Path | None = None, *, warn=None) -> dict[str, str]:
    """``{binding id: keys}`` from the ``[keys]`` table of config.toml.

    Unknown ids and malformed files produce a warning (never a crash): a
    typo in a config file must not keep the learner out of their work."""
    import tomllib

    if path is None:
        from tutor.paths import config_file

        path = config_file()
    warn = warn or (lambda message: print(f"autograd-tutor: {message}", file=sys.stderr))
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        warn(f"{path}: ignored ({exc})")
        return {}
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        warn(f"{path}: [keys] must be a table; ignored")
        return {}
    known = {s.id for s in SPECS}
    out = {}
    for binding_id, value in keys.items():
        if binding_id not in known:
            warn(f"{path}: unknown key binding id {binding_id!r}; ids are listed on the help screen (F1)")
        elif not isinstance(value, str) or not value.strip():
            warn(f"{path}: keys for {binding_id!r} must be a non-empty string")
        else:
            out[binding_id] = value.replace(" ", "")
    return out


def load_settings(path: Path | None = None) -> dict:
    """Other settings from config.toml: ``theme`` (a Textual theme name)."""
    import tomllib

    if path is None:
        from tutor.paths import config_file

        path = config_file()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}
    return {k: v for k, v in data.items() if k != "keys"}


def effective_keys(keymap: dict[str, str]) -> dict[str, str]:
    """Every binding id with the keys it has after the learner's overrides."""
    return {s.id: keymap.get(s.id, s.keys) for s in SPECS}


def display_keys(keys: str) -> str:
    """``f5,ctrl+r`` as ``F5 / ^r``, the way footers write keys."""
    out = []
    for key in keys.split(","):
        key = key.strip()
        if key.startswith("ctrl+"):
            out.append("^" + key[5:])
        elif key.startswith("f") and key[1:].isdigit():
            out.append(key.upper())
        else:
            out.append(key)
    return " / ".join(out)
