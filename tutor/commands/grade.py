"""``autograd-tutor grade``: grade submission folders headless, for course CI."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
from pathlib import Path

from tutor.errors import UserError


def register(sub: argparse._SubParsersAction) -> None:
    from tutor.commands.options import add_pack_option

    parser = sub.add_parser(
        "grade",
        help="grade a folder of submissions (for course CI)",
        description="Grade SUBMISSION_DIR: a folder of <exercise-id>.py files (one submission), or a folder of "
        "such folders (a class). Learner code runs in isolated, limited processes; reports are written in "
        "JSON, JUnit XML, or the formats of Gradescope, GitHub Classroom and PrairieLearn; in GitHub Actions "
        "(GITHUB_ACTIONS=true) also the job summary and annotations. `grade merge REPORT.json ... --json OUT` combines the JSON "
        "reports of several shards.",
        epilog="exit codes: 0 graded (and at or above --fail-under), 1 below --fail-under, 2 usage error or "
        "unreadable folder, 3 some exercises not graded because the grader's own processes failed",
    )
    parser.add_argument("target", metavar="SUBMISSION_DIR", nargs="+")
    add_pack_option(parser, subcommand=True)
    parser.add_argument("--json", metavar="FILE", help="write the JSON report here ('-' for stdout)")
    parser.add_argument("--junit", metavar="FILE", help="write JUnit XML here")
    parser.add_argument("--gradescope", metavar="PATH",
                        help="write Gradescope's results.json here; for a class folder, PATH is a folder that gets "
                        "PATH/<student>/results.json")
    parser.add_argument("--classroom", metavar="FILE",
                        help="write the GitHub Classroom result (autograding-grading-reporter's format) here, and "
                        "`result=<base64>` to $GITHUB_OUTPUT when set; one submission only")
    parser.add_argument("--prairielearn", metavar="FILE",
                        help="write PrairieLearn's external-grader results.json here (e.g. /grade/results/results.json); "
                        "one submission only")
    parser.add_argument("--fail-under", metavar="SCORE", type=float,
                        help="exit 1 when a submission scores below SCORE points")
    parser.add_argument("--jobs", metavar="N", type=int, help="runs in parallel (default: number of cores)")
    parser.add_argument("--timeout", metavar="S", type=float, help="seconds per run, for every exercise")
    parser.add_argument("--shard", metavar="K/N", help="grade only every N-th submission folder, starting at the K-th")
    parser.add_argument("--resume", metavar="REPORT",
                        help="a JSON report of an earlier grade of this class (partial or not): grade only the "
                        "submissions it lacks, and write the whole report")
    parser.add_argument("--exercise", metavar="ID", action="append", dest="exercises",
                        help="grade (and score) only this exercise of the pack; repeat for several (a "
                        "PrairieLearn question holds one)")
    parser.add_argument("--private", metavar="PATH", action="append", default=[],
                        help="a file or folder no run may read, besides the pack, the submissions and the reports "
                        "(e.g. /autograder on Gradescope, with the students' names); repeat for several")
    parser.add_argument("--no-sandbox", action="store_true",
                        help="grade even where no sandbox can be made (bubblewrap missing or user namespaces off): "
                        "submitted code then runs with the grading user's rights. Every report records the mode")
    parser.set_defaults(handler=run_grade)


# Some exercises got no verdict: the grader's own processes failed (docs/grading.md, "Faults").
FAULT_EXIT = 3


def run_grade(args: argparse.Namespace) -> int:
    if args.target[0] == "merge":
        return _merge(args.target[1:], args.json)
    if len(args.target) != 1:
        raise UserError("grade takes one SUBMISSION_DIR (or: grade merge REPORT.json ...)")
    from tutor.grade import classroom, sanitize
    from tutor.grade.grader import Grader
    from tutor.grade.pool import SandboxRequired
    from tutor.grade.report import ClassJSON, GradeReport
    from tutor.pack import load_pack

    pack = load_pack(getattr(args, "pack", None))
    if args.exercises:  # only these count, in the score and in every report
        import dataclasses

        pack = dataclasses.replace(pack, exercises={ex_id: pack.exercise(ex_id) for ex_id in args.exercises})
    root = Path(args.target[0])
    try:
        folders = classroom.submission_folders(root)
    except UserError:
        if args.prairielearn:  # PrairieLearn charges no attempt for a submission it cannot read
            with contextlib.suppress(UserError):  # the folder's error is the one to tell
                _write(args.prairielearn, _not_gradable(_unreadable(args, pack, root)))
        raise
    folders = _one_submission(args, folders)
    if args.shard:
        folders = classroom.shard(folders, args.shard)
    _check_report_paths(args)  # before any grading: a report that cannot be written is known now
    unreadable = _unreadable(args, pack, folders[0][0])
    if unreadable and not (args.json or args.junit or args.gradescope or args.classroom):
        _write(args.prairielearn, _not_gradable(unreadable))  # nothing to grade
        return 0
    done = _resume(args.resume, pack.id) if args.resume else {}
    # What no run may see, even where it lies inside a folder the workers
    # read (a pack installed in site-packages, a class inside a venv).
    secrets = tuple(str(p) for p in (pack.root, root.resolve(), *_report_paths(args),
                                     *(Path(p).resolve() for p in args.private)) if p)
    try:
        grader = Grader(jobs=args.jobs, timeout=args.timeout, sandbox="off" if args.no_sandbox else "require",
                        secrets=secrets)
    except SandboxRequired as exc:
        raise UserError(f"no sandbox for untrusted code: {exc}; pass --no-sandbox to grade without one") from None
    isolation = grader.pool.mode
    if isolation == "none":
        print("autograd-tutor: warning: grading without a sandbox (--no-sandbox): submitted code runs with this "
              "user's rights", file=sys.stderr)
    elif isolation == "uid":
        print("autograd-tutor: no namespaces here (a container?): each run holds a uid of its own instead "
              "(isolation \"uid\"; docs/grading.md, \"Graders in containers\")", file=sys.stderr)
    finished: list[GradeReport] = list(done.values())
    partial = ClassJSON()  # every student encoded once, for the partial reports and the whole one

    def stream(reports: list[GradeReport]) -> None:
        finished[:] = reports
        if args.json and args.json != "-" and len(folders) > 1:
            _write(args.json, partial.text(reports, pack.id))  # a grade killed outright loses one batch

    with grader, _Cancellable(grader) as cancel:
        try:
            reports = classroom.grade_folders(grader, pack, folders, isolation, done, after_batch=stream)
        except _Cancelled:
            if args.json and args.json != "-":
                _write(args.json, partial.text(finished, pack.id))
            print(f"autograd-tutor: cancelled ({cancel.signal_name}): {len(finished)} of {len(folders)} "
                  f"submissions graded; the JSON report is marked partial. `--resume` it to grade the rest.",
                  file=sys.stderr)
            return 128 + cancel.signal_number
    _write_reports(args, reports, partial)
    _platform_reports(args, reports, {name: folder for folder, name in folders}, unreadable)
    if args.json != "-":
        _print_summary(reports, sanitize)
    if grader.pool.starts.broken:  # NOTE [workers that cannot start]
        print(f"autograd-tutor: the grading workers cannot start ({grader.pool.starts.broken}), so the runs left "
              "were not made: a fault of this machine or installation, not of the students' code. Mend it and "
              "grade again (AGT_DEBUG_RUNS=1 shows everything the workers print).", file=sys.stderr)
    if grader.pool.retried:
        retried = grader.pool.retried
        print(f"autograd-tutor: {retried} run{'s' if retried != 1 else ''} lost to faults of the grader's own "
              f"processes {'were' if retried != 1 else 'was'} run again", file=sys.stderr)
    faults = sum(e.fault == "grader" for r in reports for e in r.exercises)
    if faults:
        print(f"autograd-tutor: {faults} exercise{'s' if faults != 1 else ''} could not be graded: the grader's "
              "own processes failed (not the students' code; marked \"fault\": \"grader\"). Grade again.",
              file=sys.stderr)
        return FAULT_EXIT
    if args.fail_under is not None and any(r.score < args.fail_under for r in reports):
        return 1
    return 0


class _Cancelled(BaseException):
    """Not an Exception: a signal can land while a check is judged, and the
    judge takes any Exception for the check's own malformed data."""


class _Cancellable:
    """SIGTERM and SIGINT (a cancelled CI job, a runner's timeout, Ctrl-C) stop
    the workers at once, so no run is left behind, and end the grade with
    what was finished."""

    def __init__(self, grader) -> None:
        self.grader = grader
        self.signal_number = 0
        self.previous: dict = {}

    @property
    def signal_name(self) -> str:
        return signal.Signals(self.signal_number).name

    def _handle(self, number, frame) -> None:
        if self.signal_number:
            return  # already stopping
        self.signal_number = number
        self.grader.close()  # workers gone: every run in flight comes back lost at once
        raise _Cancelled()

    def __enter__(self) -> "_Cancellable":
        for number in (signal.SIGTERM, signal.SIGINT):
            self.previous[number] = signal.signal(number, self._handle)
        return self

    def __exit__(self, *exc) -> None:
        for number, handler in self.previous.items():
            signal.signal(number, handler)


def _resume(path: str, pack_id: str) -> dict:
    from tutor.grade.classroom import resumed

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise UserError(f"{path}: cannot read the report to resume: {exc}") from None
    try:
        return resumed(data, pack_id)
    except (KeyError, TypeError) as exc:
        raise UserError(f"{path}: not an autograd-tutor JSON report ({exc})") from None


def _check_report_paths(args: argparse.Namespace) -> None:
    """Each report's folder exists (or is made) and takes a new file: found out before grading."""
    import tempfile

    for option, value in (("--json", args.json), ("--junit", args.junit), ("--gradescope", args.gradescope),
                          ("--classroom", args.classroom), ("--prairielearn", args.prairielearn)):
        if not value or value == "-":
            continue
        path = Path(value)
        folder = path if option == "--gradescope" and not path.suffix else path.parent
        try:  # a missing folder is made, as a report's folder always was
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"{option} {value}: the folder {folder} cannot be made: {exc.strerror or exc}") from None
        try:
            fd, probe = tempfile.mkstemp(dir=folder, prefix=".agt-write-test-")
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            raise UserError(f"{option} {value}: cannot write in {folder}: {exc.strerror or exc}") from None


def _write(path, text: str) -> None:
    from tutor.atomic import write_atomic

    try:
        write_atomic(path, text, errors="replace")
    except OSError as exc:
        # write_atomic leaves the earlier file, if any, whole.
        raise UserError(f"{path}: the report could not be written: {exc.strerror or exc}") from None


def _write_reports(args: argparse.Namespace, reports, writer=None) -> None:
    from tutor.grade.report import to_json
    from tutor.i18n import _
    from tutor.reports.common import log_name
    from tutor.reports.gradescope import student_folders, to_gradescope

    if args.json == "-":
        sys.stdout.write(to_json(reports, writer))
    elif args.json:
        _write(args.json, to_json(reports, writer))
    if args.gradescope:
        if len(reports) == 1 and not reports[0].submission:
            _write(args.gradescope, to_gradescope(reports[0]))
        else:  # Gradescope's layout: one results.json per student
            folders = student_folders([report.submission for report in reports])
            for report in reports:
                path = Path(args.gradescope) / folders[report.submission] / "results.json"
                if folders[report.submission] != report.submission:
                    print(_("autograd-tutor: --gradescope: {student}: written to {path} (a folder's name keeps "
                            "letters, digits, '-', '_' and '.', and is no other student's)").format(
                              student=log_name(report.submission), path=log_name(path, 1000)), file=sys.stderr)
                _write(path, to_gradescope(report))


def _report_paths(args: argparse.Namespace) -> list[str]:
    out = []
    for value in (args.json, args.junit, args.gradescope, args.classroom, args.prairielearn,
                  *(os.environ.get(v) for v in ("GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT"))):
        if value and value != "-":
            out.append(str(Path(value).resolve()))
    return out


# ------------------------------------------------- platforms (tutor/reports)


def _one_submission(args: argparse.Namespace, folders: list) -> list:
    """GitHub Classroom and PrairieLearn grade one submission (one repository
    or one attempt): a folder of students is refused; a folder without any
    .py file but with folders (a student's repository with none done yet) is
    that one submission."""
    option = "--classroom" if args.classroom else "--prairielearn" if args.prairielearn else ""
    if not option or (len(folders) == 1 and not folders[0][1]):
        return folders

    def has_files(folder: Path) -> bool:
        try:
            return any(p.suffix == ".py" for p in folder.iterdir())
        except OSError:
            return False

    classmates = [name for folder, name in folders if has_files(folder)]
    if classmates:
        raise UserError(f"{option} grades one submission, but {args.target[0]} is a class of {len(folders)} folders "
                        f"({', '.join(classmates[:3])}{', ...' if len(classmates) > 3 else ''} hold .py files): give "
                        "one student's folder (GitHub Classroom: one repository per student)")
    return [(Path(args.target[0]), "")]


def _unreadable(args: argparse.Namespace, pack, folder: Path) -> list[str]:
    """Why PrairieLearn's submission in ``folder`` cannot be read: then it is not gradable."""
    if not args.prairielearn:
        return []
    from tutor.grade.classroom import MAX_SUBMISSION_BYTES
    from tutor.reports.prairielearn import format_errors

    return format_errors(list(pack.exercises), folder, MAX_SUBMISSION_BYTES)


def _not_gradable(errors: list[str]) -> str:
    from tutor.reports.prairielearn import not_gradable

    return not_gradable(errors)


def _platform_reports(args: argparse.Namespace, reports, folders: dict, unreadable: list[str]) -> None:
    from tutor.reports import actions, prairielearn
    from tutor.reports.classroom import output_line, to_classroom
    from tutor.reports.junit import to_junit

    workspace = os.environ.get("GITHUB_WORKSPACE")
    if args.junit:
        _write(args.junit, to_junit(reports, folders, os.environ.get("CI_PROJECT_DIR")))
    if args.prairielearn and reports:  # (one submission: a --shard can leave none)
        _write(args.prairielearn, _not_gradable(unreadable) if unreadable else prairielearn.to_prairielearn(reports[0]))
    if args.classroom and reports:
        text, warnings = to_classroom(reports[0], folders.get(reports[0].submission), workspace)
        _write(args.classroom, text)
        for warning in warnings:
            print(f"autograd-tutor: --classroom: {warning}", file=sys.stderr)
        if os.environ.get("GITHUB_OUTPUT"):
            _append(os.environ["GITHUB_OUTPUT"], output_line(text), fatal=True)
    if os.environ.get("GITHUB_ACTIONS") == "true":
        log = sys.stderr if args.json == "-" else sys.stdout  # stdout then holds the JSON report
        for line in actions.annotations(reports, folders, workspace):
            print(line, file=log)
        path = os.environ.get("GITHUB_STEP_SUMMARY")
        if path:
            _append(path, actions.summary(reports, actions.room_left(path)), fatal=False)


def _append(path: str, text: str, fatal: bool) -> None:
    """Append to a file GitHub's runner reads after the step ($GITHUB_OUTPUT, $GITHUB_STEP_SUMMARY)."""
    if not text:
        return
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        if fatal:
            raise UserError(f"{path}: cannot append to it: {exc.strerror or exc}") from None
        print(f"autograd-tutor: warning: {path}: cannot append the job summary: {exc.strerror or exc}",
              file=sys.stderr)


def _print_summary(reports, sanitize) -> None:
    from tutor.reports.common import log_name  # a CI log: sanitize.name, and no command of the runner's older syntax

    for report in reports:
        head = f"{log_name(report.submission)}: " if report.submission else ""
        print(f"{head}{report.score:g} / {report.max_score:g} points")
        for exercise in report.exercises:
            status = "fault" if exercise.fault == "grader" else exercise.status  # no verdict: not the code's error
            print(f"  {status:<8} {exercise.score:>5g}/{exercise.max_score:<4g} {exercise.id}")


def _merge(paths: list[str], out: str | None) -> int:
    if not paths:
        raise UserError("grade merge: give the JSON reports to combine")
    pack, submissions, isolations = None, [], []
    for path in paths:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise UserError(f"{path}: cannot read a JSON report: {exc}") from None
        if not isinstance(data, dict) or "pack" not in data:
            raise UserError(f"{path}: not an autograd-tutor JSON report")
        if pack is not None and data["pack"] != pack:
            raise UserError(f"{path}: graded with pack '{data['pack']}', the others with '{pack}'")
        pack = data["pack"]
        submissions.extend(data["submissions"] if "submissions" in data else [data])
        isolations.append(data.get("isolation", ""))
    submissions.sort(key=lambda s: s.get("submission", ""))
    merged = {"pack": pack, "submissions": submissions}
    # How the runs were isolated (docs/grading.md): kept when every shard agrees, "mixed" when they differ.
    modes = {m for m in isolations if m}
    if modes:
        merged["isolation"] = modes.pop() if len(modes) == 1 else "mixed"
    text = json.dumps(merged, indent=2, ensure_ascii=False) + "\n"
    if out and out != "-":
        _write(out, text)
    else:
        sys.stdout.write(text)
    return 0
