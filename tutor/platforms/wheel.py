"""The running tutor as a wheel, for the exports to bundle.

A Gradescope image or a PrairieLearn grader image then grades with exactly
the code the instructor tried the export with, whether or not that version
is on a package index. The wheel is repacked from the installed files (a
wheel install or an editable one from a source checkout alike): the ``tutor``
package, the built-in pack at ``tutor/_builtin/`` (where the wheel build puts
it, see pyproject's force-include), and the installed distribution's own
METADATA and entry points. No build backend is needed, and the bytes depend
only on the files: the same install gives the same wheel.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from io import BytesIO
from pathlib import Path

from tutor.errors import UserError

DISTRIBUTION = "autograd-tutor"
EPOCH = (1980, 1, 1, 0, 0, 0)  # zip's earliest date: reproducible bytes
_SKIP_DIRS = {"__pycache__"}
_SKIP_SUFFIXES = (".pyc", ".pyo")


def build() -> tuple[str, bytes]:
    """(file name, bytes) of a wheel of the running tutor."""
    from importlib import metadata

    import tutor
    from tutor.pack.builtin import pack_dir

    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        raise UserError("the tutor is not installed (it runs from a source folder), so no wheel of it can be "
                        "bundled: `pip install .` it, or pass --tutor REQUIREMENT to install it from an index")
    version = dist.version
    stem = f"autograd_tutor-{version}"
    package = Path(tutor.__file__).resolve().parent
    files: dict[str, bytes] = {}
    for path in _files(package):
        files["tutor/" + path.relative_to(package).as_posix()] = path.read_bytes()
    builtin = pack_dir().resolve()
    if not builtin.is_relative_to(package):  # a source checkout: the pack sits at the top of the repository
        for name in ("pack.yaml", "lessons", "exercises"):
            top = builtin / name
            for path in ([top] if top.is_file() else _files(top)):
                files["tutor/_builtin/" + path.relative_to(builtin).as_posix()] = path.read_bytes()
    info = f"{stem}.dist-info"
    files[f"{info}/METADATA"] = (dist.read_text("METADATA") or "").encode("utf-8")
    entry_points = dist.read_text("entry_points.txt")
    if entry_points:
        files[f"{info}/entry_points.txt"] = entry_points.encode("utf-8")
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: autograd-tutor export\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    record = "".join(f"{name},sha256={_digest(data)},{len(data)}\n" for name, data in sorted(files.items()))
    files[f"{info}/RECORD"] = (record + f"{info}/RECORD,,\n").encode("utf-8")
    out = BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name in sorted(files, key=lambda n: (n.startswith(info), n)):  # dist-info last, as wheels have it
            entry = zipfile.ZipInfo(name, EPOCH)
            entry.create_system = 3
            entry.external_attr = 0o100644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(entry, files[name])
    return f"{stem}-py3-none-any.whl", out.getvalue()


def _files(folder: Path) -> list[Path]:
    out = []
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if any(p in _SKIP_DIRS or p.startswith(".") for p in parts) or path.suffix in _SKIP_SUFFIXES:
            continue
        if path.is_file() and not path.is_symlink():
            out.append(path)
    return out


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
