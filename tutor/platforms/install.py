"""What every platform installs, and how a generated file names things: one
definition of the torch pin, the CPU index and the tutor's own requirement.

Templates live in ``tutor/platforms/templates/`` as package data and use
``@@NAME@@`` placeholders (shell and YAML keep their ``$`` and braces).
"""

from __future__ import annotations

import re
import shlex
from importlib import resources

from tutor import __version__
from tutor.platforms.packspec import PackSpec, check_safe

# The CPU build of the torch the project pins (README, .ci/run): a 190 MB
# wheel instead of PyPI's several GB of CUDA on Linux. The grader needs no GPU.
TORCH_REQUIREMENT = "torch==2.13.0"
TORCH_INDEX = "https://download.pytorch.org/whl/cpu"
PYTHON_VERSION = "3.11"


def tutor_requirement(override: str | None) -> str:
    """What pip installs for the tutor where nothing is bundled: this very version."""
    if override:
        check_safe(override, "--tutor")
        return override
    return f"autograd-tutor=={__version__}"


def quote(value: str) -> str:
    return shlex.quote(value)


def grade_pack_args(spec: PackSpec, folder_there: str | None = None) -> str:
    """The ``--pack`` part of the grade command on the platform, shell-quoted
    (empty for the built-in pack, the grade's default)."""
    if spec.kind == "builtin":
        return ""
    if folder_there is not None:
        return f" --pack {quote(folder_there)}"
    return f" --pack {quote(spec.name)}"


_PLACEHOLDER = re.compile(r"@@([A-Z_]+)@@")


def render(template: str, **values: str) -> str:
    """A template with every ``@@NAME@@`` replaced; a name left unfilled is a bug."""
    text = resources.files("tutor.platforms").joinpath("templates", template).read_text(encoding="utf-8")

    def fill(match: re.Match) -> str:
        try:
            return values[match[1]]
        except KeyError:
            raise KeyError(f"template {template}: no value for @@{match[1]}@@") from None

    return _PLACEHOLDER.sub(fill, text)
