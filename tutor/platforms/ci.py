"""What the CI workflows share: the pack's part of the installs and of the
grade command, seen from a fresh checkout of the repository, and writing the
workflow file without clobbering one that is there."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from tutor.errors import UserError
from tutor.platforms import install
from tutor.platforms.packspec import PackSpec


@dataclass(frozen=True)
class Plan:
    """What a workflow installs with pip (besides torch) and how it grades."""

    installs: list[str]  # pip requirements, unquoted
    pack_args: str  # the grade command's ``--pack ...``, shell-quoted, with its leading space

    @property
    def install_line(self) -> str:
        return "python -m pip install " + " ".join(install.quote(r) for r in self.installs)

    @property
    def torch_line(self) -> str:
        return f"python -m pip install {install.TORCH_REQUIREMENT} --index-url {install.TORCH_INDEX}"


def plan(spec: PackSpec, repo: Path, tutor: str | None) -> Plan:
    installs = ["numpy", install.tutor_requirement(tutor)]
    if spec.kind == "builtin":
        return Plan(installs, "")
    if spec.kind == "requirement":
        return Plan(installs + [spec.requirement], install.grade_pack_args(spec))
    if spec.kind == "installed":
        raise UserError(f"--pack {spec.text}: a bare name means a pack installed on this machine, which the CI runner "
                        f"does not have; say where the runner gets it: --pack {spec.text}==VERSION (from a "
                        f"package index), --pack {spec.text}=REQUIREMENT (a git URL, say), or a folder inside "
                        "the repository")
    assert spec.folder is not None
    root = repo.resolve()
    try:
        inside = spec.folder.relative_to(root)
    except ValueError:
        raise UserError(f"--pack {spec.text}: the pack folder must be inside the repository ({repo}): the "
                        "runner sees only its checkout") from None
    relative = "./" + inside.as_posix() if str(inside) != "." else "."
    return Plan(installs, install.grade_pack_args(spec, relative))


def write_new(path: Path, text: str, force: bool) -> None:
    """Write a workflow file; one that exists is replaced only with ``force``."""
    from tutor.atomic import write_atomic

    if path.exists() and not force:
        raise UserError(f"{path} exists; pass --force to replace it")
    if path.is_dir():
        raise UserError(f"{path} is a folder")
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise UserError(f"{path}: cannot write: {exc.strerror or exc}") from None


def relative_to_cwd(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return str(path)
