"""``export gradescope ZIP``: an autograder zip for a Gradescope programming assignment.

Gradescope unpacks the zip into ``/autograder/source``, runs ``setup.sh`` there
once as root when it builds the image, copies ``run_autograder`` to
``/autograder/run_autograder`` and runs it for every submission, with the
student's files in ``/autograder/submission``; it reads
``/autograder/results/results.json`` (gradescope-autograders.readthedocs.io,
"Autograder Specifications"). Both scripts must be executable: a zip entry
keeps its mode only in the Unix attributes set here, never by default.
"""

from __future__ import annotations

import os
import tempfile
import zipfile
from pathlib import Path

from tutor import __version__
from tutor.errors import UserError
from tutor.platforms import install, packfiles, packspec, wheel
from tutor.platforms.packspec import PackSpec

SOURCE = "/autograder/source"
PACK_DIR = "pack"  # the pack's copy inside the zip, so /autograder/source/pack
EXECUTABLE = 0o100755
REGULAR = 0o100644


def entries(spec: PackSpec, tutor: str | None = None) -> dict[str, tuple[bytes, int]]:
    """Zip entry name -> (bytes, Unix mode)."""
    out: dict[str, tuple[bytes, int]] = {}
    pack_args = install.grade_pack_args(spec)
    pack_install = "# The pack: " + {"builtin": "the built-in one, inside the tutor.",
                                     "requirement": "installed by pip."}.get(spec.kind, f"copied into {PACK_DIR}/.")
    if spec.kind in ("folder", "installed"):
        folder = packspec.local_folder(spec)
        assert folder is not None
        for rel, data in packfiles.verified(folder, packspec.load(spec)).items():
            out[f"{PACK_DIR}/{rel}"] = (data, REGULAR)
        pack_args = install.grade_pack_args(spec, f"{SOURCE}/{PACK_DIR}")
    elif spec.kind == "requirement":
        pack_install += f"\n/opt/autograd-tutor/bin/pip install --quiet {install.quote(spec.requirement)}"
    if tutor:
        tutor_install = install.quote(install.tutor_requirement(tutor))
    else:
        name, data = wheel.build()
        out[name] = (data, REGULAR)
        tutor_install = f"./{name}"
    setup = install.render("gradescope-setup.sh", VERSION=__version__, TORCH=install.TORCH_REQUIREMENT,
                           TORCH_INDEX=install.TORCH_INDEX, TUTOR=tutor_install, PACK_INSTALL=pack_install)
    run = install.render("gradescope-run_autograder", VERSION=__version__, PACK_ARGS=pack_args)
    out["setup.sh"] = (setup.encode("utf-8"), EXECUTABLE)
    out["run_autograder"] = (run.encode("utf-8"), EXECUTABLE)
    return out


def write_zip(path: Path, files: dict[str, tuple[bytes, int]]) -> None:
    """Write the zip whole or not at all; the same files give the same bytes."""
    if path.is_dir():
        raise UserError(f"{path} is a folder; give the zip file to write")
    folder = path.parent if str(path.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise UserError(f"{path}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as f, zipfile.ZipFile(f, "w", zipfile.ZIP_DEFLATED) as archive:
            # setup.sh and run_autograder first: what a person opening the zip looks for.
            for name in sorted(files, key=lambda n: (n not in ("setup.sh", "run_autograder"), n)):
                data, mode = files[name]
                entry = zipfile.ZipInfo(name, wheel.EPOCH)
                entry.create_system = 3  # Unix: unzip then honours the mode below
                entry.external_attr = mode << 16
                entry.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(entry, data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise UserError(f"{path}: cannot write: {exc.strerror or exc}") from None
        raise
