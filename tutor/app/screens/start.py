"""The first frame: the status line and a word that the lesson is on its way.

The app shows this screen before anything heavy is imported (the main
screen's widgets, the pack's models, the kernel client), so a learner sees
the tutor at once; the main screen replaces it as soon as it is built, while
the pack loads in a thread (tutor.app.services.Services.prefetch_session).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from tutor.app.widgets.status import StatusBar
from tutor.i18n import _


class StartScreen(Screen):
    DEFAULT_CSS = """
    StartScreen { layout: vertical; }
    StartScreen #start-note { height: 1fr; content-align: center middle; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield Static(_("loading the lesson…"), id="start-note")
