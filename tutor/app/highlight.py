"""Python highlighting for TextArea without tree-sitter.

Textual highlights TextAreas through tree-sitter, which is an optional extra
(``textual[syntax]``) that learners rarely have. This fills the same
per-line highlight map from Pygments tokens (Pygments comes with Rich), so
the editor and the REPL input are coloured with the active theme's syntax
styles either way. When tree-sitter is installed Textual's own path is used.
"""

from __future__ import annotations

from collections import defaultdict

from textual.widgets import TextArea

_TOKEN_NAMES: list[tuple[str, str]] = [
    # most specific first: the first prefix that matches wins
    ("Token.Literal.String.Doc", "string.documentation"),
    ("Token.Literal.String", "string"),
    ("Token.Literal.Number.Float", "float"),
    ("Token.Literal.Number", "number"),
    ("Token.Comment", "comment"),
    ("Token.Keyword.Constant", "boolean"),
    ("Token.Keyword.Namespace", "include"),
    ("Token.Keyword", "keyword"),
    ("Token.Operator.Word", "keyword.operator"),
    ("Token.Operator", "operator"),
    ("Token.Name.Builtin.Pseudo", "variable.builtin"),
    ("Token.Name.Builtin", "function.call"),
    ("Token.Name.Function", "function"),
    ("Token.Name.Class", "class"),
    ("Token.Name.Decorator", "function"),
    ("Token.Name.Exception", "type.builtin"),
]


def _highlight_name(token_type: object) -> str | None:
    text = str(token_type)
    for prefix, name in _TOKEN_NAMES:
        if text.startswith(prefix):
            return name
    return None


_lexer = None  # Pygments' Python lexer, made on first use


def lexer_ready() -> bool:
    """Whether the lexer is made: its first use imports Pygments' lexers and
    compiles their regular expressions, some 80 ms on this project's machine."""
    return _lexer is not None


def python_highlights(text: str) -> dict[int, list[tuple[int, int | None, str]]]:
    """Per line: (start byte, end byte, highlight name), as TextArea stores them."""
    global _lexer
    if _lexer is None:
        from pygments.lexers.python import PythonLexer

        lexer = PythonLexer(stripnl=False, ensurenl=False)
        list(lexer.get_tokens(""))  # compiles the token regexes, once per process
        _lexer = lexer
    out: dict[int, list[tuple[int, int | None, str]]] = defaultdict(list)
    row, col = 0, 0  # col in bytes
    for token_type, value in _lexer.get_tokens(text):
        name = _highlight_name(token_type)
        parts = value.split("\n")
        for i, part in enumerate(parts):
            if i:
                row, col = row + 1, 0
            width = len(part.encode("utf-8"))
            if name and width:
                out[row].append((col, col + width, name))
            col += width
    return out


class PythonArea(TextArea):
    """A TextArea that highlights Python: natively with tree-sitter, else with Pygments."""

    def __init__(self, text: str = "", **kwargs) -> None:
        language = python_language()
        self.pygments = language is None
        # Highlighting waits for the frame after the first one when the lexer
        # is not made yet: the lesson paints first (lexer_ready).
        self._colour_later = False
        super().__init__(text, language=language, **kwargs)

    def _build_highlight_map(self) -> None:
        if self._highlight_query is not None or not getattr(self, "pygments", False):
            super()._build_highlight_map()
            return
        self._line_cache.clear()
        self._highlights.clear()
        if not lexer_ready():
            if not self._colour_later:
                self._colour_later = True
                if self.is_mounted:
                    self.call_after_refresh(self._colour_now)
            return
        self._highlights.update(python_highlights(self.text))

    def on_mount(self) -> None:
        if self._colour_later:
            self.call_after_refresh(self._colour_now)

    def _colour_now(self) -> None:
        if not self._colour_later:
            return
        self._colour_later = False
        python_highlights("")  # makes the lexer
        self._build_highlight_map()
        self.refresh()


def python_language() -> str | None:
    """``python`` when Textual can highlight it natively (tree-sitter), else None."""
    try:
        from textual.widgets._text_area import TREE_SITTER

        if not TREE_SITTER:
            return None
        import tree_sitter_python  # noqa: F401
    except ImportError:
        return None
    return "python"
