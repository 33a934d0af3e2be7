"""One verdict per check and trial, from the plain data two runs sent back.

Each function returns ``(passed, message)``; the message is written for the
learner, uses their names, and says what was expected and what came, in
numbers. On a hidden trial, ``hidden=True`` keeps values out of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from tutor.grade import values as V
from tutor.i18n import N_, _


@dataclass
class Context:
    hidden: bool
    tolerance: dict  # per-dtype overrides from the exercise
    learner_error: dict | None  # the exception the learner's code raised, if any
    observed: dict | None = None  # what the learner's code did (observe.py's record), unvalidated
    expected_observed: dict | None = None  # the same for the reference
    predict: bool = False  # a predict exercise: feedback never shows the expected value


class InvalidResult(ValueError):
    """Data from a run that does not have the shape a check needs."""


Verdict = tuple[bool, str]


def label(check) -> str:
    if check.label:
        return check.label
    kind = check.kind
    if kind == "grad":
        if check.expect == "none":
            return _("grad of {tensor} is None").format(tensor=check.tensor)
        return _("grad of {tensor}").format(tensor=check.tensor)
    if kind == "value":
        return _("value of {expr}").format(expr=check.expr)
    if kind == "graph":
        return _("graph of {root}").format(root=check.root)
    if kind == "leaf":
        return f"{check.tensor}.is_leaf"
    if kind in ("requires_grad", "retains_grad"):
        return f"{check.tensor}.{kind}"
    if kind == "raises":
        return _("raises {exception}").format(exception=check.exception)
    if kind in ("gradcheck", "gradgradcheck"):
        return _("{kind} of {function}").format(kind=kind, function=check.function)
    if kind == "calls":
        return _("calls {api}{flags} ({bound})").format(api=check.api, flags=_filter_words(check, ", "),
                                                       bound=_bound_words(check))
    if kind == "hooks":
        if check.on == "any":
            return _("hooks on anything ({bound})").format(bound=_bound_words(check))
        return _("hooks on {on} ({bound})").format(on=check.on, bound=_bound_words(check))
    if kind == "footprint":
        parts = []
        if check.max_nodes is not None:
            parts.append(_("no autograd graph") if check.max_nodes == 0
                         else _("at most {n} graph nodes").format(n=check.max_nodes))
        if check.max_saved_bytes is not None:
            parts.append(_("at most {size} saved for backward").format(size=_bytes(check.max_saved_bytes)))
        if check.max_numel is not None:
            parts.append(_("no autograd result over {n} elements").format(n=check.max_numel))
        return _("footprint: {limits}").format(limits=", ".join(parts))
    if kind == "unchanged":
        return _("unchanged: {names}").format(names=", ".join(check.tensors))
    return f"assert {check.assert_}"


# ----------------------------------------------------------------------- grad


def grad(check, expected: dict, yours: dict, ctx: Context) -> Verdict:
    name = check.tensor
    problem = _missing(name, yours)
    if problem:
        return False, problem
    if yours.get("t") != "grad":
        return False, _("`{name}` should be a tensor, but it is {description}.").format(
            name=name, description=_describe(yours))
    your_grad = yours["grad"]
    if check.expect == "none":
        if your_grad.get("t") == "none":
            return True, ""
        return False, _should_be_none(name, your_grad, _(
            "`{name}.grad` should be None (no gradient should reach `{name}`), but it holds a gradient.").format(
            name=name))
    if expected.get("t") != "grad":
        return False, _("the reference could not read `{name}` ({description}); tell your instructor.").format(
            name=name, description=_describe(expected))
    expected_grad = expected["grad"]
    if expected_grad.get("t") == "none":
        if your_grad.get("t") == "none":
            return True, ""
        return False, _should_be_none(name, your_grad, _(
            "`{name}.grad` should be None: in the reference no gradient reaches `{name}`, but yours holds "
            "one.").format(name=name))
    if your_grad.get("t") == "none":
        return False, _why_no_grad(name, yours.get("flags", {}), ctx)
    return compare_tensors(f"`{name}.grad`", your_grad, expected_grad, ctx, check.rtol, check.atol, gradient=True)


def _should_be_none(name: str, your_grad: dict, first: str) -> str:
    array = V.decode_tensor(your_grad) if your_grad.get("t") == "tensor" else None
    if array is not None and array.size and not np.any(array):
        return _("{first} It holds zeros: zeroing a gradient (zero_grad(set_to_none=False), .grad.zero_()) "
                 "still leaves a tensor. Set `{name}.grad = None` (zero_grad() does by default), or keep "
                 "gradients from reaching it at all.").format(first=first, name=name)
    return _("{first} To keep gradients away from `{name}`, use `{name}.detach()` where it enters the "
             "computation, freeze it with `{name}.requires_grad_(False)` before the forward pass, or leave it "
             "out of what you call backward() on.").format(first=first, name=name)


def _why_no_grad(name: str, flags: dict, ctx: Context | None = None) -> str:
    if not flags.get("requires_grad"):
        return _("`{name}.grad` is None because `{name}` does not require grad. Create it with "
                 "requires_grad=True or call `{name}.requires_grad_()` before using it.").format(name=name)
    if not flags.get("is_leaf") and not flags.get("retains_grad"):
        return _("`{name}.grad` is None: `{name}` is not a leaf, and autograd keeps .grad only for leaves. "
                 "Call `{name}.retain_grad()` before backward() to keep it.").format(name=name)
    backwards = calls_of(ctx.observed, "backward") if ctx is not None else None
    if not flags.get("is_leaf") and flags.get("retains_grad") and backwards:
        return _("`{name}.grad` is None although `{name}` retains its gradient: `{name}.retain_grad()` keeps only "
                 "gradients computed after it is called. Call it right after computing `{name}`, before "
                 "backward(), and run backward() again.").format(name=name)
    if backwards == 0 and not calls_of(ctx.observed if ctx else None, "autograd.grad"):
        return _("`{name}.grad` is None: no gradient reached `{name}`, and your code never called backward(). "
                 "Call backward() on the output to fill .grad.").format(name=name)
    return _("`{name}.grad` is None: no gradient reached `{name}`. Did you call backward()? Is `{name}` on the "
             "path to the output, or was it detached or used under torch.no_grad()?").format(name=name)


def compare_tensors(what: str, yours: dict, expected: dict, ctx: Context, rtol=None, atol=None,
                    gradient: bool = False) -> Verdict:
    if yours.get("shape") != expected.get("shape"):
        if ctx.hidden:
            return False, _("{what} has shape {shape}; that is not the right shape on a hidden trial.").format(
                what=what, shape=_shape(yours))
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
        if ctx.predict and not ctx.hidden:
            wrong = int(np.sum(a != b)) if a.shape == b.shape else a.size
            return False, _("{what} is not right: {entries} of {total} differ.").format(
                what=what, entries=_entries(wrong), total=a.size)
        if ctx.hidden:
            return False, _("{what} is not the expected value on a hidden trial.").format(what=what)
        return False, _("{what} is not the expected value.").format(what=what)
    if ctx.hidden:
        return False, _("{what} is wrong on a hidden trial (its inputs are not shown).").format(what=what)
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
    if d.max_rel and np.isfinite(d.max_rel):
        text = _("{text}; relative difference {relative}.").format(text=text, relative=f"{d.max_rel:.3g}")
    else:
        text = _("{text}.").format(text=text)
    if d.ratio is not None:
        k = d.ratio
        rounded = round(k)
        if gradient and abs(k - rounded) < 1e-3 and rounded >= 2:
            text = _("{text} It is exactly {n} times the expected gradient.").format(text=text, n=rounded)
            backwards = calls_of(ctx.observed, "backward")
            if backwards is not None and backwards >= 2:
                text = _("{text} Your code called backward() {n} times, and gradients accumulate in .grad: "
                         "each backward() adds to what is there. Zero the gradients (zero_grad(), or "
                         "`.grad = None`) between backward passes, or call backward() once.").format(
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


# ---------------------------------------------------------------------- value


def value(check, expected: dict, yours: dict, ctx: Context) -> Verdict:
    what = f"`{check.expr}`"
    if yours.get("t") == "error":
        return False, _("could not evaluate {what} after your code: {why}.").format(what=what, why=yours.get("why"))
    if expected.get("t") == "error":
        return False, _("the reference could not evaluate {what} ({why}); tell your instructor.").format(
            what=what, why=expected.get("why"))
    wanted = getattr(check, "type", None)
    if wanted:
        problem = _type_problem(what, wanted, yours)
        if problem:
            return False, problem
    return _compare_values(what, yours, expected, ctx, check.rtol, check.atol)


_TYPE_WORDS = {"number": N_("a Python number"), "tensor": N_("a tensor"), "bool": N_("True or False")}


def _type_problem(what: str, wanted: str, yours: dict) -> str | None:
    t = yours.get("t")
    if t == "seq":
        for i, item in enumerate(yours.get("items") or []):
            problem = _type_problem(f"{what}[{i}]", wanted, item)
            if problem:
                return problem
        return None
    if wanted == "number":
        if t == "num":
            return None
        if t == "tensor":
            return _("{what} is a tensor of shape {shape}, but this exercise asks for a Python number: "
                     "call .item() on a one-element tensor to get the number out.").format(what=what,
                                                                                          shape=_shape(yours))
    elif wanted == "bool":
        if t == "bool":
            return None
        if t == "tensor":
            return _("{what} is a tensor of shape {shape}, but this exercise asks for True or False: "
                     "call .item() (or bool(...)) on a one-element tensor.").format(what=what, shape=_shape(yours))
    elif wanted == "tensor":
        if t == "tensor":
            return None
        if t == "num":
            return _("{what} is a Python number, but this exercise asks for a tensor: keep the result as a tensor "
                     "(do not call .item() or float() on it).").format(what=what)
        if t == "bool":
            return _("{what} is a Python bool, but this exercise asks for a tensor: keep the result as a tensor "
                     "(do not call .item() or float() on it).").format(what=what)
    return _("{what} is {description}, but this exercise asks for {wanted}.").format(
        what=what, description=_describe(yours), wanted=_(_TYPE_WORDS[wanted]))


def _compare_values(what: str, yours: dict, expected: dict, ctx: Context, rtol=None, atol=None) -> Verdict:
    ty, te = yours.get("t"), expected.get("t")
    if te == "tensor" and ty == "tensor":
        return compare_tensors(what, yours, expected, ctx, rtol, atol)
    mismatch = _("{what} is {yours}, expected {expected}.")
    if te in ("num", "bool", "tensor") and ty in ("num", "bool", "tensor"):
        a, b = _as_number(yours), _as_number(expected)
        if a is None or b is None:
            return False, mismatch.format(what=what, yours=_describe(yours),
                                          expected=_describe(expected, ctx.hidden or ctx.predict))
        if te == "bool" and ty != "bool" and not isinstance(a, bool):
            return False, mismatch.format(what=what, yours=_describe(yours),
                                          expected=_describe(expected, ctx.hidden or ctx.predict))
        if isinstance(a, bool) or isinstance(b, bool):
            if bool(a) == bool(b) and (isinstance(a, bool) == isinstance(b, bool) or float(a) == float(b)):
                return True, ""
            if ctx.hidden:
                return False, _("{what} is wrong on a hidden trial.").format(what=what)
            if ctx.predict:
                return False, _("{what} is not right: your answer is {answer}.").format(what=what,
                                                                                      answer=_fmt_scalar(a))
            return False, mismatch.format(what=what, yours=_fmt_scalar(a), expected=_fmt_scalar(b))
        r, t = (rtol if rtol is not None else 1e-6), (atol if atol is not None else 1e-8)
        if te == "tensor":
            r, t = V.tolerance_for(expected["dtype"], ctx.tolerance, rtol, atol)
        if np.isclose(float(a), float(b), rtol=r, atol=t, equal_nan=True):
            return True, ""
        if ctx.hidden:
            return False, _("{what} is wrong on a hidden trial.").format(what=what)
        if ctx.predict:
            return False, _predict_words(what, np.array([float(a)]), np.array([float(b)]), r, t)
        return False, mismatch.format(what=what, yours=V.fmt(float(a)), expected=V.fmt(float(b)))
    if te == "seq" and ty == "seq":
        n_yours, n_expected = len(yours["items"]), len(expected["items"])
        if n_yours != n_expected:
            if ctx.predict or ctx.hidden:
                return False, _("{what} has {items}; that is not the right number.").format(
                    what=what, items=_items(n_yours))
            return False, _("{what} has {items}, expected {n}.").format(what=what, items=_items(n_yours),
                                                                       n=n_expected)
        for i, (y, e) in enumerate(zip(yours["items"], expected["items"])):
            ok, message = _compare_values(f"{what}[{i}]", y, e, ctx, rtol, atol)
            if not ok:
                return ok, message
        return True, ""
    if te == ty and te in ("none", "str", "dtype", "device"):
        if yours.get("v") == expected.get("v"):
            return True, ""
        if ctx.hidden:
            return False, _("{what} is not the expected {kind} on a hidden trial.").format(
                what=what, kind=_(_KIND_WORDS.get(te, N_("value"))))
        if ctx.predict:
            return False, _("{what} is not right: your answer is {answer}.").format(what=what,
                                                                                  answer=_fmt_plain(yours))
        return False, mismatch.format(what=what, yours=_fmt_plain(yours), expected=_fmt_plain(expected))
    return False, mismatch.format(what=what, yours=_describe(yours),
                                  expected=_describe(expected, ctx.hidden or ctx.predict))


_KIND_WORDS = {"str": N_("text"), "dtype": N_("dtype"), "device": N_("device"), "none": N_("value")}


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


def _plural(n: int, one: str, many: str) -> str:
    """``one`` or ``many`` (both marked with N_()), translated, with n in it.

    Two gettext entries rather than one plural entry: tests/test_i18n.py does not yet
    count plural entries as translated. Chinese has one form; English keeps its two."""
    return _(one if n == 1 else many).format(n=n)


def _items(n: int) -> str:
    return _plural(n, N_("{n} item"), N_("{n} items"))


def _entries(n: int) -> str:
    return _plural(n, N_("{n} entry"), N_("{n} entries"))


def _as_number(encoded: dict):
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


# ---------------------------------------------------------------------- flags

_FLAG_HELP = {
    ("leaf", True): N_("`{n}` is not a leaf: it is the result of an operation on tensors that require grad. A leaf "
                       "is a tensor you create directly, or one cut from the graph with .detach()."),
    ("leaf", False): N_("`{n}` is a leaf, but it should be computed from other tensors so that it has a grad_fn."),
    ("requires_grad", True): N_("`{n}` does not require grad: create it with requires_grad=True, or call "
                                "`{n}.requires_grad_()` on a leaf."),
    ("requires_grad", False): N_("`{n}` still requires grad: compute it inside `with torch.no_grad():` so that "
                                 "autograd records no graph for it. (Calling .detach() afterwards gives the same "
                                 "flag, but the graph was already built; for a leaf you create yourself, leave "
                                 "requires_grad off.)"),
    ("retains_grad", True): N_("`{n}` does not retain its gradient: call `{n}.retain_grad()` before backward()."),
    ("retains_grad", False): N_("`{n}` retains its gradient, but it should not: remove the retain_grad() call."),
}
_FLAG_ATTR = {"leaf": "is_leaf", "requires_grad": "requires_grad", "retains_grad": "retains_grad"}


def flag(check, expected: dict, yours: dict, ctx: Context) -> Verdict:
    name = check.tensor
    problem = _missing(name, yours)
    if problem:
        return False, problem
    if yours.get("t") != "flags":
        return False, _("`{name}` should be a tensor, but it is {description}.").format(
            name=name, description=_describe(yours))
    attr = _FLAG_ATTR[check.kind]
    want = check.expect
    if want is None:
        if expected.get("t") != "flags":
            return False, _("the reference has no tensor `{name}` ({description}); tell your instructor.").format(
                name=name, description=_describe(expected))
        want = expected[attr]
    have = yours.get(attr)
    if not isinstance(have, bool) or not isinstance(want, bool):
        raise InvalidResult(f"{attr} is not a bool")
    if have == want:
        return True, ""
    return False, _("`{name}.{attr}` is {have}, expected {want}. {help}").format(
        name=name, attr=attr, have=have, want=want, help=_(_FLAG_HELP[(check.kind, want)]).format(n=name))


# --------------------------------------------------------------------- raises


def raises(check, ctx: Context) -> Verdict:
    error = ctx.learner_error
    wanted = check.exception
    if error is None or error.get("phase") != "code":
        return False, _("your code ran to the end without raising; it should raise {wanted}.").format(wanted=wanted)
    mro = error.get("mro") or []
    if not isinstance(mro, list):
        raise InvalidResult("the exception's classes are not a list")
    if not any(isinstance(name, str) and (name == wanted or name.endswith("." + wanted)) for name in mro):
        return False, _("your code raised {raised}, but it should raise {wanted}.").format(
            raised=error.get("type"), wanted=wanted)
    pattern = getattr(check, "match", None)
    if pattern:
        message = error.get("message")
        if not isinstance(message, str):
            raise InvalidResult("the exception's message is not text")
        if not re.search(pattern, message):
            shown = message if len(message) <= 300 else message[:297] + "..."
            return False, _("your code raised {raised}, as asked, but not the error this exercise is about: its "
                            "message ({message}) does not match /{pattern}/.").format(
                raised=error.get("type"), message=repr(shown), pattern=pattern)
    return True, ""


# ------------------------------------------------------------------ gradcheck


def gradcheck(check, yours: dict, ctx: Context) -> Verdict:
    name = check.function
    problem = _missing(name, yours)
    if problem:
        return False, problem
    second = check.kind == "gradgradcheck"
    if yours.get("t") == "error":
        return False, _("{kind} of `{name}` could not run: {why}. Call `{name}` yourself on the inputs ({inputs}) "
                        "to see what goes wrong; it should return a tensor.").format(
            kind=check.kind, name=name, why=yours.get("why"), inputs=", ".join(check.inputs))
    if yours.get("t") == "jacobians":  # an older run's format: compare here
        analytical = V.decode_tensor(yours["analytical"])
        numerical = V.decode_tensor(yours["numerical"])
        atol = check.atol if check.atol is not None else 1e-5
        rtol = check.rtol if check.rtol is not None else 1e-3
        if analytical is not None and numerical is not None and analytical.shape == numerical.shape and \
                np.allclose(analytical, numerical, rtol=rtol, atol=atol):
            return True, ""
        yours = {"t": "gradcheck", "ok": False, "error": "", "analytical": yours["analytical"],
                 "numerical": yours["numerical"]}
    if yours.get("t") != "gradcheck":
        raise InvalidResult("not a gradcheck result")
    ok = yours.get("ok")
    if not isinstance(ok, bool):
        raise InvalidResult("the gradcheck verdict is not a bool")
    if ok:
        return True, ""
    if ctx.hidden:
        if second:
            return False, _("the second derivatives of `{name}` are wrong on a hidden trial.").format(name=name)
        return False, _("the gradients of `{name}` are wrong on a hidden trial.").format(name=name)
    error = yours.get("error") or ""
    if not isinstance(error, str):
        raise InvalidResult("the gradcheck error is not text")
    if yours.get("raised"):
        return False, _("torch.autograd.{kind} could not evaluate `{name}`: calling it, or its backward, raised "
                        "{error}. Run `{name}` and its backward yourself on float64 inputs that require grad to "
                        "see where it fails.").format(kind=check.kind, name=name,
                                                      error=error.splitlines()[0] if error else _("an error"))
    if second:
        text = _("the second derivatives your backward computes for `{name}` do not match finite differences "
                 "(torch.autograd.{kind}, float64).").format(name=name, kind=check.kind)
    else:
        text = _("the gradients your backward computes for `{name}` do not match finite differences "
                 "(torch.autograd.{kind}, float64).").format(name=name, kind=check.kind)
    analytical = V.decode_tensor(yours["analytical"]) if isinstance(yours.get("analytical"), dict) else None
    numerical = V.decode_tensor(yours["numerical"]) if isinstance(yours.get("numerical"), dict) else None
    if analytical is not None and numerical is not None and analytical.ndim == 2:
        text = _("{text} Numerical Jacobian (left) and yours from backward (right):\n{table}").format(
            text=text, table=_side_by_side(numerical, analytical))
    elif error:
        text = _("{text} torch says: {error}").format(text=text, error=error.strip()[:1500])
    return False, text


def _side_by_side(numerical: np.ndarray, analytical: np.ndarray) -> str:
    left = np.array2string(numerical, precision=4, suppress_small=True).splitlines()
    right = np.array2string(analytical, precision=4, suppress_small=True).splitlines()
    width = max(len(line) for line in left)
    rows = max(len(left), len(right))
    left += [""] * (rows - len(left))
    right += [""] * (rows - len(right))
    return "\n".join(f"  {l:<{width}}   {r}" for l, r in zip(left, right))


# ---------------------------------------------------------------------- graph


def graph(check, expected: dict, yours: dict, ctx: Context) -> Verdict:
    name = check.root
    problem = _missing(name, yours)
    if problem:
        return False, problem
    if yours.get("t") == "error":
        return False, _("the graph of `{name}` could not be read after your code ran ({why}). Make sure `{name}` is "
                        "a tensor computed from the exercise's inputs, and that your code does not replace or "
                        "change torch's own functions.").format(name=name, why=yours.get("why"))
    if yours.get("t") != "graph":
        return False, _("`{name}` should be a tensor with an autograd graph, but it is {description}.").format(
            name=name, description=_describe(yours))
    if expected.get("t") != "graph":
        return False, _("the reference graph of `{name}` could not be read; tell your instructor.").format(name=name)
    from tutor.graph.compare import compare
    from tutor.graph.model import GraphSnapshot

    try:
        reference = GraphSnapshot.from_dict(expected["snapshot"])
    except ValueError:
        reference = None
    if reference is None or reference.find(name) is None:
        return False, _("the reference graph of `{name}` could not be read; tell your instructor.").format(name=name)
    try:  # what a run sends back is untrusted: validated, size-capped, cycles refused
        result = compare(reference, GraphSnapshot.from_untrusted(yours["snapshot"]), root=name, tier=check.tier,
                         collapse_views=check.collapse_views, neutral=getattr(check, "neutral", None))
    except ValueError as exc:
        return False, _("the graph of `{name}` could not be read after your code ran ({error}). Make sure "
                        "`{name}` is a tensor computed from the exercise's inputs.").format(name=name, error=exc)
    if result.equal:
        return True, ""
    return False, " ".join(result.differences) or _("the graph of `{name}` differs from the reference.").format(
        name=name)


# ------------------------------------------------------- how the code worked

API_WORDS = {
    "backward": "backward()",
    "autograd.grad": "torch.autograd.grad()",
    "checkpoint": "torch.utils.checkpoint.checkpoint()",
}


def api_words(api: str) -> str:
    return API_WORDS.get(api, f"torch.{api}()")


def _observed(record) -> dict:
    """The run's record of what the code did, checked for shape (it is untrusted data)."""
    if not isinstance(record, dict) or record.get("t") != "observed":
        raise InvalidResult("no record of what the code did")
    return record


def calls_of(record, api: str, retain_graph=None, create_graph=None) -> int | None:
    """How many calls of ``api`` the record shows (None: no usable record)."""
    if not isinstance(record, dict) or record.get("t") != "observed":
        return None
    calls = record.get("calls")
    if not isinstance(calls, list):
        return None
    total = 0
    for item in calls:
        if not (isinstance(item, list) and len(item) == 4 and isinstance(item[3], int) and not isinstance(item[3], bool)):
            raise InvalidResult("a malformed call record")
        name, retain, create, count = item
        if name != api:
            continue
        if retain_graph is not None and retain is not retain_graph:
            continue
        if create_graph is not None and create is not create_graph:
            continue
        total += max(0, count)
    return total


def _filter_words(check, sep: str = " ") -> str:
    parts = []
    if getattr(check, "retain_graph", None) is not None:
        parts.append(f"retain_graph={check.retain_graph}")
    if getattr(check, "create_graph", None) is not None:
        parts.append(f"create_graph={check.create_graph}")
    if not parts:
        return ""
    flags = parts[0] if len(parts) == 1 else _("{first} and {second}").format(first=parts[0], second=parts[1])
    if sep == ", ":
        return _(", with {flags}").format(flags=flags)
    return _(" with {flags}").format(flags=flags)


def _bound_words(check) -> str:
    if check.count is not None:
        return _("exactly {n}").format(n=check.count)
    if check.min is not None and check.max is not None:
        if check.min == check.max:
            return _("exactly {n}").format(n=check.min)
        return _("between {min} and {max}").format(min=check.min, max=check.max)
    if check.min is not None:
        return _("at least {n}").format(n=check.min)
    return _("at most {n}").format(n=check.max)


def _within(check, n: int) -> bool:
    if check.count is not None:
        return n == check.count
    return (check.min is None or n >= check.min) and (check.max is None or n <= check.max)


def _times(n: int) -> str:
    return _("once") if n == 1 else _("{n} times").format(n=n)


def calls(check, ctx: Context) -> Verdict:
    record = _observed(ctx.observed)
    n = calls_of(record, check.api, check.retain_graph, check.create_graph)
    if n is None:
        raise InvalidResult("no record of the calls")
    if _within(check, n):
        return True, ""
    what = api_words(check.api)
    filt = _filter_words(check)
    total = calls_of(record, check.api)
    if n == 0 and not filt:
        said = _("your code never called {api}").format(api=what)
    else:
        said = _("your code called {api}{flags} {times}").format(api=what, flags=filt,
                                                                 times=_times(n) if n else _("no times"))
        if filt and total != n:
            said = _("{said} ({times} in all)").format(said=said, times=_times(total))
    if check.count == 0 or (check.max == 0 and check.min is None):
        asked = _("this exercise asks you not to call {api}{flags}").format(api=what, flags=filt)
    else:
        asked = _("this exercise asks for {bound}").format(bound=_bound_words(check))
    too_few = (check.count is not None and n < check.count) or (check.min is not None and n < check.min)
    text = _("{said}; {asked}. {advice}").format(said=said, asked=asked, advice=_calls_advice(check, too_few))
    return False, text.rstrip()


def _calls_advice(check, too_few: bool) -> str:
    api = check.api
    if too_few:
        if check.retain_graph:
            return _("Pass retain_graph=True to a backward() whose graph you need again: backward() frees the "
                     "graph's saved tensors unless told to keep them.")
        if check.create_graph:
            return _("Pass create_graph=True so the gradient you get has a graph of its own, which you can "
                     "differentiate again.")
        if api == "func.vmap":
            return _("Map over the batch with torch.func.vmap instead of a Python loop.")
        if api == "backward":
            return _("Call backward() on the output (a single number) to fill the leaves' .grad.")
        if api == "checkpoint":
            return _("Wrap the block in torch.utils.checkpoint.checkpoint(fn, *inputs, use_reentrant=False).")
        return _("Use {api} in your answer, as the exercise asks.").format(api=api_words(api))
    if api in ("autograd.functional.jacobian", "autograd.functional.hessian", "func.jacrev", "func.jacfwd",
               "func.hessian"):
        return _("Building the full Jacobian or Hessian is what this exercise avoids: compute a vector product "
                 "instead (torch.autograd.grad with grad_outputs, torch.func.vjp / jvp, or "
                 "torch.autograd.functional.vjp / hvp).")
    if api == "autograd.grad":
        return _("Compute this one without torch.autograd.grad: by hand, as the exercise asks.")
    if api == "backward":
        return _("Each backward() adds to .grad: call it only as many times as the exercise asks.")
    return _("Do without {api} here, as the exercise asks.").format(api=api_words(api))


_HOOK_WORDS = {
    "tensor": (N_("on tensors"), N_("Register one with `t.register_hook(fn)`: fn receives the gradient of t and may "
                                    "return a changed one.")),
    "module": (N_("on modules"), N_("Register one with `module.register_forward_hook(fn)` or "
                                    "`module.register_full_backward_hook(fn)`.")),
    "node": (N_("on graph nodes"), N_("Register one with `y.grad_fn.register_hook(fn)` or `register_prehook(fn)`.")),
    "any": ("", N_("Register a hook (`t.register_hook(fn)` on a tensor, or a module hook) as the exercise asks.")),
}


def hooks(check, ctx: Context) -> Verdict:
    record = _observed(ctx.observed)
    counts = record.get("hooks")
    if not isinstance(counts, dict):
        raise InvalidResult("no record of the hooks")
    kinds = ("tensor", "module", "node") if check.on == "any" else (check.on,)
    n = 0
    for kind in kinds:
        value = counts.get(kind, 0)
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidResult("a hook count is not a number")
        n += value
    if _within(check, n):
        return True, ""
    where, how = _HOOK_WORDS[check.on]
    hook_words = _("no hooks") if n == 0 else _plural(n, N_("{n} hook"), N_("{n} hooks"))
    if where:
        said = _("your code registered {hooks} {where}").format(hooks=hook_words, where=_(where))
    else:
        said = _("your code registered {hooks}").format(hooks=hook_words)
    too_few = (check.count is not None and n < check.count) or (check.min is not None and n < check.min)
    if too_few:
        advice = _(how)
    else:
        advice = _("Register only the hooks the exercise asks for (every registration counts, even of a hook "
                   "removed later).")
    return False, _("{said}; this exercise asks for {bound}. {advice}").format(
        said=said, bound=_bound_words(check), advice=advice)


def footprint(check, ctx: Context) -> Verdict:
    record = _observed(ctx.observed)
    expected = ctx.expected_observed if isinstance(ctx.expected_observed, dict) else {}
    if check.max_nodes is not None:
        nodes = _count(record, "nodes")
        if nodes > check.max_nodes:
            if check.max_nodes == 0:
                return False, _("your code built an autograd graph ({nodes}) where this exercise asks for none. "
                                "Compute inside `with torch.no_grad():` (or torch.inference_mode()) so that autograd "
                                "records nothing; calling .detach() afterwards is too late, the graph was already "
                                "built.").format(nodes=_plural(nodes, N_("{n} node"), N_("{n} nodes")))
            ref = expected.get("nodes")
            created = _plural(nodes, N_("{n} autograd graph node"), N_("{n} autograd graph nodes"))
            if isinstance(ref, int) and not ctx.hidden:
                text = _("your code created {nodes}; this exercise allows at most {max} (the reference creates "
                         "{ref}).").format(nodes=created, max=check.max_nodes, ref=ref)
            else:
                text = _("your code created {nodes}; this exercise allows at most {max}.").format(
                    nodes=created, max=check.max_nodes)
            return False, _("{text} Record only what the gradient needs: compute the parts that need no gradient "
                            "under torch.no_grad(), and avoid computing the same thing twice.").format(text=text)
    if check.max_saved_bytes is not None:
        saved = _count(record, "saved_bytes")
        if saved > check.max_saved_bytes:
            ref = expected.get("saved_bytes")
            if isinstance(ref, int) and not ctx.hidden:
                text = _("your code saved {size} of tensors for backward; this exercise allows at most {max} (the "
                         "reference saves {ref}).").format(size=_bytes(saved), max=_bytes(check.max_saved_bytes),
                                                           ref=_bytes(ref))
            else:
                text = _("your code saved {size} of tensors for backward; this exercise allows at most "
                         "{max}.").format(size=_bytes(saved), max=_bytes(check.max_saved_bytes))
            return False, _("{text} Operations save their inputs or outputs for backward: do the parts that need no "
                            "gradient under torch.no_grad(), or recompute instead of saving (checkpointing).").format(
                text=text)
    if check.max_numel is not None:
        numel = _count(record, "max_numel")
        if numel > check.max_numel:
            shape = record.get("max_shape")
            shape_words = _(" of shape {shape}").format(shape="[" + ", ".join(str(int(s)) for s in shape) + "]") \
                if isinstance(shape, list) and all(isinstance(s, int) for s in shape) else ""
            api = record.get("max_api")
            source = _(", from {api}").format(api=api_words(api)) if isinstance(api, str) and api else ""
            return False, _("an autograd call in your code returned a tensor of {n} elements{shape}{source}; this "
                            "exercise allows at most {max}. That is a full Jacobian or Hessian: compute the vector "
                            "product directly (torch.autograd.grad with grad_outputs, torch.func.vjp / jvp, or "
                            "torch.autograd.functional.vjp / hvp) without building the matrix.").format(
                n=numel, shape=shape_words, source=source, max=check.max_numel)
    return True, ""


def _count(record: dict, key: str) -> int:
    value = record.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidResult(f"the run could not measure {key.replace('_', ' ')}")
    return value


def _bytes(n: int) -> str:
    if n < 1024:
        return _("{n} bytes").format(n=n)
    for unit in ("KiB", "MiB", "GiB"):
        n /= 1024
        if n < 1024 or unit == "GiB":
            return f"{n:.3g} {unit}"
    return _("{n} bytes").format(n=n)


def unchanged(check, ctx: Context) -> Verdict:
    record = _observed(ctx.observed)
    entries = record.get("unchanged")
    if not isinstance(entries, list):
        raise InvalidResult("no record of the inputs")
    for name in check.tensors:
        found = [e for e in entries if isinstance(e, dict) and isinstance(e.get("name"), str)
                 and (e["name"] == name or e["name"].startswith(name + "."))]
        if not found:
            raise InvalidResult(f"no record of `{name}`")
        for entry in found:
            t = entry.get("t")
            if t == "missing":
                return False, _("`{name}` is not a tensor or module made by the exercise's setup, so it cannot be "
                                "checked; tell your instructor.").format(name=name)
            if t == "unreadable":
                return False, _("`{entry}` could not be read after your code ran ({why}).").format(
                    entry=entry["name"], why=entry.get("why"))
            if t == "changed":
                if entry["name"] != name:
                    which = _("`{entry}` (in `{name}`)").format(entry=entry["name"], name=name)
                else:
                    which = f"`{entry['name']}`"
                how = _("its values changed") if entry.get("values") else \
                    _("its values are the same, but an in-place operation ran on it")
                return False, _("your code changed {which} in place ({how}); this exercise needs it as the setup "
                                "made it. Compute a new tensor (`y = x * 2`, not `x.mul_(2)` or `x *= 2`), or work "
                                "on a copy (`x.clone()`).").format(which=which, how=how)
            if t != "ok":
                raise InvalidResult("a malformed input record")
    return True, ""


# ------------------------------------------------------------------- helpers


def _missing(name: str, yours: dict) -> str | None:
    if yours.get("t") == "missing":
        return _("`{name}` is not defined after your code ran. Keep the names the exercise uses.").format(name=name)
    return None


def _shape(encoded: dict) -> str:
    return "[" + ", ".join(str(s) for s in encoded.get("shape", [])) + "]"


def _describe(encoded: dict, hidden: bool = False) -> str:
    t = encoded.get("t")
    if t == "tensor":
        return _("a tensor of shape {shape}").format(shape=_shape(encoded))
    if t == "none":
        return "None"
    if t == "num":
        return _("a value") if hidden else (V.fmt(float(encoded["v"])) if isinstance(encoded["v"], str)
                                            else repr(encoded["v"]))
    if t == "bool":
        return _("a value") if hidden else repr(bool(encoded["v"]))
    if t == "dtype":
        return _("a dtype") if hidden else _("the dtype {dtype}").format(dtype=f"torch.{encoded.get('v')}")
    if t == "device":
        return _("a device") if hidden else _("the device {device}").format(device=repr(encoded.get("v")))
    if t == "seq":
        if encoded.get("tuple"):
            return _("a tuple of {items}").format(items=_items(len(encoded["items"])))
        return _("a list of {items}").format(items=_items(len(encoded["items"])))
    if t == "str":
        return _("a string")
    if t == "missing":
        return _("not defined")
    if t == "error":
        return _("an error ({why})").format(why=encoded.get("why"))
    if t == "other":
        if encoded.get("why"):
            return _("a {type} ({why})").format(type=encoded.get("type"), why=encoded["why"])
        return _("a {type}").format(type=encoded.get("type"))
    return _("something else")
