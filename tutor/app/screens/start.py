"""The first frame: the status line and a word that the lesson is on its way;
then, a frame later, the lesson itself when the pack cache holds it.

The app shows this screen before anything heavy is imported (the main
screen's widgets, the pack's models, the kernel client), so a learner sees
the tutor at once. Right after that frame the opened exercise's task and
lesson come from the cache's outline (tutor.app.preview), as styled text where
the main screen's lesson pane will show them, so the learner starts reading
while the main screen is built; it replaces this screen as soon as it is,
while the pack loads in a thread (tutor.app.services.Services.prefetch_session).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from tutor.app.narrow import is_narrow
from tutor.app.widgets.status import StatusBar
from tutor.i18n import _

if TYPE_CHECKING:
    from textual.content import Content

    from tutor.app.preview import LessonPreview


class StartScreen(Screen):
    # The lesson column has the main screen's lesson pane's width, padding
    # and scroll bar (app.tcss: columns 2fr 3fr 2fr), so its text stays in place.
    DEFAULT_CSS = """
    StartScreen { layout: vertical; }
    StartScreen #start-body { height: 1fr; layout: horizontal; }
    StartScreen #start-lesson { width: 2fr; height: 1fr; padding: 0 1; overflow-x: hidden; overflow-y: auto;
                                border-right: vkey $primary-muted; display: none; layout: vertical; }
    StartScreen.-preview #start-lesson { display: block; }
    StartScreen #start-crumb { color: $text-muted; height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    StartScreen #start-task { height: auto; border: round $accent; padding: 0 1; margin-bottom: 1; layout: vertical; }
    StartScreen #start-task-title { text-style: bold; color: $accent; }
    StartScreen #start-note { width: 5fr; height: 1fr; content-align: center middle; color: $text-muted; }
    StartScreen.-narrow #start-body { layout: vertical; }
    StartScreen.-narrow #start-lesson { width: 1fr; border-right: none; }
    StartScreen.-narrow.-preview #start-note { width: 1fr; height: 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.preview: LessonPreview | None = None  # once shown

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        # Plain widgets laid out by the CSS above: textual.containers is not
        # imported before the first frame.
        with Widget(id="start-body"):
            with Widget(id="start-lesson"):
                yield Static("", id="start-crumb", markup=False)
                with Widget(id="start-task"):
                    yield Static("", id="start-task-title", markup=False)
                    yield Static("", id="start-prompt", markup=False)
                yield Static("", id="start-text", markup=False)
            yield Static(_("loading the lesson…"), id="start-note")

    def on_mount(self) -> None:
        self.set_class(is_narrow(*self.app.size), "-narrow")

    def on_resize(self, event) -> None:
        self.set_class(is_narrow(event.size.width, event.size.height), "-narrow")

    def show_preview(self, preview: LessonPreview) -> None:
        """The task and the lesson, as text, until the main screen renders them."""
        self.preview = preview
        self.query_one("#start-crumb", Static).update(preview.crumb)
        self.query_one("#start-task-title", Static).update(preview.task_title)
        width, height = self.app.size
        if not is_narrow(width, height):
            width = width * 2 // 7  # the lesson column (2fr of 7)
        self.query_one("#start-prompt", Static).update(_markdown(preview.prompt, width, height))
        self.query_one("#start-text", Static).update(_markdown(preview.lesson, width, height))
        self.query_one("#start-note", Static).update(_("loading the editor…"))
        self.add_class("-preview")


def _markdown(source: str, width: int, height: int) -> Content:
    """No more of ``source`` than a screen can show, styled (tutor.app.preview.markdown_parts):
    a long lesson would cost its whole wrapping to lay out, and the main screen comes in a moment."""
    from textual.content import Content

    from tutor.app.preview import markdown_parts

    lines = source.splitlines()[: max(3 * height, 1)]
    parts = markdown_parts("\n".join(lines)[: max(width * height, 1)])
    while parts and not parts[-1][0].strip():
        parts.pop()
    return Content.assemble(*parts)
