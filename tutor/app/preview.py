"""The lesson before the pack has loaded: the opened exercise's texts, read
from the pack cache's outline (tutor.pack.outline) without pydantic, the
models or the pickled pack.

The start screen shows it a frame after the first one, so a learner reads
the task while the main screen is built; the main screen then opens the same
exercise (both ask tutor.session.start_exercise with the same progress), with
the lesson rendered as Markdown. A pack the cache does not hold unchanged
gets no preview: the start screen keeps its word that the lesson is coming.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from tutor.i18n import _


@dataclass(frozen=True)
class LessonPreview:
    """What the lesson pane will show first, as text (Markdown sources)."""

    exercise_id: str
    crumb: str  # "pack › 2/39 · ○ new", as the lesson pane's crumb
    task_title: str  # "Task: …"
    prompt: str
    lesson: str  # "# lesson title\n\nbody"


def exercise_crumb(pack_title: str, order: list[str], exercise_id: str, status: str) -> str:
    """Where an exercise sits in its pack and its status: the lesson pane's crumb."""
    from tutor.app.widgets.status import exercise_mark

    return _("{pack} › {n}/{total} · {status}").format(
        pack=pack_title, n=order.index(exercise_id) + 1, total=len(order), status=exercise_mark(status))


def task_title(title: str) -> str:
    return _("Task: {title}").format(title=title)


def lesson_markdown(title: str, body: str) -> str:
    return f"# {title}\n\n{body.rstrip()}"


def read_preview(validated: Any, lang: str, store: Callable[[], Any]) -> LessonPreview | None:
    """The preview of where the learner's work resumes, from a cached
    validation (tutor.pack.cache.Validated) and the progress store; None when
    the pack is invalid or empty, or the store cannot be read."""
    from tutor.session import start_exercise

    outline = validated.outline if validated is not None else None
    if outline is None or not outline.exercises:
        return None
    try:
        with store() as progress_store:
            progress, last = progress_store.pack(outline.id), progress_store.current(outline.id)
    except Exception:  # noqa: BLE001 - the session reports a broken store; the preview just does not come
        return None
    order = list(outline.exercises)
    exercise_id = start_exercise(order, progress, last)
    if exercise_id is None:
        return None
    exercise = outline.exercises[exercise_id]
    state = progress.get(exercise_id)
    lesson = outline.lesson_for(exercise_id)
    return LessonPreview(
        exercise_id=exercise_id,
        crumb=exercise_crumb(outline.title.get(lang), order, exercise_id, state.status if state else "new"),
        task_title=task_title(exercise.title.get(lang)),
        prompt=exercise.prompt.get(lang).rstrip(),
        lesson=lesson_markdown(lesson.title.get(lang), lesson.body.get(lang)) if lesson is not None else "",
    )


# What the start screen styles in a Markdown source, with Textual's own
# Markdown styles (textual.widgets._markdown: bold, inline code on a tint).
STRONG, EM, CODE, CODE_BLOCK = "bold", "italic", "$text-warning on $warning 10%", "$text-muted"
HEADING, BULLET = "bold $markdown-h1-color", "$text-primary"
_INLINE = re.compile(r"(`[^`\n]+`|\*\*[^*\n]+\*\*|\*[^*\s][^*\n]*\*)")
_ITEM = re.compile(r"\s{0,3}([-*+]|\d+[.)])\s")


def markdown_parts(source: str) -> list[tuple[str, str]]:
    """A Markdown source as (text, style) pieces for ``Content.assemble``,
    close to how it will be rendered: a paragraph's lines joined (Markdown's
    soft breaks), a list item per line, headings, ``code``, **strong** and
    *em* styled, fenced code as it is. Not a Markdown parser: a preview that is
    replaced in a moment by the real rendering."""
    parts: list[tuple[str, str]] = []
    last = ""
    for kind, text in _blocks(source):
        if last == "item" and kind != "item":
            parts.append(("\n", ""))  # a list ends: its blank line
        if kind == "code":
            parts.append((text + "\n\n", CODE_BLOCK))
        elif kind == "heading":
            parts.append((text + "\n\n", HEADING))
        else:
            if kind == "item":
                parts.append(("• ", BULLET))
                text = _ITEM.sub("", text, count=1)
            for piece in _INLINE.split(text):
                if piece.startswith("`") and piece.endswith("`") and len(piece) > 2:
                    parts.append((piece[1:-1], CODE))
                elif piece.startswith("**") and piece.endswith("**") and len(piece) > 4:
                    parts.append((piece[2:-2], STRONG))
                elif piece.startswith("*") and piece.endswith("*") and len(piece) > 2:
                    parts.append((piece[1:-1], EM))
                elif piece:
                    parts.append((piece, ""))
            parts.append(("\n" if kind == "item" else "\n\n", ""))
        last = kind
    return parts


def _blocks(source: str) -> list[tuple[str, str]]:
    """(kind, text) per block: "heading", "para", "item" (one list item, its
    lines joined), "code" (a fenced block's lines)."""
    blocks: list[tuple[str, str]] = []
    kind, lines = "", []
    for line in source.splitlines() + [""]:
        stripped = line.strip()
        if kind == "code":
            if stripped.startswith("```"):
                blocks.append(("code", "\n".join(lines)))
                kind, lines = "", []
            else:
                lines.append(line)
            continue
        new_block = (not stripped or stripped.startswith(("#", "```")) or _ITEM.match(line)
                     or (kind == "item" and not line[:1].isspace()))
        if new_block and lines:
            blocks.append((kind, " ".join(lines)))
            kind, lines = "", []
        if not stripped:
            continue
        if stripped.startswith("```"):
            kind = "code"
        elif stripped.startswith("#"):
            blocks.append(("heading", stripped.lstrip("#").strip()))
        elif _ITEM.match(line):
            kind, lines = "item", [stripped]
        else:
            kind = kind or "para"
            lines.append(stripped)
    if kind == "code" and lines:  # a fence never closed
        blocks.append(("code", "\n".join(lines)))
    return blocks
