"""Decode what runs send back into numpy arrays and Python values, and
compare them with dtype-aware tolerances. Numpy only: the grader process never
imports torch or runs learner code."""

from __future__ import annotations

import base64
import math
from dataclasses import dataclass

import numpy as np

# (rtol, atol) by dtype. Two correct solutions may compute the same gradient
# by different but equivalent expressions, so float32 cannot be exact.
DEFAULT_TOLERANCE = {
    "float64": (1e-6, 1e-8),
    "float32": (1e-4, 1e-5),
    "float16": (1e-2, 1e-3),
    "bfloat16": (2e-2, 1e-2),
    "complex64": (1e-4, 1e-5),
    "complex128": (1e-6, 1e-8),
}


def tolerance_for(dtype: str, overrides: dict | None = None, rtol: float | None = None,
                  atol: float | None = None) -> tuple[float, float]:
    base_rtol, base_atol = DEFAULT_TOLERANCE.get(dtype, (0.0, 0.0))
    if overrides and overrides.get(dtype):
        base_rtol, base_atol = overrides[dtype]["rtol"], overrides[dtype]["atol"]
    return (base_rtol if rtol is None else rtol, base_atol if atol is None else atol)


def decode_tensor(encoded: dict) -> np.ndarray | None:
    if encoded.get("too_big") or "data" not in encoded:
        return None
    array = np.frombuffer(base64.b64decode(encoded["data"]), dtype=np.dtype(encoded["np"]))
    return array.reshape(encoded["shape"])


@dataclass
class Difference:
    """How two arrays of the same shape differ, for feedback."""

    index: tuple
    yours: float
    expected: float
    max_abs: float
    max_rel: float
    ratio: float | None  # yours / expected when one factor explains all of it


def close(yours: np.ndarray, expected: np.ndarray, rtol: float, atol: float) -> bool:
    if yours.shape != expected.shape:
        return False
    if yours.dtype == bool or expected.dtype == bool:
        return bool(np.array_equal(yours, expected))
    a = yours.astype(np.complex128 if np.iscomplexobj(yours) or np.iscomplexobj(expected) else np.float64)
    b = expected.astype(a.dtype)
    return bool(np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True))


def difference(yours: np.ndarray, expected: np.ndarray, rtol: float, atol: float) -> Difference:
    a = np.asarray(yours, dtype=np.float64)
    b = np.asarray(expected, dtype=np.float64)
    diff = np.abs(a - b)
    diff = np.where(np.isnan(diff), np.inf, diff)
    flat = int(np.argmax(diff)) if diff.size else 0
    index = tuple(int(i) for i in np.unravel_index(flat, a.shape)) if a.ndim else ()
    max_abs = float(diff.reshape(-1)[flat]) if diff.size else 0.0
    with np.errstate(divide="ignore", invalid="ignore"):
        rel = diff / np.abs(b)
    rel = np.where(np.isnan(rel), 0.0, rel)
    max_rel = float(np.max(rel)) if rel.size else 0.0
    return Difference(
        index=index,
        yours=float(a.reshape(-1)[flat]) if a.size else math.nan,
        expected=float(b.reshape(-1)[flat]) if b.size else math.nan,
        max_abs=max_abs,
        max_rel=max_rel,
        ratio=common_ratio(a, b, rtol, atol),
    )


def common_ratio(a: np.ndarray, b: np.ndarray, rtol: float, atol: float) -> float | None:
    """k when yours == k * expected everywhere (k != 1), else None. Of one number, any wrong value is
    some k times the right one: only a whole multiple or the opposite sign says something there ("It is
    0.9394 times the expected value everywhere" pointed round 32's learner at a missing factor)."""
    mask = np.abs(b) > max(atol, 1e-12)
    if not mask.any():
        return None
    ratios = a[mask] / b[mask]
    k = float(np.median(ratios))
    if not math.isfinite(k) or abs(k - 1) < 1e-3 or abs(k) < 1e-3:
        return None
    if int(mask.sum()) == 1 and abs(k + 1) >= 1e-3 and not (abs(k - round(k)) < 1e-3 and round(k) >= 2):
        return None
    if np.allclose(a, k * b, rtol=max(rtol, 1e-4) * 10, atol=atol * 10):
        return k
    return None


def fmt(value: float) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "True" if value else "False"
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "NaN"
    if isinstance(value, float) and math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return f"{value:.6g}"


def fmt_index(index: tuple) -> str:
    return "[" + ", ".join(str(i) for i in index) + "]" if index else ""
