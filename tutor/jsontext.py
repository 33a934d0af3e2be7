"""Compact, ASCII-only JSON text for the big documents: graph snapshots.

# NOTE [json text]: a 100,000-op chain's snapshot is some 30 MB of JSON.
# json's C encoder wrote it in 350 ms; orjson writes the same data in 85 ms
# (bench/bench_graph.py). Its text differs from ``json.dumps``'s in ways the
# readers of a snapshot must not see, so ``dumps`` here evens them out:
# - non-ASCII characters come out as raw UTF-8; a snapshot's text was ASCII
#   (the kernel's protocol lines keep raw code points like U+2028 out), so
#   they are escaped afterwards, each the way ``json.dumps`` escapes it;
# - some data it refuses (an int past 64 bits, a str with a lone surrogate):
#   then the whole value is written by ``json.dumps``;
# - NaN and the infinities come out as null (json wrote NaN, which no
#   JSON reader but Python's takes); a snapshot holds none (capture writes
#   them as text);
# - floats are spelled in their shortest form (``0.00001``, not ``1e-05``):
#   the same number to every reader. A content hash is of one encoder's
#   text, which is the same text for the same data on every machine here.
# The escaping is per character, so the text of a list of pieces joined is
# the text of the list (tutor/kernel/graphwire.py encodes node by node and
# hashes the joined text as ``GraphSnapshot.to_json()`` would write it).
# Reading stays json's: orjson reads an int past 64 bits as a float (data
# changed, silently), and finding such ints first cost what it saved.
# Without orjson (a platform with no wheel) ``dumps`` is json's.
"""

from __future__ import annotations

import json
import re
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - every supported platform has a wheel
    orjson = None  # type: ignore[assignment]

_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_json_dumps = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


def _escape(match: re.Match[str]) -> str:
    return json.dumps(match.group())[1:-1]  # "\u00e9", or a surrogate pair


def dumps(value: Any) -> str:
    """``json.dumps(value, separators=(",", ":"))``'s meaning, ASCII only."""
    if orjson is None:
        return _json_dumps(value)
    try:
        data = orjson.dumps(value)
    except TypeError:  # orjson.JSONEncodeError: a big int, a lone surrogate, an odd type
        return _json_dumps(value)
    text = data.decode()
    return text if data.isascii() else _NON_ASCII.sub(_escape, text)

