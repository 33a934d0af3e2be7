"""The one-line key bar at the bottom: the keys a learner needs, in any width.

Textual's Footer cuts from the right (Quit was the first to go at 80
columns). This bar drops the least important keys first, keeps Quit, and
reads its keys from the learner's keymap and its words from the current
language. Plain styled text (no click markup: its meta would make snapshot
hashes depend on how many links a process has made before).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from tutor.app.bindings import BAR_ORDER, display_keys, spec
from tutor.i18n import N_, _

# Left to right on screen (BAR_ORDER says what goes first when space is short).
SHOWN_ORDER = ("tutor.help", "tutor.lessons", "tutor.hint", "tutor.run", "tutor.interrupt", "tutor.check",
               "tutor.next_pane", "tutor.next_exercise", "palette", "tutor.quit")
PALETTE = ("ctrl+p", "app.command_palette", N_("Commands"))
STOP = N_("Stop")


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar { height: 1; background: $panel; color: $text-muted; padding: 0 1; text-wrap: nowrap; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.keymap: dict[str, str] = {}
        self.busy = False
        self.items: list[tuple[str, str]] = []  # (keys, label) as shown, for tests

    def on_mount(self) -> None:
        self.update_keys()

    def on_resize(self) -> None:
        self.update_keys()

    def set_busy(self, busy: bool) -> None:
        if busy != self.busy:
            self.busy = busy
            self.update_keys()

    def _entries(self) -> dict[str, tuple[str, str, str]]:
        """id -> (keys shown, action, label)."""
        out = {}
        for binding_id in SHOWN_ORDER:
            if binding_id == "palette":
                keys, action, label = PALETTE
            else:
                s = spec(binding_id)
                keys = self.keymap.get(binding_id, s.keys)
                action, label = s.action, s.bar or s.description
                if binding_id == "tutor.interrupt":
                    if not self.busy:
                        continue
                    label = STOP
            first = keys.split(",")[0]
            action = action if action.startswith("app.") else f"screen.{action}"
            out[binding_id] = (display_keys(first), action, _(label))
        return out

    def update_keys(self) -> None:
        entries = self._entries()
        importance = ["tutor.interrupt", *BAR_ORDER, "palette"]
        width = max(10, (self.size.width or 80) - 2)
        chosen = [b for b in importance if b in entries]

        def cells(ids) -> int:
            return sum(cell_len(f"{entries[b][0]} {entries[b][2]}") for b in ids) + 2 * max(0, len(ids) - 1)

        while len(chosen) > 1 and cells(chosen) > width:
            chosen.pop()
        shown = [b for b in SHOWN_ORDER if b in chosen]
        self.items = [(entries[b][0], entries[b][2]) for b in shown]
        text = Text(no_wrap=True, overflow="crop")
        for i, b in enumerate(shown):
            if i:
                text.append("  ")
            text.append(entries[b][0], style="bold")
            text.append(" " + entries[b][2])
        self.update(text)

    def plain(self) -> str:
        return "  ".join(f"{k} {label}" for k, label in self.items)
