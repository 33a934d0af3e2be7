"""``grad``: the ``.grad`` of a named tensor equals the reference's, or is absent."""

from __future__ import annotations

import numpy as np

from tutor.autograd_apis import FUNCTION_BACKWARD_RUN, PASS_RAISED
from tutor.grade import values as V
from tutor.grade.kinds.base import (
    REPLACED_WORDS, Context, Kind, Verdict, observed_names, observed_state, replaced_record,
    replaced_unlike_reference,
)
from tutor.grade.kinds.calls import FUNCTION_WORDS, calls_of, through_a_function
from tutor.grade.kinds.compare import compare_tensors
from tutor.grade.kinds.words import bound_to_none, describe, missing
from tutor.grade.protocol import Probe
from tutor.i18n import _
from tutor.pack.checks import GradCheck


class Grad(Kind):
    name = "grad"
    model = GradCheck

    def label(self, check) -> str:
        if check.expect == "none":
            return _("grad of {tensor} is None").format(tensor=check.tensor)
        return _("grad of {tensor}").format(tensor=check.tensor)

    def probes(self, check, key, exercise, side):
        return [Probe(key, "grad", name=check.tensor)]

    def observe(self, check):
        if not check.followed:
            return {}
        if check.backward_from is not None:
            return {"grads": [check.tensor], "grad_roots": [check.backward_from]}
        return {"grads": [check.tensor]}

    def mutant(self, check):
        t = check.tensor
        if check.expect == "none":
            return f"\n{t}.grad = torch.ones_like({t})\n"
        return f"\nwith torch.no_grad():\n    {t}.grad.mul_(2).add_(1)\n"

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        name = check.tensor
        problem = missing(name, yours)
        if problem:
            return False, problem
        if yours.get("t") != "grad":
            return False, _("`{name}` should be a tensor, but it is {description}.").format(
                name=name, description=describe(yours)) + bound_to_none(name, yours, ctx)
        your_grad = yours["grad"]
        if your_grad.get("t") == "other":  # a gradient of a subclass's, read by type only (probes.read_grad)
            return False, _("`{name}.grad` is {description}: a backward pass leaves a plain tensor there.").format(
                name=name, description=describe(your_grad))
        if check.expect == "none":
            if your_grad.get("t") == "none":
                return True, ""
            return False, _should_be_none(name, your_grad, _(
                "`{name}.grad` should be None (no gradient should reach `{name}`), but it holds a gradient.").format(
                name=name), ctx)
        if expected.get("t") != "grad":
            return False, _("the reference could not read `{name}` ({description}); tell your instructor.").format(
                name=name, description=describe(expected))
        expected_grad = expected["grad"]
        if expected_grad.get("t") == "none":
            if your_grad.get("t") == "none":
                return True, ""
            return False, _should_be_none(name, your_grad, _(
                "`{name}.grad` should be None: in the reference no gradient reaches `{name}`, but yours holds "
                "one.").format(name=name), ctx)
        if your_grad.get("t") == "none":
            return False, _why_no_grad(name, yours.get("flags", {}), ctx)
        # NOTE [gradients a backward pass left]: "backward", "scaled" (what a pass left, times a number),
        # "written", "none", or None (no record)
        if check.followed and _written(observed_state(ctx.observed, "grads", name), check) \
                and not _written(observed_state(ctx.expected_observed, "grads", name), check):
            if ctx.learner_error:  # a pass cut short by an exception (a typo in a hook) is no hand-made .grad
                return False, _("`{name}.grad` does not hold what a finished backward pass "
                                "left.").format(name=name)
            numbers = compare_tensors(f"`{name}.grad`", your_grad, expected_grad, ctx, check.rtol, check.atol,
                                      gradient=True)
            if not numbers[0]:  # round 35's learner: `x.grad = v * g` heard only of the assignment
                return False, _("{numbers} And it was set by your code (or copied in by a pass from `{name}` "
                                "itself or a multiple of it), where a backward pass through your graph should "
                                "leave it: call backward() on the output and leave `{name}.grad` as it leaves "
                                "it.").format(
                    numbers=numbers[1].rstrip(), name=name)
            return False, _(
                "`{name}.grad` was set by your code, not left there by a backward pass: autograd should "
                "compute it from your graph (a pass from `{name}` itself, or from a multiple of it, only copies "
                "its seed in). Call backward() on the output and leave `{name}.grad` as it leaves "
                "it.").format(name=name)
        root = check.backward_from
        if root is not None and root in observed_names(ctx.expected_observed, "grad_roots", name) \
                and root not in observed_names(ctx.observed, "grad_roots", name):
            if _a_multiple(your_grad, expected_grad, ctx, check):  # round 39's learner: two passes from the root
                # (or one seeded with 2) read as "not from a pass that started at `out`"
                numbers = compare_tensors(f"`{name}.grad`", your_grad, expected_grad, ctx, check.rtol, check.atol,
                                          gradient=True)[1].rstrip()
                backwards, theirs = calls_of(ctx.observed, "backward"), calls_of(ctx.expected_observed, "backward")
                if backwards is not None and backwards >= 2 and (theirs is None or theirs < backwards):
                    return False, numbers  # its words say the passes added up already
                return False, _("{numbers} One backward pass from `{root}`, seeded with ones, gives the gradient "
                                "once (for a scalar `{root}`: `{root}.backward()`, with no argument); more passes "
                                "add up, and another seed scales it.").format(numbers=numbers, root=root)
            unbound = ctx.observed.get("roots_unbound") if isinstance(ctx.observed, dict) else None
            if isinstance(unbound, list) and root in unbound:  # round 42's learner: `y` local to `main()`
                return False, _(
                    "`{root}` is not defined after your code ran, so no backward pass can be traced to it: a "
                    "`{root}` made inside a function is gone when the function returns. Leave `{root}` as a "
                    "top-level name of your code (return it and bind it: `{root} = main()`), and call "
                    "`{root}.backward()` on it.").format(root=root)
            compiled = ctx.observed.get("roots_compiled") if isinstance(ctx.observed, dict) else None
            if isinstance(compiled, list) and root in compiled:  # round 47's learners: `aot_eager`
                return False, _(
                    "`{root}` was computed by code that torch.compile compiled with AOTAutograd (a backend such as "
                    "\"aot_eager\"): autograd sees that code as one node, whose backward this check cannot follow "
                    "to `{name}`. Compile with backend=\"eager\", where each operation keeps its own backward, or "
                    "leave torch.compile out.").format(root=root, name=name)
            return False, _(
                "`{name}.grad` did not come from a backward pass that started at `{root}`. Call `{root}.backward()` "
                "(or `torch.autograd.grad({root}, ...)`) on the `{root}` your code ends with: a pass from any other "
                "tensor, one that carries numbers worked out by hand or a second graph built beside `{root}`, is "
                "not the gradient of `{root}` (and a `{root}` computed again after the pass, to print it, is such "
                "a tensor: keep the one you called backward() on).").format(name=name, root=root)
        # where the pass started elsewhere, that is the news (a dispatch of the code's may have answered it)
        if check.followed and through_a_function(ctx):
            return False, _(FUNCTION_WORDS).format(what=f"`{name}.grad`")
        verdict = compare_tensors(f"`{name}.grad`", your_grad, expected_grad, ctx, check.rtol, check.atol,
                                  gradient=True)
        if not verdict[0] and _hooks_changed_nothing(ctx):  # round 35's learner: `g.clamp(...)` not returned
            return False, _("{numbers} The reference's hooks changed a gradient on its way back, and yours "
                            "changed none: a hook changes one only by what it returns (`g.clamp(...)` makes a "
                            "new tensor: return it), only if it is registered before backward() runs, and "
                            "only on a tensor that pass goes through (a hook on `y` does nothing when the loss "
                            "is computed again without `y`).").format(numbers=verdict[1].rstrip())
        # The reference changing .grad after its pass (a clip) allows the same in a post-accumulate hook.
        if verdict[0] and check.followed \
                and replaced_unlike_reference(ctx, name, scaled_ok=check.from_backward == "or-scaled") \
                and not _written(observed_state(ctx.expected_observed, "grads", name), check):
            return False, _(REPLACED_WORDS).format(what=f"`{name}.grad`")
        return verdict


def _a_multiple(yours: dict, expected: dict, ctx, check) -> bool:
    """The gradient is k times the expected one (k != 1), as two passes or a seed of 2 leave it."""
    a, b = V.decode_tensor(yours), V.decode_tensor(expected)
    if a is None or b is None or a.shape != b.shape or a.dtype == bool:
        return False
    rtol, atol = V.tolerance_for(expected["dtype"], ctx.tolerance, check.rtol, check.atol)
    return not V.close(a, b, rtol, atol) and V.common_ratio(a, b, rtol, atol) is not None


def _hooks_changed_nothing(ctx) -> bool:
    """NOTE [a hook that replaced a gradient] (observe_replaced.py): the reference's hooks replaced a
    gradient, and the code's run, watched the same way, replaced none."""
    yours, theirs = replaced_record(ctx.observed), replaced_record(ctx.expected_observed)
    if yours is None or theirs is None:
        return False
    return any(theirs.get(c) for c in ("leaf", "other")) and not any(yours.get(c) for c in ("leaf", "other"))


def _written(state, check) -> bool:
    """The record says the code wrote the gradient: a scaled one counts as written, unless the check
    accepts it (``from_backward: or-scaled``)."""
    return state == "written" or (state == "scaled" and check.from_backward != "or-scaled")


def _should_be_none(name: str, your_grad: dict, first: str, ctx: Context) -> str:
    array = V.decode_tensor(your_grad) if your_grad.get("t") == "tensor" else None
    zeros = array is not None and array.size and not np.any(array)
    if not zeros and calls_of(ctx.observed, "backward") == 0:
        # round 35's learner: `dh, dW = torch.autograd.grad(...)` then `W.grad = dW`
        return _("{first} No backward() ran, so your code put it there: leave `{name}.grad` alone, and keep a "
                 "gradient you need in a name of its own.").format(first=first, name=name)
    if zeros:
        return _("{first} It holds zeros: zeroing a gradient (zero_grad(set_to_none=False), .grad.zero_()) "
                 "still leaves a tensor. Set `{name}.grad = None` (zero_grad() does by default), or keep "
                 "gradients from reaching it at all.").format(first=first, name=name)
    if ctx.predict:  # round 42's learner: in a predict exercise the pass itself is the mistake (its check says so)
        return first
    # round 35's learner (gan-discriminator-step): `fake` detached after `d_loss` was built read "use
    # `g_weight.detach()`": the path to cut may run through any tensor made from `{name}`
    return _("{first} To keep gradients away from `{name}`, cut the path from what you call backward() on back "
             "to it before that output is computed: `.detach()` the tensor that carries `{name}` into the "
             "computation (or `{name}` itself where it enters), or freeze it with "
             "`{name}.requires_grad_(False)` where the exercise allows that.").format(first=first, name=name)


def _why_no_grad(name: str, flags: dict, ctx: Context | None = None) -> str:
    if not flags.get("requires_grad"):
        return _("`{name}.grad` is None because `{name}` does not require grad. Create it with "
                 "requires_grad=True or call `{name}.requires_grad_()` before using it.").format(name=name)
    if not flags.get("is_leaf") and not flags.get("retains_grad"):
        return _("`{name}.grad` is None: `{name}` is not a leaf, and autograd keeps .grad only for leaves. "
                 "Call `{name}.retain_grad()` before backward() to keep it.").format(name=name)
    backwards = calls_of(ctx.observed, "backward") if ctx is not None else None
    if ctx is not None and ctx.learner_error is not None:
        # round 36's learners: after an error, "did you call backward()?" pointed at a call that was there
        if calls_of(ctx.observed, PASS_RAISED):
            return _("`{name}.grad` is None: the backward pass raised the error above before a gradient reached "
                     "`{name}`. Mend what the error says (in your own backward, where it names a line of it), "
                     "and the pass will fill `.grad`.").format(name=name)
        if not backwards and not calls_of(ctx.observed, "autograd.grad"):
            return _("`{name}.grad` is None: your code stopped at the error above before any backward pass "
                     "ran.").format(name=name)
    if not flags.get("is_leaf") and flags.get("retains_grad") and backwards:
        return _("`{name}.grad` is None although `{name}` retains its gradient: `{name}.retain_grad()` keeps only "
                 "gradients computed after it is called. Call it right after computing `{name}`, before "
                 "backward(), and run backward() again.").format(name=name)
    if backwards == 0 and not calls_of(ctx.observed if ctx else None, "autograd.grad"):
        return _("`{name}.grad` is None: no gradient reached `{name}`, and your code never called backward(). "
                 "Call backward() on the output to fill .grad.").format(name=name)
    if ctx is not None and observed_state(ctx.observed, "grads", name) == "taken":
        # round 34's learner: a post-accumulate hook that logged, then set `p.grad = None`
        return _("`{name}.grad` is None now, but a backward pass did leave a gradient there: your code took it "
                 "away afterwards (a hook that sets `.grad = None`, or `zero_grad()` after the pass). Leave "
                 "`{name}.grad` as the passes leave it.").format(name=name)
    if ctx is not None and calls_of(ctx.observed, FUNCTION_BACKWARD_RUN):
        # round 33's learner: a backward that tested `x.grad is not None` and returned None for every input
        # round 41's learners: `MyLinear.apply(x.detach(), ...)` was sent to a backward that was right
        return _("`{name}.grad` is None: no gradient reached `{name}`, and a backward pass ran through your "
                 "custom Function. Does its backward return a gradient (not None) for every input that needs "
                 "one (`ctx.needs_input_grad`), in the order of forward's inputs? And does `{name}` itself go "
                 "into `apply`, not a detached copy of it?").format(name=name)
    if ctx is not None and ctx.learner_error is not None:
        # round 39's learner: `.backward()` of a non-scalar raised before any pass, and read "is `x` on the path?"
        return _("`{name}.grad` is None: no gradient reached `{name}` before your code stopped at the error "
                 "above. Mend what the error says; if a backward pass ran before it, is `{name}` on the path to "
                 "the output, or was it detached or used under torch.no_grad()?").format(name=name)
    if backwards:  # round 39's learner: `loss.backward(inputs=[h])` was asked "did you call backward()?"
        return _("`{name}.grad` is None: your code called backward(), but no gradient reached `{name}`. Is "
                 "`{name}` on the path to the output, or was it detached or used under torch.no_grad()? A pass "
                 "given `inputs=` fills the `.grad` of those tensors only.").format(name=name)
    return _("`{name}.grad` is None: no gradient reached `{name}`. Did you call backward()? Is `{name}` on the "
             "path to the output, or was it detached or used under torch.no_grad()?").format(name=name)
