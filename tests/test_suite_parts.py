"""``make test``'s two parts, ``-m "not alone"`` and ``-m alone``, run every
test once between them, though each leaves the other's files uncollected
(tests/conftest.py, ``pytest_ignore_collect``): that holds while ``alone``
is given by file (``support.ALONE``) and by nothing else."""

from __future__ import annotations

import re
from pathlib import Path

from support import ALONE

TESTS = Path(__file__).resolve().parent


def test_alone_is_given_by_file_only():
    marked = [p.relative_to(TESTS).as_posix() for p in TESTS.rglob("*.py")
              if p.name != "conftest.py" and re.search(r"mark\s*\.\s*alone|[\"']alone[\"']", p.read_text(encoding="utf-8"))
              and p.name != Path(__file__).name]
    assert marked == [], f"{marked}: a test marked alone outside ALONE would run in neither part"


def test_every_alone_file_exists():
    assert all((TESTS / rel).is_file() for rel in ALONE), ALONE
