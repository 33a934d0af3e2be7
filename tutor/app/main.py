"""The Textual application: small on purpose. Screens and widgets own their handlers.

Start-up, fastest first: the first frame is the light ``StartScreen``
(tutor.app.screens.start); in the next one, the lesson from the pack cache
(tutor.app.preview). Right after that is on screen the pack starts
loading in a thread (from the pack cache when unchanged: tutor.pack.cache)
and the main screen's widgets are imported; the main screen replaces the
start screen once the session is open (or after ``MAIN_SCREEN_WAIT``, when
the pack is slow to validate), so that it is laid out once, with the lesson
in it. Nothing heavy is imported before the first frame (tests/test_startup.py).
"""

from __future__ import annotations

import sys
import time
from typing import Callable, Iterable

from textual.app import App, SystemCommand

from tutor.app.services import Services
from tutor.i18n import _, set_language


MAIN_SCREEN_WAIT = 0.5  # seconds the start screen waits for the pack before the main screen comes anyway


def _tutor_commands():
    """The palette's provider, imported when the palette first opens (not before the first paint)."""
    from tutor.app.commands import TutorCommands

    return TutorCommands


class TutorApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "autograd-tutor"
    COMMANDS = App.COMMANDS | {_tutor_commands}
    ENABLE_COMMAND_PALETTE = True

    def __init__(self, services: Services | None = None, *, keymap: dict[str, str] | None = None,
                 settings: dict | None = None, on_first_paint: Callable[[], None] | None = None,
                 browser: bool | None = None) -> None:
        super().__init__()
        self.services = services or Services()
        self.keymap = dict(keymap or {})
        self.browser = browser  # in a web browser (textual-serve); None: ask the driver
        self.settings = settings or {}
        self._on_first_paint = on_first_paint

    def on_mount(self) -> None:
        from tutor.app.screens.start import StartScreen

        if self.browser if self.browser is not None else self.is_web:
            from tutor.app.bindings import browser_keymap

            self.keymap = browser_keymap(self.keymap)  # keys a browser lets through, shown first
        if self.keymap:
            self.set_keymap(self.keymap)
        theme = self.settings.get("theme")
        if isinstance(theme, str) and theme in self.available_themes:
            self.theme = theme
        self.push_screen(StartScreen())
        if self._on_first_paint is not None:
            self.call_after_refresh(self._on_first_paint)
        self.call_after_refresh(self._preview)

    def _preview(self) -> None:
        """After the first frame: the lesson from the pack cache, painted before the main screen's code is imported."""
        from tutor.app.screens.start import StartScreen

        preview = self.services.lesson_preview()
        if preview is not None and isinstance(self.screen, StartScreen):
            self.screen.show_preview(preview)
            self.call_after_refresh(self._open_main)
        else:
            self._open_main()

    def _open_main(self) -> None:
        """After the first frame: the pack loads in a thread while the main screen's code is imported here."""
        self.services.prefetch_session()
        from tutor.app.screens.main import MainScreen  # noqa: F401 - imported while the pack loads

        deadline = time.monotonic() + MAIN_SCREEN_WAIT

        def poll() -> None:
            if self.services.session_ready() or time.monotonic() > deadline:
                timer.stop()
                self._show_main()

        timer = self.set_interval(0.01, poll)
        poll()

    def _show_main(self) -> None:
        from tutor.app.screens.main import MainScreen

        if self.main is None and self.is_running:
            self.switch_screen(MainScreen(self.services, self.keymap))

    def watch_app_focus(self, focus: bool) -> None:
        """Back in focus with nothing focused: the keys go to the pane shown.

        A browser (textual-serve) reports the page blurred while the start
        screen is up; Textual then gives the main screen no focus of its own
        when it comes, and restores only what the blur took away (nothing)."""
        main = self.main
        if focus and main is not None and main is self.screen and main.focused is None:
            main.panes.focus_active()  # now: the keys that woke the page come next

    def get_system_commands(self, screen) -> Iterable[SystemCommand]:
        """Textual's own commands, less the ones the tutor has (Keys, Quit): each command once."""
        ours = {"Quit", "Keys"}
        words = {"Theme": (_("Theme"), _("Change the current theme")),
                 "Screenshot": (_("Screenshot"), _("Save an SVG 'screenshot' of the current screen")),
                 "Maximize": (_("Maximize"), _("Maximize the focused widget")),
                 "Minimize": (_("Minimize"), _("Minimize the widget and restore to normal size"))}
        for command in super().get_system_commands(screen):
            if command.title in ours:
                continue
            title, help_text = words.get(command.title, (command.title, command.help))
            yield SystemCommand(title, help_text, command.callback, command.discover)

    @property
    def main(self):
        """The main screen, None before it replaced the start screen."""
        module = sys.modules.get("tutor.app.screens.main")
        if module is None:
            return None
        MainScreen = module.MainScreen
        for screen in self.screen_stack:
            if isinstance(screen, MainScreen):
                return screen
        return None

    async def action_quit(self) -> None:
        main = self.main
        if main is not None:
            main.shutdown()
        self.exit()


def run(pack_ref: str | None = None, lang: str | None = None, device: str = "auto") -> int:
    """Run the app in this terminal until the learner quits."""
    from tutor.app.bindings import load_keymap, load_settings

    set_language(lang or "en")
    services = Services(pack_ref=pack_ref, lang=lang or "en", device=device or "auto")
    app = TutorApp(services, keymap=load_keymap(), settings=load_settings())
    try:
        app.run()
    finally:
        if app.main is not None:
            app.main.shutdown()
        services.close()
    return app.return_code or 0
