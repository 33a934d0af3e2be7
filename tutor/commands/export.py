"""``autograd-tutor export gradescope ZIP | prairielearn DIR | starters DIR``:
a course's pack, ready for a grading platform (docs/courses.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

PACK_HELP = ("the course's pack: a folder (copied into what is written), the name of a pack installed here "
             "(its folder is copied), NAME==VERSION or NAME=REQUIREMENT (pip installs it on the platform), or "
             "builtin (default). docs/courses.md, \"Which pack\"")
TUTOR_HELP = ("install the tutor with pip from REQUIREMENT (autograd-tutor==0.1.0, a git URL) instead of "
              "bundling a wheel of this install")


def register(sub: argparse._SubParsersAction) -> None:
    from tutor.commands.options import add_lang_option

    parser = sub.add_parser(
        "export",
        help="write a Gradescope autograder, PrairieLearn questions, or starter files",
        description="Write what a grading platform needs to grade a pack's exercises with `autograd-tutor "
        "grade`. docs/courses.md walks through each platform.",
    )
    parser.set_defaults(handler=lambda args: parser.print_help() or 2)
    export_sub = parser.add_subparsers(title="export commands", metavar="COMMAND")

    gradescope = export_sub.add_parser(
        "gradescope",
        help="write a Gradescope autograder zip",
        description="Write ZIP: setup.sh (installs Python, bubblewrap, the CPU build of torch, the tutor and "
        "the pack on Gradescope's Ubuntu image) and run_autograder (grades /autograder/submission into "
        "/autograder/results/results.json). Upload it as the assignment's autograder.",
    )
    gradescope.add_argument("zip", metavar="ZIP")
    gradescope.add_argument("--pack", metavar="SPEC", default=argparse.SUPPRESS, help=PACK_HELP)
    gradescope.add_argument("--tutor", metavar="REQUIREMENT", help=TUTOR_HELP)
    gradescope.set_defaults(handler=run_gradescope)

    prairielearn = export_sub.add_parser(
        "prairielearn",
        help="write PrairieLearn questions, their grader entrypoint and the grader image's Dockerfile",
        description="Write into the PrairieLearn course DIR one externally graded question per exercise "
        "(questions/<exercise-id>/), the grader entrypoint (serverFilesCourse/autograd_tutor/run.sh) and the "
        "grader image's Dockerfile (autograd-tutor-grader/). Exporting again updates them and keeps every "
        "question's uuid.",
    )
    prairielearn.add_argument("dir", metavar="DIR", help="the course's folder (the one with infoCourse.json)")
    prairielearn.add_argument("--pack", metavar="SPEC", default=argparse.SUPPRESS, help=PACK_HELP)
    prairielearn.add_argument("--image", metavar="IMAGE",
                              help="the grader image on Docker Hub that info.json names (build it from "
                              "autograd-tutor-grader/Dockerfile)")
    prairielearn.add_argument("--tutor", metavar="REQUIREMENT", help=TUTOR_HELP)
    add_lang_option(prairielearn, subcommand=True)
    prairielearn.add_argument("--force", action="store_true",
                              help="replace question folders that an earlier export did not write")
    prairielearn.set_defaults(handler=run_prairielearn)

    starters = export_sub.add_parser(
        "starters",
        help="write each exercise's starter code as <exercise-id>.py",
        description="Write the starter code of every exercise into DIR as <exercise-id>.py: the files a "
        "student's repository (GitHub Classroom, GitLab) or a Gradescope submission starts from.",
    )
    starters.add_argument("dir", metavar="DIR")
    starters.add_argument("--pack", metavar="SPEC", default=argparse.SUPPRESS, help=PACK_HELP)
    starters.add_argument("--force", action="store_true", help="replace files that exist")
    starters.set_defaults(handler=run_starters)


def run_gradescope(args: argparse.Namespace) -> int:
    from tutor.platforms import gradescope, packspec

    spec = packspec.parse(getattr(args, "pack", None))
    files = gradescope.entries(spec, args.tutor)
    gradescope.write_zip(Path(args.zip), files)
    print(f"wrote {args.zip} ({len(files)} files): upload it as the assignment's autograder "
          "(Ubuntu 22.04 or newer)", file=sys.stderr)
    return 0


def run_prairielearn(args: argparse.Namespace) -> int:
    from tutor.errors import UserError
    from tutor.platforms import packspec, prairielearn

    target = Path(args.dir)
    if not target.is_dir():
        raise UserError(f"{args.dir}: no such folder (the PrairieLearn course)")
    if not (target / "infoCourse.json").is_file():
        print(f"autograd-tutor: warning: {args.dir} has no infoCourse.json; is it a PrairieLearn course?",
              file=sys.stderr)
    spec = packspec.parse(getattr(args, "pack", None))
    done = prairielearn.export(target, spec, args.image, args.tutor, getattr(args, "lang", None) or "en",
                               args.force)
    prairielearn.next_steps(done, args.image)
    return 0


def run_starters(args: argparse.Namespace) -> int:
    from tutor.atomic import write_atomic
    from tutor.errors import UserError
    from tutor.platforms import packspec

    pack = packspec.load(packspec.parse(getattr(args, "pack", None)))
    target = Path(args.dir)
    paths = [target / f"{exercise.id}.py" for exercise in pack.exercises.values()]
    there = [p.name for p in paths if p.exists()]
    if there and not args.force:
        raise UserError(f"{target}: {len(there)} starter files exist ({there[0]}, ...); pass --force to replace them"
                        if len(there) > 1 else f"{target / there[0]} exists; pass --force to replace it")
    for path, exercise in zip(paths, pack.exercises.values()):
        try:
            write_atomic(path, exercise.starter)
        except OSError as exc:
            raise UserError(f"{path}: cannot write: {exc.strerror or exc}") from None
    print(f"wrote {len(paths)} starter files into {target}", file=sys.stderr)
    return 0
