"""The status line: where the learner is, and the kernel's state, always visible."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from tutor.i18n import N_, _

KERNEL_LABELS = {
    "starting": N_("◌ kernel starting (loading torch)"),
    "ready": N_("● kernel ready"),
    "busy": N_("◉ kernel busy"),
    "crashed": N_("✖ kernel crashed"),
    "restarting": N_("◌ kernel restarting"),
}
EXERCISE_MARKS = {"solved": N_("✔ solved"), "attempted": N_("◐ attempted"), "new": N_("○ new")}


def exercise_mark(status: str) -> str:
    """``solved``, ``attempted`` or ``new`` as the status line and the lesson pane's crumb show it."""
    return _(EXERCISE_MARKS[status])


class StatusBar(Horizontal):
    DEFAULT_CSS = """
    StatusBar { height: 1; background: $panel; }
    StatusBar #status-where { width: 1fr; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    StatusBar #status-kernel { width: auto; padding: 0 1; text-wrap: nowrap; }
    StatusBar #status-kernel.-ready { color: $success; }
    StatusBar #status-kernel.-busy { color: $warning; text-style: bold; }
    StatusBar #status-kernel.-starting, StatusBar #status-kernel.-restarting { color: $text-muted; }
    StatusBar #status-kernel.-crashed { background: $error; color: $text; text-style: bold; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.kernel_state = "starting"
        self.kernel_detail = ""

    def compose(self) -> ComposeResult:
        yield Static("autograd-tutor", id="status-where")
        label = KERNEL_LABELS["starting"]
        yield Static(_(label), id="status-kernel", classes="-starting")

    def set_where(self, text: str) -> None:
        self.query_one("#status-where", Static).update(text)

    def show_exercise(self, exercise, lang: str, status: str, hints_shown: int) -> None:
        """Where the learner is: the exercise, its status and the hints taken."""
        hints = " · " + _("hints {shown}/{total}").format(shown=hints_shown, total=len(exercise.hints)) \
            if exercise.hints else ""
        self.set_where(f"{exercise.title.get(lang)} ({exercise.id}) · {exercise_mark(status)}{hints}")

    def set_kernel(self, state: str, detail: str = "") -> None:
        self.kernel_state, self.kernel_detail = state, detail
        box = self.query_one("#status-kernel", Static)
        for name in KERNEL_LABELS:
            box.set_class(name == state, f"-{name}")
        label = _(KERNEL_LABELS[state]) if state in KERNEL_LABELS else state
        if detail and state in ("ready", "busy"):
            label += f" · {detail}"
        box.update(label)
        box.tooltip = detail or None

    def retranslate(self) -> None:
        self.set_kernel(self.kernel_state, self.kernel_detail)
