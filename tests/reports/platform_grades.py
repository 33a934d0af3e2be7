"""Real grades, run once per test session and shared by tests/reports/test_platform_*.py,
in whichever of the session's pytest processes (xdist workers) reads them first (``_once``).

A pack of our own (``pack new`` + four exercises), submissions that pass,
fail, raise, pass visible trials only, flood their output, and print or raise
the hostile corpus; each graded by the real ``autograd-tutor grade`` (a
fresh process, the sandbox) with every platform option, as in CI
(``GITHUB_ACTIONS=true``, a step summary, ``$GITHUB_OUTPUT``).
"""

from __future__ import annotations

import atexit
import fcntl
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from support import REPO

# The hostile corpus (tests/grade/test_isolation.py's NASTY), and Markdown,
# HTML, links and workflow commands of every syntax the platforms read.
NASTY = "\udc80 \x01\x0b \x1b[2J\x1b]0;title\x07 \r::error::pwned\n::error file=x::pwned\n##[error]pwned\n##vso[task.complete]x\n"
MARKUP = ("| cell | <script>alert(1)</script> <img src=x onerror=alert(1)> [link](https://evil.example/) "
          "![i](https://evil.example/i.png) `code` **bold** _it_ ~~s~~ $x^2$ www.evil.example a@evil.example #1 "
          "&amp; &#x3c; [[ATTACHMENT|/etc/passwd]] mid ##[warning]pwned \u2028::warning::pwned\n\u00a0::notice::pwned\n"
          "\t::debug::pwned\n\u200b::error::zw\n%0A::error::encoded, key=v: q\n- item\n# head\n> quote\n    code\n---\n")
HOSTILE = NASTY + MARKUP
# A student's folder name is the student's to choose too.
HOSTILE_NAME = "mal|<b>x<b> [l](https:e.vil) ::error::n, ##[error]n `c` %0A *s* $m$"

EXERCISES = {
    # Three value checks sharing one point: thirds, so GitHub Classroom's tests are point units.
    "predict-values": """\
id: predict-values
title: Predict the values
prompt: Set a, b and c.
points: 1
starter: |
  a = 0.0
  b = 0.0
  c = 0.0
solution: |
  a = 1.0
  b = 2.0
  c = 3.0
checks:
  - kind: value
    expr: a
  - kind: value
    expr: b
  - kind: value
    expr: c
""",
    "keep-hidden-grad": """\
id: keep-hidden-grad
title: Keep a hidden gradient
prompt: Keep h's gradient.
setup: |
  torch.manual_seed(seed)
  x = torch.randn(3, requires_grad=True)
starter: |
  h = x * 2
  y = (h ** 2).sum()
  y.backward()
solution: |
  h = x * 2
  h.retain_grad()
  y = (h ** 2).sum()
  y.backward()
checks:
  - kind: grad
    tensor: h
  - kind: retains_grad
    tensor: h
    points: 2
trials:
  - seed: 0
  - seed: 1
    hidden: true
""",
    # Many checks: the class-size end of GitHub Classroom's one environment variable.
    "many-values": "id: many-values\ntitle: Many values\nprompt: Set v0 to v39.\nstarter: |\n  pass\n"
                   "solution: |\n" + "".join(f"  v{i} = {i}.0\n" for i in range(40)) +
                   "checks:\n" + "".join(f"  - kind: value\n    expr: v{i}\n" for i in range(40)),
}
IDS = ["square-gradient", *EXERCISES]
SQUARE = "y = (x ** 2).sum()\ny.backward()\n"


def solutions(pack: Path) -> dict[str, str]:
    from tutor.pack import load_pack

    return {e.id: e.solution for e in load_pack(str(pack)).exercises.values()}


def hostile_files() -> dict[str, str]:
    """What a hostile student submits: text from the corpus in what the code
    prints, raises and names its exception class; a flood of output and of
    error text; a solution that is right on visible trials only."""
    return {
        "square-gradient": f"print({HOSTILE!r})\nraise ValueError({HOSTILE!r})\n",  # raises at line 2
        "predict-values": f"a = 1.0\nprint({HOSTILE!r})\nclass E(Exception):\n    pass\n"
                          f"E.__name__ = E.__qualname__ = {HOSTILE.replace(chr(0xdc80), '')!r}\n"  # a name must encode
                          f"raise E({HOSTILE!r})\n",  # raises at line 6
        "keep-hidden-grad": "h = x * 2\nif seed == 0:\n    h.retain_grad()\ny = (h ** 2).sum()\ny.backward()\n",
        "many-values": f"print({HOSTILE!r} * 2000)\nraise ValueError({HOSTILE!r} * 400)\n",
    }


def partial_files(pack: Path) -> dict[str, str]:
    """Some right, some wrong, one file missing."""
    return {
        "square-gradient": SQUARE,
        "predict-values": "a = 1.0\nb = 2.0\nc = 0.0\n",  # two thirds of a point
        "many-values": "".join(f"v{i} = {i if i < 25 else -1}.0\n" for i in range(40)),
    }


# A folder every pytest process of the session shares (tests/reports/conftest.py
# sets it); None outside such a session: each process then grades for itself.
ROOT: Path | None = None


def _tempdir(prefix: str) -> Path:
    """A folder for this session's grades, removed when the session ends."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def _once(name: str, make) -> dict:
    """``make(base)``, a grade's files in ``base`` and a dict of what the tests read,
    made once per session: the first process to take ``name``'s lock makes it and
    writes the dict down, the others wait and read it. Each such grade starts torch
    three times (the command, its workers); five files read the same four grades,
    and xdist sends them to different processes."""
    if ROOT is None:
        return make(_tempdir(f"agt-platform-{name}-"))
    with open(ROOT / f"agt-platform-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = ROOT / f"agt-platform-{name}.json"
        if not made.exists():  # a process that failed to make it left nothing: try again in a new folder
            result = make(Path(tempfile.mkdtemp(prefix=f"agt-platform-{name}-", dir=ROOT)))
            made.write_text(json.dumps({k: _plain(v) for k, v in result.items()}), encoding="utf-8")
    return {k: _revived(v) for k, v in json.loads(made.read_text(encoding="utf-8")).items()}


def _plain(value):
    if isinstance(value, subprocess.CompletedProcess):
        return {"proc": [value.args, value.returncode, value.stdout, value.stderr]}
    return {"path": str(value)} if isinstance(value, Path) else {"value": value}


def _revived(plain: dict):
    (kind, value), = plain.items()
    return subprocess.CompletedProcess(*value) if kind == "proc" else Path(value) if kind == "path" else value


def _write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for ex_id, code in files.items():
        (folder / f"{ex_id}.py").write_text(code, encoding="utf-8", errors="surrogatepass")
    return folder


def run(args: list[str], cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "CI_"))}
    full.pop("AGT_DEBUG_RUNS", None)
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "tutor", *args], cwd=str(cwd), env=full, capture_output=True,
                          text=True, errors="surrogateescape", timeout=600)


@functools.cache
def pack() -> Path:
    return _once("pack", _make_pack)["root"]


def _make_pack(base: Path) -> dict:
    root = base / "pack"
    proc = run(["pack", "new", str(root), "--id", "platform-pack"], cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    for ex_id, text in EXERCISES.items():
        (root / "exercises" / f"{ex_id}.yaml").write_text(text, encoding="utf-8")
    lesson = root / "lessons" / "01-first-lesson.yaml"
    lesson.write_text(lesson.read_text().replace("  - square-gradient\n", "".join(f"  - {i}\n" for i in IDS)))
    return {"root": root}


def _ci_env(out: Path) -> dict:
    (out / "summary.md").write_text("earlier step text\n", encoding="utf-8")
    (out / "github_output").write_text("other=1\n", encoding="utf-8")
    return {"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(out.parent), "GITHUB_STEP_SUMMARY": str(out / "summary.md"),
            "GITHUB_OUTPUT": str(out / "github_output"), "CI_PROJECT_DIR": str(out.parent)}


@functools.cache
def single(name: str) -> dict:
    """One student (``honest``, ``hostile`` or ``partial``) graded alone, every format, in GitHub Actions.
    The workspace (and the current folder) is the folder above the submission: file paths read
    ``<name>/<exercise-id>.py``."""
    return _once(name, lambda base: _single(name, base))


def _single(name: str, base: Path) -> dict:
    files = {"honest": lambda: solutions(pack()), "hostile": hostile_files, "partial": lambda: partial_files(pack())}[name]()
    folder = _write(base / name, files)
    out = base / "out"
    out.mkdir()
    env = _ci_env(out)
    proc = run(["grade", str(folder), "--pack", str(pack()), "--json", str(out / "r.json"), "--junit", str(out / "r.xml"),
                "--gradescope", str(out / "gs.json"), "--classroom", str(out / "classroom.json"),
                "--prairielearn", str(out / "grade" / "results" / "results.json"), "--jobs", "2", "--timeout", "20"],
               cwd=base, env=env)
    return {"proc": proc, "out": out, "folder": folder, "base": base, "env": env, "files": files}


@functools.cache
def folder_name(submission: str) -> str:
    """The folder on disk of a submission a report names: a CI platform finds a file by its real path
    (the hostile student's name is shown escaped, the path is not)."""
    return submission if submission in ("honest", "partial", "blank") else HOSTILE_NAME


def klass() -> dict:
    """honest, hostile (under HOSTILE_NAME), partial and blank (nothing submitted) as a class: JSON,
    JUnit, and GitHub Actions' summary and annotations."""
    return _once("class", _klass)


def _klass(base: Path) -> dict:
    subs = base / "class"
    students = {"honest": solutions(pack()), HOSTILE_NAME: hostile_files(), "partial": partial_files(pack()), "blank": {}}
    for name, files in students.items():
        _write(subs / name, files)
    out = base / "out"
    out.mkdir()
    env = _ci_env(out)
    proc = run(["grade", str(subs), "--pack", str(pack()), "--json", str(out / "r.json"), "--junit", str(out / "r.xml"),
                "--jobs", "2", "--timeout", "20"], cwd=base, env=env)
    return {"proc": proc, "out": out, "subs": subs, "base": base, "env": env, "students": sorted(students)}
