"""One verdict per check and trial, from the plain data two runs sent back.

Each function returns ``(passed, message)``; the message is written for the
learner, uses their names, and says what was expected and what came, in
numbers. On a hidden trial, ``hidden=True`` keeps values out of it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tutor.grade import values as V


@dataclass
class Context:
    hidden: bool
    tolerance: dict  # per-dtype overrides from the exercise
    learner_error: dict | None  # the exception the learner's code raised, if any


Verdict = tuple[bool, str]


def label(check) -> str:
    if check.label:
        return check.label
    kind = check.kind
    if kind == "grad":
        return f"grad of {check.tensor}" + (" is None" if check.expect == "none" else "")
    if kind == "value":
        return f"value of {check.expr}"
    if kind == "graph":
        return f"graph of {check.root}"
    if kind == "leaf":
        return f"{check.tensor}.is_leaf"
    if kind in ("requires_grad", "retains_grad"):
        return f"{check.tensor}.{kind}"
    if kind == "raises":
        return f"raises {check.exception}"
    if kind in ("gradcheck", "gradgradcheck"):
        return f"{kind} of {check.function}"
    return f"assert {check.assert_}"


# ----------------------------------------------------------------------- grad


def grad(check, expected: dict, yours: dict, ctx: Context) -> Verdict:
    name = check.tensor
    problem = _missing(name, yours)
    if problem:
        return False, problem
    if yours.get("t") != "grad":
        return False, f"`{name}` should be a tensor, but it is {_describe(yours)}."
    your_grad = yours["grad"]
    if check.expect == "none":
        if your_grad.get("t") == "none":
            return True, ""
        return False, (f"`{name}.grad` should be None (no gradient should reach `{name}`), but it holds a gradient. "
                       f"Was `{name}` detached, frozen with requires_grad_(False), or kept out of the computation?")
    if expected.get("t") != "grad":
        return False, f"the reference could not read `{name}` ({_describe(expected)}); tell your instructor."
    expected_grad = expected["grad"]
    if expected_grad.get("t") == "none":
        if your_grad.get("t") == "none":
            return True, ""
        return False, f"`{name}.grad` should be None: in the reference no gradient reaches `{name}`."
    if your_grad.get("t") == "none":
        return False, _why_no_grad(name, yours.get("flags", {}))
    return compare_tensors(f"`{name}.grad`", your_grad, expected_grad, ctx, check.rtol, check.atol, gradient=True)


def _why_no_grad(name: str, flags: dict) -> str:
    if not flags.get("requires_grad"):
        return (f"`{name}.grad` is None because `{name}` does not require grad. Create it with "
                f"requires_grad=True or call `{name}.requires_grad_()` before using it.")
    if not flags.get("is_leaf") and not flags.get("retains_grad"):
        return (f"`{name}.grad` is None: `{name}` is not a leaf, and autograd keeps .grad only for leaves. "
                f"Call `{name}.retain_grad()` before backward() to keep it.")
    return (f"`{name}.grad` is None: no gradient reached `{name}`. Did you call backward()? Is `{name}` on the "
            f"path to the output, or was it detached or used under torch.no_grad()?")


def compare_tensors(what: str, yours: dict, expected: dict, ctx: Context, rtol=None, atol=None,
                    gradient: bool = False) -> Verdict:
    if yours.get("shape") != expected.get("shape"):
        return False, f"{what} has shape {_shape(yours)}, but the expected one has shape {_shape(expected)}."
    a, b = V.decode_tensor(yours), V.decode_tensor(expected)
    if a is None or b is None:
        return False, f"{what} is too large to compare."
    rtol, atol = V.tolerance_for(expected["dtype"], ctx.tolerance, rtol, atol)
    if V.close(a, b, rtol, atol):
        return True, ""
    if a.dtype == bool or b.dtype == bool:
        return False, f"{what} is not the expected {'value' if not ctx.hidden else 'value on a hidden trial'}."
    if ctx.hidden:
        return False, f"{what} is wrong on a hidden trial (its inputs are not shown)."
    d = V.difference(a, b, rtol, atol)
    where = f" at index {V.fmt_index(d.index)}" if d.index else ""
    text = (f"{what} differs from the expected {'gradient' if gradient else 'value'}: the largest difference is "
            f"{V.fmt(d.max_abs)}{where} (yours {V.fmt(d.yours)}, expected {V.fmt(d.expected)})")
    if d.max_rel and np.isfinite(d.max_rel):
        text += f"; relative difference {d.max_rel:.3g}"
    text += "."
    if d.ratio is not None:
        k = d.ratio
        rounded = round(k)
        if gradient and abs(k - rounded) < 1e-3 and rounded >= 2:
            text += (f" It is exactly {rounded} times the expected gradient: gradients accumulate in .grad, so "
                     f"a backward() that ran {rounded} times (or gradients that were never zeroed with "
                     f"zero_grad()) add up.")
        elif abs(k + 1) < 1e-3:
            text += " It has the opposite sign everywhere."
        else:
            text += f" It is {k:.4g} times the expected {'gradient' if gradient else 'value'} everywhere."
    return False, text


# ---------------------------------------------------------------------- value


def value(check, expected: dict, yours: dict, ctx: Context) -> Verdict:
    what = f"`{check.expr}`"
    if yours.get("t") == "error":
        return False, f"could not evaluate {what} after your code: {yours.get('why')}."
    if expected.get("t") == "error":
        return False, f"the reference could not evaluate {what} ({expected.get('why')}); tell your instructor."
    return _compare_values(what, yours, expected, ctx, check.rtol, check.atol)


def _compare_values(what: str, yours: dict, expected: dict, ctx: Context, rtol=None, atol=None) -> Verdict:
    ty, te = yours.get("t"), expected.get("t")
    if te == "tensor" and ty == "tensor":
        return compare_tensors(what, yours, expected, ctx, rtol, atol)
    if te in ("num", "bool", "tensor") and ty in ("num", "bool", "tensor"):
        a, b = _as_number(yours), _as_number(expected)
        if a is None or b is None:
            return False, f"{what} is {_describe(yours)}, expected {_describe(expected, ctx.hidden)}."
        if te == "bool" and ty != "bool" and not isinstance(a, bool):
            return False, f"{what} is {_describe(yours)}, expected {_describe(expected, ctx.hidden)}."
        r, t = (rtol if rtol is not None else 1e-6), (atol if atol is not None else 1e-8)
        if te == "tensor":
            r, t = V.tolerance_for(expected["dtype"], ctx.tolerance, rtol, atol)
        if np.isclose(float(a), float(b), rtol=r, atol=t, equal_nan=True):
            return True, ""
        if ctx.hidden:
            return False, f"{what} is wrong on a hidden trial."
        return False, f"{what} is {V.fmt(float(a))}, expected {V.fmt(float(b))}."
    if te == "seq" and ty == "seq":
        if len(yours["items"]) != len(expected["items"]):
            return False, f"{what} has {len(yours['items'])} items, expected {len(expected['items'])}."
        for i, (y, e) in enumerate(zip(yours["items"], expected["items"])):
            ok, message = _compare_values(f"{what}[{i}]", y, e, ctx, rtol, atol)
            if not ok:
                return ok, message
        return True, ""
    if te == ty and te in ("none", "str"):
        if yours.get("v") == expected.get("v"):
            return True, ""
        return False, f"{what} is not the expected text." if ctx.hidden else \
            f"{what} is {yours.get('v')!r}, expected {expected.get('v')!r}."
    return False, f"{what} is {_describe(yours)}, expected {_describe(expected, ctx.hidden)}."


def _as_number(encoded: dict):
    if encoded["t"] in ("num", "bool"):
        v = encoded["v"]
        return float(v) if isinstance(v, str) else v
    if encoded["t"] == "tensor" and encoded.get("shape") in ([], [1]):
        array = V.decode_tensor(encoded)
        return None if array is None else array.reshape(-1)[0].item()
    return None


# ---------------------------------------------------------------------- flags

_FLAG_HELP = {
    ("leaf", True): "`{n}` is not a leaf: it is the result of an operation on tensors that require grad. A leaf is "
                    "a tensor you create directly, or one cut from the graph with .detach().",
    ("leaf", False): "`{n}` is a leaf, but it should be computed from other tensors so that it has a grad_fn.",
    ("requires_grad", True): "`{n}` does not require grad: create it with requires_grad=True, or call "
                             "`{n}.requires_grad_()` on a leaf.",
    ("requires_grad", False): "`{n}` still requires grad: use .detach(), torch.no_grad(), or "
                              "requires_grad_(False) on a leaf.",
    ("retains_grad", True): "`{n}` does not retain its gradient: call `{n}.retain_grad()` before backward().",
    ("retains_grad", False): "`{n}` retains its gradient, but it should not: remove the retain_grad() call.",
}
_FLAG_ATTR = {"leaf": "is_leaf", "requires_grad": "requires_grad", "retains_grad": "retains_grad"}


def flag(check, expected: dict, yours: dict, ctx: Context) -> Verdict:
    name = check.tensor
    problem = _missing(name, yours)
    if problem:
        return False, problem
    if yours.get("t") != "flags":
        return False, f"`{name}` should be a tensor, but it is {_describe(yours)}."
    attr = _FLAG_ATTR[check.kind]
    want = check.expect
    if want is None:
        if expected.get("t") != "flags":
            return False, f"the reference has no tensor `{name}` ({_describe(expected)}); tell your instructor."
        want = expected[attr]
    if yours[attr] == want:
        return True, ""
    return False, f"`{name}.{attr}` is {yours[attr]}, expected {want}. " + _FLAG_HELP[(check.kind, want)].format(n=name)


# --------------------------------------------------------------------- raises


def raises(check, ctx: Context) -> Verdict:
    error = ctx.learner_error
    wanted = check.exception
    if error is None or error.get("phase") != "code":
        return False, f"your code ran to the end without raising; it should raise {wanted}."
    if any(name == wanted or name.endswith("." + wanted) for name in error.get("mro", [])):
        return True, ""
    return False, f"your code raised {error.get('type')}, but it should raise {wanted}."


# ------------------------------------------------------------------ gradcheck


def gradcheck(check, yours: dict, ctx: Context) -> Verdict:
    name = check.function
    problem = _missing(name, yours)
    if problem:
        return False, problem
    if yours.get("t") == "error":
        return False, f"{check.kind} of `{name}` could not run: {yours.get('why')}."
    analytical = V.decode_tensor(yours["analytical"])
    numerical = V.decode_tensor(yours["numerical"])
    atol = check.atol if check.atol is not None else 1e-5
    if np.allclose(analytical, numerical, rtol=1e-3, atol=atol):
        return True, ""
    order = "second derivatives" if check.kind == "gradgradcheck" else "gradients"
    if ctx.hidden:
        return False, f"the {order} of `{name}` are wrong on a hidden trial."
    side = _side_by_side(numerical, analytical)
    return False, (f"the {order} your backward computes for `{name}` do not match finite differences "
                   f"(float64). Numerical Jacobian (left) and yours from backward (right):\n{side}")


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
        return False, f"the graph of `{name}` could not be read: {yours.get('why')}."
    if expected.get("t") != "graph":
        return False, f"the reference graph of `{name}` could not be read; tell your instructor."
    from tutor.graph.compare import compare
    from tutor.graph.model import GraphSnapshot

    result = compare(
        GraphSnapshot.from_dict(expected["snapshot"]),
        GraphSnapshot.from_dict(yours["snapshot"]),
        root=name,
        tier=check.tier,
        collapse_views=check.collapse_views,
    )
    if result.equal:
        return True, ""
    return False, " ".join(result.differences) or f"the graph of `{name}` differs from the reference."


# ------------------------------------------------------------------- helpers


def _missing(name: str, yours: dict) -> str | None:
    if yours.get("t") == "missing":
        return f"`{name}` is not defined after your code ran. Keep the names the exercise uses."
    return None


def _shape(encoded: dict) -> str:
    return "[" + ", ".join(str(s) for s in encoded.get("shape", [])) + "]"


def _describe(encoded: dict, hidden: bool = False) -> str:
    t = encoded.get("t")
    if t == "tensor":
        return f"a tensor of shape {_shape(encoded)}"
    if t == "none":
        return "None"
    if t in ("num", "bool"):
        return "a value" if hidden else repr(encoded["v"])
    if t == "seq":
        return f"a {'tuple' if encoded.get('tuple') else 'list'} of {len(encoded['items'])}"
    if t == "str":
        return "a string"
    if t == "missing":
        return "not defined"
    if t == "error":
        return f"an error ({encoded.get('why')})"
    if t == "other":
        return f"a {encoded.get('type')}" + (f" ({encoded['why']})" if encoded.get("why") else "")
    return "something else"
