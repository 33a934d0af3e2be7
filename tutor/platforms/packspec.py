"""What ``--pack SPEC`` means to the commands that set up a course platform.

The platform installs the pack itself, so a spec says where it comes from
(docs/courses.md, "Which pack"):

``builtin`` (the default)
    the pack that ships inside the tutor.
a folder (a path: one that exists, or holds ``/``, or starts with ``.`` or ``~``)
    a pack folder. ``ci init`` points the workflow at it inside the repository;
    the exports copy it into what they write.
``NAME=REQUIREMENT``
    pip installs REQUIREMENT (``mycourse==1.2``, ``git+https://host/org/repo@v1``,
    anything pip takes) and the grade runs with ``--pack NAME``, the name the
    pack is installed under (its ``autograd_tutor.packs`` entry point).
``REQUIREMENT`` with a version, extras or a marker (``mycourse==1.2``)
    short for ``mycourse=mycourse==1.2``: the project and the pack share a name.
a bare ``NAME``
    a pack installed here, on this machine: the exports copy its folder (what
    you graded with here is what the platform grades with); ``ci init`` cannot
    carry it, and says how to name a requirement instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tutor.errors import UserError

# A project or entry-point name (PEP 508's shape), then what may follow it in a requirement.
_NAME = r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?"
_REQUIREMENT = re.compile(rf"^(?P<name>{_NAME})\s*(?P<rest>(\[[A-Za-z0-9._,\s-]*\])?\s*([=<>!~@;].*)?)$")
_NAMED = re.compile(rf"^(?P<name>{_NAME})=(?!=)(?P<req>.+)$")
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://|^git\+")


@dataclass(frozen=True)
class PackSpec:
    """``kind`` is ``builtin``, ``folder``, ``installed`` (a pack installed
    here, by name) or ``requirement`` (pip installs ``requirement`` on the
    platform; the pack's name there is ``name``)."""

    kind: str
    text: str
    name: str = ""
    requirement: str = ""
    folder: Path | None = None

    @property
    def installs(self) -> bool:
        return self.kind == "requirement"


def parse(text: str | None) -> PackSpec:
    """The spec the user typed, checked for what no generated file may hold."""
    if text is None or text == "builtin":
        return PackSpec("builtin", "builtin")
    check_safe(text, "--pack")
    path = Path(text).expanduser()
    if path.is_dir() or (path.is_file() and path.name == "pack.yaml"):
        return _folder(text, path)
    named = _NAMED.match(text)
    if named:
        return PackSpec("requirement", text, name=named["name"], requirement=named["req"].strip())
    if _URL.match(text):
        raise UserError(f"--pack {text}: a URL does not say which name the pack is installed under; write "
                        f"--pack NAME={text} (NAME: the pack's entry point in autograd_tutor.packs)")
    requirement = _REQUIREMENT.match(text)
    if requirement and requirement["rest"].strip():
        return PackSpec("requirement", text, name=requirement["name"], requirement=text)
    if "/" in text or text.startswith((".", "~")):
        return _folder(text, path)
    if not requirement:
        raise UserError(f"--pack {text}: not a pack folder, a pack name or a pip requirement "
                        "(docs/courses.md, \"Which pack\")")
    return PackSpec("installed", text, name=text)


def _folder(text: str, path: Path) -> PackSpec:
    if path.is_file():
        path = path.parent
    if not (path / "pack.yaml").is_file():
        raise UserError(f"--pack {text}: no pack folder there (a folder holding pack.yaml)")
    return PackSpec("folder", text, folder=path.resolve())


def check_safe(value: str, what: str) -> None:
    """Refuse what would change the meaning of a generated workflow or script:
    line breaks and control characters, and GitHub's ``${{`` expressions."""
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise UserError(f"{what}: control characters and line breaks are not allowed here")
    if "${{" in value:
        raise UserError(f"{what}: '${{{{' would be read as a GitHub Actions expression; not allowed here")


def local_folder(spec: PackSpec) -> Path | None:
    """The folder of the pack this machine would grade with, when there is one:
    a folder spec, or a pack installed here by name (resolved as ``--pack``
    is everywhere). ``None`` for the built-in pack and for requirements that
    are not installed here."""
    from tutor.pack.discovery import installed_packs, resolve_pack

    if spec.kind == "folder":
        return spec.folder
    if spec.kind == "installed":
        return resolve_pack(spec.name)[0].resolve()
    if spec.kind == "requirement" and spec.name in installed_packs():
        return resolve_pack(spec.name)[0].resolve()
    return None


def load(spec: PackSpec, *, required: bool = True):
    """The pack itself, for its id and exercises; ``None`` when it is a
    requirement not installed here and ``required`` is false."""
    from tutor.pack import load_pack

    if spec.kind == "builtin":
        return load_pack(None)
    folder = local_folder(spec)
    if folder is None:
        if required:
            raise UserError(f"--pack {spec.text}: its exercises must be read here, and no pack named "
                            f"'{spec.name}' is installed here: `pip install {spec.requirement}` first")
        return None
    return load_pack(str(folder))
