"""The lesson shown on the start screen before the pack loads (tutor.app.preview):
the Markdown source as styled text, and the exercise it is for."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.app.preview import CODE, CODE_BLOCK, EM, HEADING, STRONG, markdown_parts, read_preview
from tutor.progress import ProgressStore

PACK = str(Path(__file__).resolve().parent / "pack")

LESSON = """# Tensors that remember

Think of a kitchen. **Leaf
tensors** are the raw ingredients, and `grad_fn`
is the recipe: *not* a leaf.

- A tensor takes part when `requires_grad`
  is `True`.
- Another item

```python
x = torch.ones(3, requires_grad=True)
  y = x * 2
```
After the code.
"""


def text(parts) -> str:
    return "".join(t for t, _ in parts)


def styled(parts, style: str) -> list[str]:
    return [t for t, s in parts if s == style]


def test_a_lesson_reads_as_it_will_render() -> None:
    parts = markdown_parts(LESSON)
    assert text(parts) == (
        "Tensors that remember\n\n"
        "Think of a kitchen. Leaf tensors are the raw ingredients, and grad_fn is the recipe: not a leaf.\n\n"
        "• A tensor takes part when requires_grad is True.\n"
        "• Another item\n\n"
        "x = torch.ones(3, requires_grad=True)\n  y = x * 2\n\n"
        "After the code.\n\n")
    assert styled(parts, HEADING) == ["Tensors that remember\n\n"]
    assert styled(parts, STRONG) == ["Leaf tensors"]  # across the source's line break
    assert styled(parts, CODE) == ["grad_fn", "requires_grad", "True"]
    assert styled(parts, EM) == ["not"]
    assert styled(parts, CODE_BLOCK) == ["x = torch.ones(3, requires_grad=True)\n  y = x * 2\n\n"]


@pytest.mark.parametrize("source", ["", "```\nnever closed", "**", "` `", "#", "- ", "* not a list*"])
def test_odd_markdown_gives_text_not_an_error(source: str) -> None:
    assert isinstance(text(markdown_parts(source)), str)


class _Validated:
    def __init__(self, outline) -> None:
        self.outline = outline


@pytest.fixture
def outline():
    from tutor.pack import load_outline

    return load_outline(PACK)


def test_the_preview_is_where_work_resumes(tmp_path: Path, outline) -> None:
    db = tmp_path / "progress.db"
    with ProgressStore(db) as store:
        store.record_attempt("app-test", "linear-gradients", score=1, max_score=2)
        store.set_current("app-test", "linear-gradients")
    preview = read_preview(_Validated(outline), "en", lambda: ProgressStore(db))
    assert preview.exercise_id == "linear-gradients"
    assert preview.crumb == "App test pack › 1/3 · ◐ attempted"
    assert preview.task_title == "Task: Gradients of w * x + b"
    assert preview.lesson.startswith("# First steps\n\n")


def test_the_preview_speaks_the_learners_language(tmp_path: Path, outline) -> None:
    preview = read_preview(_Validated(outline), "zh", lambda: ProgressStore(tmp_path / "p.db"))
    assert preview.lesson.startswith("# ") and "两条路径" not in preview.lesson
    assert any("\u4e00" <= ch <= "\u9fff" for ch in preview.lesson)


def test_no_preview_without_an_outline_or_a_store(tmp_path: Path, outline) -> None:
    assert read_preview(None, "en", lambda: ProgressStore(tmp_path / "p.db")) is None
    assert read_preview(_Validated(None), "en", lambda: ProgressStore(tmp_path / "p.db")) is None

    def broken():
        raise OSError("disk gone")

    assert read_preview(_Validated(outline), "en", broken) is None
