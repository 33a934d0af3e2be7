"""The lesson pane, task first: the exercise's title and prompt at the top,
then hints and the last check, then the lesson's text and its examples.

Examples are shown whole, code and ``output:``, never wrapped mid-expression
(a wide line scrolls sideways). Ctrl+E (or Enter on a focused example) runs
the chosen one in the kernel's scratch namespace, where it cannot rebind the
exercise's names.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalScroll, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from tutor.app.preview import exercise_crumb, lesson_markdown, task_title
from tutor.i18n import _


class ExampleBlock(Vertical, can_focus=True):
    """One lesson example: title, code and its output, focusable."""

    BINDINGS = [Binding("enter", "send", show=False)]
    DEFAULT_CSS = """
    ExampleBlock { height: auto; margin: 0 0 1 0; padding: 0 0 0 1; border-left: outer $primary-muted; }
    ExampleBlock:focus { border-left: outer $accent; background: $boost; }
    ExampleBlock .example-title { text-style: bold; height: auto; }
    ExampleBlock HorizontalScroll { height: auto; overflow-y: hidden; scrollbar-size-horizontal: 1; }
    ExampleBlock .example-code, ExampleBlock .example-output { width: auto; height: auto; text-wrap: nowrap; }
    ExampleBlock .example-output-label { color: $text-muted; height: auto; }
    """

    @dataclass
    class Chosen(Message):
        """The example was chosen (focused), and with ``send`` asked to run."""

        index: int
        send: bool

    def __init__(self, index: int, title: str, code: str, output: str | None) -> None:
        super().__init__(classes=f"example example-{index}")
        self.index, self.title, self.code, self.output = index, title, code, output

    def compose(self) -> ComposeResult:
        from rich.syntax import Syntax  # pygments: loaded with the first example, not before the first paint

        yield Static(self.title, classes="example-title", markup=False)
        with HorizontalScroll():
            yield Static(Syntax(self.code.rstrip(), "python", theme="ansi_dark", word_wrap=False,
                                background_color="default"), classes="example-code")
        if self.output:
            yield Static(_("output:"), classes="example-output-label")
            with HorizontalScroll():
                yield Static(Text(self.output.rstrip("\n")), classes="example-output")

    def on_focus(self) -> None:
        self.post_message(self.Chosen(self.index, False))

    def on_click(self) -> None:
        self.focus()

    def action_send(self) -> None:
        self.post_message(self.Chosen(self.index, True))


class LessonPane(VerticalScroll):
    @dataclass
    class ExampleRequested(Message):
        """The learner asked to run a lesson example (Enter on it); it runs in the scratch namespace."""

        code: str

    DEFAULT_CSS = """
    LessonPane { height: 1fr; padding: 0 1; }
    LessonPane #lesson-crumb { color: $text-muted; height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    LessonPane #task { height: auto; border: round $accent; padding: 0 1; margin-bottom: 1; }
    LessonPane #task-title { text-style: bold; color: $accent; height: auto; }
    LessonPane Markdown { margin: 0; padding: 0; }
    LessonPane #lesson-text MarkdownH1 { content-align: left middle; margin: 0 0 1 0; }
    LessonPane #task-prompt MarkdownParagraph:last-child { margin-bottom: 0; }
    LessonPane #task-prompt, LessonPane #task-prompt-box, LessonPane #lesson-text-box { height: auto; }
    LessonPane #examples-title { color: $text-muted; height: auto; }
    LessonPane #examples { height: auto; }
    LessonPane #hints, LessonPane #check-summary { height: auto; display: none; margin-bottom: 1; }
    LessonPane #hints.-shown, LessonPane #check-summary.-shown { display: block; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lang = "en"
        self.lesson = None
        self.exercise = None
        self.markdown_source = ""
        self.selected = 0  # the example Ctrl+E runs

    def compose(self) -> ComposeResult:
        yield Static("", id="lesson-crumb")
        with Vertical(id="task"):
            yield Static(_("Loading the lesson pack…"), id="task-title")
            yield Vertical(id="task-prompt-box")
        yield Static("", id="hints")
        yield Static("", id="check-summary")
        yield Vertical(id="lesson-text-box")
        yield Static("", id="examples-title")
        yield Vertical(id="examples")

    def show(self, lesson, exercise, lang: str, crumb: str, *, new_exercise: bool = False) -> None:
        same_lesson = lesson is self.lesson and lang == self.lang
        self.lesson, self.exercise, self.lang = lesson, exercise, lang
        self.query_one("#lesson-crumb", Static).update(crumb)
        task, lesson_md = "", ""
        if exercise is not None:
            task = exercise.prompt.get(lang).rstrip()
            self.query_one("#task-title", Static).update(task_title(exercise.title.get(lang)))
        self._markdown("task-prompt", task)
        if lesson is not None:
            lesson_md = lesson_markdown(lesson.title.get(lang), lesson.body.get(lang))
        self._markdown("lesson-text", lesson_md)
        title = f"## {exercise.title.get(lang)}\n\n" if exercise is not None else ""
        self.markdown_source = "\n\n".join(p for p in (title + task, lesson_md) if p)
        if not same_lesson:
            self._show_examples(lesson, lang)
        if new_exercise:
            self.scroll_home(animate=False)
            self.call_after_refresh(self.scroll_home, animate=False)

    def show_exercise(self, pack, exercise, lang: str, status: str, hints: list[str], *,
                      new_exercise: bool = False) -> None:
        """The exercise of ``pack`` with its lesson, under a crumb saying where it is and its status."""
        crumb = exercise_crumb(pack.title.get(lang), list(pack.exercises), exercise.id, status)
        self.show(pack.lesson_for(exercise.id), exercise, lang, crumb, new_exercise=new_exercise)
        self.show_hints(hints)

    def _markdown(self, name: str, text: str) -> None:
        """Show Markdown in ``#name`` (made on first use: the Markdown parser loads after the first paint)."""
        found = self.query(f"#{name}")
        if found:
            found.first().update(text)
            return
        from textual.widgets import Markdown

        self.query_one(f"#{name}-box", Vertical).mount(Markdown(text, id=name))

    def show_error(self, text: str) -> None:
        self.query_one("#task-title", Static).update(_("Could not open the pack."))
        self._markdown("lesson-text", text)

    def _show_examples(self, lesson, lang: str) -> None:
        box = self.query_one("#examples", Vertical)
        box.remove_children()
        items = list(lesson.examples) if lesson is not None else []
        blocks = []
        for i, example in enumerate(items):
            title = example.title.get(lang) if example.title else _("Example {n}").format(n=i + 1)
            blocks.append(ExampleBlock(i, title, example.code, getattr(example, "output", None)))
        if blocks:
            box.mount_all(blocks)
        self.selected = 0
        self.query_one("#examples-title", Static).update(
            _("Examples · Ctrl+E runs the chosen one in a scratch namespace") if items else "")

    def selected_example(self) -> str | None:
        if self.lesson is None or not self.lesson.examples:
            return None
        index = min(self.selected, len(self.lesson.examples) - 1)
        return self.lesson.examples[index].code

    @on(ExampleBlock.Chosen)
    def _chosen(self, event: ExampleBlock.Chosen) -> None:
        event.stop()
        self.selected = event.index
        if event.send:
            code = self.selected_example()
            if code:
                self.post_message(self.ExampleRequested(code))

    def show_hints(self, hints: list[str]) -> None:
        box = self.query_one("#hints", Static)
        box.set_class(bool(hints), "-shown")
        if not hints:
            box.update("")
            return
        text = Text()
        for i, hint in enumerate(hints):
            text.append(_("Hint {n}: ").format(n=i + 1), style="bold")
            text.append(hint + ("\n" if i < len(hints) - 1 else ""))
        box.update(text)

    def show_summary(self, text: Text | str) -> None:
        box = self.query_one("#check-summary", Static)
        box.set_class(bool(text), "-shown")
        box.update(text)
