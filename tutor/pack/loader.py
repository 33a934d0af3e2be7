"""Load a pack folder: every file validated, then the pack checked as a whole.

All problems in a pack are collected in one pass, each pointing at a file,
line and column; ``load_pack_dir`` never raises for bad content.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from pydantic import BaseModel

from tutor.errors import UserError
from tutor.pack import codecheck
from tutor.pack.checks import IF_FREED_NAMES
from tutor.pack.issues import PackIssue, format_field
from tutor.pack.layout import EXERCISE_DIR, LESSON_DIR, MANIFEST, YAML_SUFFIXES, yaml_files  # noqa: F401
from tutor.pack.loaded import Pack
from tutor.pack.models import Exercise, Lesson, PackManifest, Text
from tutor.pack.validate import validate_text
from tutor.pack.yamlsource import SourceMap


@dataclass
class _Loaded:
    """One validated file with what is needed to point back into it."""

    model: BaseModel
    display: str
    source: SourceMap
    path: Path


@dataclass
class _Collector:
    issues: list[PackIssue] = field(default_factory=list)
    # What the pack's result depends on, for tutor.pack.cache: every file
    # read (path -> (its os.stat taken before reading, its bytes), None when it was
    # not there) and every folder listed (path -> the pack files in it, None
    # when it was not a folder).
    reads: dict[str, tuple[os.stat_result, bytes] | None] = field(default_factory=dict)
    listings: dict[str, list[str] | None] = field(default_factory=dict)
    cacheable: bool = True

    def read(self, path: Path) -> bytes:
        """The bytes of ``path``, remembered; OSError as from ``read_bytes``."""
        try:
            before = os.stat(path)  # before reading: a write after it changes the stat
            raw = path.read_bytes()
        except FileNotFoundError:
            self.reads[str(path)] = None
            raise
        except OSError:
            self.cacheable = False
            raise
        self.reads[str(path)] = (before, raw)
        return raw

    def files(self, folder: Path) -> list[Path]:
        found = yaml_files(folder)
        self.listings[str(folder)] = [p.name for p in found] if folder.is_dir() else None
        return found

    def at(self, loaded: _Loaded, path: tuple, message: str, *, key: bool = False) -> None:
        pos = loaded.source.key(path) if key else loaded.source.value(path)
        self.issues.append(PackIssue(loaded.display, pos.line, pos.col, format_field(path), message))


def load_pack_dir(root: Path, display_root: str | None = None) -> tuple[Pack | None, list[PackIssue]]:
    """Validate the pack at ``root``. Returns the pack (None if any issue) and issues.

    Raises UserError only for problems that are not the pack's content:
    the folder is missing, is not a pack, or cannot be read.
    """
    pack, issues, _ = load_pack_inputs(root, display_root)
    return pack, issues


def load_pack_inputs(root: Path, display_root: str | None = None) -> tuple[Pack | None, list[PackIssue], _Collector]:
    """``load_pack_dir``, and what the result depends on (the collector's
    ``reads`` and ``listings``): what tutor.pack.cache keys its entry by."""
    root = Path(root)
    display_root = str(root) if display_root is None else display_root
    if not root.is_dir():
        raise UserError(f"{display_root}: no such pack folder")
    if not (root / MANIFEST).is_file():
        raise UserError(f"{display_root}: not a lesson pack (no {MANIFEST} inside)")

    out = _Collector()
    manifest = _load_file(root / MANIFEST, PackManifest, root, display_root, out, set())
    # Ids of files that failed validation, so that what names them is not
    # blamed as well (one mistake, one error line).
    unreadable_lessons: set[str] = set()
    unreadable_exercises: set[str] = set()
    lessons = []
    for path in out.files(root / LESSON_DIR):
        loaded = _load_file(path, Lesson, root, display_root, out, unreadable_lessons)
        if loaded is not None:
            lessons.append(loaded)
    exercises = []
    for path in out.files(root / EXERCISE_DIR):
        loaded = _load_file(path, Exercise, root, display_root, out, unreadable_exercises)
        if loaded is not None:
            exercises.append(loaded)
    exercises = [_with_solution(loaded, root, out) for loaded in exercises]
    if manifest is not None:
        _check_languages([manifest, *lessons, *exercises], manifest.model.languages, out)
    _check_unique(lessons, "lesson", out)
    _check_unique(exercises, "exercise", out)
    ordered_lessons = _order_lessons(manifest, lessons, unreadable_lessons, out)
    _check_lesson_links(lessons, exercises, unreadable_exercises, out)
    for loaded in lessons:
        _check_lesson_code(loaded, out)
    for loaded in exercises:
        _check_exercise_code(loaded, out)

    if out.issues or manifest is None:
        return None, sorted(set(out.issues)), out
    by_id = {loaded.model.id: loaded.model for loaded in exercises}
    order = [ex_id for lesson in ordered_lessons for ex_id in lesson.exercises]
    order += sorted(set(by_id) - set(order))
    pack = Pack(
        root=root,
        manifest=manifest.model,
        lessons=ordered_lessons,
        exercises={ex_id: by_id[ex_id] for ex_id in order},
    )
    return pack, [], out


def _display(path: Path, root: Path, display_root: str) -> str:
    rel = path.relative_to(root).as_posix()
    return rel if display_root in ("", ".") else os.path.join(display_root, rel)


def _load_file(
    path: Path, model: type[BaseModel], root: Path, display_root: str, out: _Collector, failed_ids: set[str]
) -> _Loaded | None:
    """Validate one file. On failure its id (or file name) goes into ``failed_ids``."""
    display = _display(path, root, display_root)
    failed_ids.add(path.stem)
    try:
        raw = out.read(path)
    except OSError as exc:
        raise UserError(f"{display}: cannot read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _byte_position(raw, exc.start)
        out.issues.append(PackIssue(display, line, col, "", "file is not valid UTF-8"))
        return None
    instance, data, source, issues = validate_text(text, model, display)
    out.issues.extend(issues)
    if instance is None:
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            failed_ids.add(data["id"])
        return None
    failed_ids.discard(path.stem)
    return _Loaded(instance, display, source, path)


def _byte_position(raw: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters, as editors count) of a byte offset."""
    line_start = raw.rfind(b"\n", 0, offset) + 1
    col = len(raw[line_start:offset].decode("utf-8", errors="replace")) + 1
    return raw[:offset].count(b"\n") + 1, col


def _with_solution(loaded: _Loaded, root: Path, out: _Collector) -> _Loaded:
    """Read ``solution_file`` into ``solution``; exactly one of them is given."""
    exercise: Exercise = loaded.model  # type: ignore[assignment]
    if exercise.solution is not None and exercise.solution_file is not None:
        out.at(loaded, ("solution_file",), "give either 'solution' or 'solution_file', not both", key=True)
        return loaded
    if exercise.solution_file is None:
        if exercise.solution is None:
            out.at(loaded, (), "missing required key 'solution' (or 'solution_file')")
        return loaded
    if "\0" in exercise.solution_file or not exercise.solution_file.strip():
        out.at(loaded, ("solution_file",), "solution_file must be a file name (no NUL characters, not empty)")
        return loaded
    target = (loaded.path.parent / exercise.solution_file).resolve()
    if not target.is_relative_to(root.resolve()):
        out.at(loaded, ("solution_file",), f"solution file '{exercise.solution_file}' is outside the pack")
        return loaded
    try:
        raw = out.read(target)
    except FileNotFoundError:
        out.at(loaded, ("solution_file",), f"solution file '{exercise.solution_file}' not found")
        return loaded
    except OSError as exc:
        out.at(loaded, ("solution_file",), f"cannot read solution file '{exercise.solution_file}': {exc.strerror}")
        return loaded
    try:
        code = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _byte_position(raw, exc.start)
        display = os.path.join(os.path.dirname(loaded.display), exercise.solution_file)
        out.issues.append(PackIssue(display, line, col, "", "file is not valid UTF-8"))
        return loaded
    loaded.model = exercise.model_copy(update={"solution": code})
    return loaded


def _check_languages(files: list[_Loaded], languages: list[str], out: _Collector) -> None:
    """A pack that declares a language must provide it in every text."""
    wanted = [lang for lang in languages if lang != "en"]
    if not wanted:
        return
    for loaded in files:
        for path, text in _texts(loaded.model, ()):
            for lang in wanted:
                if not getattr(text, lang, None):
                    out.at(loaded, path, f"missing '{lang}' text (pack.yaml declares languages {languages})")


def _texts(value: object, path: tuple) -> Iterable[tuple[tuple, Text]]:
    if isinstance(value, Text):
        yield path, value
    elif isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            yield from _texts(getattr(value, name), path + (info.alias or name,))
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _texts(item, path + (i,))


def _check_unique(files: list[_Loaded], what: str, out: _Collector) -> None:
    first: dict[str, _Loaded] = {}
    for loaded in files:
        item_id = loaded.model.id
        if item_id in first:
            other = first[item_id]
            pos = other.source.value(("id",))
            out.at(loaded, ("id",), f"duplicate {what} id '{item_id}' (also in {other.display}:{pos.line}:{pos.col})")
        else:
            first[item_id] = loaded


def _order_lessons(
    manifest: _Loaded | None, lessons: list[_Loaded], unreadable: set[str], out: _Collector
) -> list[Lesson]:
    by_id = {}
    for loaded in lessons:
        by_id.setdefault(loaded.model.id, loaded)
    listed = manifest.model.lessons if manifest is not None else None
    if listed is None:
        return [loaded.model for loaded in by_id.values()]
    for i, lesson_id in enumerate(listed):
        if lesson_id not in by_id and lesson_id not in unreadable:
            out.at(manifest, ("lessons", i), f"no lesson with id '{lesson_id}' in {LESSON_DIR}/")
    for lesson_id, loaded in by_id.items():
        if lesson_id not in listed:
            out.at(loaded, ("id",), f"lesson '{lesson_id}' is not listed in {MANIFEST} 'lessons'")
    return [by_id[i].model for i in dict.fromkeys(listed) if i in by_id]


def _check_lesson_links(
    lessons: list[_Loaded], exercises: list[_Loaded], unreadable: set[str], out: _Collector
) -> None:
    known = {loaded.model.id for loaded in exercises} | unreadable
    owner: dict[str, str] = {}
    for loaded in lessons:
        for i, ex_id in enumerate(loaded.model.exercises):
            if ex_id not in known:
                out.at(loaded, ("exercises", i), f"no exercise with id '{ex_id}' in {EXERCISE_DIR}/")
            elif ex_id in owner:
                out.at(loaded, ("exercises", i), f"exercise '{ex_id}' already belongs to lesson '{owner[ex_id]}'")
            else:
                owner[ex_id] = loaded.model.id


def _check_lesson_code(loaded: _Loaded, out: _Collector) -> None:
    lesson: Lesson = loaded.model  # type: ignore[assignment]
    for i, example in enumerate(lesson.examples):
        _report_syntax(loaded, ("examples", i, "code"), example.code, out)


def _report_syntax(loaded: _Loaded, path: tuple, code: str, out: _Collector, mode: str = "exec") -> bool:
    err = codecheck.syntax_error(code, mode)
    if err is None:
        return False
    if mode == "eval":
        pos = loaded.source.value(path)
    else:
        pos = loaded.source.code_position(path, err.line, err.col)
    out.issues.append(PackIssue(loaded.display, pos.line, pos.col, format_field(path), err.message))
    return True


def _check_exercise_code(loaded: _Loaded, out: _Collector) -> None:
    exercise: Exercise = loaded.model  # type: ignore[assignment]
    bad = _report_syntax(loaded, ("setup",), exercise.setup, out)
    bad |= _report_syntax(loaded, ("starter",), exercise.starter, out)
    if exercise.solution is not None:
        if exercise.solution_file is not None:
            err = codecheck.syntax_error(exercise.solution)
            if err is not None:
                display = os.path.join(os.path.dirname(loaded.display), exercise.solution_file)
                out.issues.append(PackIssue(display, err.line, err.col, "", err.message))
                bad = True
        else:
            bad |= _report_syntax(loaded, ("solution",), exercise.solution, out)
    seeds: dict[int, int] = {}
    for i, trial in enumerate(exercise.trials):
        if trial.seed in seeds:
            out.at(loaded, ("trials", i, "seed"), f"seed {trial.seed} is already used by trials[{seeds[trial.seed]}]")
        seeds.setdefault(trial.seed, i)
        if trial.scale_hook_gradients is not None and not any(getattr(c, "from_hooks", False) for c in exercise.checks):
            # NOTE [gradients handed to hooks, scaled]: only a from_hooks value check's runs scale anything
            out.at(loaded, ("trials", i, "scale_hook_gradients"), "scales what hooks are handed only for a `value` "
                   "check with `from_hooks: true`, and this exercise has none")
    # Without a readable reference there is nothing to check names against.
    if bad or exercise.solution is None:
        defined = None
    else:
        defined = codecheck.defined_names(exercise.setup, exercise.solution)
    for i, check in enumerate(exercise.checks):
        _check_names(loaded, ("checks", i), check, defined, out)
        if getattr(check, "modules", None) and not bad:  # NOTE [hooks on named modules]: resolved after the setup
            by_setup = codecheck.defined_names(exercise.setup)
            for j, module in enumerate(check.modules if by_setup is not None else ()):
                head = module.split(".")[0].split("[")[0]
                if head not in by_setup:
                    out.at(loaded, ("checks", i, "modules", j), f"'{head}' is never defined by the setup")


def _check_names(loaded: _Loaded, path: tuple, check: BaseModel, defined: frozenset[str] | None, out: _Collector) -> None:
    kind = check.kind  # type: ignore[attr-defined]
    if kind == "value":
        for key in ("expr", "if_freed"):
            text = getattr(check, key)
            if text is None or _report_syntax(loaded, path + (key,), text, out, mode="eval"):
                continue
            known = defined | IF_FREED_NAMES if key == "if_freed" and defined is not None else defined
            for name in sorted(codecheck.free_names(text) - known) if known is not None else ():
                out.at(loaded, path + (key,), f"'{name}' is never defined by the setup or the reference solution")
        return
    if kind == "python":
        _report_syntax(loaded, path + ("assert",), check.assert_, out, mode="eval")  # type: ignore[attr-defined]
        return
    if defined is None:
        return
    names: list[tuple[tuple, str]] = []
    for attr in ("tensor", "root", "function"):
        if getattr(check, attr, None) is not None:  # a hooks check's `tensor` is optional
            names.append(((attr,), getattr(check, attr)))
    for j, name in enumerate(getattr(check, "inputs", []) or []):
        names.append((("inputs", j), name))
    for sub, name in names:
        if name not in defined:
            out.at(loaded, path + sub, f"'{name}' is never defined by the setup or the reference solution")
