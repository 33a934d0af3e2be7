"""The Chinese interface: every marked string has an entry, the .mo matches the .po,
and Chinese text folded by YAML loses its stray spaces."""

from __future__ import annotations

import gettext
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "tutor" / "locale" / "zh" / "LC_MESSAGES" / "tutor.po"
MO = PO.with_suffix(".mo")

babel = pytest.importorskip("babel", reason="Babel is a test dependency (pip install -e '.[test]')")


def _po():
    from babel.messages.pofile import read_po

    with PO.open("rb") as f:
        return read_po(f)


def _marked() -> dict[str, list[str]]:
    """Every string marked with _() / N_() / ngettext() under tutor/, as Babel extracts it (babel.cfg)."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: dict[str, list[str]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
            str(ROOT / "tutor"), method_map, options_map):
        for msgid in message if isinstance(message, tuple) else (message,):
            if msgid:
                found.setdefault(msgid, []).append(f"tutor/{filename}:{lineno}")
    return found


def test_every_marked_string_has_a_chinese_entry():
    catalog = _po()
    translated = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog
                  if m.id and m.string and not m.fuzzy and all(m.string if isinstance(m.string, tuple) else [m.string])}
    marked = _marked()
    assert len(marked) > 100, "extraction found too little: is babel.cfg right?"
    missing = {msgid: where for msgid, where in marked.items() if msgid not in translated}
    assert not missing, (
        "strings with no Chinese entry in tutor/locale/zh/LC_MESSAGES/tutor.po "
        "(pybabel update, translate, pybabel compile; see tutor/i18n.py):\n"
        + "\n".join(f"  {where[0]}: {msgid!r}" for msgid, where in missing.items()))


def test_placeholders_match_between_english_and_chinese():
    import string

    def fields(text: str) -> set[str]:
        return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}

    for message in _po():
        if message.id and isinstance(message.id, str) and message.string:
            assert fields(message.id) == fields(message.string), message.id


def test_the_mo_is_compiled_from_the_current_po():
    with MO.open("rb") as f:
        compiled = gettext.GNUTranslations(f)._catalog
    expected = {m.id: m.string for m in _po() if m.id and m.string and not m.fuzzy and isinstance(m.id, str)}
    got = {k: v for k, v in compiled.items() if k}
    assert got == expected, "tutor.mo is stale: run `pybabel compile -d tutor/locale -D tutor`"


def test_set_language_switches_and_falls_back():
    from tutor.i18n import _, get_language, set_language

    try:
        assert set_language("zh_CN.UTF-8") == "zh" and get_language() == "zh"
        assert _("Quit") == "退出"
        assert _("a string nobody translated") == "a string nobody translated"
        assert set_language("fr") == "en"
        assert _("Quit") == "Quit"
    finally:
        set_language("en")


def test_i18n_imports_nothing_heavy():
    code = "import tutor.i18n, sys; print(sorted(m for m in ('torch', 'textual', 'yaml', 'babel') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("folded, expected", [
    ("梯度会累加， 但是", "梯度会累加，但是"),
    ("都算 在内", "都算在内"),
    ("（两条路径） ，", "（两条路径），"),
    ("调用 `y.backward()` 之后", "调用 `y.backward()` 之后"),  # beside code: kept
    ("the grad 梯度 and", "the grad 梯度 and"),  # beside Latin: kept
    ("两个  空格", "两个  空格"),  # two spaces: deliberate, kept
    ("第一行\n第二行", "第一行\n第二行"),  # newlines are Markdown's business
])
def test_fold_cjk_removes_single_spaces_between_chinese(folded, expected):
    from tutor.i18n import fold_cjk

    assert fold_cjk(folded) == expected


def test_pack_text_is_folded_where_it_is_read():
    from tutor.pack.models import Text

    text = Text(en="Gradients add up, but", zh="梯度都算 进来）， 但是")
    assert text.get("zh") == "梯度都算进来），但是"
    assert text.get("en") == "Gradients add up, but"
