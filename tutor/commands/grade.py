"""``autograd-tutor grade``: grade submission folders headless, for course CI."""

from __future__ import annotations

import argparse
import json
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
    parser.add_argument("--gradescope", metavar="FILE", help="write Gradescope's results.json here")
    parser.add_argument("--fail-under", metavar="SCORE", type=float,
                        help="exit 1 when a submission scores below SCORE points")
    parser.add_argument("--jobs", metavar="N", type=int, help="runs in parallel (default: number of cores)")
    parser.add_argument("--timeout", metavar="S", type=float, help="seconds per run, for every exercise")
    parser.add_argument("--shard", metavar="K/N", help="grade only every N-th submission folder, starting at the K-th")
    parser.set_defaults(handler=run_grade)


def run_grade(args: argparse.Namespace) -> int:
    if args.target[0] == "merge":
        return _merge(args.target[1:], args.json)
    if len(args.target) != 1:
        raise UserError("grade takes one SUBMISSION_DIR (or: grade merge REPORT.json ...)")
    from tutor.grade.grader import Grader, Submission
    from tutor.grade.report import GradeReport, to_gradescope, to_json, to_junit, write_atomic
    from tutor.pack import load_pack

    pack = load_pack(getattr(args, "pack", None))
    root = Path(args.target[0])
    folders = _submission_folders(root)
    if args.shard:
        folders = _shard(folders, args.shard)
    if args.gradescope and len(folders) != 1:
        raise UserError("--gradescope writes one submission's results; give one submission folder")
    submissions: list[tuple[str, list[Submission]]] = []
    for folder, name in folders:
        items = []
        for exercise in pack.exercises.values():
            path = folder / f"{exercise.id}.py"
            try:
                code = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else None
            except OSError:
                code = None
            items.append(Submission(exercise, code))
        extra = sorted(p.name for p in folder.glob("*.py") if p.stem not in pack.exercises)
        if extra:
            print(f"autograd-tutor: {name or folder}: ignored files that match no exercise: {', '.join(extra)}",
                  file=sys.stderr)
        submissions.append((name, items))
    flat = [item for _, items in submissions for item in items]
    with Grader(jobs=args.jobs, timeout=args.timeout) as grader:
        results = grader.grade(flat)
    reports, at = [], 0
    for name, items in submissions:
        reports.append(GradeReport(pack.id, results[at: at + len(items)], submission=name))
        at += len(items)
    if args.json == "-":
        sys.stdout.write(to_json(reports))
    elif args.json:
        write_atomic(args.json, to_json(reports))
    if args.junit:
        write_atomic(args.junit, to_junit(reports))
    if args.gradescope:
        write_atomic(args.gradescope, to_gradescope(reports[0]))
    if args.json != "-":
        _print_summary(reports)
    if args.fail_under is not None and any(r.score < args.fail_under for r in reports):
        return 1
    return 0


def _submission_folders(root: Path) -> list[tuple[Path, str]]:
    if not root.is_dir():
        raise UserError(f"{root}: no such submission folder")
    try:
        if any(p.suffix == ".py" for p in root.iterdir()):
            return [(root, "")]
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


def _print_summary(reports) -> None:
    for report in reports:
        head = f"{report.submission}: " if report.submission else ""
        print(f"{head}{report.score:g} / {report.max_score:g} points")
        for exercise in report.exercises:
            print(f"  {exercise.status:<8} {exercise.score:>5g}/{exercise.max_score:<4g} {exercise.id}")


def _merge(paths: list[str], out: str | None) -> int:
    if not paths:
        raise UserError("grade merge: give the JSON reports to combine")
    pack, submissions = None, []
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
    submissions.sort(key=lambda s: s.get("submission", ""))
    text = json.dumps({"pack": pack, "submissions": submissions}, indent=2, ensure_ascii=False) + "\n"
    if out and out != "-":
        from tutor.grade.report import write_atomic

        write_atomic(out, text)
    else:
        sys.stdout.write(text)
    return 0
