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
from tutor.i18n import _, ngettext


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
        return False, f"`{name}` should be a tensor, but it is {_describe(yours)}."
    your_grad = yours["grad"]
    if check.expect == "none":
        if your_grad.get("t") == "none":
            return True, ""
        return False, _should_be_none(name, your_grad, f"`{name}.grad` should be None (no gradient should reach "
                                                       f"`{name}`), but it holds a gradient.")
    if expected.get("t") != "grad":
        return False, f"the reference could not read `{name}` ({_describe(expected)}); tell your instructor."
    expected_grad = expected["grad"]
    if expected_grad.get("t") == "none":
        if your_grad.get("t") == "none":
            return True, ""
        return False, _should_be_none(name, your_grad, f"`{name}.grad` should be None: in the reference no "
                                                       f"gradient reaches `{name}`, but yours holds one.")
    if your_grad.get("t") == "none":
        return False, _why_no_grad(name, yours.get("flags", {}), ctx)
    return compare_tensors(f"`{name}.grad`", your_grad, expected_grad, ctx, check.rtol, check.atol, gradient=True)


def _should_be_none(name: str, your_grad: dict, first: str) -> str:
    array = V.decode_tensor(your_grad) if your_grad.get("t") == "tensor" else None
    if array is not None and array.size and not np.any(array):
        return (first + " It holds zeros: zeroing a gradient (zero_grad(set_to_none=False), .grad.zero_()) "
                f"still leaves a tensor. Set `{name}.grad = None` (zero_grad() does by default), or keep "
                "gradients from reaching it at all.")
    return (first + f" To keep gradients away from `{name}`, use `{name}.detach()` where it enters the "
            f"computation, freeze it with `{name}.requires_grad_(False)` before the forward pass, or leave it "
            f"out of what you call backward() on.")


def _why_no_grad(name: str, flags: dict, ctx: Context | None = None) -> str:
    if not flags.get("requires_grad"):
        return (f"`{name}.grad` is None because `{name}` does not require grad. Create it with "
                f"requires_grad=True or call `{name}.requires_grad_()` before using it.")
    if not flags.get("is_leaf") and not flags.get("retains_grad"):
        return (f"`{name}.grad` is None: `{name}` is not a leaf, and autograd keeps .grad only for leaves. "
                f"Call `{name}.retain_grad()` before backward() to keep it.")
    backwards = calls_of(ctx.observed, "backward") if ctx is not None else None
    if not flags.get("is_leaf") and flags.get("retains_grad") and backwards:
        return (f"`{name}.grad` is None although `{name}` retains its gradient: `{name}.retain_grad()` keeps only "
                f"gradients computed after it is called. Call it right after computing `{name}`, before "
                f"backward(), and run backward() again.")
    if backwards == 0 and not calls_of(ctx.observed if ctx else None, "autograd.grad"):
        return (f"`{name}.grad` is None: no gradient reached `{name}`, and your code never called backward(). "
                f"Call backward() on the output to fill .grad.")
    return (f"`{name}.grad` is None: no gradient reached `{name}`. Did you call backward()? Is `{name}` on the "
            f"path to the output, or was it detached or used under torch.no_grad()?")


def compare_tensors(what: str, yours: dict, expected: dict, ctx: Context, rtol=None, atol=None,
                    gradient: bool = False) -> Verdict:
    if yours.get("shape") != expected.get("shape"):
        if ctx.predict or ctx.hidden:
            return False, f"{what} has shape {_shape(yours)}; that is not the right shape" + \
                (" on a hidden trial." if ctx.hidden else ".")
        return False, f"{what} has shape {_shape(yours)}, but the expected one has shape {_shape(expected)}."
    a, b = V.decode_tensor(yours), V.decode_tensor(expected)
    if a is None or b is None:
        return False, f"{what} is too large to compare."
    rtol, atol = V.tolerance_for(expected["dtype"], ctx.tolerance, rtol, atol)
    if V.close(a, b, rtol, atol):
        return True, ""
    if a.dtype == bool or b.dtype == bool:
        if ctx.predict and not ctx.hidden:
            wrong = int(np.sum(a != b)) if a.shape == b.shape else a.size
            return False, f"{what} is not right: {_items(wrong, 'entry', 'entries')} of {a.size} differ."
        return False, f"{what} is not the expected {'value' if not ctx.hidden else 'value on a hidden trial'}."
    if ctx.hidden:
        return False, f"{what} is wrong on a hidden trial (its inputs are not shown)."
    nan_yours = np.isnan(a) if np.issubdtype(a.dtype, np.floating) else np.zeros(a.shape, bool)
    nan_expected = np.isnan(b) if np.issubdtype(b.dtype, np.floating) else np.zeros(b.shape, bool)
    if np.any(nan_yours & ~nan_expected):
        index = tuple(int(i) for i in np.argwhere(nan_yours & ~nan_expected)[0]) if a.ndim else ()
        where = f" at index {V.fmt_index(index)}" if index else ""
        text = f"{what} holds NaN{where}"
        if not ctx.predict:
            text += f" where the expected {'gradient' if gradient else 'value'} is {V.fmt(float(b[index]))}"
        return False, text + (": a NaN usually comes from 0/0, the log or square root of a negative number or "
                              "of 0, or an inf minus an inf somewhere in the computation.")
    if ctx.predict:
        return False, _predict_words(what, a, b, rtol, atol)
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
            text += f" It is exactly {rounded} times the expected gradient."
            backwards = calls_of(ctx.observed, "backward")
            if backwards is not None and backwards >= 2:
                text += (f" Your code called backward() {backwards} times, and gradients accumulate in .grad: "
                         f"each backward() adds to what is there. Zero the gradients (zero_grad(), or "
                         f"`.grad = None`) between backward passes, or call backward() once.")
        elif abs(k + 1) < 1e-3:
            text += " It has the opposite sign everywhere."
        else:
            text += f" It is {k:.4g} times the expected {'gradient' if gradient else 'value'} everywhere."
    return False, text


def _predict_words(what: str, a: np.ndarray, b: np.ndarray, rtol: float, atol: float) -> str:
    """Right or wrong, and which way, never the expected value."""
    if a.size == 1:
        x, y = float(a.reshape(-1)[0]), float(b.reshape(-1)[0])
        if np.isfinite(x) and np.isfinite(y):
            direction = "too large" if x > y else "too small"
            return f"{what} is not right: your prediction {V.fmt(x)} is {direction}."
        return f"{what} is not right."
    with np.errstate(invalid="ignore"):
        wrong = int(np.sum(~np.isclose(a.astype(np.float64), b.astype(np.float64), rtol=rtol, atol=atol,
                                       equal_nan=True)))
    return f"{what} is not right: {_items(wrong, 'entry', 'entries')} of {a.size} differ from the right answer."


# ---------------------------------------------------------------------- value


def value(check, expected: dict, yours: dict, ctx: Context) -> Verdict:
    what = f"`{check.expr}`"
    if yours.get("t") == "error":
        return False, f"could not evaluate {what} after your code: {yours.get('why')}."
    if expected.get("t") == "error":
        return False, f"the reference could not evaluate {what} ({expected.get('why')}); tell your instructor."
    wanted = getattr(check, "type", None)
    if wanted:
        problem = _type_problem(what, wanted, yours)
        if problem:
            return False, problem
    return _compare_values(what, yours, expected, ctx, check.rtol, check.atol)


_TYPE_WORDS = {"number": "a Python number", "tensor": "a tensor", "bool": "True or False"}


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
            return (f"{what} is a tensor of shape {_shape(yours)}, but this exercise asks for a Python number: "
                    f"call .item() on a one-element tensor to get the number out.")
    elif wanted == "bool":
        if t == "bool":
            return None
        if t == "tensor":
            return (f"{what} is a tensor of shape {_shape(yours)}, but this exercise asks for True or False: "
                    f"call .item() (or bool(...)) on a one-element tensor.")
    elif wanted == "tensor":
        if t == "tensor":
            return None
        if t in ("num", "bool"):
            return (f"{what} is a Python {'number' if t == 'num' else 'bool'}, but this exercise asks for a tensor: "
                    f"keep the result as a tensor (do not call .item() or float() on it).")
    return f"{what} is {_describe(yours)}, but this exercise asks for {_TYPE_WORDS[wanted]}."


def _compare_values(what: str, yours: dict, expected: dict, ctx: Context, rtol=None, atol=None) -> Verdict:
    ty, te = yours.get("t"), expected.get("t")
    if te == "tensor" and ty == "tensor":
        return compare_tensors(what, yours, expected, ctx, rtol, atol)
    if te in ("num", "bool", "tensor") and ty in ("num", "bool", "tensor"):
        a, b = _as_number(yours), _as_number(expected)
        if a is None or b is None:
            return False, f"{what} is {_describe(yours)}, expected {_describe(expected, ctx.hidden or ctx.predict)}."
        if te == "bool" and ty != "bool" and not isinstance(a, bool):
            return False, f"{what} is {_describe(yours)}, expected {_describe(expected, ctx.hidden or ctx.predict)}."
        if isinstance(a, bool) or isinstance(b, bool):
            if bool(a) == bool(b) and (isinstance(a, bool) == isinstance(b, bool) or float(a) == float(b)):
                return True, ""
            if ctx.hidden:
                return False, f"{what} is wrong on a hidden trial."
            if ctx.predict:
                return False, f"{what} is not right: your answer is {_fmt_scalar(a)}."
            return False, f"{what} is {_fmt_scalar(a)}, expected {_fmt_scalar(b)}."
        r, t = (rtol if rtol is not None else 1e-6), (atol if atol is not None else 1e-8)
        if te == "tensor":
            r, t = V.tolerance_for(expected["dtype"], ctx.tolerance, rtol, atol)
        if np.isclose(float(a), float(b), rtol=r, atol=t, equal_nan=True):
            return True, ""
        if ctx.hidden:
            return False, f"{what} is wrong on a hidden trial."
        if ctx.predict:
            return False, _predict_words(what, np.array([float(a)]), np.array([float(b)]), r, t)
        return False, f"{what} is {V.fmt(float(a))}, expected {V.fmt(float(b))}."
    if te == "seq" and ty == "seq":
        n_yours, n_expected = len(yours["items"]), len(expected["items"])
        if n_yours != n_expected:
            if ctx.predict or ctx.hidden:
                return False, f"{what} has {_items(n_yours)}; that is not the right number."
            return False, f"{what} has {_items(n_yours)}, expected {n_expected}."
        for i, (y, e) in enumerate(zip(yours["items"], expected["items"])):
            ok, message = _compare_values(f"{what}[{i}]", y, e, ctx, rtol, atol)
            if not ok:
                return ok, message
        return True, ""
    if te == ty and te in ("none", "str", "dtype", "device"):
        if yours.get("v") == expected.get("v"):
            return True, ""
        if ctx.hidden:
            return False, f"{what} is not the expected {_KIND_WORDS.get(te, 'value')} on a hidden trial."
        if ctx.predict:
            return False, f"{what} is not right: your answer is {_fmt_plain(yours)}."
        return False, f"{what} is {_fmt_plain(yours)}, expected {_fmt_plain(expected)}."
    return False, f"{what} is {_describe(yours)}, expected {_describe(expected, ctx.hidden or ctx.predict)}."


_KIND_WORDS = {"str": "text", "dtype": "dtype", "device": "device", "none": "value"}


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


def _items(n: int, one: str = "item", many: str = "items") -> str:
    return f"{n} {one if n == 1 else many}"


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
    ("leaf", True): "`{n}` is not a leaf: it is the result of an operation on tensors that require grad. A leaf is "
                    "a tensor you create directly, or one cut from the graph with .detach().",
    ("leaf", False): "`{n}` is a leaf, but it should be computed from other tensors so that it has a grad_fn.",
    ("requires_grad", True): "`{n}` does not require grad: create it with requires_grad=True, or call "
                             "`{n}.requires_grad_()` on a leaf.",
    ("requires_grad", False): "`{n}` still requires grad: compute it inside `with torch.no_grad():` so that "
                              "autograd records no graph for it. (Calling .detach() afterwards gives the same flag, "
                              "but the graph was already built; for a leaf you create yourself, leave "
                              "requires_grad off.)",
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
    have = yours.get(attr)
    if not isinstance(have, bool) or not isinstance(want, bool):
        raise InvalidResult(f"{attr} is not a bool")
    if have == want:
        return True, ""
    return False, f"`{name}.{attr}` is {have}, expected {want}. " + _FLAG_HELP[(check.kind, want)].format(n=name)


# --------------------------------------------------------------------- raises


def raises(check, ctx: Context) -> Verdict:
    error = ctx.learner_error
    wanted = check.exception
    if error is None or error.get("phase") != "code":
        return False, f"your code ran to the end without raising; it should raise {wanted}."
    mro = error.get("mro") or []
    if not isinstance(mro, list):
        raise InvalidResult("the exception's classes are not a list")
    if not any(isinstance(name, str) and (name == wanted or name.endswith("." + wanted)) for name in mro):
        return False, f"your code raised {error.get('type')}, but it should raise {wanted}."
    pattern = getattr(check, "match", None)
    if pattern:
        message = error.get("message")
        if not isinstance(message, str):
            raise InvalidResult("the exception's message is not text")
        if not re.search(pattern, message):
            shown = message if len(message) <= 300 else message[:297] + "..."
            return False, (f"your code raised {error.get('type')}, as asked, but not the error this exercise is "
                           f"about: its message ({shown!r}) does not match /{pattern}/.")
    return True, ""


# ------------------------------------------------------------------ gradcheck


def gradcheck(check, yours: dict, ctx: Context) -> Verdict:
    name = check.function
    problem = _missing(name, yours)
    if problem:
        return False, problem
    order = "second derivatives" if check.kind == "gradgradcheck" else "gradients"
    if yours.get("t") == "error":
        return False, (f"{check.kind} of `{name}` could not run: {yours.get('why')}. Call `{name}` yourself on the "
                       f"inputs ({', '.join(check.inputs)}) to see what goes wrong; it should return a tensor.")
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
        return False, f"the {order} of `{name}` are wrong on a hidden trial."
    error = yours.get("error") or ""
    if not isinstance(error, str):
        raise InvalidResult("the gradcheck error is not text")
    if yours.get("raised"):
        return False, (f"torch.autograd.{check.kind} could not evaluate `{name}`: calling it, or its backward, "
                       f"raised {error.splitlines()[0] if error else 'an error'}. Run `{name}` and its backward "
                       f"yourself on float64 inputs that require grad to see where it fails.")
    text = (f"the {order} your backward computes for `{name}` do not match finite differences (torch.autograd."
            f"{check.kind}, float64).")
    analytical = V.decode_tensor(yours["analytical"]) if isinstance(yours.get("analytical"), dict) else None
    numerical = V.decode_tensor(yours["numerical"]) if isinstance(yours.get("numerical"), dict) else None
    if analytical is not None and numerical is not None and analytical.ndim == 2:
        text += (" Numerical Jacobian (left) and yours from backward (right):\n"
                 + _side_by_side(numerical, analytical))
    elif error:
        text += " torch says: " + error.strip()[:1500]
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
        return False, (f"the graph of `{name}` could not be read after your code ran ({yours.get('why')}). Make "
                       f"sure `{name}` is a tensor computed from the exercise's inputs, and that your code does not "
                       f"replace or change torch's own functions.")
    if yours.get("t") != "graph":
        return False, f"`{name}` should be a tensor with an autograd graph, but it is {_describe(yours)}."
    if expected.get("t") != "graph":
        return False, f"the reference graph of `{name}` could not be read; tell your instructor."
    from tutor.graph.compare import compare
    from tutor.graph.model import GraphSnapshot

    try:
        reference = GraphSnapshot.from_dict(expected["snapshot"])
    except ValueError:
        reference = None
    if reference is None or reference.find(name) is None:
        return False, f"the reference graph of `{name}` could not be read; tell your instructor."
    try:  # what a run sends back is untrusted: validated, size-capped, cycles refused
        result = compare(reference, GraphSnapshot.from_untrusted(yours["snapshot"]), root=name, tier=check.tier,
                         collapse_views=check.collapse_views, neutral=getattr(check, "neutral", None))
    except ValueError as exc:
        return False, (f"the graph of `{name}` could not be read after your code ran ({exc}). Make sure "
                       f"`{name}` is a tensor computed from the exercise's inputs.")
    if result.equal:
        return True, ""
    return False, " ".join(result.differences) or f"the graph of `{name}` differs from the reference."


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
    return (sep + "with " + " and ".join(parts)) if parts else ""


def _bound_words(check) -> str:
    if check.count is not None:
        return f"exactly {check.count}"
    if check.min is not None and check.max is not None:
        return f"exactly {check.min}" if check.min == check.max else f"between {check.min} and {check.max}"
    if check.min is not None:
        return f"at least {check.min}"
    return f"at most {check.max}"


def _within(check, n: int) -> bool:
    if check.count is not None:
        return n == check.count
    return (check.min is None or n >= check.min) and (check.max is None or n <= check.max)


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


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
        said = f"your code never called {what}"
    else:
        said = f"your code called {what}{filt} {_times(n) if n else 'no times'}"
        if filt and total != n:
            said += f" ({_times(total)} in all)"
    if check.count == 0 or (check.max == 0 and check.min is None):
        asked = f"this exercise asks you not to call {what}{filt}"
    else:
        asked = f"this exercise asks for {_bound_words(check)}"
    text = f"{said}; {asked}."
    too_few = (check.count is not None and n < check.count) or (check.min is not None and n < check.min)
    text += " " + _calls_advice(check, too_few)
    return False, text.rstrip()


def _calls_advice(check, too_few: bool) -> str:
    api = check.api
    if too_few:
        if check.retain_graph:
            return ("Pass retain_graph=True to a backward() whose graph you need again: backward() frees the "
                    "graph's saved tensors unless told to keep them.")
        if check.create_graph:
            return ("Pass create_graph=True so the gradient you get has a graph of its own, which you can "
                    "differentiate again.")
        if api == "func.vmap":
            return "Map over the batch with torch.func.vmap instead of a Python loop."
        if api == "backward":
            return "Call backward() on the output (a single number) to fill the leaves' .grad."
        if api == "checkpoint":
            return "Wrap the block in torch.utils.checkpoint.checkpoint(fn, *inputs, use_reentrant=False)."
        return f"Use {api_words(api)} in your answer, as the exercise asks."
    if api in ("autograd.functional.jacobian", "autograd.functional.hessian", "func.jacrev", "func.jacfwd",
               "func.hessian"):
        return ("Building the full Jacobian or Hessian is what this exercise avoids: compute a vector product "
                "instead (torch.autograd.grad with grad_outputs, torch.func.vjp / jvp, or "
                "torch.autograd.functional.vjp / hvp).")
    if api == "autograd.grad":
        return "Compute this one without torch.autograd.grad: by hand, as the exercise asks."
    if api == "backward":
        return "Each backward() adds to .grad: call it only as many times as the exercise asks."
    return f"Do without {api_words(api)} here, as the exercise asks."


_HOOK_WORDS = {
    "tensor": ("on tensors", "Register one with `t.register_hook(fn)`: fn receives the gradient of t and may return "
                             "a changed one."),
    "module": ("on modules", "Register one with `module.register_forward_hook(fn)` or "
                             "`module.register_full_backward_hook(fn)`."),
    "node": ("on graph nodes", "Register one with `y.grad_fn.register_hook(fn)` or `register_prehook(fn)`."),
    "any": ("", "Register a hook (`t.register_hook(fn)` on a tensor, or a module hook) as the exercise asks."),
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
    hook_words = "1 hook" if n == 1 else f"{n} hooks"
    said = f"your code registered {'no hooks' if n == 0 else hook_words}" + (f" {where}" if where else "")
    text = f"{said}; this exercise asks for {_bound_words(check)}."
    too_few = (check.count is not None and n < check.count) or (check.min is not None and n < check.min)
    if too_few:
        text += " " + how
    else:
        text += " Register only the hooks the exercise asks for (every registration counts, even of a hook removed later)."
    return False, text


def footprint(check, ctx: Context) -> Verdict:
    record = _observed(ctx.observed)
    expected = ctx.expected_observed if isinstance(ctx.expected_observed, dict) else {}
    if check.max_nodes is not None:
        nodes = _count(record, "nodes")
        if nodes > check.max_nodes:
            if check.max_nodes == 0:
                return False, (f"your code built an autograd graph ({_items(nodes, 'node', 'nodes')}) where this "
                               f"exercise asks for none. Compute inside `with torch.no_grad():` (or "
                               f"torch.inference_mode()) so that autograd records nothing; calling .detach() "
                               f"afterwards is too late, the graph was already built.")
            ref = expected.get("nodes")
            return False, (f"your code created {_items(nodes, 'autograd graph node', 'autograd graph nodes')}; "
                           f"this exercise allows at most {check.max_nodes}"
                           + (f" (the reference creates {ref})" if isinstance(ref, int) and not ctx.hidden else "")
                           + ". Record only what the gradient needs: compute the parts that need no gradient "
                             "under torch.no_grad(), and avoid computing the same thing twice.")
    if check.max_saved_bytes is not None:
        saved = _count(record, "saved_bytes")
        if saved > check.max_saved_bytes:
            ref = expected.get("saved_bytes")
            return False, (f"your code saved {_bytes(saved)} of tensors for backward; this exercise allows at most "
                           f"{_bytes(check.max_saved_bytes)}"
                           + (f" (the reference saves {_bytes(ref)})" if isinstance(ref, int) and not ctx.hidden
                              else "")
                           + ". Operations save their inputs or outputs for backward: do the parts that need no "
                             "gradient under torch.no_grad(), or recompute instead of saving (checkpointing).")
    if check.max_numel is not None:
        numel = _count(record, "max_numel")
        if numel > check.max_numel:
            shape = record.get("max_shape")
            shape_words = (" of shape [" + ", ".join(str(int(s)) for s in shape) + "]") if isinstance(shape, list) \
                and all(isinstance(s, int) for s in shape) else ""
            api = record.get("max_api")
            source = f", from {api_words(api)}" if isinstance(api, str) and api else ""
            return False, (f"an autograd call in your code returned a tensor of {numel} elements{shape_words}"
                           f"{source}; this exercise allows at most {check.max_numel}. That is a full Jacobian or "
                           f"Hessian: compute the vector product directly (torch.autograd.grad with grad_outputs, "
                           f"torch.func.vjp / jvp, or torch.autograd.functional.vjp / hvp) without building the "
                           f"matrix.")
    return True, ""


def _count(record: dict, key: str) -> int:
    value = record.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidResult(f"the run could not measure {key.replace('_', ' ')}")
    return value


def _bytes(n: int) -> str:
    if n < 1024:
        return f"{n} bytes"
    for unit in ("KiB", "MiB", "GiB"):
        n /= 1024
        if n < 1024 or unit == "GiB":
            return f"{n:.3g} {unit}"
    return f"{n} bytes"


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
                return False, (f"`{name}` is not a tensor or module made by the exercise's setup, so it cannot be "
                               f"checked; tell your instructor.")
            if t == "unreadable":
                return False, f"`{entry['name']}` could not be read after your code ran ({entry.get('why')})."
            if t == "changed":
                which = f"`{entry['name']}`" + (f" (in `{name}`)" if entry["name"] != name else "")
                how = "its values changed" if entry.get("values") else "its values are the same, but an in-place " \
                                                                     "operation ran on it"
                return False, (f"your code changed {which} in place ({how}); this exercise needs it as the setup "
                               f"made it. Compute a new tensor (`y = x * 2`, not `x.mul_(2)` or `x *= 2`), or "
                               f"work on a copy (`x.clone()`).")
            if t != "ok":
                raise InvalidResult("a malformed input record")
    return True, ""


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
    if t == "num":
        return "a value" if hidden else (V.fmt(float(encoded["v"])) if isinstance(encoded["v"], str)
                                         else repr(encoded["v"]))
    if t == "bool":
        return "a value" if hidden else repr(bool(encoded["v"]))
    if t == "dtype":
        return "a dtype" if hidden else f"the dtype torch.{encoded.get('v')}"
    if t == "device":
        return "a device" if hidden else f"the device {encoded.get('v')!r}"
    if t == "seq":
        return f"a {'tuple' if encoded.get('tuple') else 'list'} of {_items(len(encoded['items']))}"
    if t == "str":
        return "a string"
    if t == "missing":
        return "not defined"
    if t == "error":
        return f"an error ({encoded.get('why')})"
    if t == "other":
        return f"a {encoded.get('type')}" + (f" ({encoded['why']})" if encoded.get("why") else "")
    return "something else"
