"""``autograd-tutor grade``: grade submission folders headless, for course CI."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from tutor.errors import UserError


def register(sub: argparse._SubParsersAction) -> None:
    from tutor.cli import add_pack_option

    parser = sub.add_parser(
        "grade",
        help="grade a folder of submissions (for course CI)",
        description="Grade SUBMISSION_DIR: a folder of <exercise-id>.py files (one submission), or a folder of "
        "such folders (a class). Learner code runs in isolated, limited processes; reports are written in "
        "JSON, JUnit XML or Gradescope's format. `grade merge REPORT.json ... --json OUT` combines the JSON "
        "reports of several shards.",
        epilog="exit codes: 0 graded (and at or above --fail-under), 1 below --fail-under, 2 usage error or "
        "unreadable folder",
    )
    parser.add_argument("target", metavar="SUBMISSION_DIR", nargs="+")
    add_pack_option(parser, subcommand=True)
    parser.add_argument("--json", metavar="FILE", help="write the JSON report here ('-' for stdout)")
    parser.add_argument("--junit", metavar="FILE", help="write JUnit XML here")
    parser.add_argument("--gradescope", metavar="PATH",
                        help="write Gradescope's results.json here; for a class folder, PATH is a folder that gets "
                        "PATH/<student>/results.json")
    parser.add_argument("--fail-under", metavar="SCORE", type=float,
                        help="exit 1 when a submission scores below SCORE points")
    parser.add_argument("--jobs", metavar="N", type=int, help="runs in parallel (default: number of cores)")
    parser.add_argument("--timeout", metavar="S", type=float, help="seconds per run, for every exercise")
    parser.add_argument("--shard", metavar="K/N", help="grade only every N-th submission folder, starting at the K-th")
    parser.add_argument("--no-sandbox", action="store_true",
                        help="grade even where no sandbox can be made (bubblewrap missing or user namespaces off): "
                        "submitted code then runs with the grading user's rights. Every report records the mode")
    parser.set_defaults(handler=run_grade)


# A submission file is source code: anything bigger is refused, not read.
MAX_SUBMISSION_BYTES = 256 * 1024
# Output kept per exercise for each student of a class, for JUnit's system-out.
CLASS_OUTPUT_TAIL = 2048
# Students graded per batch: enough to keep every worker busy, few enough
# that the grader's memory does not grow with the size of the class.
BATCH = 8


def run_grade(args: argparse.Namespace) -> int:
    if args.target[0] == "merge":
        return _merge(args.target[1:], args.json)
    if len(args.target) != 1:
        raise UserError("grade takes one SUBMISSION_DIR (or: grade merge REPORT.json ...)")
    from tutor.grade import sanitize
    from tutor.grade.grader import Grader
    from tutor.grade.pool import SandboxRequired
    from tutor.grade.report import GradeReport, to_gradescope, to_json, to_junit, write_atomic
    from tutor.pack import load_pack

    pack = load_pack(getattr(args, "pack", None))
    root = Path(args.target[0])
    folders = _submission_folders(root)
    if args.shard:
        folders = _shard(folders, args.shard)
    # What no run may see, even where it lies inside a folder the workers
    # read (a pack installed in site-packages, a class inside a venv).
    secrets = tuple(str(p) for p in (pack.root, root.resolve(), *_report_paths(args)) if p)
    try:
        grader = Grader(jobs=args.jobs, timeout=args.timeout, sandbox="off" if args.no_sandbox else "require",
                        secrets=secrets)
    except SandboxRequired as exc:
        raise UserError(f"no sandbox for untrusted code: {exc}; pass --no-sandbox to grade without one") from None
    isolation = grader.pool.mode
    if isolation == "none":
        print("autograd-tutor: warning: grading without a sandbox (--no-sandbox): submitted code runs with this "
              "user's rights", file=sys.stderr)
    reports: list[GradeReport] = []
    with grader:
        for start in range(0, len(folders), BATCH):
            batch = [(name, _read_submissions(pack, folder, name)) for folder, name in folders[start:start + BATCH]]
            flat = [item for _, (items, _) in batch for item in items if not isinstance(item, _Refused)]
            results = iter(grader.grade(flat))
            for name, (items, _) in batch:
                exercises = [_refused_result(item) if isinstance(item, _Refused) else next(results) for item in items]
                for exercise in exercises:
                    exercise.graphs = {}  # drawn by front ends, not kept for a class
                    if len(folders) > 1:  # a class: memory must not grow with its size
                        exercise.output = exercise.output[-CLASS_OUTPUT_TAIL:]
                reports.append(GradeReport(pack.id, exercises, submission=name, isolation=isolation))
    if args.json == "-":
        sys.stdout.write(to_json(reports))
    elif args.json:
        write_atomic(args.json, to_json(reports))
    if args.junit:
        write_atomic(args.junit, to_junit(reports))
    if args.gradescope:
        if len(reports) == 1 and not reports[0].submission:
            write_atomic(args.gradescope, to_gradescope(reports[0]))
        else:  # Gradescope's layout: one results.json per student
            for report in reports:
                write_atomic(Path(args.gradescope) / _safe_folder_name(report.submission) / "results.json",
                             to_gradescope(report))
    if args.json != "-":
        _print_summary(reports, sanitize)
    if args.fail_under is not None and any(r.score < args.fail_under for r in reports):
        return 1
    return 0


def _report_paths(args: argparse.Namespace) -> list[str]:
    out = []
    for value in (args.json, args.junit, args.gradescope):
        if value and value != "-":
            out.append(str(Path(value).resolve()))
    return out


def _safe_folder_name(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_." else "_" for c in name).strip(".")
    return cleaned or "submission"


class _Refused:
    """A submission file that is not graded: a symlink, a device, a FIFO, a
    folder, an unreadable or an oversized file. Never opened, never followed."""

    def __init__(self, exercise, why: str) -> None:
        self.exercise = exercise
        self.why = why


def _refused_result(item: _Refused):
    from tutor.grade.verdict import unscored

    return unscored(item.exercise, "error", item.why)


def _read_submissions(pack, folder: Path, name: str):
    """One item per exercise: a Submission, or a _Refused with its reason."""
    import stat

    from tutor.grade import sanitize
    from tutor.grade.grader import Submission

    items: list = []
    if folder.is_symlink():
        why = f"{sanitize.name(name)} is a symbolic link to a folder; submit the folder itself"
        return [_Refused(exercise, why) for exercise in pack.exercises.values()], []
    for exercise in pack.exercises.values():
        path = folder / f"{exercise.id}.py"
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            items.append(Submission(exercise, None))
            continue
        except OSError as exc:
            items.append(_Refused(exercise, f"{exercise.id}.py could not be read ({exc.strerror})"))
            continue
        if stat.S_ISLNK(info.st_mode):
            items.append(_Refused(exercise, f"{exercise.id}.py is a symbolic link; submit the file itself"))
            continue
        if not stat.S_ISREG(info.st_mode):
            items.append(_Refused(exercise, f"{exercise.id}.py is not a regular file"))
            continue
        if info.st_size > MAX_SUBMISSION_BYTES:
            items.append(_Refused(exercise, f"{exercise.id}.py is {info.st_size} bytes, over the limit of "
                                            f"{MAX_SUBMISSION_BYTES} bytes"))
            continue
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "rb") as f:
                if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped after lstat
                    raise OSError(0, "not a regular file")
                data = f.read(MAX_SUBMISSION_BYTES + 1)
        except OSError as exc:
            items.append(_Refused(exercise, f"{exercise.id}.py could not be read ({exc.strerror or exc})"))
            continue
        if len(data) > MAX_SUBMISSION_BYTES:
            items.append(_Refused(exercise, f"{exercise.id}.py is over the limit of {MAX_SUBMISSION_BYTES} bytes"))
            continue
        items.append(Submission(exercise, data.decode("utf-8", errors="replace")))
    try:
        extra = sorted(p.name for p in folder.iterdir() if p.suffix == ".py" and p.stem not in pack.exercises)
    except OSError:
        extra = []
    if extra:
        names = ", ".join(sanitize.name(e) for e in extra)
        print(f"autograd-tutor: {sanitize.name(name or folder)}: ignored files that match no exercise: {names}",
              file=sys.stderr)
    return items, extra


def _submission_folders(root: Path) -> list[tuple[Path, str]]:
    if not root.is_dir():
        raise UserError(f"{root}: no such submission folder")
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
    return [(p, p.name) for p in subdirs]


def _shard(folders: list, spec: str) -> list:
    try:
        k, n = (int(part) for part in spec.split("/"))
        if not 1 <= k <= n:
            raise ValueError
    except ValueError:
        raise UserError(f"--shard {spec}: expected K/N with 1 <= K <= N, like 2/4") from None
    return folders[k - 1 :: n]


def _print_summary(reports, sanitize) -> None:
    for report in reports:
        head = f"{sanitize.name(report.submission)}: " if report.submission else ""
        print(f"{head}{report.score:g} / {report.max_score:g} points")
        for exercise in report.exercises:
            print(f"  {exercise.status:<8} {exercise.score:>5g}/{exercise.max_score:<4g} {exercise.id}")


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
        from tutor.grade.report import write_atomic

        write_atomic(out, text)
    else:
        sys.stdout.write(text)
    return 0
