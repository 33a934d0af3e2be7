"""The result of a check: every check's verdict, graph differences side by side."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tutor.app.bindings import spec
from tutor.i18n import N_, _

VERDICTS = {"failed": N_("Not yet"), "error": N_("Your code raised an error"), "timeout": N_("Too slow"),
            "missing": N_("Nothing to check")}


def summary_text(result, title: str = "") -> Text:
    """Checks and verdict as styled text (also used in the lesson pane)."""
    text = Text()
    if result.fault == "grader":  # not a verdict: said once, and no check marked failed
        text.append("✘ " + _("Not checked: the grader failed, not your code") + "\n", style="bold yellow")
        for check in result.checks:
            text.append("  " + _("not checked") + "  ", style="yellow")
            text.append(f"{check.name}\n")
        text.append("\n" + result.error.rstrip() + "\n")
        return text
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

    # The next-exercise key carries the main screen's binding id, so the
    # learner's keymap moves it here too; it is live only when there is a
    # next exercise (check_action).
    BINDINGS = [Binding("escape,enter,q", "close", "Close"),
                Binding(spec("tutor.next_exercise").keys, "next", "Next exercise", show=False,
                        id="tutor.next_exercise")]
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

    def __init__(self, result, title: str, figures: list | None = None, next_key: str | None = None) -> None:
        """``figures``: the failed graph checks' graphs (tutor.graphdiff.GraphFigure);
        ``next_key``: the key shown for the next exercise, when there is one."""
        super().__init__()
        self.result, self.title_text = result, title
        self.figures = figures or []
        self.next_key = next_key

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.next_key) if action == "next" else True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "check-next")

    def action_close(self) -> None:
        self.dismiss(False)

    def action_next(self) -> None:
        self.dismiss(True)

    def _graph_diffs(self) -> ComposeResult:
        for figure in self.figures:
            root = figure.root
            try:
                expected, yours = figure.diff()
            except (KeyError, ValueError) as exc:
                yield Static("(" + _("could not draw the graphs of {root}: {error}").format(root=root, error=exc) + ")")
                continue
            yield Static(_("The graph of `{root}`: ✗ marks the lines that differ").format(root=root),
                         classes="diff-caption")
            with Horizontal(classes="diff-row"):
                yield Static(graph_column(_("expected"), expected), classes="diff-col",
                             id=f"diff-expected-{figure.check_id}")
                yield Static(graph_column(_("yours"), yours), classes="diff-col", id=f"diff-yours-{figure.check_id}")
