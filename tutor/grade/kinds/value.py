"""``value``: an expression evaluates to the reference's value (and, if asked, type)."""

from __future__ import annotations

import re

from tutor.grade.kinds.base import (
    REPLACED_WORDS, Context, Kind, Verdict, observed_names, observed_state, replaced_unlike_reference,
)
from tutor.grade.kinds.calls import FUNCTION_WORDS, through_a_function
from tutor.grade.kinds.compare import compare_values
from tutor.grade.kinds.words import describe, shape
from tutor.grade.protocol import Probe
from tutor.i18n import N_, _
from tutor.pack.checks import ValueCheck


class Value(Kind):
    name = "value"
    model = ValueCheck

    def label(self, check) -> str:
        return _("value of {expr}").format(expr=check.expr)

    def probes(self, check, key, exercise, side):
        return [Probe(key, "value", expr=check.expr, options={"if_freed": check.if_freed} if check.if_freed else {})]

    def observe(self, check):
        # an if_freed check is judged before the code's passes (NOTE [a graph judged before a pass freed
        # it], observe_kept.py); what each pass leaves in the tensors last_gradient_of names is noted
        watch = {"grads": _LAST_GRADIENT_OF.findall(check.if_freed)} if check.if_freed else {}
        if check.from_autograd:
            roots = {"grad_roots": [check.backward_from]} if check.backward_from else {}
            return {**watch, "autograd_values": [check.expr], **roots}
        return {**watch, "hook_values": [check.expr]} if check.from_hooks else watch

    def hidden_words(self, check, trial=None, inputs: bool = True) -> str:
        scale = getattr(trial, "scale_hook_gradients", None)
        if scale and check.from_hooks:  # NOTE [gradients handed to hooks, scaled] (observe_hooks.py)
            return _scaled_words(f"`{check.expr}`", scale)
        wanted = getattr(check, "type", None)
        if wanted not in _TYPE_WORDS:
            return ""
        # said of every failure there, whatever its cause (the run's own bits stay out): worded so that a
        # right type with wrong values does not read as a wrong type (round 32's learner)
        # "(a list or tuple of them)" read as if a one-value answer could be wrapped (round 37's learner)
        if not inputs:  # no setup: the trials differ by seed alone (round 38's learner read of inputs there)
            # a number of the right type that was wrong read as a type error (round 40's learners)
            return _("On every trial the answer must be {wanted} (where the prompt asks for several, a list or "
                     "tuple of them, item by item), and the right one: an answer of that type fails where its "
                     "value is wrong.").format(wanted=_(_TYPE_WORDS[wanted]))
        return _("On every trial the answer must be {wanted} (where the prompt asks for several, a list or tuple "
                 "of them, item by item), with the values that trial's inputs give.").format(
            wanted=_(_TYPE_WORDS[wanted]))

    def mutant(self, check):
        if not check.expr.isidentifier():
            return None
        n = check.expr
        return (f"\nif isinstance({n}, bool):\n    {n} = not {n}\n"
                f"elif isinstance({n}, (tuple, list)):\n    {n} = type({n})(list({n})[:-1])\n"
                f"else:\n    {n} = {n} * 2 + 1\n")

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        what = f"`{check.expr}`"
        if _opaque(check):
            # An instructor's probe (a lambda, a whole computation) under a label of its own: its text and
            # "is False, expected True" tell a learner nothing; the check's message says what is wrong.
            what = _("this check's expression")
        if yours.get("t") == "error":
            if _opaque(check):  # round 36's learner was told torch's "Set allow_unused=True", of the check's call
                return False, _("this check runs code of its own on what your code left, and that raised {why}. "
                                "The call is the check's, not one to change in your code: what the check needs "
                                "from your code is said below.").format(why=str(yours.get("why")).rstrip("."))
            return False, _("could not evaluate {what} after your code: {why}.").format(what=what, why=yours.get("why"))
        if expected.get("t") == "error":
            return False, _("the reference could not evaluate {what} ({why}); tell your instructor.").format(
                what=what, why=expected.get("why"))
        wanted = getattr(check, "type", None)
        if wanted:
            problem = _type_problem(what, wanted, yours)
            if problem:
                return False, problem
        verdict = compare_values(what, yours, expected, ctx, check.rtol, check.atol)
        if not verdict[0] and _opaque(check) and not _numbers(yours, expected):
            return False, ""  # "is False, expected True": the check's message says what is wrong
        problem = (_provenance_problem(check, what, ctx) or _root_problem(check, what, ctx)
                   or _replaced_problem(check, what, ctx)) if verdict[0] else None
        return (False, problem) if problem else verdict


def _scaled_words(what: str, scale: float) -> str:
    return _("{what} did not follow the gradients your hooks were handed: on this trial every gradient a "
             "hook is handed, or reads from its own tensor's `.grad` while it runs, is {k:g} times the real "
             "one, and the reference's numbers change with it; yours did not change as they did. Work each "
             "number out inside a hook, from the gradient it is given or reads, not before or after the pass "
             "some other way.").format(what=what, k=scale)


_LAST_GRADIENT_OF = re.compile(r"last_gradient_of\(\s*([A-Za-z_]\w*)\s*\)")


def _numbers(yours: dict, expected: dict) -> bool:
    """Both values are numbers or tensors: by how much they differ says something even where the
    expression does not (a wrong backward fails an instructor's probe by the numbers its own check shows:
    round 32's learner read only a message that named another cause)."""
    return yours.get("t") in ("tensor", "num") and expected.get("t") in ("tensor", "num")


def _opaque(check) -> bool:
    """A labelled check with a message of its own whose expression is no name a learner wrote: a lambda, a
    whole computation, or a name of the setup's own (`_rows`, `_grad_steps()`: round 39's learner read
    "`_rows` has 3 items" of names the task never gave)."""
    return bool(check.label and check.message and ("lambda" in check.expr or len(check.expr) > 60
                                                   or check.expr.startswith("_")))


def _provenance_problem(check, what: str, ctx: Context) -> str | None:
    """Right numbers, got another way than the reference got them: what the learner reads, or None.
    The run's record says "other" for a value got another way; None where it kept no record (lenient)."""
    if check.from_autograd:
        record = "autograd_values"  # NOTE [values autograd returned]: "autograd", "func", "backward", "other", ...
        allowed = {"autograd", "func", "backward"} if check.from_autograd == "or-backward" else {"autograd", "func"}
    elif check.from_hooks:
        if ctx.hook_scaled:
            # NOTE [gradients handed to hooks, scaled]: that trial judges where the numbers came from; the
            # noting's "other" failed correct answers whose last step it cannot follow (numpy or math, after
            # the pass, on what a hook kept: round 34's learner probe)
            return None
        record = "hook_values"  # NOTE [numbers worked out in hooks]: "hooks", "other", ...
        allowed = {"hooks"}
    else:
        return None
    yours_by, reference_by = (observed_state(o, record, check.expr) for o in (ctx.observed, ctx.expected_observed))
    if yours_by not in ("other", "backward") or yours_by in allowed or reference_by not in allowed:
        return None  # right, or no record to go by (lenient)
    if yours_by == "backward":
        why = "backward"
    elif reference_by == "backward" or check.from_autograd == "or-backward":
        why = "computed"
    else:
        why = reference_by
    return _(_PROVENANCE_WORDS[why]).format(what=what, name=check.expr)


def _replaced_problem(check, what: str, ctx: Context) -> str | None:
    """NOTE [a hook that replaced a gradient] (observe_replaced.py), and NOTE [a gradient by a
    Function] (observe_roots.py)."""
    if check.from_autograd and replaced_unlike_reference(ctx):
        return _(REPLACED_WORDS).format(what=what)
    if check.from_autograd and through_a_function(ctx):
        return _(FUNCTION_WORDS).format(what=what)
    return None


def _root_problem(check, what: str, ctx: Context) -> str | None:
    """NOTE [the pass that started at the loss] (observe_roots.py): the call that returned the value
    started elsewhere than the reference's; None where it did not, or there is no record (lenient)."""
    root = getattr(check, "backward_from", None)
    if root is None or root not in observed_names(ctx.expected_observed, "value_roots", check.expr) \
            or root in observed_names(ctx.observed, "value_roots", check.expr):
        return None
    # a batched call (`is_grads_batched=True`) is never credited as a pass from `root` (NOTE [a batched pass
    # handed over], observe_answered.py): round 35's learner read "did not start at `loss`" of one that did
    return _("{what} holds numbers `torch.autograd.grad` returned, but that call did not start at `{root}` as "
             "one plain pass (a batch of seeds, `is_grads_batched=True`, is not one): ask for the gradients of "
             "`{root}` itself, `torch.autograd.grad({root}, ...)`, not for those of another tensor seeded with "
             "numbers worked out by hand.").format(what=what, root=root)


# Why right numbers are refused (_provenance_problem) -> what the learner reads.
_PROVENANCE_WORDS = {
    "backward": N_("{what} holds the right numbers, but not as `torch.autograd.grad` returned them: a backward "
                   "pass left them in `.grad`. This exercise wants the gradients the call hands back: "
                   "`torch.autograd.grad(loss, inputs)`, bound to `{name}`."),
    "computed": N_("{what} holds the right numbers, but autograd did not compute them: your code worked them "
                   "out another way. Let autograd compute them (a backward pass, or `torch.autograd.grad`) and "
                   "bind the result to `{name}`."),
    "autograd": N_("{what} holds the right numbers, but not as `torch.autograd.grad` returned them: your code "
                   "worked them out another way. Ask autograd for this gradient too (list the tensor it is the "
                   "gradient of among the call's inputs) and bind what the call returns to `{name}`."),
    "func": N_("{what} holds the right numbers, but no autograd transform returned them: your code worked "
               "them out another way (a formula, or from another result). Let a `torch.func` transform "
               "compute them and bind what it returns to `{name}`."),
    "hooks": N_("{what} holds the right numbers, but your hooks did not work them out: they were read "
                "outside the hooks (after backward, from `.grad` or a retained gradient). Compute each "
                "number inside the hook, from what it is given, and record it there."),
}


_TYPE_WORDS = {"number": N_("a Python number"), "tensor": N_("a tensor"), "bool": N_("True or False")}


def _type_problem(what: str, wanted: str, yours: dict) -> str | None:
    t = yours.get("t")
    if t == "seq":
        for i, item in enumerate(yours.get("items") or []):
            problem = _type_problem(f"{what}[{i}]", wanted, item)
            if problem:
                return problem
        return None
    if yours.get("array") and t in ("num", "bool") and wanted in ("number", "bool"):
        return _("{what} is a 0-d numpy array, but this exercise asks for {wanted}: call .item() on it "
                 "(or int(), float(), bool()).").format(what=what, wanted=_(_TYPE_WORDS[wanted]))
    if wanted == "number":
        if t == "num":
            return None
        if t == "tensor":
            return _("{what} is a tensor of shape {shape}, but this exercise asks for a Python number: "
                     "call .item() on a one-element tensor to get the number out.").format(what=what,
                                                                                          shape=shape(yours))
    elif wanted == "bool":
        if t == "bool":
            return None
        if t == "tensor":
            return _("{what} is a tensor of shape {shape}, but this exercise asks for True or False: "
                     "call .item() (or bool(...)) on a one-element tensor.").format(what=what, shape=shape(yours))
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
        what=what, description=describe(yours), wanted=_(_TYPE_WORDS[wanted]))
