"""The interface's language: gettext catalogues for English and Chinese.

Standard library only (no textual, no torch): the CLI, the line REPL, the
grader and the app all import it. Mark a string with ``_()`` where it is
shown; mark one with ``N_()`` where it is defined at import time (a table
of labels) and call ``_()`` on it where it is shown. ``set_language("zh")``
switches every later ``_()`` call.

The catalogue is ``tutor/locale/zh/LC_MESSAGES/tutor.po`` and its compiled
``tutor.mo``; after changing strings::

    pybabel extract -F babel.cfg -o /tmp/tutor.pot tutor
    pybabel update -i /tmp/tutor.pot -d tutor/locale -D tutor -l zh --no-fuzzy-matching
    (translate the new entries in tutor.po)
    pybabel compile -d tutor/locale -D tutor

``tests/test_i18n.py`` fails when a marked string has no Chinese entry or the
``.mo`` is older than the ``.po``.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

DOMAIN = "tutor"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "zh")

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(lang: str | None) -> str:
    """Use ``lang`` ("en" or "zh"; anything else means English) from now on; returns it."""
    global _translations, _language
    lang = (lang or "en").split("_")[0].split("-")[0].lower()
    if lang not in LANGUAGES:
        lang = "en"
    if lang == "en":
        _translations = gettext.NullTranslations()
    else:
        _translations = gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[lang], fallback=True)
    _language = lang
    return lang


def get_language() -> str:
    return _language


def _(message: str) -> str:
    """``message`` in the current language (itself when there is no entry)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (translate where shown)."""
    return message


# --- Chinese text folded by YAML ------------------------------------------------

# CJK ideographs, kana, CJK punctuation, full-width forms.
_CJK = "\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
_CJK_SPACE = re.compile(f"(?<=[{_CJK}]) (?=[{_CJK}])")


def fold_cjk(text: str) -> str:
    """Remove a single space between two CJK characters or punctuation marks.

    YAML's folded scalars (``>``) join lines with a space, which is right
    between English words and wrong between Chinese characters (``都算 但``).
    Two or more spaces, and spaces beside Latin text or code, stay."""
    if " " not in text:
        return text
    return _CJK_SPACE.sub("", text)
