"""Small modal screens: confirm, a page of text, the key list."""

from __future__ import annotations

from rich.syntax import Syntax
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tutor.app.bindings import SCOPE_TITLES, SPECS, display_keys
from tutor.i18n import _


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [Binding("escape,n", "answer(False)", "No", show=False),
                Binding("y", "answer(True)", "Yes", show=False)]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 60; max-width: 95%; height: auto; border: thick $warning; background: $surface; padding: 1 2; }
    ConfirmScreen Horizontal { height: auto; align-horizontal: right; margin-top: 1; }
    ConfirmScreen Button { margin-left: 2; }
    """

    def __init__(self, question: str, yes: str | None = None) -> None:
        super().__init__()
        self.question = question
        self.yes = yes or _("Yes")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            with Horizontal():
                yield Button(_("Cancel") + " (n)", id="no")
                yield Button(f"{self.yes} (y)", id="yes", variant="warning")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class TextScreen(ModalScreen[None]):
    """A page to read (the solution); Escape closes it."""

    BINDINGS = [Binding("escape,q", "dismiss", "Close")]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > Vertical { width: 90%; height: 85%; border: thick $primary; background: $surface; }
    TextScreen #title { padding: 0 1; background: $boost; text-style: bold; }
    TextScreen VerticalScroll { padding: 1 2; }
    """

    def __init__(self, title: str, code: str, note: str = "") -> None:
        super().__init__()
        self.title_text, self.code, self.note = title, code, note

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text + "  · " + _("Esc closes"), id="title")
            with VerticalScroll():
                if self.note:
                    yield Static(self.note + "\n")
                yield Static(Syntax(self.code.rstrip(), "python", theme="ansi_dark", line_numbers=True),
                             id="text-body")


class HelpScreen(ModalScreen[None]):
    """Every key binding, with its id for config.toml."""

    BINDINGS = [Binding("escape,q,f1", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical { width: 96; max-width: 98%; height: 90%; border: thick $primary; background: $surface; }
    HelpScreen #title { padding: 0 1; background: $boost; text-style: bold; }
    HelpScreen VerticalScroll { padding: 0 1; }
    """

    def __init__(self, keymap: dict[str, str], config_path: str = "") -> None:
        super().__init__()
        self.keymap = keymap
        self.config_path = config_path
        self.rows: list[tuple[str, str, str]] = []  # (keys, description, id) as shown

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Keys · Esc closes · Ctrl+P finds any action by name"), id="title")
            with VerticalScroll():
                for scope, title in SCOPE_TITLES.items():
                    specs = [s for s in SPECS if s.scope == scope]
                    if not specs:
                        continue
                    table = Table(title=_(title), title_justify="left", expand=True, show_edge=False, box=None,
                                  padding=(0, 1))
                    table.add_column(_("key"), width=18, no_wrap=True)
                    table.add_column(_("action"), ratio=2)
                    table.add_column(_("id (config.toml)"), ratio=1, style="dim")
                    for s in specs:
                        row = (display_keys(self.keymap.get(s.id, s.keys)), _(s.description), s.id)
                        self.rows.append(row)
                        table.add_row(*row)
                    yield Static(table, classes="help-table")
                yield Static(
                    "\n" + _("Remap a key in {path}:").format(path=self.config_path or "config.toml") + "\n\n"
                    '  [keys]\n  "tutor.check" = "f9"\n\n'
                    + _("F6 / Ctrl+N and Shift+F6 move between panes; Tab moves between a pane's widgets.")
                    + "\n" + _("Alt+1..4 jump to a pane where the terminal sends Alt (not through every tmux)."),
                    id="help-footer",
                )
