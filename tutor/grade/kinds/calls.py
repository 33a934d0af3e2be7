"""``calls``: how many times the learner's code called an autograd API, as
the run's observers counted it (observe.py), with retain/create_graph filters."""

from __future__ import annotations

from tutor.autograd_apis import FUNCTION_BACKWARD_RUN
from tutor.grade.kinds.base import Context, InvalidResult, Kind, Verdict, observed_record
from tutor.grade.kinds.words import bound_words, one_too_many, times, too_few, within
from tutor.i18n import N_, _
from tutor.pack.checks import CallsCheck


class Calls(Kind):
    name = "calls"
    model = CallsCheck

    def label(self, check) -> str:
        apis = _apis(check)
        named = apis[0] if len(apis) == 1 else _("{first} or {second}").format(first=", ".join(apis[:-1]),
                                                                                second=apis[-1])
        return _("calls {api}{flags} ({bound})").format(api=named, flags=_filter_words(check, ", "),
                                                       bound=bound_words(check))

    def mutant(self, check):
        # more calls than allowed, whatever the reference itself calls
        n = one_too_many(check)
        if n is None:
            return None
        body = _CALL_SNIPPETS[_apis(check)[0]].format(flags=_call_flags(check)).replace("\n", "\n    ")
        return f"\nfor _ in range({n}):\n    {body}\n"

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        record = observed_record(ctx.observed)
        counts = [calls_of(record, api, check.retain_graph, check.create_graph) for api in _apis(check)]
        if any(c is None for c in counts):
            raise InvalidResult("no record of the calls")
        n = sum(counts)
        if within(check, n):
            return True, ""
        what = apis_words(_apis(check))
        filt = _filter_words(check)
        total = sum(calls_of(record, api) for api in _apis(check))
        stopped = bool(ctx.learner_error) and too_few(check, n)  # the error is the news: no advice beside it
        if n == 0 and not filt:
            # round 35's learner: `vmap(grad(f), in_dims=...)` that raised read "never called vmap"
            said = (_("no call of {api} had finished before the error") if stopped
                    else _("your code never called {api}")).format(api=what)
        else:
            # what it did call, where it called some: not the whole list again
            called = tuple(api for api, c in zip(_apis(check), counts) if c) if n else ()
            said = _("your code called {api}{flags} {times}").format(api=apis_words(called) if called else what,
                                                                     flags=filt, times=times(n) if n else _("no times"))
            if filt and total != n:
                said = _("{said} ({times} in all)").format(said=said, times=times(total))
        if check.count == 0 or (check.max == 0 and check.min is None):
            asked = _("this exercise asks you not to call {api}{flags}").format(api=what, flags=filt)
        else:
            asked = _("this exercise asks for {bound}").format(bound=bound_words(check))
        advice = "" if stopped else _advice(check, too_few(check, n))
        text = _("{said}; {asked}. {advice}").format(said=said, asked=asked, advice=advice)
        return False, text.rstrip()


def _apis(check) -> tuple[str, ...]:
    """The APIs a check counts: one, or its list's."""
    return (check.api,) if isinstance(check.api, str) else tuple(check.api)


def _advice(check, too_few: bool) -> str:
    # The message names the list once already: a list of 17 APIs read three times over (predict-the-chain)
    if len(_apis(check)) > 1 and too_few:
        return _("Use one of them in your answer, as the exercise asks.")
    if len(_apis(check)) > 1:
        return _("Each of them counts: use them only as many times as the exercise asks.")
    api = _apis(check)[0]
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
        if api == "checkpoint.under_saved_tensors_hooks":
            return _("Call torch.utils.checkpoint.checkpoint inside the `with torch.autograd.graph."
                     "saved_tensors_hooks(...):` block, so that its hooks see what the checkpoint keeps.")
        return _("Use {api} in your answer, as the exercise asks.").format(api=api_words(api))
    if api in ("autograd.functional.jacobian", "autograd.functional.hessian", "func.jacrev", "func.jacfwd",
               "func.hessian"):
        return _("Building the full Jacobian or Hessian is what this exercise avoids: compute a vector product "
                 "instead (torch.autograd.grad with grad_outputs, torch.func.vjp / jvp, or "
                 "torch.autograd.functional.vjp / hvp).")
    if api == "autograd.grad" and not ((check.count or 0) > 0 or (check.max or 0) > 0):  # round 47's learners
        return _("Compute this one without torch.autograd.grad: by hand, as the exercise asks.")
    if api == "backward":
        return _("Each backward() adds to .grad: call it only as many times as the exercise asks.")
    if (check.count or 0) > 0 or (check.max or 0) > 0:  # some calls allowed (round 46's learner logged with a vmap)
        return _("Call {api} only as many times as the exercise asks: every call counts, one made only to "
                 "print or log too.").format(api=api_words(api))
    return _("Do without {api} here, as the exercise asks.").format(api=api_words(api))


FUNCTION_WORDS = N_(
    "{what} came through the backward of a custom `torch.autograd.Function` in your code, or other code of "
    "yours that the backward pass ran (a backward registered for a custom op, a function put where torch "
    "looks for one): a formula written by hand, not autograd's. Build the computation from torch operations "
    "and let autograd differentiate it.")


def through_a_function(ctx: Context) -> bool:
    """NOTE [a gradient by a Function] (observe_roots.py), for every check that follows a gradient: the
    code's passes ran a custom Function's backward and the reference's ran none (a loss made by
    `MSE.apply(w)` whose backward is the formula by hand passed fix-the-training-loop, data-or-detach and
    remove-the-hook, probe of round 33). Torch's own (a reentrant checkpoint's, a module hook's) are not
    the code's."""
    return bool(calls_of(ctx.observed, FUNCTION_BACKWARD_RUN)) \
        and calls_of(ctx.expected_observed, FUNCTION_BACKWARD_RUN) == 0


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


API_WORDS = {
    "backward": "backward()",
    "autograd.grad": "torch.autograd.grad()",
    "checkpoint": "torch.utils.checkpoint.checkpoint()",
    "forward_ad.make_dual": "torch.autograd.forward_ad.make_dual()",
    "autograd.Function.backward": "backward() of your own autograd.Function",
    "func.grad_with_vmap": "torch.func.vmap() with a gradient transform inside or around it",
    "checkpoint.under_saved_tensors_hooks": "torch.utils.checkpoint.checkpoint() inside saved-tensor hooks",
}


def api_words(api: str) -> str:
    return API_WORDS.get(api, f"torch.{api}()")


def apis_words(apis: tuple[str, ...]) -> str:
    """"backward()" or "backward() or torch.autograd.grad()": calls that count together."""
    words = [api_words(api) for api in apis]
    if len(words) == 1:
        return words[0]
    return _("{first} or {second}").format(first=", ".join(words[:-1]), second=words[-1])


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


# One call of each API, for the mutant that makes one call too many.
_CALL_SNIPPETS = {
    "backward": "torch.zeros(1, requires_grad=True).sum().backward({flags})",
    "autograd.grad": "_m = torch.zeros(1, requires_grad=True)\ntorch.autograd.grad((_m * 1).sum(), _m, {flags})",
    "autograd.functional.jacobian": "torch.autograd.functional.jacobian(lambda v: v * 1, torch.zeros(1), {flags})",
    "autograd.functional.hessian": "torch.autograd.functional.hessian(lambda v: (v * v).sum(), torch.zeros(1), "
                                   "{flags})",
    "autograd.functional.vjp": "torch.autograd.functional.vjp(lambda v: v * 1, torch.zeros(1), torch.ones(1), {flags})",
    "autograd.functional.jvp": "torch.autograd.functional.jvp(lambda v: v * 1, torch.zeros(1), torch.ones(1), {flags})",
    "autograd.functional.hvp": "torch.autograd.functional.hvp(lambda v: (v * v).sum(), torch.zeros(1), torch.ones(1), "
                               "{flags})",
    "autograd.functional.vhp": "torch.autograd.functional.vhp(lambda v: (v * v).sum(), torch.zeros(1), torch.ones(1), "
                               "{flags})",
    "func.grad": "torch.func.grad(lambda v: (v * v).sum())(torch.zeros(1))",
    "func.grad_and_value": "torch.func.grad_and_value(lambda v: (v * v).sum())(torch.zeros(1))",
    "func.vmap": "torch.func.vmap(lambda v: v * 1)(torch.zeros(2))",
    "func.grad_with_vmap": "torch.func.vmap(torch.func.grad(lambda v: (v * v).sum()))(torch.zeros(2, 1))",
    "func.jacrev": "torch.func.jacrev(lambda v: v * 1)(torch.zeros(1))",
    "func.jacfwd": "torch.func.jacfwd(lambda v: v * 1)(torch.zeros(1))",
    "func.hessian": "torch.func.hessian(lambda v: (v * v).sum())(torch.zeros(1))",
    "func.vjp": "torch.func.vjp(lambda v: v * 1, torch.zeros(1))",
    "func.jvp": "torch.func.jvp(lambda v: v * 1, (torch.zeros(1),), (torch.ones(1),))",
    "func.linearize": "torch.func.linearize(lambda v: v * 1, torch.zeros(1))",
    "func.functional_call": "torch.func.functional_call(nn.Linear(1, 1), {{}}, (torch.zeros(1),))",
    "checkpoint": "torch.utils.checkpoint.checkpoint(lambda v: v * 1, torch.zeros(1, requires_grad=True), "
                  "use_reentrant=False)",
    "checkpoint.under_saved_tensors_hooks": "with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):\n"
                                            "    torch.utils.checkpoint.checkpoint(lambda v: v * 1, "
                                            "torch.zeros(1, requires_grad=True), use_reentrant=False)",
    "forward_ad.make_dual": "with torch.autograd.forward_ad.dual_level():\n"
                            "    torch.autograd.forward_ad.make_dual(torch.zeros(1), torch.ones(1))",
    "autograd.graph.saved_tensors_hooks": "with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):\n"
                                          "    pass",
    "autograd.Function.backward": "class _Once(torch.autograd.Function):\n"
                                  "    @staticmethod\n    def forward(ctx, t):\n        return t * 1\n"
                                  "    @staticmethod\n    def backward(ctx, g):\n        return g\n"
                                  "_Once.apply(torch.zeros(1, requires_grad=True)).sum().backward()",
}


def _call_flags(check) -> str:
    parts = []
    if getattr(check, "retain_graph", None) is not None:
        parts.append(f"retain_graph={check.retain_graph}")
    if getattr(check, "create_graph", None) is not None:
        parts.append(f"create_graph={check.create_graph}")
    return ", ".join(parts)
