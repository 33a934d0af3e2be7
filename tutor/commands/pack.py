"""``autograd-tutor pack``: tools for instructors who write lesson packs."""

from __future__ import annotations

import argparse
import json
import sys


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "pack",
        help="create, validate and describe lesson packs",
        description="Tools for writing lesson packs. See docs/pack-format.md for the format.",
    )
    parser.set_defaults(handler=lambda args: parser.print_help() or 2)
    pack_sub = parser.add_subparsers(title="pack commands", metavar="COMMAND")

    new = pack_sub.add_parser(
        "new",
        help="scaffold a new pack with one lesson and one exercise",
        description="Create DIR holding a small, valid pack to start from.",
    )
    new.add_argument("dir", metavar="DIR")
    new.add_argument("--id", help="pack id (default: derived from DIR)")
    new.add_argument("--title", help="pack title (default: derived from DIR)")
    new.set_defaults(handler=run_new)

    validate = pack_sub.add_parser(
        "validate",
        help="check a pack's files and report every problem as path:line:col",
        description="Validate every file of a pack. Exit 0 when clean, 1 when any problem is found.",
    )
    validate.add_argument("dir", metavar="DIR|NAME", help="a pack folder, or an installed pack's name")
    validate.add_argument("--json", action="store_true", help="print problems as JSON")
    validate.add_argument("--no-cache", action="store_true",
                          help="validate every file again even when the pack is unchanged since the last "
                               "time (the cache entry is rewritten)")
    validate.set_defaults(handler=run_validate)

    check = pack_sub.add_parser(
        "check",
        help="prove every reference passes, every starter fails, every check can fail",
        description="Grade each exercise's reference (must pass every trial), its starter (must fail) and "
        "mutants of the reference (each check must be able to fail). Prints a table with timings; "
        "exit 1 on any failure.",
    )
    check.add_argument("dir", metavar="DIR|NAME", help="a pack folder, or an installed pack's name")
    check.add_argument("--jobs", type=int, metavar="N", help="runs in parallel (default: number of cores)")
    check.set_defaults(handler=run_check)

    schema = pack_sub.add_parser(
        "schema",
        help="print the JSON Schema of the pack format",
        description="Print the JSON Schema for pack files, for editors and CI. "
        "With --kind, the schema of one kind of file.",
    )
    schema.add_argument("--kind", choices=("pack", "lesson", "exercise"), help="one kind of file only")
    schema.set_defaults(handler=run_schema)


def run_validate(args: argparse.Namespace) -> int:
    from tutor.pack import pack_outline

    # The outline (ids and counts) is all this prints: an unchanged pack is answered from the cache.
    pack, issues = pack_outline(args.dir, refresh=args.no_cache)
    if args.json:
        print(json.dumps({"valid": pack is not None, "problems": [issue.__dict__ for issue in issues]}, indent=2))
        return 0 if pack is not None else 1
    for issue in issues:
        print(issue)
    if pack is None:
        count = len(issues)
        print(f"{args.dir}: {count} problem{'s' if count != 1 else ''}", file=sys.stderr)
        return 1
    print(f"{args.dir}: pack '{pack.id}' is valid: {_count(pack.lessons, 'lesson')}, {_count(pack.exercises, 'exercise')}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    from tutor.grade.examples import check_claims, check_examples
    from tutor.grade.grader import Grader
    from tutor.grade.packcheck import check_pack, render
    from tutor.i18n import _
    from tutor.pack import load_pack

    pack = load_pack(args.dir)
    with Grader(jobs=args.jobs) as grader:
        results = check_pack(pack, grader=grader)
        examples = check_examples(pack, grader)
        claims = check_claims(pack, grader)
    print(render(results))
    total = sum(len(lesson.examples) for lesson in pack.lessons)
    stated = sum(len(lesson.claims) for lesson in pack.lessons)
    for problem in claims:
        print(problem)
    if stated:
        print(_("{held} of {total} lesson claims hold").format(held=stated - len(claims), total=stated))
    for problem in examples:
        print(problem)
    print(f"{total - len(examples)} of {total} lesson examples print what their lessons say")
    return 0 if all(r.ok for r in results) and not examples and not claims else 1


def run_schema(args: argparse.Namespace) -> int:
    from tutor.pack.schema import schema_text

    sys.stdout.write(schema_text(args.kind))
    return 0


def run_new(args: argparse.Namespace) -> int:
    from tutor.pack.scaffold import scaffold

    root = scaffold(args.dir, pack_id=args.id, title=args.title)
    print(f"created pack in {root}")
    print(f"next: autograd-tutor pack validate {args.dir}")
    return 0


def _count(items, noun: str) -> str:
    return f"{len(items)} {noun}{'' if len(items) == 1 else 's'}"
