"""The Chinese text of the built-in course follows docs/glossary.md: one
Chinese term per autograd idea. The glossary's table carries, per term, the
variants that are wrong in Chinese text (a bare 检查点 where 梯度检查点 is
meant, an English term left untranslated); this test finds each of them in
the zh text of every lesson and exercise, outside code spans."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
from pydantic import BaseModel

from tutor.pack import load_pack
from tutor.pack.models import Text

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "glossary.md"
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
LATIN = re.compile(r"[A-Za-z]")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def glossary() -> list[dict]:
    """Rows of the glossary table: english, zh, right (every right spelling), wrong."""
    lines = GLOSSARY.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("<!-- glossary:"))
    rows = []
    for line in lines[start + 3:]:
        if not line.startswith("|"):
            break
        english, zh, also, wrong = _cells(line)
        right = [zh] + [spelling.strip() for spelling in also.split(",") if spelling.strip()]
        rows.append({"english": english, "zh": zh, "right": right,
                     "wrong": re.findall(r"`([^`]+)`", wrong)})
    return rows


def _texts(value: object, path: tuple):
    if isinstance(value, Text):
        if value.zh:
            yield path, value.zh
    elif isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            yield from _texts(getattr(value, name), path + (info.alias or name,))
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _texts(item, path + (i,))


@lru_cache(maxsize=1)
def zh_texts() -> list[tuple[str, str]]:
    """(where, zh text without code spans) for every zh text of the built-in pack."""
    pack = load_pack(None)
    out = []
    for kind, items in (("lessons", pack.lessons), ("exercises", list(pack.exercises.values()))):
        for item in items:
            for path, text in _texts(item, ()):
                where = f"{kind}/{item.id}: " + ".".join(str(part) for part in path)
                out.append((where, CODE.sub(" ", text)))
    return out


def misuses(text: str, row: dict) -> list[str]:
    """The wrong variants of one glossary row found in one zh text."""
    found = []
    rest = text
    for spelling in sorted(row["right"], key=len, reverse=True):
        # a term introduced with its English in full-width parentheses: 推理张量（inference tensor）
        rest = re.sub(re.escape(spelling) + r"\**（[^）]*）", " ", rest)
        rest = rest.replace(spelling, " ")
    for variant in row["wrong"]:
        if LATIN.search(variant):
            pattern = r"(?<![A-Za-z])" + re.escape(variant) + r"(?![A-Za-z])"
            if re.search(pattern, rest, re.I):
                found.append(variant)
        elif variant in rest:
            found.append(variant)
    return found


ROWS = glossary()


def test_the_glossary_parses_and_names_the_terms_the_issue_asks_for():
    by_english = {row["english"]: row for row in ROWS}
    assert by_english["leaf tensor"]["zh"] == "叶子张量"
    assert by_english["inference tensor"]["zh"] == "推理张量"
    assert by_english["saved tensors"]["zh"] == "保存的张量"
    assert "检查点" in by_english["gradient checkpointing, activation recomputation"]["wrong"]
    assert len(ROWS) >= 25 and all(row["zh"] for row in ROWS)


def test_the_check_tells_a_wrong_variant_from_the_right_term():
    row = next(r for r in ROWS if r["zh"] == "梯度检查点")
    assert misuses("用梯度检查点省内存", row) == []
    assert misuses("**梯度检查点**（gradient checkpointing，也叫激活重计算）", row) == []
    assert misuses("用检查点省内存", row) == ["检查点"]
    inference = next(r for r in ROWS if r["zh"] == "推理张量")
    assert misuses("结果是*推理张量*（inference tensor）", inference) == []
    assert misuses("结果是 inference tensor，不能保存", inference) == ["inference tensor"]


@pytest.mark.parametrize("row", ROWS, ids=[row["english"] for row in ROWS])
def test_zh_text_uses_the_glossary_term(row):
    bad = [f"{where}: {variant!r} (the glossary says {row['zh']!r} for {row['english']!r})"
           for where, text in zh_texts() for variant in misuses(text, row)]
    assert not bad, "\n".join(bad)
