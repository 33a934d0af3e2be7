"""Every action in the command palette (Ctrl+P), with its current key."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tutor.app.bindings import SPECS, display_keys
from tutor.i18n import _


class TutorCommands(Provider):
    def _commands(self):
        keymap = getattr(self.app, "keymap", {}) or {}
        for spec in SPECS:
            if not spec.palette:
                continue
            keys = display_keys(keymap.get(spec.id, spec.keys))
            yield spec, _(spec.description), f"{keys} · {spec.id}"

    def _runner(self, spec):
        screen = self.screen
        if spec.scope == "graph":
            from tutor.app.widgets.graph import GraphPane

            def run() -> None:
                pane = screen.query_one(GraphPane)
                pane.run_action(spec.action)

            return run
        return partial(screen.run_action, spec.action)

    async def discover(self) -> Hits:
        for spec, name, help_text in self._commands():
            yield DiscoveryHit(name, self._runner(spec), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for spec, name, help_text in self._commands():
            score = matcher.match(f"{name} {spec.id}")
            if score > 0:
                yield Hit(score, matcher.highlight(name), self._runner(spec), help=help_text)
