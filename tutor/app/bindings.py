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

from tutor.i18n import N_, _


@dataclass(frozen=True)
class KeySpec:
    id: str  # stable: what config.toml names
    keys: str  # default keys, comma-separated (Textual's syntax); the first is the one shown
    action: str  # an action of the scope's widget or screen
    description: str  # English; translated where shown (tutor.i18n)
    scope: str  # "tutor" (main screen), "repl", "graph", "lessons"
    show: bool = True  # shown in the key bar / footer
    palette: bool = True  # offered in the command palette
    priority: bool = False
    bar: str = ""  # short label for the one-line key bar (default: the description)


# Keys that reach the app through tmux, ssh, screen and Windows Terminal:
# function keys and Ctrl+letter chords. Alt+digit is only an alias (many
# terminals type a character for it instead of sending Alt).
SPECS: tuple[KeySpec, ...] = (
    # main screen: work while typing in the editor, so function and ctrl keys only
    KeySpec("tutor.help", "f1", "help", N_("Keys"), "tutor", bar=N_("Keys")),
    KeySpec("tutor.lessons", "f2", "lessons", N_("Lessons"), "tutor", bar=N_("List")),
    KeySpec("tutor.hint", "f3", "hint", N_("Hint"), "tutor", bar=N_("Hint")),
    KeySpec("tutor.solution", "f4", "solution", N_("Solution"), "tutor", show=False),
    KeySpec("tutor.run", "f5,ctrl+r", "run_editor", N_("Run (fresh setup + your code)"), "tutor", priority=True,
            bar=N_("Run")),
    KeySpec("tutor.check", "ctrl+t", "check", N_("Check"), "tutor", priority=True, bar=N_("Check")),
    KeySpec("tutor.next_pane", "f6,ctrl+n", "next_pane", N_("Next pane"), "tutor", priority=True, bar=N_("Pane")),
    KeySpec("tutor.prev_pane", "shift+f6", "prev_pane", N_("Previous pane"), "tutor", show=False, priority=True),
    KeySpec("tutor.next_exercise", "f7", "next_exercise", N_("Next exercise"), "tutor", priority=True,
            bar=N_("Next")),
    KeySpec("tutor.reset", "f8", "reset_exercise", N_("Reset exercise"), "tutor", show=False),
    KeySpec("tutor.example", "ctrl+e", "send_example", N_("Run example (scratch namespace)"), "tutor", show=False,
            priority=True),
    KeySpec("tutor.editor", "ctrl+o", "external_editor", N_("Open in $EDITOR"), "tutor", show=False, priority=True),
    KeySpec("tutor.interrupt", "ctrl+g", "interrupt", N_("Interrupt"), "tutor", show=False, priority=True),
    KeySpec("tutor.restart", "f12", "restart_kernel", N_("Restart kernel"), "tutor", show=False),
    KeySpec("tutor.lang", "ctrl+l", "toggle_lang", N_("Language en/zh"), "tutor", show=False, priority=True),
    KeySpec("tutor.pane_lesson", "alt+1", "show_pane('lesson')", N_("Lesson pane"), "tutor", show=False),
    KeySpec("tutor.pane_editor", "alt+2", "show_pane('editor')", N_("Editor pane"), "tutor", show=False),
    KeySpec("tutor.pane_repl", "alt+3", "show_pane('repl')", N_("REPL pane"), "tutor", show=False),
    KeySpec("tutor.pane_graph", "alt+4", "show_pane('graph')", N_("Graph pane"), "tutor", show=False),
    KeySpec("tutor.quit", "ctrl+q", "app.quit", N_("Quit"), "tutor", priority=True, bar=N_("Quit")),
    # REPL input
    KeySpec("repl.submit", "enter", "submit", N_("Run line"), "repl", show=False, palette=False),
    KeySpec("repl.newline", "shift+enter,ctrl+j", "newline", N_("New line"), "repl", show=False, palette=False),
    KeySpec("repl.history_prev", "up", "history(-1)", N_("Previous input"), "repl", show=False, palette=False),
    KeySpec("repl.history_next", "down", "history(1)", N_("Next input"), "repl", show=False, palette=False),
    KeySpec("repl.complete", "tab", "complete", N_("Complete name"), "repl", show=False, palette=False),
    KeySpec("repl.interrupt", "ctrl+c", "interrupt", N_("Interrupt (or copy the selection)"), "repl", show=False,
            palette=False, priority=True),
    KeySpec("repl.clear", "ctrl+k", "clear_transcript", N_("Clear transcript"), "repl", show=False),
    # graph pane
    KeySpec("graph.root", "r", "next_root", N_("Next root"), "graph", show=False),
    KeySpec("graph.dot", "d", "export_dot", N_("Export DOT"), "graph", show=False),
    KeySpec("graph.expand_all", "x", "expand_all", N_("Expand all"), "graph", show=False),
    KeySpec("graph.collapse_all", "c", "collapse_all", N_("Collapse all"), "graph", show=False),
)

# What the one-line key bar shows, most important first; Quit always stays.
BAR_ORDER = ("tutor.quit", "tutor.run", "tutor.check", "tutor.next_exercise", "tutor.hint", "tutor.next_pane",
             "tutor.help", "tutor.lessons")

# In a web browser (``autograd-tutor serve``) some keys never reach the page:
# Chromium keeps Ctrl+T, Ctrl+N and Ctrl+W (and Ctrl+Shift+T/N/W, Ctrl+Tab,
# Ctrl+PgUp/PgDn) for its tabs and windows, and F11 for full screen; on a
# Chromebook the top row sends F1..F10 only with Search held. There the app
# prefers these keys (shown first), keeping the terminal's ones as aliases;
# the learner's config.toml still wins. Ctrl+B, Ctrl+F: free in the editor
# and the REPL input, and no browser keeps them from the page.
BROWSER_KEYS: dict[str, str] = {
    "tutor.check": "ctrl+b,ctrl+t",
    "tutor.next_pane": "ctrl+f,f6,ctrl+n",
    "tutor.run": "ctrl+r,f5",
}
BROWSER_RESERVED = frozenset({"ctrl+t", "ctrl+n", "ctrl+w", "ctrl+shift+t", "ctrl+shift+n", "ctrl+shift+w",
                              "ctrl+tab", "ctrl+shift+tab", "ctrl+pageup", "ctrl+pagedown", "f11"})


def browser_keymap(keymap: dict[str, str]) -> dict[str, str]:
    """The keymap in a browser: :data:`BROWSER_KEYS` under the learner's own overrides."""
    return {**BROWSER_KEYS, **keymap}


SCOPE_TITLES = {"tutor": N_("Anywhere"), "repl": N_("REPL input"), "graph": N_("Graph pane"),
                "lessons": N_("Lesson list")}


def bindings(scope: str) -> list[Binding]:
    """Textual bindings for one scope, each carrying its spec's id."""
    return [
        Binding(spec.keys, spec.action, _(spec.description), show=spec.show, id=spec.id, priority=spec.priority)
        for spec in SPECS
        if spec.scope == scope
    ]


def relabel(node) -> None:
    """Translate the descriptions of a widget's or screen's bindings (after a language switch)."""
    import dataclasses

    by_id = {s.id: s for s in SPECS}
    for key, items in node._bindings.key_to_bindings.items():
        node._bindings.key_to_bindings[key] = [
            dataclasses.replace(b, description=_(by_id[b.id].description)) if b.id in by_id else b for b in items
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
        warn(_("{path}: ignored ({error})").format(path=path, error=exc))
        return {}
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        warn(_("{path}: [keys] must be a table; ignored").format(path=path))
        return {}
    known = {s.id for s in SPECS}
    out = {}
    for binding_id, value in keys.items():
        if binding_id not in known:
            warn(_("{path}: unknown key binding id {id}; ids are listed on the help screen (F1)").format(
                path=path, id=repr(binding_id)))
        elif not isinstance(value, str) or not value.strip():
            warn(_("{path}: keys for {id} must be a non-empty string").format(path=path, id=repr(binding_id)))
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
    """``f5,ctrl+r`` as ``F5 / ^R``, the way footers write keys."""
    out = []
    for key in keys.split(","):
        key = key.strip()
        if key.startswith("ctrl+"):
            out.append("^" + key[5:].upper())
        elif key.startswith("shift+f") and key[7:].isdigit():
            out.append("Shift+" + key[6:].upper())
        elif key.startswith("alt+"):
            out.append("Alt+" + key[4:])
        elif key.startswith("f") and key[1:].isdigit():
            out.append(key.upper())
        else:
            out.append(key)
    return " / ".join(out)
