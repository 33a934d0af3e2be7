"""Results of grading, and the formats of the tutor's own: terminal text and
JSON (docs/design.md's schema). The platforms' formats (JUnit XML,
Gradescope, GitHub Classroom and Actions, PrairieLearn) are written by
``tutor.reports``."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from tutor.grade import sanitize
from tutor.i18n import N_, _

STATUSES = ("passed", "failed", "error", "timeout", "missing")


@dataclass
class CheckResult:
    name: str
    kind: str
    passed: bool
    message: str
    score: float
    max_score: float
    check_id: str = ""  # the check's identity in its exercise ("c0", "c1", ...): front ends find figures by it
    # Failed on hidden trials only: its message says no more than that, and
    # platforms that can keep a test from students until later do so.
    hidden: bool = False

    def to_dict(self) -> dict:
        out = {"name": sanitize.text(self.name), "kind": self.kind, "passed": self.passed,
               "message": sanitize.text(self.message), "score": _num(self.score), "max_score": _num(self.max_score)}
        if self.hidden:
            out["hidden"] = True
        return out


@dataclass
class ExerciseResult:
    id: str
    status: str
    score: float
    max_score: float
    checks: list[CheckResult] = field(default_factory=list)
    error: str = ""  # what went wrong with the code as a whole, for the learner
    output: str = ""  # tail of what the learner's code printed (first trial)
    elapsed: float = 0.0
    # check_id -> {"root": name, "expected": snapshot dict, "yours": snapshot
    # dict} for each graph check, from the first visible trial: lets a front
    # end draw both graphs side by side. Not part of any report format.
    graphs: dict = field(default_factory=dict, repr=False)
    # "grader": no verdict, the grader's own processes failed (status "error").
    fault: str = ""
    # Where the code raised on a visible trial (a line of the submitted file),
    # and the id of the misconception the feedback named (misconceptions.py).
    line: int | None = None
    misconception: str = ""

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    def to_dict(self) -> dict:
        out = {"id": self.id, "status": self.status, "score": _num(self.score), "max_score": _num(self.max_score),
               "checks": [c.to_dict() for c in self.checks]}
        if self.error:
            out["error"] = sanitize.text(self.error)
        if self.fault:
            out["fault"] = self.fault
        if self.line is not None:
            out["line"] = self.line
        if self.misconception:
            out["misconception"] = self.misconception
        return out  # no time: the same class graded twice gives the same bytes


@dataclass
class GradeReport:
    pack: str
    exercises: list[ExerciseResult]
    submission: str = ""
    # How the runs were isolated: "bwrap" (the sandbox) or "none".
    isolation: str = ""
    # The folder's whole name (classroom.folder_key), what --resume knows it by:
    # written when the name shown had to be cut (NOTE [names shown apart]).
    folder: str = ""

    @property
    def score(self) -> float:
        return sum(e.score for e in self.exercises)

    @property
    def max_score(self) -> float:
        return sum(e.max_score for e in self.exercises)

    def to_dict(self) -> dict:
        out = {"pack": self.pack, "score": _num(self.score), "max_score": _num(self.max_score),
               "exercises": [e.to_dict() for e in self.exercises]}
        if self.submission:
            out["submission"] = sanitize.name(self.submission)
        if self.folder and self.folder != self.submission:
            out["folder"] = sanitize.text(self.folder, limit=None)
        if self.isolation:
            out["isolation"] = self.isolation
        return out


def _num(value: float) -> float:
    return round(float(value), 6)


# ------------------------------------------------------------------- writers


def to_json(reports: list[GradeReport], writer: ClassJSON | None = None) -> str:
    """One submission: docs/design.md's object. Several (a class): {"submissions": [...]},
    from the parts ``writer`` already encoded, if it is given."""
    if len(reports) == 1:
        return json.dumps(reports[0].to_dict(), indent=2, ensure_ascii=False) + "\n"
    return (writer or ClassJSON()).text(reports, reports[0].pack if reports else "", partial=False)


class ClassJSON:
    """The JSON report of a class, written a student at a time: the same text
    as ``json.dumps({"pack", "submissions", "isolation"}, indent=2)``, with
    ``"partial": true`` after it while the class is being graded (rewritten
    after every batch: a grade killed outright loses one batch).

    Each student's part is encoded once and kept, so a rewrite costs the
    size of the file, not an encoding of the class: encoding the whole class
    again after every batch made a grade's report cost grow with the square
    of its size (500 students: some 88 s of the grader's CPU in 63 rewrites
    of up to 35 MB). And the class is never held as one tree of dicts (some
    ten times the size of its text): only one student's at a time."""

    def __init__(self) -> None:
        self._parts: dict[int, tuple[GradeReport, str]] = {}  # id(report) -> (report, its text in the list)

    def text(self, reports: list[GradeReport], pack_id: str, partial: bool = True) -> str:
        parts = []
        kept: dict[int, tuple[GradeReport, str]] = {}
        for report in reports:
            known = self._parts.get(id(report))
            if known is None or known[0] is not report:
                # Two levels in ("submissions" -> its list), as json.dumps(indent=2) nests it;
                # a newline inside a string is written as an escape, so every
                # newline here is one between the object's own lines.
                body = json.dumps(report.to_dict(), indent=2, ensure_ascii=False)
                known = (report, "    " + body.replace("\n", "\n    "))
            kept[id(report)] = known
            parts.append(known[1])
        self._parts = kept  # reports no longer listed are let go
        pack = reports[0].pack if reports else pack_id
        head = "{\n  \"pack\": " + json.dumps(pack, ensure_ascii=False) + ",\n  \"submissions\": "
        listed = "[\n" + ",\n".join(parts) + "\n  ]" if parts else "[]"
        # The isolation is named at the top for a class, not for one submission
        # (a partial report of one student was that student's report, wrapped).
        isolation = reports[0].isolation if len(reports) > 1 else ""
        tail = ",\n  \"isolation\": " + json.dumps(isolation, ensure_ascii=False) if isolation else ""
        return head + listed + tail + (",\n  \"partial\": true\n}\n" if partial else "\n}\n")


# ------------------------------------------------------------------ terminal


# The terminal's words for the statuses render_exercise does not call solved / not yet.
_STATUS_WORDS = {"error": N_("error"), "timeout": N_("timeout"), "missing": N_("missing")}


def render_exercise(result: ExerciseResult, title: str = "", color: bool = False) -> str:
    def paint(text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if color else text

    lines = [f"{result.id}" + (f": {title}" if title else "")]
    if result.fault == "grader":  # not a verdict: said once, and no check marked failed
        lines.extend("  " + line for line in sanitize.log(result.error).rstrip().splitlines())
        lines.append("")
        lines.extend(f"  {paint(_('not checked'), '33')}  {sanitize.log(check.name)}" for check in result.checks)
        lines.append("  " + paint(_("not checked: the grader failed, not your code"), "33;1"))
        return "\n".join(lines)
    lead = result.status in ("error", "timeout") and bool(result.error)
    if lead:  # the code did not finish: that is the news, the checks follow from it
        lines.extend("  " + line for line in sanitize.log(result.error).rstrip().splitlines())
        lines.append("")
    for check in result.checks:
        mark = paint(_("pass"), "32") if check.passed else paint(_("FAIL"), "31;1")
        lines.append(f"  {mark}  {sanitize.log(check.name)}  ({_num(check.score):g}/{_num(check.max_score):g})")
        # a pass that earned nothing says why (a free check: NOTE [free checks], grader.py)
        if check.message and (not check.passed or (check.score == 0 and check.max_score > 0)):
            lines.extend("        " + line for line in sanitize.log(check.message).splitlines())
    if result.error and not lead:
        lines.append("")
        lines.extend("  " + line for line in sanitize.log(result.error).rstrip().splitlines())
    verdict = {"passed": paint(_("solved"), "32;1"), "failed": paint(_("not yet"), "33;1")}.get(
        result.status, paint(_(_STATUS_WORDS.get(result.status, result.status)), "31;1"))
    lines.append("  " + _("score {score}/{max}: {verdict}").format(
        score=f"{_num(result.score):g}", max=f"{_num(result.max_score):g}", verdict=verdict))
    return "\n".join(lines)
