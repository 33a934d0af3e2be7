"""A loaded, valid pack: what tutor.pack.loader builds and tutor.pack.cache
unpickles. Import-light (no pydantic, no YAML), so a cached pack needs only
the models' classes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.errors import UserError

if TYPE_CHECKING:
    from tutor.pack.models import Exercise, Lesson, PackManifest, Text


@dataclass
class Pack:
    """A loaded, valid pack."""

    root: Path
    manifest: PackManifest
    lessons: list[Lesson]
    exercises: dict[str, Exercise]  # in teaching order

    @property
    def id(self) -> str:
        return self.manifest.id

    @property
    def title(self) -> Text:
        return self.manifest.title

    def lesson_for(self, exercise_id: str) -> Lesson | None:
        return next((lesson for lesson in self.lessons if exercise_id in lesson.exercises), None)

    def exercise(self, exercise_id: str) -> Exercise:
        try:
            return self.exercises[exercise_id]
        except KeyError:
            known = ", ".join(self.exercises) or "none"
            raise UserError(f"no exercise '{exercise_id}' in pack '{self.id}' (exercises: {known})") from None
