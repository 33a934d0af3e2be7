"""Property tests: whatever is in a pack's files, the loader answers with
``(pack, [])`` or ``(None, issues)`` made of well-formed PackIssues, and never
raises anything but UserError.

Inputs are (a) random YAML documents, as text and as dumped random
structures, put in place of pack.yaml, a lesson or an exercise, and (b) random
edits of the valid pack ``pack new`` writes: keys deleted, values of another
type, keys added, files truncated, random bytes inserted, lines dropped.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import yaml
import yaml.reader
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.errors import UserError
from tutor.pack import validate_pack
from tutor.pack.issues import PackIssue
from tutor.pack.models import FILE_MODELS
from tutor.pack.scaffold import scaffold

# About 10 s of CPU for the whole file at the default; raise it to hunt for bugs.
SETTINGS = settings(
    max_examples=int(os.environ.get("PACK_PROPERTY_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

FILES = {
    "pack": "pack.yaml",
    "lesson": "lessons/01-first-lesson.yaml",
    "exercise": "exercises/square-gradient.yaml",
}
SOLUTION = "exercises/square-gradient.py"

# Keys the format knows, so random mappings reach the models' validators
# rather than stopping at "unknown key" every time.
KNOWN_KEYS = sorted(
    {
        name
        for model in FILE_MODELS.values()
        for name in model.model_fields
    }
    | {
        "kind", "tensor", "root", "expr", "assert", "rtol", "atol", "expect", "seed", "hidden",
        "en", "zh", "code", "output", "function", "inputs", "exception", "tier", "float32",
    }
)
KINDS = ["grad", "value", "graph", "leaf", "requires_grad", "retains_grad", "raises",
         "gradcheck", "gradgradcheck", "python", "nope"]


# ------------------------------------------------------------------ strategies

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(KINDS + ["square-gradient", "first-lesson", "x", "y", "y.sum(", "1e-3", "en", "zh"]),
)
keys = st.one_of(st.sampled_from(KNOWN_KEYS), st.text(max_size=8), st.integers(-3, 3), st.booleans())


def _structures(leaves):
    return st.recursive(
        leaves,
        lambda children: st.one_of(
            st.lists(children, max_size=4),
            st.dictionaries(keys, children, max_size=5),
        ),
        max_leaves=25,
    )


documents = _structures(scalars)
top_level = st.dictionaries(keys, documents, max_size=8)

yaml_like_text = st.lists(
    st.sampled_from(list("abcxyz019 -:#[]{},&*!|>'\"\n\t\\?%@`.") + ["\n  ", "\n- ", ": ", "é", "平", "id", "checks"]),
    max_size=80,
).map("".join)


def _dump(data: object) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None)


# ------------------------------------------------------------------- the check


def check_loader(root: Path) -> None:
    """The property itself."""
    try:
        pack, issues = validate_pack(str(root))
    except UserError:
        return
    assert isinstance(issues, list)
    if pack is not None:
        assert issues == []
        return
    assert issues, "no pack and no issue"
    prefix = str(root) + "/"
    for issue in issues:
        assert isinstance(issue, PackIssue), issue
        assert isinstance(issue.line, int) and issue.line >= 1, issue
        assert isinstance(issue.col, int) and issue.col >= 1, issue
        assert issue.path.startswith(prefix), issue
        assert Path(issue.path).resolve().is_relative_to(root.resolve()), issue
        assert isinstance(issue.field, str), issue
        assert isinstance(issue.message, str) and issue.message.strip(), issue
        line = str(issue)
        if not (ALLOW_NEWLINE_IN_UNKNOWN_KEY and issue.message.startswith("unknown key")):
            assert "\n" not in line and "\r" not in line, line  # one problem, one line
    assert issues == sorted(issues)


# KNOWN BUG, remove this work-around once fixed: a character YAML forbids
# (NUL, most C0 controls, U+FFFE...) in a .yaml file makes load_yaml raise
# yaml.reader.ReaderError, because yaml.SafeLoader(text) runs its reader
# check outside the try block. tests/pack/test_malformed_packs.py holds the
# xfail case "control-character-in-yaml"; until it passes, such characters
# are replaced here so the other properties keep being exercised.
AVOID_NONPRINTABLE_IN_YAML = False
# KNOWN BUG, likewise ("unknown-key-with-newline"): an unknown key is printed
# raw, so a key holding a newline splits the problem over two lines.
ALLOW_NEWLINE_IN_UNKNOWN_KEY = False


def _printable(raw: bytes) -> bytes:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw  # reported as "not valid UTF-8" before YAML sees it
    return yaml.reader.Reader.NON_PRINTABLE.sub("?", text).encode("utf-8")


def _with_pack(files: dict[str, str | bytes | None]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "pack"
        scaffold(str(root), pack_id="demo", title="Demo")
        for rel, content in files.items():
            path = root / rel
            if content is None:
                path.unlink(missing_ok=True)
                continue
            raw = content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass")
            if AVOID_NONPRINTABLE_IN_YAML and rel.endswith(".yaml"):
                raw = _printable(raw)
            path.write_bytes(raw)
        check_loader(root)


def _base_text(kind: str) -> str:
    from tutor.pack import scaffold as scaffold_module

    if kind == "pack":
        return scaffold_module.PACK_YAML.format(id="demo", title='"Demo"')
    return {"lesson": scaffold_module.LESSON_YAML, "exercise": scaffold_module.EXERCISE_YAML}[kind]


# ---------------------------------------------------------- (a) random documents


@SETTINGS
@given(kind=st.sampled_from(sorted(FILES)), text=st.one_of(st.text(max_size=300), yaml_like_text))
def test_random_text(kind: str, text: str) -> None:
    _with_pack({FILES[kind]: text})


@SETTINGS
@given(kind=st.sampled_from(sorted(FILES)), raw=st.binary(max_size=200))
def test_random_bytes(kind: str, raw: bytes) -> None:
    _with_pack({FILES[kind]: raw})


@SETTINGS
@given(kind=st.sampled_from(sorted(FILES)), data=st.one_of(documents, top_level))
def test_random_structures(kind: str, data: object) -> None:
    _with_pack({FILES[kind]: _dump(data)})


@SETTINGS
@given(
    kind=st.sampled_from(sorted(FILES)),
    extra=st.dictionaries(st.sampled_from(KNOWN_KEYS), documents, max_size=6),
)
def test_random_structures_over_valid_files(kind: str, extra: dict) -> None:
    """A valid file with some of its keys overwritten by random values."""
    data = yaml.safe_load(_base_text(kind))
    data.update(extra)
    _with_pack({FILES[kind]: _dump(data)})


# ------------------------------------------------------- (b) mutations of a pack


def _paths(data: object, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _paths(value, path + (i,))
    return out


def _get(data: object, path: tuple) -> object:
    for part in path:
        data = data[part]  # type: ignore[index]
    return data


@st.composite
def structural_mutation(draw) -> tuple[str, str]:
    kind = draw(st.sampled_from(sorted(FILES)))
    data = yaml.safe_load(_base_text(kind))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = _get(data, path[:-1])
        op = draw(st.sampled_from(["delete", "retype", "insert_key", "wrap_in_list", "wrap_in_dict"]))
        if op == "delete":
            del parent[path[-1]]
        elif op == "retype":
            parent[path[-1]] = draw(documents)
        elif op == "insert_key":
            target = parent if isinstance(parent, dict) else _get(data, path)
            if isinstance(target, dict):
                target[draw(keys)] = draw(documents)
            else:
                parent[path[-1]] = {draw(keys): draw(documents)}
        elif op == "wrap_in_list":
            parent[path[-1]] = [parent[path[-1]]]
        else:
            parent[path[-1]] = {draw(keys): parent[path[-1]]}
    return FILES[kind], _dump(data)


@SETTINGS
@given(mutation=structural_mutation())
def test_structural_mutations(mutation: tuple[str, str]) -> None:
    rel, text = mutation
    _with_pack({rel: text})


@st.composite
def text_mutation(draw) -> tuple[str, bytes | None]:
    from tutor.pack import scaffold as scaffold_module

    rel = draw(st.sampled_from([*FILES.values(), SOLUTION]))
    if rel == SOLUTION:
        raw = scaffold_module.SOLUTION_PY.encode()
    else:
        kind = next(k for k, v in FILES.items() if v == rel)
        raw = _base_text(kind).encode()
    op = draw(st.sampled_from(["truncate", "insert_bytes", "delete_line", "duplicate_line",
                               "indent_line", "replace_char", "delete_file", "crlf"]))
    lines = raw.splitlines(keepends=True)
    if op == "truncate":
        raw = raw[: draw(st.integers(0, len(raw)))]
    elif op == "insert_bytes":
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    elif op == "delete_line":
        del lines[draw(st.integers(0, len(lines) - 1))]
        raw = b"".join(lines)
    elif op == "duplicate_line":
        i = draw(st.integers(0, len(lines) - 1))
        lines.insert(i, lines[i])
        raw = b"".join(lines)
    elif op == "indent_line":
        i = draw(st.integers(0, len(lines) - 1))
        lines[i] = draw(st.sampled_from([b" ", b"  ", b"\t", b"- "])) + lines[i]
        raw = b"".join(lines)
    elif op == "replace_char":
        at = draw(st.integers(0, len(raw) - 1))
        raw = raw[:at] + draw(st.sampled_from([b":", b"-", b"[", b"{", b"'", b'"', b"|", b"#", b"&", b"*", b"\x00"])) + raw[at + 1 :]
    elif op == "delete_file":
        return rel, None
    else:
        raw = raw.replace(b"\n", b"\r\n")
    return rel, raw


@SETTINGS
@given(mutations=st.lists(text_mutation(), min_size=1, max_size=3))
def test_text_mutations(mutations: list[tuple[str, bytes | None]]) -> None:
    _with_pack(dict(mutations))


def test_scaffold_passes_the_property() -> None:
    """The unmutated pack is valid (so mutations start from a known state)."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "pack"
        scaffold(str(root), pack_id="demo", title="Demo")
        pack, issues = validate_pack(str(root))
        assert issues == [] and pack is not None
