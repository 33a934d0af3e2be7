"""The four panes (lesson, editor, REPL, graph) and the tabs that show one at a time.

Wide terminals show every pane at once (lesson | editor over REPL | graph);
narrow ones (the screen decides, and carries the ``-tabs`` class that
app.tcss styles) show the active pane only, picked with the tabs or F6.
Focus follows the pane shown, and the pane shown follows focus.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.widgets import Tab, Tabs

from tutor.app.widgets.editor import EditorPane, SolutionArea
from tutor.app.widgets.graph import GraphPane, GraphTree
from tutor.app.widgets.lesson import LessonPane
from tutor.app.widgets.repl import ReplConsole, ReplInput
from tutor.i18n import N_, _

PANES = ("lesson", "editor", "repl", "graph")
PANE_TITLES = {"lesson": N_("Task"), "editor": N_("Editor"), "repl": N_("REPL"), "graph": N_("Graph")}
PANE_CLASSES = {"lesson": LessonPane, "editor": EditorPane, "repl": ReplConsole, "graph": GraphPane}
# What takes the keys when a pane is shown.
FOCUS_CLASSES = {"lesson": LessonPane, "editor": SolutionArea, "repl": ReplInput, "graph": GraphTree}


class PaneLayout(Vertical):
    DEFAULT_CSS = """
    PaneLayout { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.narrow = False
        self.active = "editor"
        self._fitted = False
        # Widgets this layout focused itself: their focus events arrive later
        # (messages), possibly after a further F6, and must not pull the
        # active pane back to them.
        self._own_focus: set = set()
        self._opened_on_task = False  # the first fit was narrow and nothing else was chosen since

    def compose(self) -> ComposeResult:
        yield Tabs(*(Tab(_(PANE_TITLES[name]), id=f"tab-{name}") for name in PANES),
                   id="pane-tabs", active="tab-editor")
        with Container(id="panes"):
            yield LessonPane(id="lesson")
            yield EditorPane(id="editor-pane")
            yield GraphPane(id="graph")
            yield ReplConsole(id="repl")

    def on_mount(self) -> None:
        for name in PANES:
            self.pane(name).add_class("pane")

    def pane(self, name: str):
        return self.query_one(PANE_CLASSES[name])

    def set_narrow(self, narrow: bool) -> None:
        """Tabs (``narrow``) or all panes at once; the first time, a narrow terminal opens on the task.
        A terminal that opened narrow and grew before the learner chose a pane (a browser reports its
        real size after the first frame) gives the keys back to the editor."""
        first = not self._fitted
        self._fitted = True
        self.narrow = narrow
        if first and narrow:
            self.show("lesson")
            self._opened_on_task = True
        elif not narrow and self._opened_on_task and self.active == "lesson":
            self._opened_on_task = False
            self.show("editor")
        else:
            self._mark_active()

    def show(self, name: str, focus: bool = True) -> None:
        """Make ``name`` the active pane (the one shown, when narrow) and, ``focus``, give it the keys."""
        if name != "lesson":
            self._opened_on_task = False  # a pane chosen since: the learner's choice stays
        self.active = name
        self._mark_active()
        if focus:
            target = self.query_one(FOCUS_CLASSES[name])

            def focus_it() -> None:
                if self.active == name:  # not overtaken by a later switch
                    if target is not self.screen.focused:
                        self._own_focus.add(target)
                    target.focus()

            self.call_after_refresh(focus_it)

    def focus_active(self) -> None:
        """Give the keys to the pane shown, at once (it is on screen already)."""
        target = self.query_one(FOCUS_CLASSES[self.active])
        self._own_focus.add(target)
        target.focus()

    def reveal(self, name: str, focus: bool = True) -> None:
        """Show ``name`` when only one pane is visible; wide, every pane already is."""
        if self.narrow:
            self.show(name, focus)

    def step(self, by: int) -> None:
        """The next (``by`` = 1) or previous (-1) pane."""
        self.show(PANES[(PANES.index(self.active) + by) % len(PANES)])

    def retranslate(self) -> None:
        for name in PANES:
            self.query_one(f"#tab-{name}", Tab).label = _(PANE_TITLES[name])

    def _mark_active(self) -> None:
        for name in PANES:
            self.pane(name).set_class(name == self.active, "-active")
        tabs = self.query_one(Tabs)
        if tabs.active != f"tab-{self.active}":
            with tabs.prevent(Tabs.TabActivated):
                tabs.active = f"tab-{self.active}"

    @on(Tabs.TabActivated, "#pane-tabs")
    def _tab(self, event: Tabs.TabActivated) -> None:
        name = (event.tab.id or "tab-editor").removeprefix("tab-")
        if self.narrow and name != self.active:
            self.show(name)

    def on_descendant_focus(self, event) -> None:
        if event.widget in self._own_focus:
            self._own_focus.discard(event.widget)
            return  # focused by show(), which set the active pane already
        for name in PANES:
            pane = self.pane(name)
            if event.widget is pane or pane in event.widget.ancestors:
                if name != self.active:
                    self.active = name
                    self._opened_on_task = False
                    self._mark_active()
                return
