"""The result of a check: every check's verdict, graph differences side by side."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


def summary_text(result, title: str = "") -> Text:
    """Checks and verdict as styled text (also used in the lesson pane)."""
    text = Text()
    if result.passed:
        text.append("✔ Solved! ", style="bold green")
        text.append(f"{title} · score {result.score:g}/{result.max_score:g}\n", style="bold")
    else:
        verdict = {"failed": "Not yet", "error": "Your code raised an error", "timeout": "Too slow",
                   "missing": "Nothing to check"}.get(result.status, result.status)
        text.append(f"✘ {verdict}", style="bold red" if result.status != "failed" else "bold yellow")
        text.append(f" · score {result.score:g}/{result.max_score:g}\n", style="bold")
    for check in result.checks:
        if check.passed:
            text.append("  pass  ", style="green")
        else:
            text.append("  FAIL  ", style="bold red")
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


class CheckScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,q", "dismiss", "Close")]
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
    """

    def __init__(self, result, title: str, checks_meta: dict[str, object] | None = None) -> None:
        super().__init__()
        self.result, self.title_text = result, title
        self.checks_meta = checks_meta or {}  # root name -> GraphCheck (tier, collapse_views)

    def compose(self) -> ComposeResult:
        solved = self.result.passed
        self.set_class(solved, "-solved")
        head = f"🎉 Solved: {self.title_text}" if solved else f"Check: {self.title_text}"
        with Vertical():
            yield Static(head + "  · Esc closes", id="check-title")
            with VerticalScroll():
                yield Static(summary_text(self.result, self.title_text), id="check-summary-full")
                yield from self._graph_diffs()

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
                yield Static(f"(could not draw the graphs of {root}: {exc})")
                continue
            yield Static(f"The graph of `{root}`: ✗ marks where the graphs part ways", classes="diff-caption")
            with Horizontal(classes="diff-row"):
                yield Static(graph_column("expected", expected), classes="diff-col", id=f"diff-expected-{root}")
                yield Static(graph_column("yours", yours), classes="diff-col", id=f"diff-yours-{root}")
