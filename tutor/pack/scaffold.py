"""``pack new``: a small pack that validates, to start writing from."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tutor.errors import UserError
from tutor.pack.schema import KINDS, schema_text

PACK_YAML = """\
# yaml-language-server: $schema=schema/pack.schema.json
format: 1
id: {id}
title: {title}
version: "0.1.0"
languages: [en]
min_torch: "2.1"
lessons:
  - first-lesson
"""

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

SOLUTION_PY = """\
y = (x ** 2).sum()
y.backward()
"""


def scaffold(target: str, *, pack_id: str | None = None, title: str | None = None) -> Path:
    root = Path(target)
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        raise UserError(f"{target}: already exists and is not empty; choose a new folder")
    pack_id = pack_id or _slug(root.resolve().name)
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", pack_id):
        raise UserError(f"--id {pack_id!r}: use lower-case letters, digits and dashes")
    title = title or root.resolve().name.replace("-", " ").replace("_", " ").strip().capitalize() or "My pack"
    files = {
        "pack.yaml": PACK_YAML.format(id=pack_id, title=json.dumps(title, ensure_ascii=False)),
        "lessons/01-first-lesson.yaml": LESSON_YAML,
        "exercises/square-gradient.yaml": EXERCISE_YAML,
        "exercises/square-gradient.py": SOLUTION_PY,
    }
    for kind in KINDS:
        files[f"schema/{kind}.schema.json"] = schema_text(kind)
    try:
        for rel, text in files.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UserError(f"{target}: cannot write: {exc.strerror or exc}") from None
    return root


def _slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return slug or "my-pack"
