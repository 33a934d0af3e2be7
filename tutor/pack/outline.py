"""What a pack holds, as plain data: ids, titles, points, the teaching order,
and the texts a learner reads first (each lesson's body, each exercise's prompt).

``autograd-tutor list`` and ``pack validate`` need no more than this, and
tutor.pack.cache keeps it beside the pickled pack, so those commands answer
from the cache without importing pydantic or the format's models; the app's
start screen shows the lesson from it while the pack unpickles. Built from
a loaded :class:`tutor.pack.loaded.Pack` only (``PackOutline.of``), never
written by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class OutlineText:
    """A pack text in the languages it has (what ``tutor.pack.fields.Text.get`` answers)."""

    en: str
    zh: str | None = None

    def get(self, lang: str = "en") -> str:
        if lang == "zh" and self.zh:
            from tutor.i18n import fold_cjk

            return fold_cjk(self.zh)
        return self.en

    def __str__(self) -> str:
        return self.en


@dataclass(frozen=True)
class LessonOutline:
    id: str
    title: OutlineText
    exercises: list[str]
    body: OutlineText = OutlineText("")


@dataclass(frozen=True)
class ExerciseOutline:
    id: str
    title: OutlineText
    max_points: float
    prompt: OutlineText = OutlineText("")


@dataclass(frozen=True)
class PackOutline:
    id: str
    title: OutlineText
    version: str
    lessons: list[LessonOutline]
    exercises: dict[str, ExerciseOutline]  # in teaching order, as Pack.exercises

    def lesson_for(self, exercise_id: str) -> LessonOutline | None:
        return next((lesson for lesson in self.lessons if exercise_id in lesson.exercises), None)

    @classmethod
    def of(cls, pack: Any) -> "PackOutline":
        return cls.from_data(outline_data(pack))

    @classmethod
    def from_data(cls, data: dict) -> "PackOutline":
        """From :func:`outline_data`'s plain data (as the cache keeps it)."""
        return cls(
            id=data["id"],
            title=OutlineText(*data["title"]),
            version=data["version"],
            lessons=[LessonOutline(i, OutlineText(*t), list(ex), OutlineText(*b)) for i, t, ex, b in data["lessons"]],
            exercises={i: ExerciseOutline(i, OutlineText(*t), float(p), OutlineText(*q))
                       for i, t, p, q in data["exercises"]},
        )


def outline_data(pack: Any) -> dict:
    """Plain data (str, float, lists, a dict: what ``marshal`` writes) from a loaded pack."""

    def text(value: Any) -> list:
        return [value.en, value.zh]

    return {
        "id": pack.id,
        "title": text(pack.title),
        "version": pack.manifest.version,
        "lessons": [[lesson.id, text(lesson.title), list(lesson.exercises), text(lesson.body)]
                    for lesson in pack.lessons],
        "exercises": [[ex_id, text(ex.title), float(ex.max_points), text(ex.prompt)]
                      for ex_id, ex in pack.exercises.items()],
    }
