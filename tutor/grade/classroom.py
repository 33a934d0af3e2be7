"""A class folder graded headless: which folders, the files in them, batches
of students, a report streamed after every batch, resume and cancellation.

Everything a submission controls is read here as data: a file that is not a
regular file (a link, a FIFO, a device), or too big, is refused unread.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from tutor import sourcefile
from tutor.errors import UserError
from tutor.grade import sanitize
from tutor.grade.grader import Submission
from tutor.grade.report import CheckResult, ExerciseResult, GradeReport
from tutor.grade.verdict import unscored

# A submission file is source code: anything bigger is refused, not read.
MAX_SUBMISSION_BYTES = 256 * 1024
# Output kept per exercise for each student of a class, for JUnit's system-out.
CLASS_OUTPUT_TAIL = 2048
# Students graded per batch: enough to keep every worker busy, few enough
# that the grader's memory does not grow with the size of the class. A report
# is written after each batch, so a grade killed outright loses one batch.
BATCH = 8


def grade_folders(grader, pack, folders: list[tuple[Path, str]], isolation: str, done: dict | None = None,
                  after_batch=None) -> list[GradeReport]:
    """Reports for ``folders`` in their order; ``done`` (folder key -> GradeReport,
    from ``--resume``) are not graded again. ``after_batch`` gets the reports
    so far (in folder order) after every batch."""
    done = dict(done or {})
    keyed = [(folder, name, folder_key(folder, name)) for folder, name in folders]
    for _, name, key in keyed:
        if key in done:  # named as this grade shows it, before any report is written
            done[key].submission, done[key].folder = name, key
    todo = [entry for entry in keyed if entry[2] not in done]
    queued = None  # the batch on the pool: NOTE [the next batch queued] (queued.py)
    for start in [*range(0, len(todo), BATCH), None]:
        previous = queued
        if start is not None:
            batch = [(name, key, read_submissions(pack, folder, name))
                     for folder, name, key in todo[start:start + BATCH]]
            flat = [item for _, _, (items, _) in batch for item in items if not isinstance(item, Refused)]
            queued = (batch, grader.queue(flat))
        if previous is None:
            continue
        batch, waiting = previous
        results = iter(grader.finish(waiting))
        for name, key, (items, _) in batch:
            exercises = [refused_result(item) if isinstance(item, Refused) else next(results) for item in items]
            for exercise in exercises:
                exercise.graphs = {}  # drawn by front ends, not kept for a class
                if len(folders) > 1:  # a class: memory must not grow with its size
                    exercise.output = exercise.output[-CLASS_OUTPUT_TAIL:]
            done[key] = GradeReport(pack.id, exercises, submission=name, isolation=isolation, folder=key)
        if after_batch is not None:
            after_batch([done[key] for _, _, key in keyed if key in done])
    return [done[key] for _, _, key in keyed]


def folder_key(folder: Path, name: str) -> str:
    """What ``--resume`` knows a submission by: its folder's whole name, ``visible``
    (one to one, never cut), so a report's verdict goes to that very folder alone."""
    return sanitize.visible(folder.name) if name else ""


def shown_names(names: list[str]) -> list[str]:
    """The folder names as every report shows them (NOTE [names shown apart],
    sanitize.py): no two alike, even where a long one had to be cut."""
    limit = sanitize.NAME_LIMIT
    whole = [sanitize.visible(n) for n in names]
    taken = {w for w in whole if len(w) <= limit}
    out = []
    for name, full in zip(names, whole):
        shown = base = full if len(full) <= limit else sanitize.visible(name, limit)
        if shown != full:
            n = 2
            while shown in taken:
                shown, n = f"{base}~{n}", n + 1
            taken.add(shown)
        out.append(shown)
    return out


def resumed(data: dict, pack_id: str) -> dict[str, GradeReport]:
    """The students a JSON report (partial or whole) already holds, as reports,
    by ``folder_key`` (a name cut to show is written beside its ``folder``). A
    key the report holds twice is neither's: those students are graded again."""
    if not isinstance(data, dict) or data.get("pack") != pack_id:
        raise UserError(f"--resume: the report is not one of pack '{pack_id}'")
    out: dict[str, GradeReport] = {}
    seen = set()
    for sub in data["submissions"] if "submissions" in data else [data]:
        exercises = [ExerciseResult(e["id"], e["status"], e["score"], e["max_score"],
                                    [CheckResult(c["name"], c.get("kind", ""), c["passed"], c["message"], c["score"],
                                                 c["max_score"], hidden=c.get("hidden") is True)
                                     for c in e["checks"]], error=e.get("error", ""), fault=e.get("fault", ""),
                                    line=e["line"] if isinstance(e.get("line"), int) else None,
                                    misconception=str(e.get("misconception", "")))
                     for e in sub["exercises"]]
        name = sub.get("submission", "")
        key = sub["folder"] if isinstance(sub.get("folder"), str) else name
        if key in seen:
            out.pop(key, None)
            continue
        seen.add(key)
        out[key] = GradeReport(data["pack"], exercises, submission=name, folder=key,
                               isolation=sub.get("isolation", data.get("isolation", "")))
    return out


class Refused:
    """A submission file that is not graded: a symlink, a device, a FIFO, a
    folder, an unreadable or an oversized file. Never opened, never followed."""

    def __init__(self, exercise, why: str) -> None:
        self.exercise = exercise
        self.why = why


def refused_result(item: Refused):
    return unscored(item.exercise, "error", item.why)


def read_submissions(pack, folder: Path, name: str):
    """One item per exercise: a Submission, or a Refused with its reason."""
    items: list = []
    if folder.is_symlink():
        why = f"{sanitize.name(name)} is a symbolic link to a folder; submit the folder itself"
        return [Refused(exercise, why) for exercise in pack.exercises.values()], []
    for exercise in pack.exercises.values():
        path = folder / f"{exercise.id}.py"
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            items.append(Submission(exercise, None))
            continue
        except OSError as exc:
            items.append(Refused(exercise, f"{exercise.id}.py could not be read ({exc.strerror})"))
            continue
        if stat.S_ISLNK(info.st_mode):
            items.append(Refused(exercise, f"{exercise.id}.py is a symbolic link; submit the file itself"))
            continue
        if not stat.S_ISREG(info.st_mode):
            items.append(Refused(exercise, f"{exercise.id}.py is not a regular file"))
            continue
        if info.st_size > MAX_SUBMISSION_BYTES:
            items.append(Refused(exercise, f"{exercise.id}.py is {info.st_size} bytes, over the limit of "
                                            f"{MAX_SUBMISSION_BYTES} bytes"))
            continue
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "rb") as f:
                if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped after lstat
                    raise OSError(0, "not a regular file")
                data = f.read(MAX_SUBMISSION_BYTES + 1)
        except OSError as exc:
            items.append(Refused(exercise, f"{exercise.id}.py could not be read ({exc.strerror or exc})"))
            continue
        if len(data) > MAX_SUBMISSION_BYTES:
            items.append(Refused(exercise, f"{exercise.id}.py is over the limit of {MAX_SUBMISSION_BYTES} bytes"))
            continue
        items.append(Submission(exercise, sourcefile.decode(data)))  # NOTE [source as Python reads it]
    try:
        extra = sorted(p.name for p in folder.iterdir() if p.suffix == ".py" and p.stem not in pack.exercises)
    except OSError:
        extra = []
    if extra:
        names = ", ".join(sanitize.ci_name(e) for e in extra)
        print(f"autograd-tutor: {sanitize.ci_name(name or folder)}: ignored files that match no exercise: {names}",
              file=sys.stderr)
    return items, extra


def submission_folders(root: Path) -> list[tuple[Path, str]]:
    try:
        if not root.is_dir():
            raise UserError(f"{root}: no such submission folder")
    except OSError as exc:  # a folder on the way that this user cannot search
        raise UserError(f"{root}: cannot read: {exc.strerror or exc}") from None
    try:
        if any(p.suffix == ".py" for p in root.iterdir()):
            return [(root, "")]
        # A student folder that is a symlink would let one student's folder
        # point at another's (or anywhere): only real folders are graded.
        subdirs = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
    except OSError as exc:
        raise UserError(f"{root}: cannot read: {exc.strerror or exc}") from None
    if not subdirs:
        # An empty folder is one submission with every file missing.
        return [(root, "")]
    return list(zip(subdirs, shown_names([p.name for p in subdirs])))


def shard(folders: list, spec: str) -> list:
    try:
        k, n = (int(part) for part in spec.split("/"))
        if not 1 <= k <= n:
            raise ValueError
    except ValueError:
        raise UserError(f"--shard {spec}: expected K/N with 1 <= K <= N, like 2/4") from None
    return folders[k - 1 :: n]
