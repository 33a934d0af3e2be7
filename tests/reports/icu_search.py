"""How .NET finds a string in a string on Linux, for reading a log as the
GitHub Actions runner does: ``string.IndexOf(string, int)`` without a
``StringComparison`` is culture-sensitive, and on Linux .NET hands it to ICU.

- dotnet/runtime src/native/libs/System.Globalization.Native/pal_collation.c:
  ``GlobalizationNative_IndexOf`` runs ``usearch_first`` on a string search
  opened from the culture's collator (the invariant culture's is ICU's root
  collator, tertiary strength for ``CompareOptions.None``) and a break
  iterator of .NET's own rules (``CreateCustomizedBreakIterator``, the rules
  copied below): a match must not split a grapheme cluster.
- src/libraries/System.Private.CoreLib/src/System/Globalization/CompareInfo.Icu.cs,
  ``IndexOfOrdinalHelper``: an ASCII fast path that hands the search to ICU as
  soon as it meets a non-ASCII character (or one of a few ASCII ones, such as
  ``-``) before the match, or when the character after the match is not ASCII.
  Which path a line takes depends on the line, so a reader that wants the
  runner's answer must get the same one both ways (``platform_consumers``).

Through ctypes on the system's libicu (Debian's libicu72, which libxml2 pulls
in): ``available()`` says whether it could be loaded.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
from functools import lru_cache

RULES = (
    "!!quoted_literals_only; \n"
    "$CR          = [\\p{Grapheme_Cluster_Break = CR}]; \n"
    "$LF          = [\\p{Grapheme_Cluster_Break = LF}]; \n"
    "$Control     = [[\\p{Grapheme_Cluster_Break = Control}]]; \n"
    "$Extend      = [[\\p{Grapheme_Cluster_Break = Extend}]]; \n"
    "$ZWJ         = [\\p{Grapheme_Cluster_Break = ZWJ}]; \n"
    "$Regional_Indicator = [\\p{Grapheme_Cluster_Break = Regional_Indicator}]; \n"
    "$Prepend     = [\\p{Grapheme_Cluster_Break = Prepend}]; \n"
    "$SpacingMark = [\\p{Grapheme_Cluster_Break = SpacingMark}]; \n"
    "$Virama      = [\\p{Gujr}\\p{sc=Telu}\\p{sc=Mlym}\\p{sc=Orya}\\p{sc=Beng}\\p{sc=Deva}&\\p{Indic_Syllabic_Category=Virama}]; \n"
    "$LinkingConsonant = [\\p{Gujr}\\p{sc=Telu}\\p{sc=Mlym}\\p{sc=Orya}\\p{sc=Beng}\\p{sc=Deva}&\\p{Indic_Syllabic_Category=Consonant}]; \n"
    "$ExtCccZwj   = [[\\p{gcb=Extend}-\\p{ccc=0}] \\p{gcb=ZWJ}]; \n"
    "$L           = [\\p{Grapheme_Cluster_Break = L}]; \n"
    "$V           = [\\p{Grapheme_Cluster_Break = V}]; \n"
    "$T           = [\\p{Grapheme_Cluster_Break = T}]; \n"
    "$LV          = [\\p{Grapheme_Cluster_Break = LV}]; \n"
    "$LVT         = [\\p{Grapheme_Cluster_Break = LVT}]; \n"
    "$Extended_Pict = [:ExtPict:]; \n"
    "!!chain; \n"
    "!!lookAheadHardBreak; \n"
    "$L ($L | $V | $LV | $LVT); \n"
    "($LV | $V) ($V | $T); \n"
    "($LVT | $T) $T; \n"
    "[^$Control $CR $LF] ($Extend | $ZWJ); \n"
    "[^$Control $CR $LF] $SpacingMark; \n"
    "$Prepend [^$Control $CR $LF]; \n"
    "$LinkingConsonant $ExtCccZwj* $Virama $ExtCccZwj* $LinkingConsonant; \n"
    "$Extended_Pict $Extend* $ZWJ $Extended_Pict; \n"
    "^$Prepend* $Regional_Indicator $Regional_Indicator / $Regional_Indicator; \n"
    "^$Prepend* $Regional_Indicator $Regional_Indicator; \n"
    ".;"
)


class _ICU:
    def __init__(self) -> None:
        found = ctypes.util.find_library("icui18n")
        if not found:
            raise OSError("no libicui18n")
        version = re.search(r"\.so\.(\d+)", found)
        if version is None:
            raise OSError(f"no version in {found}")
        v = version.group(1)
        i18n = ctypes.CDLL(found)
        uc = ctypes.CDLL(found.replace("icui18n", "icuuc"))
        err = ctypes.POINTER(ctypes.c_int)
        self.ucol_open = getattr(i18n, f"ucol_open_{v}")
        self.ucol_open.restype, self.ucol_open.argtypes = ctypes.c_void_p, [ctypes.c_char_p, err]
        self.open_search = getattr(i18n, f"usearch_openFromCollator_{v}")
        self.open_search.restype = ctypes.c_void_p
        self.open_search.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_void_p, ctypes.c_int32,
                                     ctypes.c_void_p, ctypes.c_void_p, err]
        self.first = getattr(i18n, f"usearch_first_{v}")
        self.first.restype, self.first.argtypes = ctypes.c_int32, [ctypes.c_void_p, err]
        self.close = getattr(i18n, f"usearch_close_{v}")
        self.close.argtypes = [ctypes.c_void_p]
        self.open_rules = getattr(uc, f"ubrk_openRules_{v}")
        self.open_rules.restype = ctypes.c_void_p
        self.open_rules.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_void_p, ctypes.c_int32,
                                    ctypes.c_void_p, err]
        self.close_breaks = getattr(uc, f"ubrk_close_{v}")
        self.close_breaks.argtypes = [ctypes.c_void_p]
        code = ctypes.c_int(0)
        self.collator = self.ucol_open(b"", ctypes.byref(code))  # the root locale: the invariant culture
        if code.value > 0:
            raise OSError(f"ucol_open: {code.value}")


@lru_cache(maxsize=1)
def _icu() -> _ICU | None:
    try:
        return _ICU()
    except (OSError, AttributeError):
        return None


def available() -> bool:
    return _icu() is not None


def _utf16(text: str):
    data = text.encode("utf-16-le", "surrogatepass")
    return ctypes.create_string_buffer(data, len(data) + 2), len(data) // 2


def index_of(source: str, target: str, start: int = 0) -> int:
    """``source.IndexOf(target, start)`` as .NET on Linux answers it (an index
    into ``source``; exact for text of the Basic Multilingual Plane, which
    counts one UTF-16 unit a character)."""
    icu = _icu()
    if icu is None:
        raise RuntimeError("no libicu: the runner's culture-sensitive reading cannot be made")
    rules, n_rules = _utf16(RULES)
    code = ctypes.c_int(0)
    breaks = icu.open_rules(rules, n_rules, None, 0, None, ctypes.byref(code))
    if code.value > 0:
        raise RuntimeError(f"ubrk_openRules: {code.value}")
    pattern, n_pattern = _utf16(target)
    text, n_text = _utf16(source[start:])
    search = icu.open_search(pattern, n_pattern, text, n_text, icu.collator, breaks, ctypes.byref(code))
    try:
        if code.value > 0:
            raise RuntimeError(f"usearch_openFromCollator: {code.value}")
        found = icu.first(search, ctypes.byref(code))
    finally:
        if search:
            icu.close(search)
        icu.close_breaks(breaks)
    return -1 if found == -1 else found + start
