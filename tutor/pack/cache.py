"""A cache of validated packs: ``list``, ``pack validate`` and the app's start
answer an unchanged pack without parsing or validating it again.

One file per (pack folder, name shown in messages) in
``tutor.paths.pack_cache_dir()``. An entry holds what validation found (the
issues, or the pack pickled, and its :class:`~tutor.pack.outline.PackOutline`
as plain data) and what that depended on:

- every file the loader read, by its stat (size, mtime, ctime, inode) and a
  hash of its bytes. A file whose stat matches is not read again; one whose
  stat differs is hashed, and only a different hash is a change. A file
  modified within ``RACY_NS`` of the moment it was looked at is always
  hashed (a write in the same clock tick keeps the mtime);
- every file the loader looked for and did not find, and the pack files
  listed in ``lessons/`` and ``exercises/`` (a new file is a change);
- the code that validates and the models that are pickled: a hash of every
  ``tutor/pack/*.py`` source, the tutor and Python versions, and the stat of
  pydantic's and PyYAML's files (an upgrade is a change).

Anything wrong with a cache file (truncated, corrupt, another format, another
user's, group- or world-writable, too big) makes it a miss: the pack is
validated again and the entry rewritten. A cache folder that cannot be
written is skipped silently. The pickle is read with an unpickler that
builds nothing but this package's classes and paths.

The cache holds the instructor's pack only, for the process that loads it;
it is never read inside a grader's sandboxed run, and nothing a submission
sends is ever cached or taken from here.
"""

from __future__ import annotations

import marshal
import os
import stat
import sys
import time
from pathlib import Path
from typing import Any

try:  # hashlib would load OpenSSL (~20 ms) for a hash that _blake2 has
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

from tutor.pack.issues import PackIssue
from tutor.pack.layout import yaml_files
from tutor.pack.outline import PackOutline, outline_data

FORMAT = 1
MAGIC = b"autograd-tutor pack cache\n"
DIGEST = 32
RACY_NS = 2_000_000_000  # a file changed this recently is hashed, never trusted by its stat
MAX_BYTES = 64 << 20
MAX_ENTRIES = 64
# Modules whose files say which version of a library pickled or parsed the pack.
LIBRARIES = ("pydantic.version", "pydantic_core._pydantic_core", "yaml")


class Validated:
    """What validating a pack gave: its issues, its outline and (when valid) the pack."""

    def __init__(self, issues: list[PackIssue], outline: PackOutline | None, *, pack: Any = None,
                 pickled: bytes | None = None, root: Path | None = None, display: str = "",
                 from_cache: bool = False) -> None:
        self.issues = issues
        self.outline = outline
        self.from_cache = from_cache
        self._pack, self._pickled, self._root, self._display = pack, pickled, root, display

    def pack(self) -> Any:
        """The loaded pack (None when invalid); unpickled on first use. An
        entry that will not unpickle (classes renamed, a foreign pickle) is
        dropped and the pack validated again."""
        if self._pack is None and self._pickled is not None:
            blob, self._pickled = self._pickled, None
            try:
                pack = _unpickle(blob)
                if type(pack).__name__ != "Pack" or type(pack).__module__ != "tutor.pack.loaded":
                    raise TypeError("not a pack")
                pack.root = self._root  # the folder as given this time
                self._pack = pack
            except Exception:  # noqa: BLE001 - a bad entry is a miss
                fresh = validated(self._root, self._display, use_cache=False, rewrite=True)
                self.issues, self.outline, self._pack = fresh.issues, fresh.outline, fresh.pack()
        return self._pack


def cached(root: Path, display: str) -> Validated | None:
    """What the cache holds for the pack at ``root`` when nothing it depends
    on has changed, else None: never validates (the app's start screen asks,
    and must not wait for a validation)."""
    from tutor.paths import pack_cache_dir

    folder = pack_cache_dir()
    key = _key(root, display) if folder is not None else None
    if key is None:
        return None
    entry = _read(folder / _file_name(key), key)
    return entry.result(Path(root), display) if entry is not None else None


def validated(root: Path, display: str, *, use_cache: bool = True, rewrite: bool = False) -> Validated:
    """Validate the pack at ``root`` (``display`` is how messages name it),
    from the cache when nothing it depends on has changed. ``use_cache=False``
    validates again (and writes the entry only with ``rewrite``)."""
    from tutor.paths import pack_cache_dir

    folder = pack_cache_dir() if use_cache or rewrite else None
    key = _key(root, display) if folder is not None else None
    if key is not None and use_cache:
        entry = _read(folder / _file_name(key), key)
        if entry is not None:
            return entry.result(Path(root), display)
    from tutor.pack.loader import load_pack_inputs

    pack, issues, inputs = load_pack_inputs(root, display)
    outline = PackOutline.of(pack) if pack is not None else None
    if key is not None and inputs.cacheable:
        _write(folder, key, pack, issues, inputs)
    return Validated(issues, outline, pack=pack)


# ------------------------------------------------------------------ the key


_CODE: list[str] = []  # once per process


def code_version() -> str:
    """A hash of what validation and the pickled models are made of."""
    if not _CODE:
        from tutor import __version__

        h = blake2b(digest_size=16)
        h.update(f"{FORMAT}\0{__version__}\0{sys.version}\0".encode())
        here = Path(__file__).resolve().parent
        sources = sorted(p for p in os.listdir(here) if p.endswith(".py"))
        for name in sources:
            h.update(name.encode() + b"\0" + (here / name).read_bytes() + b"\0")
        h.update((here.parent / "autograd_apis.py").read_bytes())  # the calls check's model reads it
        _CODE.append(h.hexdigest())
    return _CODE[0]


def _key(root: Path, display: str) -> dict | None:
    try:
        return {"format": FORMAT, "code": code_version(), "root": os.path.abspath(root), "display": display}
    except OSError:  # sources not readable (an odd install): no cache
        return None


def _file_name(key: dict) -> str:
    return blake2b(f"{key['root']}\0{key['display']}".encode(), digest_size=16).hexdigest() + ".bin"


# --------------------------------------------------------------- the entry


class _Entry:
    def __init__(self, data: dict) -> None:
        self.data = data

    def fresh(self) -> bool:
        data = self.data
        for path, state in data["libraries"]:
            if _stat_tuple(path) != tuple(state):
                return False
        for folder, names in data["listings"].items():
            if _listing(folder) != names:
                return False
        for path, state in data["reads"].items():
            if not _same_file(path, state):
                return False
        return True

    def result(self, root: Path, display: str) -> Validated:
        data = self.data
        issues = [PackIssue(*issue) for issue in data["issues"]]
        outline = PackOutline.from_data(data["outline"]) if data["outline"] is not None else None
        return Validated(issues, outline, pickled=data["pack"], root=root, display=display, from_cache=True)


def _listing(folder: str) -> list[str] | None:
    """What the loader's ``files`` recorded for ``folder`` (see tutor.pack.loader._Collector)."""
    path = Path(folder)
    return [p.name for p in yaml_files(path)] if path.is_dir() else None


def _stat_tuple(path: str) -> tuple | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _same_file(path: str, state: list | None) -> bool:
    """Whether ``path`` still holds what was validated (``state``: see ``_file_state``)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return state is None
    except OSError:
        return False
    if state is None or not stat.S_ISREG(st.st_mode):
        return False
    size, times, digest = state
    if st.st_size != size:
        return False
    if times is not None and times == [st.st_mtime_ns, st.st_ctime_ns, st.st_ino]:
        return True
    try:
        with open(path, "rb") as f:
            raw = f.read(size + 1)
    except OSError:
        return False
    return blake2b(raw, digest_size=16).digest() == digest


def _file_state(st: os.stat_result, raw: bytes, now_ns: int) -> list:
    """[size, [mtime, ctime, inode] or None when too recent to trust, hash of the bytes]."""
    recent = max(st.st_mtime_ns, st.st_ctime_ns) > now_ns - RACY_NS
    times = None if recent or st.st_size != len(raw) else [st.st_mtime_ns, st.st_ctime_ns, st.st_ino]
    return [len(raw), times, blake2b(raw, digest_size=16).digest()]


def _library_states() -> list:
    out = []
    for name in LIBRARIES:
        path = getattr(sys.modules.get(name), "__file__", None)
        if path:
            out.append([path, list(_stat_tuple(path) or ())])
    return out


# ------------------------------------------------------------ reading, writing


def _read(path: Path, key: dict) -> _Entry | None:
    """The entry at ``path`` when it is ours, whole, of this key and fresh; else None."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if (not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES or st.st_mode & 0o022
                or (hasattr(os, "geteuid") and st.st_uid != os.geteuid())):
            return None  # not a file this user's tutor wrote: never trusted
        with os.fdopen(fd, "rb") as f:
            fd = -1
            blob = f.read(MAX_BYTES + 1)
    except OSError:
        return None
    finally:
        if fd >= 0:
            os.close(fd)
    head = len(MAGIC) + DIGEST
    if len(blob) < head or not blob.startswith(MAGIC):
        return None
    body = blob[head:]
    if blake2b(body, digest_size=DIGEST).digest() != blob[len(MAGIC):head]:
        return None  # truncated or corrupt
    try:
        data = marshal.loads(body)
        if not isinstance(data, dict) or data.get("key") != key:
            return None
        entry = _Entry(data)
        return entry if entry.fresh() else None
    except Exception:  # noqa: BLE001 - a malformed entry is a miss, whatever its shape
        return None


def _write(folder: Path, key: dict, pack: Any, issues: list[PackIssue], inputs: Any) -> None:
    """Write the entry; any failure (read-only or full disk, no permission) leaves no cache."""
    import pickle
    import tempfile

    now = time.time_ns()
    try:
        data = {
            "key": key,
            "libraries": _library_states(),
            "listings": dict(inputs.listings),
            "reads": {path: None if read is None else _file_state(read[0], read[1], now)
                      for path, read in inputs.reads.items()},
            "issues": [(i.path, i.line, i.col, i.field, i.message) for i in issues],
            "outline": outline_data(pack) if pack is not None else None,
            "pack": pickle.dumps(pack, protocol=pickle.HIGHEST_PROTOCOL) if pack is not None else None,
        }
        body = marshal.dumps(data)
    except Exception:  # noqa: BLE001 - a pack that cannot be pickled is simply not cached
        return
    tmp = None
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".entry-", suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(MAGIC + blake2b(body, digest_size=DIGEST).digest() + body)
        os.replace(tmp, folder / _file_name(key))
        tmp = None
        _prune(folder)
    except OSError:
        pass
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _prune(folder: Path) -> None:
    """Keep the ``MAX_ENTRIES`` most recently written entries (temporary pack copies add up)."""
    entries = []
    with os.scandir(folder) as it:
        for e in it:
            if e.name.endswith(".bin"):
                try:
                    entries.append((e.stat().st_mtime_ns, e.path))
                except OSError:
                    pass
    for _, path in sorted(entries, reverse=True)[MAX_ENTRIES:]:
        try:
            os.unlink(path)
        except OSError:
            pass


def clear() -> int:
    """Remove every cached pack; how many entries there were."""
    from tutor.paths import pack_cache_dir

    folder = pack_cache_dir()
    count = 0
    if folder is None or not folder.is_dir():
        return 0
    for path in folder.iterdir():
        if path.suffix in (".bin", ".tmp"):
            try:
                path.unlink()
                count += path.suffix == ".bin"
            except OSError:
                pass
    return count


def _unpickle(blob: bytes) -> Any:
    import io
    import pickle

    class Unpickler(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            if module == "pathlib" and name in ("PosixPath", "WindowsPath", "PurePosixPath", "PureWindowsPath"):
                return super().find_class(module, name)
            if module.startswith("tutor.pack."):
                found = super().find_class(module, name)
                if isinstance(found, type):
                    return found
            raise pickle.UnpicklingError(f"{module}.{name} is not part of a pack")

    return Unpickler(io.BytesIO(blob)).load()
