"""The result of a check: every check's verdict, graph differences side by side."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tutor.i18n import N_, _

VERDICTS = {"failed": N_("Not yet"), "error": N_("Your code raised an error"), "timeout": N_("Too slow"),
            "missing": N_("Nothing to check")}


def summary_text(result, title: str = "") -> Text:
    """Checks and verdict as styled text (also used in the lesson pane)."""
    text = Text()
    if result.passed:
        text.append("✔ " + _("Solved!") + " ", style="bold green")
        text.append(f"{title} · " + _("score {score}/{max}").format(score=f"{result.score:g}",
                                                                     max=f"{result.max_score:g}") + "\n",
                    style="bold")
    else:
        verdict = _(VERDICTS[result.status]) if result.status in VERDICTS else result.status
        text.append(f"✘ {verdict}", style="bold red" if result.status != "failed" else "bold yellow")
        text.append(" · " + _("score {score}/{max}").format(score=f"{result.score:g}", max=f"{result.max_score:g}")
                    + "\n", style="bold")
    for check in result.checks:
        if check.passed:
            text.append("  " + _("pass") + "  ", style="green")
        else:
            text.append("  " + _("FAIL") + "  ", style="bold red")
        text.append(f"{check.name}\n")
        if check.message and not check.passed:
            for line in check.message.splitlines():
                text.append(f"        {line}\n", style="")
    if result.error:
        text.append("\n")
        text.append(result.error.rstrip() + "\n", style="red")
    return text


def graph_column(title: str, lines) -> Text:
    text = Text()
    text.append(title + "\n", style="bold underline")
    for line in lines:
        if line.marked:
            text.append("✗ ", style="bold red")
            text.append(line.text + "\n", style="bold red")
        else:
            text.append("  " + line.text + "\n")
    return text


class CheckScreen(ModalScreen[bool]):
    """Dismissed with True when the learner asks for the next exercise."""

    BINDINGS = [Binding("escape,enter,q", "close", "Close")]
    DEFAULT_CSS = """
    CheckScreen { align: center middle; }
    CheckScreen > Vertical { width: 96%; height: 90%; border: thick $warning; background: $surface; }
    CheckScreen.-solved > Vertical { border: thick $success; }
    CheckScreen #check-title { padding: 0 1; background: $boost; text-style: bold; }
    CheckScreen.-solved #check-title { background: $success-muted; }
    CheckScreen VerticalScroll { padding: 0 1; }
    CheckScreen .diff-row { height: auto; margin-top: 1; }
    CheckScreen .diff-col { width: 1fr; height: auto; border: round $primary-muted; padding: 0 1; }
    CheckScreen .diff-caption { margin-top: 1; color: $text-muted; }
    CheckScreen #check-actions { height: auto; align-horizontal: right; padding: 0 1; }
    CheckScreen #check-actions Button { margin-left: 2; }
    """

    def __init__(self, result, title: str, checks_meta: dict[str, object] | None = None,
                 next_keys: str | None = None) -> None:
        super().__init__()
        self.result, self.title_text = result, title
        self.checks_meta = checks_meta or {}  # root name -> GraphCheck (tier, collapse_views)
        self.next_key = None  # shown when there is a next exercise to go to
        if next_keys:
            from tutor.app.bindings import display_keys

            self.next_key = display_keys(next_keys.split(",")[0])
            self._bindings.bind(next_keys, "next", _("Next exercise"), show=False)

    def compose(self) -> ComposeResult:
        solved = self.result.passed
        self.set_class(solved, "-solved")
        head = ("🎉 " + _("Solved: {title}") if solved else _("Check: {title}")).format(title=self.title_text)
        with Vertical():
            yield Static(head + "  · " + _("Esc closes"), id="check-title")
            with VerticalScroll():
                yield Static(summary_text(self.result, self.title_text), id="check-summary-full")
                yield from self._graph_diffs()
            if self.next_key:
                with Horizontal(id="check-actions"):
                    yield Button(_("Close") + " (Esc)", id="check-close")
                    yield Button(_("Next exercise") + f" ({self.next_key})", id="check-next", variant="success")

    def on_mount(self) -> None:
        if self.next_key:
            self.query_one("#check-next", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "check-next")

    def action_close(self) -> None:
        self.dismiss(False)

    def action_next(self) -> None:
        self.dismiss(True)

    def _graph_diffs(self) -> ComposeResult:
        from tutor.app.graphdiff import diff_graphs
        from tutor.graph.model import GraphSnapshot

        graphs = getattr(self.result, "graphs", {}) or {}
        failed_roots = {c.name for c in self.result.checks if not c.passed and c.kind == "graph"}
        for root, pair in graphs.items():
            check = self.checks_meta.get(root)
            label = getattr(check, "label", None) or f"graph of {root}"
            if label not in failed_roots:
                continue
            try:
                expected, yours = diff_graphs(GraphSnapshot.from_dict(pair["expected"]),
                                              GraphSnapshot.from_dict(pair["yours"]), root,
                                              getattr(check, "collapse_views", True))
            except (KeyError, ValueError) as exc:
                yield Static("(" + _("could not draw the graphs of {root}: {error}").format(root=root, error=exc) + ")")
                continue
            yield Static(_("The graph of `{root}`: ✗ marks the lines that differ").format(root=root),
                         classes="diff-caption")
            with Horizontal(classes="diff-row"):
                yield Static(graph_column(_("expected"), expected), classes="diff-col", id=f"diff-expected-{root}")
                yield Static(graph_column(_("yours"), yours), classes="diff-col", id=f"diff-yours-{root}")
