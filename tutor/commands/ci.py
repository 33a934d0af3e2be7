"""``autograd-tutor ci init github|gitlab [DIR]``: write a ready autograding workflow."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

PACK_HELP = ("the course's pack, as the runner gets it: a folder inside the repository, NAME==VERSION or "
             "another pip requirement, NAME=REQUIREMENT (a git URL, say: NAME=git+https://...), or builtin "
             "(default). docs/courses.md, \"Which pack\"")


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "ci",
        help="set up autograding on GitHub Classroom or GitLab CI",
        description="Write the CI file that grades a student's repository on every push.",
    )
    parser.set_defaults(handler=lambda args: parser.print_help() or 2)
    ci_sub = parser.add_subparsers(title="ci commands", metavar="COMMAND")
    init = ci_sub.add_parser(
        "init",
        help="write .github/workflows/classroom.yml or .gitlab-ci.yml",
        description="Write, into the repository DIR (default: the current folder), a workflow that installs "
        "the CPU build of torch, bubblewrap, the tutor and the course's pack, grades the repository's "
        "<exercise-id>.py files, and reports: to GitHub Classroom (github) or as GitLab's JUnit test report "
        "(gitlab). An existing workflow file is replaced only with --force.",
        epilog="exit codes: 0 written, 2 usage error, an unreadable pack, or the file exists (without --force)",
    )
    init.add_argument("platform", choices=("github", "gitlab"))
    init.add_argument("dir", metavar="DIR", nargs="?", default=".", help="the repository (default: .)")
    init.add_argument("--pack", metavar="SPEC", default=argparse.SUPPRESS, help=PACK_HELP)
    init.add_argument("--tutor", metavar="REQUIREMENT",
                      help="what pip installs for the tutor (default: autograd-tutor==this version)")
    init.add_argument("--force", action="store_true", help="replace an existing workflow file")
    init.set_defaults(handler=run_init)


def run_init(args: argparse.Namespace) -> int:
    from tutor.errors import UserError
    from tutor.platforms import ci, github, gitlab, packspec

    repo = Path(args.dir)
    if not repo.is_dir():
        raise UserError(f"{args.dir}: no such folder (the repository to set up)")
    spec = packspec.parse(getattr(args, "pack", None))
    if spec.kind == "folder":
        packspec.load(spec)  # a pack that does not validate is found now, not on every student's push
    module = github if args.platform == "github" else gitlab
    text = module.workflow(spec, repo, args.tutor)
    target = repo / module.WORKFLOW
    ci.write_new(target, text, args.force)
    print(f"wrote {ci.relative_to_cwd(target)}: commit it to the {'template ' if module is github else ''}"
          f"repository. docs/courses.md says what students see.", file=sys.stderr)
    return 0
