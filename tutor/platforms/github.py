"""``ci init github``: GitHub Classroom's autograding workflow.

The grade step's id has no hyphen: the reporter reads the environment
variable ``<STEP ID upper-cased>_RESULTS`` with hyphens kept
(classroom-resources/autograding-grading-reporter, src/main.js), which a
workflow sets awkwardly, and its error then misleads."""

from __future__ import annotations

from pathlib import Path

from tutor import __version__
from tutor.platforms import install
from tutor.platforms.ci import plan
from tutor.platforms.packspec import PackSpec

WORKFLOW = Path(".github") / "workflows" / "classroom.yml"
STEP_ID = "tutor"


def workflow(spec: PackSpec, repo: Path, tutor: str | None = None) -> str:
    steps = plan(spec, repo, tutor)
    return install.render(
        "github-classroom.yml",
        VERSION=__version__,
        PYTHON=install.PYTHON_VERSION,
        PIP_TORCH=steps.torch_line,
        PIP_REST=steps.install_line,
        PACK_ARGS=steps.pack_args,
    )
