"""Malformed lesson packs and the exact lines ``pack validate`` prints for them.

Every case starts from the pack ``autograd-tutor pack new`` writes, changes
one thing (a few cases change several), runs the real CLI on it and compares
its whole output with the expected ``path:line:col: field: message`` lines.

The scaffold's files are copied below with their line numbers so the expected
positions can be checked by eye; ``test_base_files_are_the_scaffold`` fails
first (and alone) if ``pack new`` ever writes something else.

Cases marked ``xfail(strict=True)`` are ones where the validator's current
output is wrong or unhelpful for an instructor; the expectation written there
is the output we want, not the output we get.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tutor.pack.scaffold import scaffold

REPO_ROOT = Path(__file__).resolve().parents[2]
DIR = "demo"  # the pack folder, passed relative to tmp_path so paths are stable

EX = f"{DIR}/exercises/square-gradient.yaml"
SOL = f"{DIR}/exercises/square-gradient.py"
LES = f"{DIR}/lessons/01-first-lesson.yaml"
PACK = f"{DIR}/pack.yaml"

LANGS = "(pack.yaml declares languages ['en', 'zh'])"
KINDS = "grad, value, graph, through, leaf, requires_grad, retains_grad, raises, gradcheck, gradgradcheck, calls, hooks, footprint, unchanged, inputs, python"
SLUG_RULE = "use lower-case letters, digits and dashes (like 'chain-rule-1')"

# ----------------------------------------------------------------- base files
# What `autograd-tutor pack new demo --id demo --title Demo` writes.

PACK_YAML = """\
# yaml-language-server: $schema=schema/pack.schema.json
format: 1
id: demo
title: "Demo"
version: "0.1.0"
languages: [en]
min_torch: "2.1"
lessons:
  - first-lesson
"""
#  1 # yaml-language-server ...
#  2 format: 1
#  3 id: demo
#  4 title: "Demo"
#  5 version: "0.1.0"
#  6 languages: [en]
#  7 min_torch: "2.1"
#  8 lessons:
#  9   - first-lesson

LESSON_YAML = """\
# yaml-language-server: $schema=../schema/lesson.schema.json
id: first-lesson
title: A first lesson
body: |
  Lessons are Markdown. Tell one idea (the gradient of `x ** 2` at `x = 2` is 4), show it, let them try.
examples:
  # `output` must be exactly what `code` prints; the pack's tests run it.
  - code: |
      x = torch.tensor(2.0, requires_grad=True)
      y = x ** 2
      y.backward()
      print(x.grad.item())
    output: |
      4.0
exercises:
  - square-gradient
claims:
  # Every factual sentence of the body, with code that proves it: `anchor` is
  # a piece of the body, `code` must run without raising (use asserts).
  - anchor: the gradient of `x ** 2` at `x = 2` is 4
    code: |
      x = torch.tensor(2.0, requires_grad=True)
      (x ** 2).backward()
      assert x.grad.item() == 4.0
"""
#  1 # yaml-language-server ...
#  2 id: first-lesson
#  3 title: A first lesson
#  4 body: |
#  5   Lessons are Markdown. ...
#  6 examples:
#  7   # `output` must be ...
#  8   - code: |
#  9       x = torch.tensor(2.0, requires_grad=True)
# 10       y = x ** 2
# 11       y.backward()
# 12       print(x.grad.item())
# 13     output: |
# 14       4.0
# 15 exercises:
# 16   - square-gradient

EXERCISE_YAML = """\
# yaml-language-server: $schema=../schema/exercise.schema.json
id: square-gradient
title: The gradient of a square
prompt: |
  Compute `y = (x ** 2).sum()` and run the backward pass so that `x.grad` holds dy/dx.
# Runs before the learner's code and before the reference, with `seed` and `device` bound.
setup: |
  torch.manual_seed(seed)
  x = torch.randn(3, device=device, requires_grad=True)
starter: |
  y = (x ** 2).sum()
solution_file: square-gradient.py
checks:
  - kind: grad
    tensor: x
  - kind: graph
    root: y
hints:
  - Gradients reach `.grad` only after a backward pass.
  - Call `y.backward()`.
trials:
  - seed: 0
  - seed: 1
    hidden: true
"""
#  1 # yaml-language-server ...
#  2 id: square-gradient
#  3 title: The gradient of a square
#  4 prompt: |
#  5   Compute `y = (x ** 2).sum()` ...
#  6 # Runs before ...
#  7 setup: |
#  8   torch.manual_seed(seed)
#  9   x = torch.randn(3, device=device, requires_grad=True)
# 10 starter: |
# 11   y = (x ** 2).sum()
# 12 solution_file: square-gradient.py
# 13 checks:
# 14   - kind: grad
# 15     tensor: x
# 16   - kind: graph
# 17     root: y
# 18 hints:
# 19   - Gradients reach `.grad` only after a backward pass.
# 20   - Call `y.backward()`.
# 21 trials:
# 22   - seed: 0
# 23   - seed: 1
# 24     hidden: true

SOLUTION_PY = """\
y = (x ** 2).sum()
y.backward()
"""

BASE = {
    "pack.yaml": PACK_YAML,
    "lessons/01-first-lesson.yaml": LESSON_YAML,
    "exercises/square-gradient.yaml": EXERCISE_YAML,
    "exercises/square-gradient.py": SOLUTION_PY,
}


# -------------------------------------------------------------------- helpers


@dataclass(frozen=True)
class Sub:
    """Replace ``old`` (which must occur exactly once) by ``new`` in the base file."""

    old: str
    new: str


def _sub(text: str, edit: Sub) -> str:
    assert text.count(edit.old) == 1, f"{edit.old!r} must occur exactly once"
    return text.replace(edit.old, edit.new)


def make_pack(tmp_path: Path, edits: dict) -> Path:
    """Scaffold a valid pack at tmp_path/demo, then apply ``edits``.

    ``edits`` maps a path inside the pack to: a str (the whole new text), bytes
    (written as is), None (delete the file), or a Sub / list of Subs applied
    to the base text of that file.
    """
    root = tmp_path / DIR
    scaffold(str(root), pack_id="demo", title="Demo")
    for rel, edit in edits.items():
        path = root / rel
        if edit is None:
            path.unlink()
            continue
        if isinstance(edit, (Sub, list)):
            text = BASE[rel]
            for one in edit if isinstance(edit, list) else [edit]:
                text = _sub(text, one)
            edit = text
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(edit, bytes):
            path.write_bytes(edit)
        else:
            path.write_bytes(edit.encode("utf-8"))  # keep \r\n exactly as written
    return root


def run_validate(tmp_path: Path, target: str = DIR) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    env.pop("NO_COLOR", None)
    return subprocess.run(
        [sys.executable, "-m", "tutor", "pack", "validate", target],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def ex(*subs: Sub) -> dict:
    return {"exercises/square-gradient.yaml": list(subs)}


# ---------------------------------------------------------------------- cases


@dataclass
class Case:
    id: str
    edits: dict
    expected: list[str]
    xfail: str | None = None


ANOTHER_EXERCISE = """\
id: square-gradient
title: Another square
prompt: Square it.
setup: x = torch.ones(2, requires_grad=True)
solution: y = (x ** 2).sum()
checks:
  - kind: value
    expr: y
"""

ZH_PACK = """\
format: 1
id: demo
title: {en: Demo, zh: 演示}
version: "0.1.0"
languages: [en, zh]
lessons:
  - first-lesson
"""

ZH_LESSON = """\
id: first-lesson
title: {en: A first lesson, zh: 第一课}
body:
  en: Gradients flow backwards.
  zh: 梯度反向流动。
exercises:
  - square-gradient
"""

ZH_EXERCISE = """\
id: square-gradient
title: {en: The gradient of a square, zh: 平方的梯度}
prompt:
  en: Compute `y = (x ** 2).sum()` and call `y.backward()`.
  zh: 计算 `y = (x ** 2).sum()` 并调用 `y.backward()`。
setup: |
  x = torch.randn(3, requires_grad=True)
solution_file: square-gradient.py
checks:
  - kind: grad
    tensor: x
hints:
  - {en: Run a backward pass., zh: 执行反向传播。}
  - Call `y.backward()`.
"""
# line 14 is the hint without a `zh` text.

CUBE_EXERCISE = """\
id: cube
title: Cube
prompt: Cube it.
setup: |
  x = torch.ones(2, requires_grad=True)
  if x.sum() > 0
      pass
solution: y = (x ** 3).sum()
checks:
  - kind: value
    expr: y
"""
# line 6: `if` without a colon; Python points just past `0` (column 15 of
# the code, column 17 of the file).

# Without the graph check (line 16-17) every check names only `x`, which the
# setup defines, so a missing reference cannot cause follow-on errors.
NO_GRAPH_CHECK = Sub("  - kind: graph\n    root: y\n", "")

CASES = [
    # --- wrong types -------------------------------------------------------
    Case(
        "rtol-not-a-number",
        ex(Sub("    tensor: x\n", "    tensor: x\n    rtol: small\n")),
        [f"{EX}:16:11: checks[0].rtol: expected a number, got 'small'"],
    ),
    Case(
        "hidden-not-a-boolean",
        ex(Sub("hidden: true", "hidden: maybe")),
        [f"{EX}:24:13: trials[1].hidden: expected true or false, got 'maybe'"],
    ),
    Case(
        "checks-is-a-mapping",
        ex(Sub("  - kind: grad\n    tensor: x\n  - kind: graph\n    root: y\n", "  kind: grad\n  tensor: x\n")),
        [f"{EX}:14:3: checks: expected a list, got a mapping"],
    ),
    Case(
        "title-is-a-number",
        ex(Sub("title: The gradient of a square", "title: 42")),
        [f"{EX}:3:8: title: expected text: a string or {{en: ..., zh: ...}}, got 42"],
    ),
    Case(
        "pack-lessons-not-a-list",
        {"pack.yaml": Sub("lessons:\n  - first-lesson\n", "lessons: first-lesson\n")},
        [f"{PACK}:8:10: lessons: expected a list, got 'first-lesson'"],
    ),
    Case(
        "style-not-allowed",
        ex(Sub("starter: |", "style: writ\nstarter: |")),
        [f"{EX}:10:8: style: expected one of 'write', 'fix', 'predict' or 'match-graph', got 'writ'"],
    ),
    Case(
        "unknown-language",
        {"pack.yaml": Sub("languages: [en]", "languages: [en, fr]")},
        [f"{PACK}:6:17: languages[1]: expected one of 'en' or 'zh', got 'fr'"],
    ),
    # --- keys -----------------------------------------------------------------
    Case(
        "unknown-top-level-key-did-you-mean",
        ex(Sub("hints:", "hint:")),
        [f"{EX}:18:1: unknown key 'hint' (did you mean 'hints'?)"],
    ),
    Case(
        "unknown-check-key-did-you-mean",
        ex(Sub("    tensor: x\n", "    tensor: x\n    rtool: 0.1\n")),
        [f"{EX}:16:5: checks[0]: unknown key 'rtool' (did you mean 'rtol'?)"],
    ),
    Case(
        "unknown-text-language-key",
        ex(Sub("title: The gradient of a square", "title: {en: Squares, fr: Carrés}")),
        [f"{EX}:3:22: title: unknown key 'fr'"],
    ),
    Case(
        "unknown-check-kind",
        ex(Sub("  - kind: graph", "  - kind: grahp")),
        [f"{EX}:16:11: checks[1].kind: unknown check kind 'grahp' (did you mean 'graph'?); expected one of: {KINDS}"],
    ),
    Case(
        "check-without-kind",
        ex(Sub("  - kind: grad\n    tensor: x", "  - tensor: x")),
        [f"{EX}:14:5: checks[0].kind: missing key 'kind' (one of: {KINDS})"],
    ),
    Case(
        "missing-required-key",
        ex(Sub("title: The gradient of a square\n", "")),
        [f"{EX}:2:1: missing required key 'title'"],
    ),
    Case(
        "missing-required-key-in-check",
        ex(Sub("    tensor: x\n", "")),
        [f"{EX}:14:5: checks[0]: missing required key 'tensor'"],
    ),
    Case(
        "duplicate-yaml-key",
        ex(Sub("starter: |", "title: Again\nstarter: |")),
        [f"{EX}:10:1: duplicate key 'title' (first defined on line 3)"],
    ),
    Case(
        "duplicate-yaml-key-in-check",
        ex(Sub("    tensor: x\n", "    tensor: x\n    tensor: y\n")),
        [f"{EX}:16:5: checks[0]: duplicate key 'tensor' (first defined on line 15)"],
    ),
    # --- ids and links between files -------------------------------------------
    Case(
        "duplicate-exercise-id-across-files",
        {"exercises/another.yaml": ANOTHER_EXERCISE},
        [f"{EX}:2:5: id: duplicate exercise id 'square-gradient' (also in {DIR}/exercises/another.yaml:1:5)"],
    ),
    Case(
        "lesson-names-missing-exercise",
        {"lessons/01-first-lesson.yaml": Sub("  - square-gradient\n", "  - square-gradient\n  - cube-gradient\n")},
        [f"{LES}:17:5: exercises[1]: no exercise with id 'cube-gradient' in exercises/"],
    ),
    Case(
        "pack-lists-missing-lesson",
        {"pack.yaml": Sub("  - first-lesson\n", "  - first-lesson\n  - second-lesson\n")},
        [f"{PACK}:10:5: lessons[1]: no lesson with id 'second-lesson' in lessons/"],
    ),
    Case(
        "lesson-not-listed-in-pack",
        {"lessons/02-extra.yaml": "id: extra\ntitle: Extra\nbody: More.\n"},
        [f"{DIR}/lessons/02-extra.yaml:1:5: id: lesson 'extra' is not listed in pack.yaml 'lessons'"],
    ),
    Case(
        "bad-slug-id",
        ex(Sub("id: square-gradient", "id: Square_Gradient")),
        [f"{EX}:2:5: id: 'Square_Gradient' is not allowed here: {SLUG_RULE}"],
    ),
    Case(
        "bad-pack-version",
        {"pack.yaml": Sub('version: "0.1.0"', "version: latest")},
        [f"{PACK}:5:10: version: 'latest' is not allowed here: expected a version such as 1.0"],
    ),
    Case(
        "bad-exception-name",
        ex(Sub("  - kind: graph\n    root: y", "  - kind: raises\n    exception: 1bad")),
        [f"{EX}:17:16: checks[1].exception: '1bad' is not allowed here: expected an exception class name such as RuntimeError"],
    ),
    # --- solutions ----------------------------------------------------------------
    Case(
        "missing-solution-file",
        {"exercises/square-gradient.py": None, "exercises/square-gradient.yaml": NO_GRAPH_CHECK},
        [f"{EX}:12:16: solution_file: solution file 'square-gradient.py' not found"],
    ),
    Case(
        "missing-solution-file-no-cascade",
        {"exercises/square-gradient.py": None},
        [f"{EX}:12:16: solution_file: solution file 'square-gradient.py' not found"],
    ),
    Case(
        "solution-file-with-a-nul",  # a traceback (ValueError: embedded null byte), found by hypothesis
        ex(Sub("solution_file: square-gradient.py\n", 'solution_file: "square\\0.py"\n')),
        [f"{EX}:12:16: solution_file: solution_file must be a file name (no NUL characters, not empty)"],
    ),
    Case(
        "both-solution-and-solution-file",
        ex(Sub("solution_file: square-gradient.py\n", "solution_file: square-gradient.py\nsolution: y = 1\n")),
        [f"{EX}:12:1: solution_file: give either 'solution' or 'solution_file', not both"],
    ),
    Case(
        "neither-solution-nor-solution-file",
        ex(Sub("solution_file: square-gradient.py\n", ""), NO_GRAPH_CHECK),
        [f"{EX}:2:1: missing required key 'solution' (or 'solution_file')"],
    ),
    Case(
        "neither-solution-nor-solution-file-no-cascade",
        ex(Sub("solution_file: square-gradient.py\n", "")),
        [f"{EX}:2:1: missing required key 'solution' (or 'solution_file')"],
    ),
    Case(
        "solution-file-not-utf8",
        {"exercises/square-gradient.py": b"y = '\xff'\n"},
        [f"{SOL}:1:6: file is not valid UTF-8"],
    ),
    # --- Python code inside the pack ---------------------------------------------
    Case(
        "setup-syntax-error",
        ex(Sub("torch.randn(3, device", "torch.randn(3,, device")),
        # line 9 is `  x = torch.randn(3,, device=...`: the second comma is column 21
        [f"{EX}:9:21: setup: Python syntax error: invalid syntax"],
    ),
    Case(
        "setup-syntax-error-crlf",
        {"exercises/square-gradient.yaml": _sub(EXERCISE_YAML, Sub("torch.randn(3, device", "torch.randn(3,, device")).replace("\n", "\r\n")},
        [f"{EX}:9:21: setup: Python syntax error: invalid syntax"],
    ),
    Case(
        "starter-syntax-error-after-blank-line",
        ex(Sub("starter: |\n  y = (x ** 2).sum()\n", "starter: |\n\n  y = (x ** 2).sum(\n")),
        # line 11 is blank, line 12 is `  y = (x ** 2).sum(`: the open paren is column 19
        [f"{EX}:12:19: starter: Python syntax error: '(' was never closed"],
    ),
    Case(
        "starter-syntax-error-indentation-indicator",
        ex(Sub("starter: |\n  y = (x ** 2).sum()\n", "starter: |2\n     y = (x ** 2).sum()\n")),
        # `|2`: content is indented 2, so the code is `   y = ...` and Python
        # reports column 3 of it, which is column 5 of line 11
        [f"{EX}:11:5: starter: Python syntax error: unexpected indent"],
    ),
    Case(
        "inline-solution-syntax-error",
        ex(Sub("solution_file: square-gradient.py\n", "solution: |\n  y = (x ** 2).sum()\n  y.backward(\n")),
        [f"{EX}:14:13: solution: Python syntax error: '(' was never closed"],
    ),
    Case(
        "lesson-example-syntax-error",
        {"lessons/01-first-lesson.yaml": Sub("      y.backward()\n", "      y.backward(\n")},
        [f"{LES}:11:17: examples[0].code: Python syntax error: '(' was never closed"],
    ),
    Case(
        "solution-file-syntax-error",
        {"exercises/square-gradient.py": "y = (x ** 2).sum()\ny.backward(\n"},
        [f"{SOL}:2:11: Python syntax error: '(' was never closed"],
    ),
    Case(
        "check-names-undefined-variable",
        ex(Sub("    root: y", "    root: z")),
        [f"{EX}:17:11: checks[1].root: 'z' is never defined by the setup or the reference solution"],
    ),
    Case(
        "value-expr-does-not-parse",
        ex(Sub("  - kind: graph\n    root: y", "  - kind: value\n    expr: y.sum(")),
        [f"{EX}:17:11: checks[1].expr: Python syntax error: '(' was never closed"],
    ),
    Case(
        "value-from-autograd-of-an-expression",
        ex(Sub("  - kind: graph\n    root: y", "  - kind: value\n    expr: y * 2\n    from_autograd: true")),
        [f"{EX}:16:5: checks[1]: from_autograd: true wants `expr` to be a name (the tensor's), not an expression"],
    ),
    Case(
        "value-from-hooks-of-an-expression",
        ex(Sub("  - kind: graph\n    root: y", "  - kind: value\n    expr: y.tolist()\n    from_hooks: true")),
        [f"{EX}:16:5: checks[1]: from_hooks: true wants `expr` to be a name (the list's), not an expression"],
    ),
    Case(
        "hooks-on-a-named-tensor-not-on-tensors",
        ex(Sub("  - kind: graph\n    root: y", "  - kind: hooks\n    on: module\n    tensor: x\n    min: 1")),
        [f"{EX}:16:5: checks[1]: tensor: names the tensor the hooks are on; it wants `on: tensor`, not `on: module`"],
    ),
    Case(  # an attribute path is no exception class (the words once said so: the two patterns are one)
        "may-change-not-a-path",
        ex(Sub("trials:\n", "may_change: [\"x..grad\"]\ntrials:\n")),
        [f"{EX}:21:14: may_change[0]: 'x..grad' is not allowed here: expected a variable name or an attribute "
         "path such as model.weight"],
    ),
    Case(  # NOTE [hooks on named modules]
        "hooks-on-named-modules-not-on-modules",
        ex(Sub("  - kind: graph\n    root: y", "  - kind: hooks\n    on: tensor\n    modules: [\"x\"]\n    min: 1")),
        [f"{EX}:16:5: checks[1]: modules: names the modules the hooks are on; it wants `on: module`, not `on: tensor`"],
    ),
    Case(
        "hooks-on-a-module-the-setup-never-made",
        ex(Sub("  - kind: graph\n    root: y", "  - kind: hooks\n    on: module\n    modules: [\"x\", \"net[0]\"]\n"
                                                "    min: 1")),
        [f"{EX}:18:20: checks[1].modules[1]: 'net' is never defined by the setup"],
    ),
    Case(
        "hooks-on-a-module-path-that-is-no-path",
        ex(Sub("  - kind: graph\n    root: y", "  - kind: hooks\n    on: module\n    modules: [\"x[0\"]\n    min: 1")),
        [f"{EX}:18:15: checks[1].modules[0]: 'x[0' is not allowed here: expected a variable name, then attributes "
         "and indexes, such as model[0] or net.encoder"],
    ),
    Case(
        "hooks-on-a-tensor-never-defined",
        ex(Sub("  - kind: graph\n    root: y", "  - kind: hooks\n    on: tensor\n    tensor: z\n    min: 1")),
        [f"{EX}:18:13: checks[1].tensor: 'z' is never defined by the setup or the reference solution"],
    ),
    Case(
        "value-from-hooks-and-from-autograd",
        ex(Sub("  - kind: graph\n    root: y", "  - kind: value\n    expr: y\n    from_hooks: true\n"
                                                "    from_autograd: true")),
        [f"{EX}:16:5: checks[1]: from_hooks and from_autograd ask for two different origins: choose one"],
    ),
    Case(
        "grad-backward-from-with-expect-none",
        ex(Sub("  - kind: graph\n    root: y", "  - kind: grad\n    tensor: x\n    expect: none\n"
                                                "    backward_from: y")),
        [f"{EX}:16:5: checks[1]: backward_from: asks where a gradient came from; `expect: none` wants none"],
    ),
    Case(
        "value-backward-from-without-from-autograd",
        ex(Sub("  - kind: graph\n    root: y", "  - kind: value\n    expr: y\n    backward_from: y")),
        [f"{EX}:16:5: checks[1]: backward_from: asks where the autograd call that returned the value started; "
         "it wants `from_autograd: true`"],
    ),
    # --- not YAML / not a mapping ---------------------------------------------------
    Case(
        "invalid-yaml",
        ex(Sub("title: The gradient of a square", "title: The gradient: of a square")),
        [f"{EX}:3:20: invalid YAML: mapping values are not allowed here"],
    ),
    Case(
        "invalid-yaml-unclosed-bracket",
        ex(Sub("title: The gradient of a square", "title: [The gradient")),
        [f"{EX}:4:7: invalid YAML: while parsing a flow sequence started at line 3, column 8: "
         "expected ',' or ']', but got ':'"],
    ),
    Case(
        "control-character-in-yaml",
        ex(Sub("title: The gradient of a square", "title: The gradient\x07")),
        # `title: The gradient` is 19 characters: the BEL is column 20
        [f"{EX}:3:20: invalid YAML: unacceptable character #x0007: special characters are not allowed"],
    ),
    Case(
        "unknown-key-with-newline",
        ex(Sub("hints:", '"hi\\nnts":')),
        [f"{EX}:18:1: unknown key 'hi\\nnts' (did you mean 'hints'?)"],
    ),
    Case(
        "file-is-a-list",
        {"pack.yaml": "# my pack\n- format: 1\n- id: demo\n"},
        [f"{PACK}:2:1: expected a mapping of keys, got a list"],
    ),
    Case(
        "empty-file",
        {"exercises/square-gradient.yaml": ""},
        [f"{EX}:1:1: file is empty"],
    ),
    Case(
        "comment-only-file",
        {"exercises/square-gradient.yaml": "# to do\n"},
        [f"{EX}:1:1: file is empty"],
    ),
    Case(
        "not-utf8",
        {"exercises/square-gradient.yaml": _sub(EXERCISE_YAML, Sub("title: The gradient of a square", "title: caf\udce9")).encode("utf-8", "surrogateescape")},
        [f"{EX}:3:11: file is not valid UTF-8"],
    ),
    Case(
        "not-utf8-after-multibyte-text",
        {"exercises/square-gradient.yaml": _sub(EXERCISE_YAML, Sub("title: The gradient of a square", "title: 平方 \udcff")).encode("utf-8", "surrogateescape")},
        # `title: 平方 ` is 10 characters, so the bad byte is column 11
        [f"{EX}:3:11: file is not valid UTF-8"],
    ),
    # --- languages, trials -------------------------------------------------------------
    Case(
        "text-missing-declared-language",
        {"pack.yaml": ZH_PACK, "lessons/01-first-lesson.yaml": ZH_LESSON, "exercises/square-gradient.yaml": ZH_EXERCISE},
        [f"{EX}:14:5: hints[1]: missing 'zh' text {LANGS}"],
    ),
    Case(
        "duplicate-trial-seeds",
        ex(Sub("  - seed: 1", "  - seed: 0")),
        [f"{EX}:23:11: trials[1].seed: seed 0 is already used by trials[0]"],
    ),
    Case(  # NOTE [gradients handed to hooks, scaled]: a learner's own run never shows such numbers
        "scaled-hook-gradients-on-a-visible-trial",
        ex(Sub("  - seed: 0\n", "  - seed: 0\n    scale_hook_gradients: 3\n")),
        [f"{EX}:22:5: trials[0]: scale_hook_gradients: wants `hidden: true` (the numbers are not what the "
         "learner's own run shows)"],
    ),
    Case(
        "scaled-hook-gradients-without-a-from-hooks-check",
        ex(Sub("    hidden: true\n", "    hidden: true\n  - seed: 2\n    hidden: true\n    scale_hook_gradients: 3\n")),
        [f"{EX}:27:27: trials[2].scale_hook_gradients: scales what hooks are handed only for a `value` check with "
         "`from_hooks: true`, and this exercise has none"],
    ),
    Case(
        "scaled-hook-gradients-by-one",
        ex(Sub("    hidden: true\n", "    hidden: true\n    scale_hook_gradients: 1\n")),
        [f"{EX}:23:5: trials[1]: scale_hook_gradients: 1 scales nothing; give another factor (3, say)"],
    ),
    Case(
        "negative-seed",
        ex(Sub("  - seed: 1", "  - seed: -1")),
        [f"{EX}:23:11: trials[1].seed: must be at least 0, got -1"],
    ),
    Case(
        "negative-rtol-in-e-notation",
        ex(Sub("    tensor: x\n", "    tensor: x\n    rtol: -1e-3\n")),
        [f"{EX}:16:11: checks[0].rtol: must be at least 0, got -0.001"],
    ),
    # --- a failing file hides nothing else, and does not cause follow-on errors -------
    Case(
        "invalid-lesson-no-cascade",
        {"lessons/01-first-lesson.yaml": Sub("title: A first lesson\n", "")},
        [f"{LES}:2:1: missing required key 'title'"],
    ),
    Case(
        "invalid-exercise-named-differently-no-cascade",
        {
            "exercises/square-gradient.yaml": None,
            "exercises/01-square.yaml": _sub(EXERCISE_YAML, Sub("title: The gradient of a square\n", "")),
            "exercises/01-square.py": SOLUTION_PY,
        },
        [f"{DIR}/exercises/01-square.yaml:2:1: missing required key 'title'"],
    ),
    Case(
        "several-errors-in-several-files",
        {
            "pack.yaml": Sub('min_torch: "2.1"', "min_torch: [2]"),
            "exercises/square-gradient.yaml": [
                Sub("    tensor: x\n", "    tensor: x\n    rtol: small\n"),
                Sub("hidden: true", "hidden: maybe"),
                Sub("  - seed: 0", "  - seed: -1"),
            ],
            "exercises/cube.yaml": CUBE_EXERCISE,
            "lessons/01-first-lesson.yaml": Sub("      y.backward()\n", "      y.backward(\n"),
        },
        [
            f"{DIR}/exercises/cube.yaml:6:17: setup: Python syntax error: expected ':'",
            f"{EX}:16:11: checks[0].rtol: expected a number, got 'small'",
            f"{EX}:23:11: trials[0].seed: must be at least 0, got -1",
            f"{EX}:25:13: trials[1].hidden: expected true or false, got 'maybe'",
            f"{LES}:11:17: examples[0].code: Python syntax error: '(' was never closed",
            f"{PACK}:7:12: min_torch: expected a string, got a list",
        ],
    ),
]


def _param(case: Case):
    marks = [pytest.mark.xfail(strict=True, reason=case.xfail)] if case.xfail else []
    return pytest.param(case, id=case.id, marks=marks)


# ---------------------------------------------------------------------- tests


def test_base_files_are_the_scaffold(tmp_path: Path) -> None:
    """The line numbers above are those of what `pack new` writes."""
    root = tmp_path / DIR
    scaffold(str(root), pack_id="demo", title="Demo")
    for rel, text in BASE.items():
        assert (root / rel).read_text(encoding="utf-8") == text, rel


def test_scaffold_is_valid(tmp_path: Path) -> None:
    make_pack(tmp_path, {})
    result = run_validate(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == f"{DIR}: pack 'demo' is valid: 1 lesson, 1 exercise\n"
    assert result.stderr == ""


def test_enough_cases() -> None:
    assert len({case.id for case in CASES}) == len(CASES) >= 20


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_malformed_pack(tmp_path: Path, case: Case) -> None:
    make_pack(tmp_path, case.edits)
    result = run_validate(tmp_path)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.stdout.splitlines() == case.expected
    assert result.returncode == 1
    count = len(case.expected)
    assert result.stderr == f"{DIR}: {count} problem{'s' if count != 1 else ''}\n"


def test_issues_come_sorted_from_the_api(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python API gives the same lines as the CLI, in the same order."""
    from tutor.pack import validate_pack

    case = next(c for c in CASES if c.id == "several-errors-in-several-files")
    make_pack(tmp_path, case.edits)
    monkeypatch.chdir(tmp_path)
    pack, issues = validate_pack(DIR)
    assert pack is None
    assert [str(issue) for issue in issues] == case.expected
    assert issues == sorted(issues)


# --------------------------------------------------------------- exit code 2


def _one_line_error(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_nonexistent_folder(tmp_path: Path) -> None:
    line = _one_line_error(run_validate(tmp_path, "./no-such-pack"))
    assert line == "autograd-tutor: ./no-such-pack: no such pack folder"


def test_nonexistent_plain_name(tmp_path: Path) -> None:
    # A bare name may be an installed pack, so the message says both.
    line = _one_line_error(run_validate(tmp_path, "no-such-pack"))
    assert line.startswith(
        "autograd-tutor: no-such-pack: no such pack folder, and no installed pack by that name (installed: "
    )
    assert "builtin" in line


def test_folder_without_pack_yaml(tmp_path: Path) -> None:
    (tmp_path / "not-a-pack").mkdir()
    (tmp_path / "not-a-pack" / "lessons").mkdir()
    line = _one_line_error(run_validate(tmp_path, "not-a-pack"))
    assert line == "autograd-tutor: not-a-pack: not a lesson pack (no pack.yaml inside)"


def test_file_instead_of_folder(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello\n")
    line = _one_line_error(run_validate(tmp_path, "notes.txt"))
    assert line == "autograd-tutor: notes.txt: not a lesson pack (expected a folder holding pack.yaml)"
