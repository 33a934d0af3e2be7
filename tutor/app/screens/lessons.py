"""The lesson list: every lesson and exercise with its status; Enter jumps there."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static, Tree

from tutor.i18n import N_, _

MARKS = {"solved": ("✔", "green"), "attempted": ("◐", "yellow"), "new": ("○", "")}
STATUS_WORDS = {"solved": N_("solved"), "attempted": N_("attempted"), "new": N_("new")}


def status_label(title: str, status: str, current: bool = False) -> Text:
    mark, style = MARKS.get(status, ("○", ""))
    word = _(STATUS_WORDS[status]) if status in STATUS_WORDS else status
    text = Text.assemble((f"{mark} ", style), (title, "bold" if current else ""), (f"  {word}", "dim"))
    if current:
        text.append("  ◀ " + _("here"), style="bold")
    return text


class LessonListScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape,f2", "dismiss(None)", "Close")]
    DEFAULT_CSS = """
    LessonListScreen { align: center middle; }
    LessonListScreen > Vertical { width: 80; max-width: 98%; height: 85%; border: thick $primary; background: $surface; }
    LessonListScreen #title { padding: 0 1; background: $boost; text-style: bold; }
    LessonListScreen Tree { height: 1fr; }
    LessonListScreen #summary { padding: 0 1; color: $text-muted; }
    """

    def __init__(self, pack, progress: dict, current: str | None, lang: str) -> None:
        super().__init__()
        self.pack, self.progress, self.current, self.lang = pack, progress, current, lang

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.pack.title.get(self.lang) + " · " + _("Enter opens an exercise · Esc closes"), id="title")
            tree: Tree[str | None] = Tree("lessons", id="lesson-tree")
            tree.show_root = False
            yield tree
            yield Static("", id="summary")

    def on_mount(self) -> None:
        tree = self.query_one(Tree)
        placed: set[str] = set()
        cursor = None
        groups = [(lesson.title.get(self.lang), list(lesson.exercises)) for lesson in self.pack.lessons]
        for _title, ids in groups:
            placed.update(ids)
        rest = [ex for ex in self.pack.exercises if ex not in placed]
        if rest:
            groups.append((_("More exercises"), rest))
        solved = 0
        for n, (title, ids) in enumerate(groups, 1):
            statuses = [self._status(ex) for ex in ids]
            done = sum(s == "solved" for s in statuses)
            solved += done
            branch = tree.root.add(Text.assemble((f"{n}. {title}", "bold"), (f"  {done}/{len(ids)}", "dim")),
                                   None, expand=True)
            for ex_id, status in zip(ids, statuses):
                exercise = self.pack.exercises.get(ex_id)
                if exercise is None:
                    continue
                leaf = branch.add_leaf(status_label(exercise.title.get(self.lang), status, ex_id == self.current),
                                       ex_id)
                if ex_id == self.current:
                    cursor = leaf
        total = len(self.pack.exercises)
        self.query_one("#summary", Static).update(_("{solved} of {total} exercises solved").format(solved=solved,
                                                                                                  total=total))
        tree.focus()
        if cursor is not None:
            self.call_after_refresh(tree.move_cursor, cursor)

    def _status(self, ex_id: str) -> str:
        progress = self.progress.get(ex_id)
        return progress.status if progress is not None else "new"

    def on_tree_node_selected(self, event: Tree.NodeSelected) -> None:
        if event.node.data:
            self.dismiss(event.node.data)
