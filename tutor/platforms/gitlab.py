"""``ci init gitlab``: a GitLab CI job that grades and hands GitLab the JUnit report."""

from __future__ import annotations

import json
from pathlib import Path

from tutor import __version__
from tutor.platforms import install
from tutor.platforms.ci import plan
from tutor.platforms.packspec import PackSpec

WORKFLOW = Path(".gitlab-ci.yml")


def workflow(spec: PackSpec, repo: Path, tutor: str | None = None) -> str:
    steps = plan(spec, repo, tutor)
    # Each script line is a YAML double-quoted string (JSON's quoting is YAML's),
    # so a requirement holding '#', ': ' or quotes stays one shell line.
    return install.render(
        "gitlab-ci.yml",
        VERSION=__version__,
        PYTHON=install.PYTHON_VERSION,
        PIP_TORCH=json.dumps(steps.torch_line),
        PIP_REST=json.dumps(steps.install_line),
        GRADE=json.dumps(f"autograd-tutor grade .{steps.pack_args} --junit report.xml"),
    )
