"""``gradcheck`` / ``gradgradcheck``: torch's finite-difference check of a
learner's function (or autograd.Function), run on the learner's side only."""

from __future__ import annotations

import numpy as np

from tutor.grade import values as V
from tutor.grade.kinds.base import Context, InvalidResult, Kind, Verdict
from tutor.grade.kinds.compare import compare_values
from tutor.grade.kinds.words import missing, shape
from tutor.grade.protocol import Probe
from tutor.i18n import _
from tutor.pack.checks import GradcheckCheck, GradgradcheckCheck


class Gradcheck(Kind):
    def __init__(self, name: str, model: type) -> None:
        self.name = name
        self.model = model

    def label(self, check) -> str:
        return _("{kind} of {function}").format(kind=self.name, function=check.function)

    def probes(self, check, key, exercise, side):
        # The reference side computes only the function's output at the same
        # inputs: the learner's must match it before its gradcheck counts.
        return [Probe(key, self.name, name=check.function, options={
            "inputs": list(check.inputs), "kwargs": dict(check.kwargs), "eps": check.eps, "atol": check.atol,
            "rtol": check.rtol, "check_forward_ad": check.check_forward_ad,
            "check_batched_grad": check.check_batched_grad, "output_only": side != "learner"})]

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        name = check.function
        problem = missing(name, yours)
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
        # NOTE [a Function's own apply] (probes.py): `Cube = lambda t: t ** 3` with `Cube.apply = Cube`,
        # or any object with an `apply`, made every check through it judge plain torch ops.
        if expected.get("function_class") is True and yours.get("function_class") is not True:
            return False, _("`{name}` must be a subclass of `torch.autograd.Function`, as in the exercise: its "
                            "`forward` and `backward` are what is checked. A plain function, or an object with an "
                            "`apply` of its own, is differentiated by autograd instead.").format(name=name)
        degenerate = _degenerate(check, expected, yours, ctx)
        if degenerate:
            return False, degenerate
        ok = yours.get("ok")
        if not isinstance(ok, bool):
            raise InvalidResult("the gradcheck verdict is not a bool")
        if ok:
            return True, ""
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
        same = analytical is not None and numerical is not None and analytical.shape == numerical.shape \
            and np.allclose(analytical, numerical, rtol=1e-3, atol=1e-5)
        if second and same:
            # What torch reports then is the Jacobian with respect to the gradient backward was given (its
            # input 1): two equal matrices said nothing (found by probing the verdicts).
            text = _("{text} They match with respect to `{input}`; what differs is how your backward's result "
                     "depends on the gradient it is given: it must stay differentiable in that gradient too (no "
                     "`.detach()`, `.data` or `.item()` of it, and no `torch.no_grad()` in backward).").format(
                text=text, input=check.inputs[0] if check.inputs else "x")
        elif analytical is not None and numerical is not None and analytical.ndim == 2:
            blocks = _blocks(check, ctx, analytical.shape)
            wrong = [(name, cols) for name, cols in blocks
                     if not np.allclose(analytical[:, cols], numerical[:, cols], rtol=1e-3, atol=1e-5)]
            if wrong and len(wrong) < len(blocks):
                # round 36's learner: two 12 x 20 Jacobians side by side never said that only `b`'s columns differ
                cols = [c for _name, block in wrong for c in range(block.start, block.stop)]
                text = _("{text} Only the gradient with respect to {names} is wrong. Its columns of the numerical "
                         "Jacobian (left) and of yours from backward (right):\n{table}").format(
                    text=text, names=", ".join(f"`{name}`" for name, _block in wrong),
                    table=_side_by_side(numerical[:, cols], analytical[:, cols]))
            else:
                text = _("{text} Numerical Jacobian (left) and yours from backward (right):\n{table}").format(
                    text=text, table=_side_by_side(numerical, analytical))
        elif error:
            text = _("{text} torch says: {error}").format(text=text, error=error.strip()[:1500])
        return False, text


def _blocks(check, ctx: Context, shape: tuple) -> list:
    """(input name, its columns of the Jacobian) for each input of the check, where the run's record gives
    the shapes of the setup's tensors it names and they add up to the Jacobian's columns; else []."""
    shapes = ctx.observed.get("shapes") if isinstance(ctx.observed, dict) else None
    if not isinstance(shapes, dict) or not all(isinstance(shapes.get(n), list) for n in check.inputs):
        return []
    blocks, start = [], 0
    for name in check.inputs:
        size = int(np.prod(shapes[name])) if all(isinstance(d, int) for d in shapes[name]) else -1
        if size < 0:
            return []
        blocks.append((name, slice(start, start + size)))
        start += size
    return blocks if start == shape[1] else []


def _side_by_side(numerical: np.ndarray, analytical: np.ndarray) -> str:
    left = np.array2string(numerical, precision=4, suppress_small=True).splitlines()
    right = np.array2string(analytical, precision=4, suppress_small=True).splitlines()
    width = max(len(line) for line in left)
    rows = max(len(left), len(right))
    left += [""] * (rows - len(left))
    right += [""] * (rows - len(right))
    return "\n".join(f"  {l:<{width}}   {r}" for l, r in zip(left, right))


GRADCHECK = Gradcheck("gradcheck", GradcheckCheck)
GRADGRADCHECK = Gradcheck("gradgradcheck", GradgradcheckCheck)


def _degenerate(check, expected, yours, ctx: Context) -> str:
    """Why the function's output rules its gradcheck out ("" when it does not):
    empty, or not what the reference function computes at the same inputs.
    Two empty Jacobians agree, and so do the Jacobians of a function that
    computes something else: neither proves the backward right."""
    call = "`{name}({inputs})`".format(name=check.function, inputs=", ".join(check.inputs))
    mine = yours.get("output")
    if not isinstance(mine, dict):
        return ""  # an older run: no output to judge
    if mine.get("t") == "error":
        return _("{call} raised {why}, so its gradients cannot be checked.").format(call=call, why=mine.get("why"))
    if mine.get("t") == "tensor" and 0 in (mine.get("shape") or []):
        return _("{call} returns an empty tensor (shape {shape}): gradcheck has nothing to compare, so it would "
                 "pass whatever the backward does. Return the function's full result.").format(
            call=call, shape=shape(mine))
    theirs = expected.get("output") if expected.get("t") == "gradcheck" else None
    if not isinstance(theirs, dict) or theirs.get("t") not in ("tensor", "seq", "num"):
        return ""  # the reference's output is unknown: its gradcheck alone decides
    ok, why = compare_values(call, mine, theirs, ctx)
    if ok:
        return ""
    return _("{call} does not compute what the exercise's function computes, so its gradients prove nothing: "
             "{why} Keep the forward pass as the exercise asks.").format(call=call, why=why)
