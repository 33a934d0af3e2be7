"""The lesson pane: localized lesson and exercise text, examples, hints, last check."""

from __future__ import annotations

from rich.syntax import Syntax
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.messages import RunCode


class ExampleList(OptionList):
    DEFAULT_CSS = """
    ExampleList { height: auto; max-height: 20; border: none; padding: 0; margin: 0 0 1 0; }
    """


class LessonPane(VerticalScroll):
    DEFAULT_CSS = """
    LessonPane { height: 1fr; padding: 0 1; }
    LessonPane #lesson-crumb { color: $text-muted; height: auto; }
    LessonPane Markdown { margin: 0; padding: 0; }
    LessonPane #examples-title { color: $text-muted; height: auto; }
    LessonPane #hints { height: auto; margin-top: 1; }
    LessonPane #check-summary { height: auto; margin-top: 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lang = "en"
        self.lesson = None
        self.exercise = None
        self.markdown_source = ""

    def compose(self) -> ComposeResult:
        yield Static("", id="lesson-crumb")
        yield Markdown("*Loading the lesson pack…*", id="lesson-text")
        yield Static("", id="examples-title")
        yield ExampleList(id="examples")
        yield Static("", id="hints")
        yield Static("", id="check-summary")

    def show(self, lesson, exercise, lang: str, crumb: str) -> None:
        self.lesson, self.exercise, self.lang = lesson, exercise, lang
        parts = []
        if lesson is not None:
            parts.append(f"# {lesson.title.get(lang)}\n\n{lesson.body.get(lang).rstrip()}")
        if exercise is not None:
            parts.append(f"## {exercise.title.get(lang)}\n\n{exercise.prompt.get(lang).rstrip()}")
        self.markdown_source = "\n\n".join(parts)
        self.query_one("#lesson-crumb", Static).update(crumb)
        self.query_one("#lesson-text", Markdown).update(self.markdown_source)
        examples = self.query_one(ExampleList)
        examples.clear_options()
        items = list(lesson.examples) if lesson is not None else []
        for i, example in enumerate(items):
            title = example.title.get(lang) if example.title else f"Example {i + 1}"
            body = Text.assemble((f"{title}\n", "bold"), Syntax(example.code.rstrip(), "python",
                                                                 theme="ansi_dark").highlight(example.code.rstrip()))
            examples.add_option(Option(body, id=f"example-{i}"))
        title = self.query_one("#examples-title", Static)
        title.update("Examples · Ctrl+E sends the highlighted one to the REPL" if items else "")
        examples.display = bool(items)
        if items:
            examples.highlighted = 0

    def selected_example(self) -> str | None:
        if self.lesson is None or not self.lesson.examples:
            return None
        index = self.query_one(ExampleList).highlighted or 0
        return self.lesson.examples[index].code

    @on(OptionList.OptionSelected, "#examples")
    def _send(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        code = self.selected_example()
        if code:
            self.post_message(RunCode(code, "example"))

    def show_hints(self, hints: list[str]) -> None:
        box = self.query_one("#hints", Static)
        if not hints:
            box.update("")
            return
        text = Text()
        for i, hint in enumerate(hints):
            text.append(f"Hint {i + 1}: ", style="bold")
            text.append(hint + ("\n" if i < len(hints) - 1 else ""))
        box.update(text)

    def show_summary(self, text: Text | str) -> None:
        self.query_one("#check-summary", Static).update(text)
