"""Fixtures of the course-platform tests: a small pack of our own (so these
tests do not move with the built-in pack's content), with a prompt that holds
markup a question page must escape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HOSTILE_PROMPT = 'Make `x < y` hold. <script>alert("hi")</script> {{ mustache }} & <pl-question-panel> `a {b}`'


@pytest.fixture(scope="session")
def course_pack(tmp_path_factory) -> Path:
    from tutor.pack.scaffold import scaffold

    root = scaffold(str(tmp_path_factory.mktemp("packs") / "coursepack"), pack_id="coursepack")
    exercise = root / "exercises" / "square-gradient.yaml"
    text = exercise.read_text(encoding="utf-8")
    start = text.index("prompt: |")
    end = text.index("# Runs before")
    exercise.write_text(text[:start] + f"prompt: {json.dumps(HOSTILE_PROMPT)}\n" + text[end:], encoding="utf-8")
    return root
