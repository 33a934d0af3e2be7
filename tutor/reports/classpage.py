"""The class report's numbers: what a class got wrong, as plain data.

Sums up a class report (what classload.load reads and merges) for an
instructor: the score distribution, the pass rate of each exercise, the most
common reasons for failing it (grouped by the misconception the feedback
named, else by the failing check), the runs that timed out or crashed, and
the exercises the grader could not grade (its own fault, not the students').

Everything read here is untrusted text (submission names, messages): it is
cleaned of control characters (``sanitize.text``) and left for the renderers
to escape for their format. No HTML, no Markdown, no plotting library here.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from tutor.grade import sanitize

# The score histogram's bins, in percent of the maximum score: [0, 10), ..., [90, 100].
BINS = 10
# How much of an example message a report shows.
EXAMPLE_CHARS = 400
# Statuses that are not a verdict on the checks: the run did not finish.
CUT_SHORT = ("timeout", "error")


@dataclass
class Reason:
    """One reason for failing an exercise, and the submissions it applies to."""

    kind: str  # "misconception", "check" or "status"
    label: str  # "backward-twice", "grad of x (grad)", "timed out", ...
    count: int = 0
    example: str = ""  # one message a student got (the shortest): submission-influenced text
    students: list[str] = field(default_factory=list)

    def add(self, student: str, message: str) -> None:
        self.count += 1
        self.students.append(student)
        if message and (not self.example or len(message) < len(self.example)):
            self.example = message  # raw: made fit to show once, when the class is summed up (_example)


@dataclass
class ExerciseSummary:
    id: str
    submissions: int = 0  # how many submissions this exercise appears in
    counts: dict[str, int] = field(default_factory=dict)  # status -> how many (grader faults apart)
    faults: int = 0  # no verdict: the grader's own fault
    score_sum: float = 0.0
    max_score: float = 0.0
    reasons: list[Reason] = field(default_factory=list)

    @property
    def passed(self) -> int:
        return self.counts.get("passed", 0)

    @property
    def graded(self) -> int:
        """Submissions with a verdict (a missing file is a verdict: it earns nothing)."""
        return self.submissions - self.faults

    @property
    def pass_rate(self) -> float | None:
        """Percent of graded submissions that passed; None when none was graded."""
        return 100.0 * self.passed / self.graded if self.graded else None

    @property
    def failing(self) -> int:
        return self.graded - self.passed


@dataclass
class Run:
    """One exercise of one submission that timed out, crashed or got no verdict."""

    submission: str
    exercise: str
    status: str
    message: str


@dataclass
class Misconception:
    id: str
    count: int  # (submission, exercise) pairs
    students: int
    exercises: list[str]


@dataclass
class ClassSummary:
    pack: str
    isolation: str  # opaque: "bwrap", "none", "mixed", or a mode this code has never heard of
    partial: bool
    sources: list[str]
    size: int
    max_score: float
    scores: list[float]  # points, one per submission, in submission order
    percents: list[float]
    histogram: list[tuple[float, float, int]]  # (from %, to %, submissions)
    exercises: list[ExerciseSummary]
    misconceptions: list[Misconception]
    cut_short: list[Run]  # status timeout / error (the students' code)
    faults: list[Run]  # "fault": "grader" (the grader's processes)
    names: list[str] = field(default_factory=list)  # one per submission, in order
    maxes: list[float] = field(default_factory=list, repr=False)

    @property
    def mean(self) -> float | None:
        return statistics.fmean(self.scores) if self.scores else None

    @property
    def median(self) -> float | None:
        return statistics.median(self.scores) if self.scores else None

    @property
    def mean_percent(self) -> float | None:
        return statistics.fmean(self.percents) if self.percents else None

    @property
    def median_percent(self) -> float | None:
        return statistics.median(self.percents) if self.percents else None

    @property
    def passed_all(self) -> int:
        return sum(1 for s, m in zip(self.scores, self.maxes) if m and s >= m)


# ------------------------------------------------------------------ summing up


def summarize(data: dict, sources: list[str] | None = None) -> ClassSummary:
    """The class report of ``data`` (what ``load`` returns)."""
    clean = _Names()
    exercises: dict[str, ExerciseSummary] = {}
    reasons: dict[str, dict[tuple, Reason]] = {}
    misconceptions: dict[str, dict] = {}
    scores, maxes, percents, names, cut_short, faults = [], [], [], [], [], []
    for sub in data["submissions"]:
        name = sanitize.name(sub.get("submission") or "") or "(unnamed)"
        names.append(name)
        score, top = float(sub["score"]), float(sub["max_score"])
        scores.append(score)
        maxes.append(top)
        percents.append(min(max(100.0 * score / top, 0.0), 100.0) if top > 0 else 0.0)
        for ex in sub["exercises"]:
            ex_id = clean(ex["id"])
            summary = exercises.get(ex_id)
            if summary is None:
                summary = exercises[ex_id] = ExerciseSummary(ex_id)
                reasons[ex_id] = {}
            summary.submissions += 1
            summary.score_sum += float(ex["score"])
            summary.max_score = max(summary.max_score, float(ex["max_score"]))
            status = clean(ex["status"])
            message = _message(ex)
            if ex.get("fault") == "grader":
                summary.faults += 1
                faults.append(Run(name, ex_id, status, _example(ex.get("error") or message)))
                continue
            summary.counts[status] = summary.counts.get(status, 0) + 1
            if status == "passed":
                continue
            if status in CUT_SHORT:
                cut_short.append(Run(name, ex_id, status, _example(ex.get("error") or message)))
            for key, kind, label, text in _reasons_of(ex, status, clean):
                reason = reasons[ex_id].get(key)
                if reason is None:
                    reason = reasons[ex_id][key] = Reason(kind, label)
                reason.add(name, text)
            if ex.get("misconception"):
                found = misconceptions.setdefault(clean(ex["misconception"]),
                                                  {"count": 0, "students": set(), "exercises": {}})
                found["count"] += 1
                found["students"].add(name)
                found["exercises"][ex_id] = None
    for ex_id, summary in exercises.items():
        summary.reasons = sorted(reasons[ex_id].values(), key=lambda r: (-r.count, r.label))
        for reason in summary.reasons:
            reason.example = _example(reason.example)
    return ClassSummary(
        pack=sanitize.name(data.get("pack", "")),
        isolation=sanitize.name(data.get("isolation", "")),
        partial=bool(data.get("partial")),
        sources=list(sources or []),
        size=len(data["submissions"]),
        max_score=max(maxes, default=0.0),
        scores=scores,
        percents=percents,
        histogram=_histogram(percents),
        exercises=list(exercises.values()),
        misconceptions=sorted((Misconception(mid, v["count"], len(v["students"]), list(v["exercises"]))
                               for mid, v in misconceptions.items()), key=lambda m: (-m.count, m.id)),
        cut_short=cut_short,
        faults=faults,
        names=names,
        maxes=maxes,
    )


_STATUS_REASONS = {"missing": "not submitted", "timeout": "timed out", "error": "raised an error"}


def _reasons_of(ex: dict, status: str, clean):
    """(key, kind, label, message) of each reason an exercise result failed.

    A misconception the feedback named is the reason; else a missing file, a
    timeout or a crash; else (the code ran, checks failed) each failing
    check, by its name and kind."""
    misconception = ex.get("misconception")
    told = ex.get("error") or _message(ex)  # the run as a whole: the exception, the timeout, the missing file
    if misconception:
        mid = clean(misconception)
        yield ("misconception", mid), "misconception", mid, told
        return
    if status in _STATUS_REASONS:
        yield ("status", status), "status", _STATUS_REASONS[status], told
        return
    failing = [c for c in ex.get("checks", []) if not c.get("passed")]
    for check in failing:
        name, kind = clean(check.get("name", "")), clean(check.get("kind", ""))
        label = f"{name} ({kind})" if kind else name or "a check"
        yield ("check", name, kind), "check", label, check.get("message", "")
    if not failing:  # failed with every check passed (a verdict this code does not know): the status says it
        yield ("status", status), "status", status, _message(ex)


class _Names(dict):
    """``sanitize.name``, once per distinct string: ids, statuses and check names repeat for every student."""

    def __call__(self, value) -> str:
        try:
            return self[value]
        except KeyError:
            out = self[value] = sanitize.name(value)
            return out
        except TypeError:  # not hashable: not a string the report should hold
            return sanitize.name(value)


def _message(ex: dict) -> str:
    """What the student was told: the first failing check's message, else the exercise's error."""
    for check in ex.get("checks", []):
        if not check.get("passed") and check.get("message") and check["message"] != "no submission":
            return check["message"]
    return ex.get("error", "")


def _example(text: str) -> str:
    """A message as a report shows it: clean, short, without the traceback's frames (the exception line stays)."""
    text = sanitize.text(text, limit=None).strip()
    if text.startswith("Traceback (most recent call last):"):
        lines = text.splitlines()[1:]
        while lines and (lines[0].startswith(" ") or not lines[0]):
            lines.pop(0)
        text = "\n".join(lines).strip()
    return text if len(text) <= EXAMPLE_CHARS else text[:EXAMPLE_CHARS].rstrip() + " [...]"


def _histogram(percents: list[float]) -> list[tuple[float, float, int]]:
    width = 100.0 / BINS
    counts = [0] * BINS
    for p in percents:
        counts[min(int(p // width), BINS - 1)] += 1
    return [(i * width, (i + 1) * width, n) for i, n in enumerate(counts)]
