"""The line REPL at a terminal: prompt_toolkit around a ``tutor.repl.ReplSession``.

Highlighting, multi-line input that submits when the statement is complete
(``tutor.repl_input.should_submit``), history in the data directory,
completion from the kernel's namespace and auto-suggest. Imported only when
stdin and stdout are a terminal: a pipe never loads prompt_toolkit.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

from tutor.i18n import _
from tutor.repl_input import Quit, should_submit
from tutor.terminal import color_enabled


def run_terminal(session: Any) -> int:
    """Read and run cells at the prompt until Ctrl-D or ``exit``; ``session`` is a ReplSession."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.history import FileHistory
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.output.color_depth import ColorDepth

    from tutor.paths import repl_history

    client = session.client

    class KernelCompleter(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Iterable[Completion]:
            if not complete_event.completion_requested and not document.get_word_before_cursor():
                return
            answer = client.complete(document.text, document.cursor_position, timeout=1.0)
            for match in answer.matches:
                yield Completion(match, start_position=answer.start - document.cursor_position)

    keys = KeyBindings()

    @keys.add("enter")
    def _enter(event: Any) -> None:
        buffer = event.current_buffer
        if should_submit(buffer.text):
            buffer.validate_and_handle()
            return
        line = buffer.document.current_line
        indent = line[: len(line) - len(line.lstrip())]
        if line.rstrip().endswith(":"):
            indent += "    "
        buffer.insert_text("\n" + indent)

    lexer = None
    colour = color_enabled(sys.stdout)
    if colour:
        from prompt_toolkit.lexers import PygmentsLexer
        from pygments.lexers.python import PythonLexer

        lexer = PygmentsLexer(PythonLexer)

    def toolbar() -> str:
        info = client.info
        if info is None:
            return " " + _("starting torch in the background ...") + " "
        current = " · " + _("exercise {id}").format(id=session.exercise.id) if session.exercise else ""
        return f" torch {info.torch} · {info.device}{current} · %help "

    prompt = PromptSession(
        history=FileHistory(str(repl_history())),
        auto_suggest=AutoSuggestFromHistory(),
        completer=KernelCompleter(),
        complete_while_typing=False,
        lexer=lexer,
        key_bindings=keys,
        multiline=True,
        prompt_continuation=lambda width, line_number, wrap_count: "... ".rjust(width),
        bottom_toolbar=toolbar,
        refresh_interval=0.5,
        color_depth=None if colour else ColorDepth.DEPTH_1_BIT,
        include_default_pygments_style=colour,
    )
    session.out.write(_("autograd-tutor REPL. %help lists commands; Ctrl-D quits.") + "\n")
    if session.exercise is not None:
        session.show_exercise()
    while True:
        try:
            text = prompt.prompt(">>> ")
        except KeyboardInterrupt:
            continue  # Ctrl-C at the prompt clears the line
        except EOFError:
            return 0
        try:
            session.submit(text)
        except Quit:
            return 0
        except KeyboardInterrupt:  # while waiting for the kernel to start, say
            session.notice("KeyboardInterrupt")
