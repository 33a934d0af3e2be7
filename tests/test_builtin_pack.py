"""The built-in pack is valid, bilingual, and every example prints what the
lesson says it prints (lessons never lie)."""

import contextlib
import io

import pytest

from tutor.pack import load_pack


PACK = load_pack(None)
EXAMPLES = [
    pytest.param(example, id=f"{lesson.id}[{i}]")
    for lesson in PACK.lessons
    for i, example in enumerate(lesson.examples)
]


def test_builtin_pack_is_valid_and_ordered():
    assert PACK.id == "builtin"
    assert "zh" in PACK.manifest.languages
    assert [lesson.id for lesson in PACK.lessons] == PACK.manifest.lessons
    for lesson in PACK.lessons:
        assert len(lesson.exercises) >= 2, lesson.id


@pytest.mark.parametrize("example", EXAMPLES)
def test_example_prints_what_the_lesson_states(example):
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    namespace = {"torch": torch, "nn": nn, "F": F, "device": "cpu"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example.code, "<example>", "exec"), namespace)
    assert out.getvalue() == example.output
