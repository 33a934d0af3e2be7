"""The Textual application: small on purpose. Screens and widgets own their handlers."""

from __future__ import annotations

from typing import Callable, Iterable

from textual.app import App, SystemCommand

from tutor.app.services import Services
from tutor.i18n import _, set_language


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
        from tutor.app.screens.main import MainScreen

        if self.browser if self.browser is not None else self.is_web:
            from tutor.app.bindings import browser_keymap

            self.keymap = browser_keymap(self.keymap)  # keys a browser lets through, shown first
        if self.keymap:
            self.set_keymap(self.keymap)
        theme = self.settings.get("theme")
        if isinstance(theme, str) and theme in self.available_themes:
            self.theme = theme
        self.push_screen(MainScreen(self.services, self.keymap))
        if self._on_first_paint is not None:
            self.call_after_refresh(self._on_first_paint)

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
        from tutor.app.screens.main import MainScreen

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
