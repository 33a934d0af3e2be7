"""Comparing a learner's value with the reference's: tensors, numbers,
bools, sequences; with the dtype's tolerances and words a learner reads."""

from __future__ import annotations

import numpy as np

from tutor.grade import values as V
from tutor.grade.kinds.base import Context, InvalidResult, Verdict
from tutor.grade.kinds.calls import calls_of
from tutor.grade.kinds.words import describe as _describe, entries as _entries, items as _items, shape as _shape
from tutor.i18n import _


def compare_tensors(what: str, yours: dict, expected: dict, ctx: Context, rtol=None, atol=None,
                    gradient: bool = False) -> Verdict:
    if yours.get("shape") != expected.get("shape"):
        if ctx.predict:
            return False, _("{what} has shape {shape}; that is not the right shape.").format(
                what=what, shape=_shape(yours))
        return False, _("{what} has shape {shape}, but the expected one has shape {expected}.").format(
            what=what, shape=_shape(yours), expected=_shape(expected))
    a, b = V.decode_tensor(yours), V.decode_tensor(expected)
    if a is None or b is None:
        return False, _("{what} is too large to compare.").format(what=what)
    rtol, atol = V.tolerance_for(expected["dtype"], ctx.tolerance, rtol, atol)
    if V.close(a, b, rtol, atol):
        return True, ""
    if a.dtype == bool or b.dtype == bool:
        if ctx.predict:
            wrong = int(np.sum(a != b)) if a.shape == b.shape else a.size
            return False, _("{what} is not right: {entries} of {total} differ.").format(
                what=what, entries=_entries(wrong), total=a.size)
        return False, _("{what} is not the expected value.").format(what=what)
    nan_yours = np.isnan(a) if np.issubdtype(a.dtype, np.floating) else np.zeros(a.shape, bool)
    nan_expected = np.isnan(b) if np.issubdtype(b.dtype, np.floating) else np.zeros(b.shape, bool)
    if np.any(nan_yours & ~nan_expected):
        index = tuple(int(i) for i in np.argwhere(nan_yours & ~nan_expected)[0]) if a.ndim else ()
        if index:
            text = _("{what} holds NaN at index {index}").format(what=what, index=V.fmt_index(index))
        else:
            text = _("{what} holds NaN").format(what=what)
        if not ctx.predict:
            there = V.fmt(float(b[index]))
            text = (_("{text} where the expected gradient is {expected}") if gradient
                    else _("{text} where the expected value is {expected}")).format(text=text, expected=there)
        return False, _("{text}: a NaN usually comes from 0/0, the log or square root of a negative number or "
                        "of 0, or an inf minus an inf somewhere in the computation.").format(text=text)
    if ctx.predict:
        return False, _predict_words(what, a, b, rtol, atol)
    d = V.difference(a, b, rtol, atol)
    numbers = {"what": what, "difference": V.fmt(d.max_abs), "index": V.fmt_index(d.index),
               "yours": V.fmt(d.yours), "expected": V.fmt(d.expected)}
    if gradient and d.index:
        text = _("{what} differs from the expected gradient: the largest difference is {difference} at index "
                 "{index} (yours {yours}, expected {expected})").format(**numbers)
    elif gradient:
        text = _("{what} differs from the expected gradient: the largest difference is {difference} "
                 "(yours {yours}, expected {expected})").format(**numbers)
    elif d.index:
        text = _("{what} differs from the expected value: the largest difference is {difference} at index "
                 "{index} (yours {yours}, expected {expected})").format(**numbers)
    else:
        text = _("{what} differs from the expected value: the largest difference is {difference} "
                 "(yours {yours}, expected {expected})").format(**numbers)
    # at the element shown (round 36's learner read the largest over all elements beside another's pair)
    here = d.max_abs / abs(d.expected) if np.isfinite(d.expected) and d.expected != 0 else None
    if here and np.isfinite(here):
        text = _("{text}; relative difference {relative}.").format(text=text, relative=f"{here:.3g}")
    else:
        text = _("{text}.").format(text=text)
    if d.ratio is not None:
        k = d.ratio
        rounded = round(k)
        if gradient and abs(k - rounded) < 1e-3 and rounded >= 2:
            text = _("{text} It is exactly {n} times the expected gradient.").format(text=text, n=rounded)
            # Zeroing is the fix only where the reference made fewer passes: where it accumulates over as
            # many (simulate-a-big-batch), each pass's share is missing; otherwise (a hook that scales,
            # remove-the-hook) the passes are not the cause (found by probing the verdicts).
            backwards = calls_of(ctx.observed, "backward")
            theirs = calls_of(ctx.expected_observed, "backward")
            if backwards is not None and backwards >= 2 and (theirs is None or theirs < backwards):
                text = _("{text} Your code called backward() {n} times, and gradients accumulate in .grad: "
                         "each backward() adds to what is there. Zero the gradients (zero_grad(), or "
                         "`.grad = None`) between backward passes, or call backward() once.").format(
                    text=text, n=backwards)
            elif backwards is not None and backwards >= 2 and theirs == backwards == rounded:
                text = _("{text} The gradients of your {n} backward passes add up in .grad, as they should; "
                         "each pass's loss must be its share of the whole (divided by {n}).").format(
                    text=text, n=backwards)
        elif abs(k + 1) < 1e-3:
            text = _("{text} It has the opposite sign everywhere.").format(text=text)
        elif gradient:
            text = _("{text} It is {factor} times the expected gradient everywhere.").format(
                text=text, factor=f"{k:.4g}")
        else:
            text = _("{text} It is {factor} times the expected value everywhere.").format(
                text=text, factor=f"{k:.4g}")
    return False, text


def _predict_words(what: str, a: np.ndarray, b: np.ndarray, rtol: float, atol: float) -> str:
    """Right or wrong, and which way, never the expected value."""
    if a.size == 1:
        x, y = float(a.reshape(-1)[0]), float(b.reshape(-1)[0])
        if np.isfinite(x) and np.isfinite(y):
            if x > y:
                return _("{what} is not right: your prediction {value} is too large.").format(what=what,
                                                                                             value=V.fmt(x))
            return _("{what} is not right: your prediction {value} is too small.").format(what=what, value=V.fmt(x))
        return _("{what} is not right.").format(what=what)
    with np.errstate(invalid="ignore"):
        wrong = int(np.sum(~np.isclose(a.astype(np.float64), b.astype(np.float64), rtol=rtol, atol=atol,
                                       equal_nan=True)))
    return _("{what} is not right: {entries} of {total} differ from the right answer.").format(
        what=what, entries=_entries(wrong), total=a.size)


def compare_values(what: str, yours: dict, expected: dict, ctx: Context, rtol=None, atol=None) -> Verdict:
    ty, te = yours.get("t"), expected.get("t")
    if te == "tensor" and ty == "tensor":
        return compare_tensors(what, yours, expected, ctx, rtol, atol)
    mismatch = _("{what} is {yours}, expected {expected}.")
    if te in ("num", "bool", "tensor") and ty in ("num", "bool", "tensor"):
        a, b = as_number(yours), as_number(expected)
        if a is None or b is None:
            return False, mismatch.format(what=what, yours=_describe(yours),
                                          expected=_describe(expected, ctx.predict))
        if te == "bool" and ty != "bool" and not isinstance(a, bool):
            return False, mismatch.format(what=what, yours=_describe(yours),
                                          expected=_describe(expected, ctx.predict))
        if isinstance(a, bool) or isinstance(b, bool):
            if bool(a) == bool(b) and (isinstance(a, bool) == isinstance(b, bool) or float(a) == float(b)):
                return True, ""
            if ctx.predict:
                return False, _("{what} is not right: your answer is {answer}.").format(what=what,
                                                                                      answer=_fmt_scalar(a))
            return False, mismatch.format(what=what, yours=_fmt_scalar(a), expected=_fmt_scalar(b))
        r, t = (rtol if rtol is not None else 1e-6), (atol if atol is not None else 1e-8)
        if te == "tensor":
            r, t = V.tolerance_for(expected["dtype"], ctx.tolerance, rtol, atol)
        if np.isclose(float(a), float(b), rtol=r, atol=t, equal_nan=True):
            return True, ""
        if ctx.predict:
            return False, _predict_words(what, np.array([float(a)]), np.array([float(b)]), r, t)
        return False, mismatch.format(what=what, yours=V.fmt(float(a)), expected=V.fmt(float(b)))
    if te == "seq" and ty == "seq":
        n_yours, n_expected = len(yours["items"]), len(expected["items"])
        if n_yours != n_expected:
            if ctx.predict:
                return False, _("{what} has {items}; that is not the right number.").format(
                    what=what, items=_items(n_yours))
            return False, _("{what} has {items}, expected {n}.").format(what=what, items=_items(n_yours),
                                                                       n=n_expected)
        for i, (y, e) in enumerate(zip(yours["items"], expected["items"])):
            ok, message = compare_values(f"{what}[{i}]", y, e, ctx, rtol, atol)
            if not ok:
                if _one_tensor_kept(yours["items"], expected["items"]) and not ctx.predict:
                    # round 35's learner: `grads.append(w.grad)` read "`.grad` was not cleared"
                    message = _("{message} Every entry of {what} holds the same numbers, as if one tensor was "
                                "appended again and again: `.grad` is one tensor that each backward() fills "
                                "anew or adds into, so keep a copy of it (`.clone()`).").format(
                        message=message.rstrip(), what=what)
                elif not ctx.predict:
                    message = _list_pattern(what, message, yours["items"], expected["items"], ctx, rtol, atol)
                return ok, message
        return True, ""
    if te == ty and te in ("none", "str", "dtype", "device"):
        if yours.get("v") == expected.get("v"):
            return True, ""
        if ctx.predict:
            return False, _("{what} is not right: your answer is {answer}.").format(what=what,
                                                                                  answer=_fmt_plain(yours))
        return False, mismatch.format(what=what, yours=_fmt_plain(yours), expected=_fmt_plain(expected))
    words = mismatch.format(what=what, yours=_describe(yours), expected=_describe(expected, ctx.predict))
    if ty == "other" and yours.get("type") == "function" and te in ("tensor", "num") and not ctx.predict:
        # round 42's learner: `g = grad(f(x))`, a transform given a value, makes a function too
        return False, _("{words} A transform such as `torch.func.grad(f)` returns a function: call it on the "
                        "inputs (`grad(f)(x)`), and give it the function `f` itself, not its value `f(x)`.").format(
            words=words)
    return False, words



def _list_pattern(what: str, message: str, yours: list, expected: list, ctx: Context, rtol, atol) -> str:
    """``message`` with what the whole list says, where it says something (round 36's learners: a list
    built back to front, or of sums where the reference has means, read as one wrong entry)."""
    n = len(yours)
    if n > 1 and all(compare_values("", y, e, ctx, rtol, atol)[0] for y, e in zip(yours, reversed(expected))):
        return _("{message} {what} holds the expected values in reverse order.").format(
            message=message.rstrip(), what=what)
    numbers = [as_number(v) if v.get("t") == "num" else None for v in (*yours, *expected)]
    if n > 1 and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in numbers):
        k = V.common_ratio(np.array(numbers[:n], dtype=np.float64), np.array(numbers[n:], dtype=np.float64),
                           1e-6 if rtol is None else rtol, 1e-8 if atol is None else atol)
        if k is not None:
            return _("{message} Every entry of {what} is {factor} times the expected one.").format(
                message=message.rstrip(), what=what, factor=f"{k:.4g}")
    return message


def _one_tensor_kept(yours: list, expected: list) -> bool:
    """Every entry the same tensor's numbers, where the reference's differ."""
    return len(yours) > 1 and yours[0].get("t") == "tensor" and all(y == yours[0] for y in yours) \
        and any(e != expected[0] for e in expected)


def _fmt_plain(encoded: dict) -> str:
    t = encoded.get("t")
    if t == "dtype":
        return f"torch.{encoded.get('v')}"
    if t == "device":
        return f"device({encoded.get('v')!r})"
    if t == "none":
        return "None"
    return repr(encoded.get("v"))


def _fmt_scalar(value) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "True" if value else "False"
    return V.fmt(float(value))


def as_number(encoded: dict):
    if encoded["t"] in ("num", "bool"):
        v = encoded["v"]
        if encoded["t"] == "bool":
            if not isinstance(v, bool):
                raise InvalidResult("a bool that is not a bool")
            return v
        if isinstance(v, str):
            return float(v)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise InvalidResult("a number that is not a number")
        return v
    if encoded["t"] == "tensor" and encoded.get("shape") in ([], [1]):
        array = V.decode_tensor(encoded)
        if array is None:
            return None
        item = array.reshape(-1)[0].item()
        return bool(item) if array.dtype == bool else item
    return None
