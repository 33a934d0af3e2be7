"""``hooks``: how many hooks the learner's code registered (observe.py counts them)."""

from __future__ import annotations

from tutor.autograd_apis import PASS_RAISED
from tutor.grade.kinds.base import Context, InvalidResult, Kind, Verdict, observed_record
from tutor.grade.kinds.calls import calls_of
from tutor.grade.kinds.words import bound_words, one_too_many, plural, too_few, within
from tutor.i18n import N_, _
from tutor.pack.checks import HooksCheck

_HOOK_WORDS = {
    "tensor": (N_("on tensors"), N_("Register one with `t.register_hook(fn)`: fn receives the gradient of t and may "
                                    "return a changed one.")),
    "module": (N_("on modules"), N_("Register one with `module.register_forward_hook(fn)` or "
                                    "`module.register_full_backward_hook(fn)`.")),
    "node": (N_("on graph nodes"), N_("Register one with `y.grad_fn.register_hook(fn)` or `register_prehook(fn)`.")),
    "any": ("", N_("Register a hook (`t.register_hook(fn)` on a tensor, or a module hook) as the exercise asks.")),
}
# One registration of each kind, for the mutant that registers one too many.
_REGISTER = {
    "module": "nn.Linear(1, 1).register_forward_hook(lambda *a: None)",
    "node": "(torch.zeros(1, requires_grad=True) * 1).grad_fn.register_hook(lambda *a: None)",
}
_REGISTER_TENSOR = "torch.zeros(1, requires_grad=True).register_hook(lambda g: g)"


class Hooks(Kind):
    name = "hooks"
    model = HooksCheck

    def observe(self, check):
        if check.modules:  # NOTE [hooks on named modules] (observe_targets.py)
            return {"hooks_on_modules": list(check.modules)}
        return {"hooks_on": [check.tensor]} if check.tensor else {}

    def label(self, check) -> str:
        if check.tensor:
            return _("hooks on {name} ({bound})").format(name=check.tensor, bound=bound_words(check))
        if check.modules:
            return _("hooks on {name} ({bound})").format(name=", ".join(check.modules), bound=bound_words(check))
        if check.on == "any":
            return _("hooks on anything ({bound})").format(bound=bound_words(check))
        return _("hooks on {on} ({bound})").format(on=check.on, bound=bound_words(check))

    def mutant(self, check):
        n = one_too_many(check)
        if n is None:
            return None
        register = f"{check.tensor}.register_hook(lambda g: g)" if check.tensor else \
            f"{check.modules[0]}.register_forward_hook(lambda *a: None)" if check.modules else \
            _REGISTER.get(check.on, _REGISTER_TENSOR)
        return f"\nfor _ in range({n}):\n    {register}\n"

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        record = observed_record(ctx.observed)
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
        others = 0
        if check.tensor:  # NOTE [hooks on a named tensor] (observe_targets.py)
            on, ran = record.get("hooks_on"), record.get("hooks_on_ran")
            value = on.get(check.tensor) if isinstance(on, dict) else None
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidResult("no count of the hooks on a named tensor")
            others, n = n - value, value
            ran_n = ran.get(check.tensor) if isinstance(ran, dict) else None
            if isinstance(ran_n, int) and not isinstance(ran_n, bool) and ran_n < n and within(check, n) \
                    and too_few(check, ran_n):  # a lower bound asks for hooks that ran
                return False, _("your code registered {hooks} on `{name}`, but {ran} ran in a backward pass (a hook "
                                "taken off before the pass, or registered after it, runs in none); this exercise asks "
                                "for {bound}. Register the hook on `{name}` before the passes and keep it on while "
                                "they run.").format(
                    hooks=plural(n, N_("{n} hook"), N_("{n} hooks")), name=check.tensor,
                    ran=_("none of them") if ran_n == 0 else _("only {n} of them").format(n=ran_n),
                    bound=bound_words(check))
        unmet = False  # a named module without a hook that ran
        if check.modules:
            counts, ran = _module_counts(check, record)
            others, n = n - sum(counts), sum(counts)
            bare = [m for m, k in zip(check.modules, counts) if k == 0]
            idle = [m for m, k, r in zip(check.modules, counts, ran) if k and not r]
            unmet = bool(bare or idle)
            if idle and not bare and calls_of(ctx.observed, PASS_RAISED):
                # round 39's learner: a hook on a later module raised, and the pass never reached these
                return False, _("your code registered hooks on {idle}, but the backward pass stopped at the error "
                                "above before it reached them: mend what the error says (a hook must return None "
                                "or gradients of the shapes it was given), and they will run.").format(
                    idle=", ".join(f"`{m}`" for m in idle))
            if idle and not bare:
                return False, _("your code registered hooks on {idle}, but none of them ran (a hook taken off "
                                "before the pass, or registered after it, runs in none); this exercise asks for one "
                                "on each of {names} that runs. Register the hooks before the pass and keep them on "
                                "while it runs.").format(
                    idle=", ".join(f"`{m}`" for m in idle), names=", ".join(f"`{m}`" for m in check.modules))
            if bare and (n or others):
                return False, _("your code registered no hook on {bare} (its module hooks went on other modules); "
                                "this exercise asks for one on each of {names}. Register it on the module itself: "
                                "`{first}.register_full_backward_hook(fn)`.").format(
                    bare=", ".join(f"`{m}`" for m in bare), names=", ".join(f"`{m}`" for m in check.modules),
                    first=bare[0])
        if within(check, n) and not unmet:
            return True, ""
        hook_words = _("no hooks") if n == 0 else plural(n, N_("{n} hook"), N_("{n} hooks"))
        where, how = _HOOK_WORDS[check.on]
        if check.modules:
            said = _("your code registered {hooks} on {names}").format(
                hooks=hook_words, names=", ".join(f"`{m}`" for m in check.modules))
            how = N_("Register one on each of them: `{name}.register_full_backward_hook(fn)`, and the same for "
                     "the others.")
        elif check.tensor:
            said = _("your code registered {hooks} on `{name}`").format(hooks=hook_words, name=check.tensor)
            how = (N_("Its hooks on other tensors do not count: register the hook on `{name}` itself "
                      "(`{name}.register_hook(fn)`, or `{name}.register_post_accumulate_grad_hook(fn)`).") if others
                   else N_("Register one on `{name}` itself (`{name}.register_hook(fn)`, or "
                           "`{name}.register_post_accumulate_grad_hook(fn)`)."))
        elif where:
            said = _("your code registered {hooks} {where}").format(hooks=hook_words, where=_(where))
        else:
            said = _("your code registered {hooks}").format(hooks=hook_words)
        if too_few(check, n) or unmet:
            advice = _(how).format(name=check.modules[0] if check.modules else check.tensor)
        else:
            advice = _("Register only the hooks the exercise asks for (every registration counts, even of a hook "
                       "removed later).")
        return False, _("{said}; this exercise asks for {bound}. {advice}").format(
            said=said, bound=bound_words(check), advice=advice)


def _module_counts(check, record) -> tuple[list[int], list[int]]:
    """The hooks on each module the check names, and those of them that ran (NOTE [hooks on named modules],
    observe_targets.py)."""
    out = []
    for key in ("hooks_on_modules", "hooks_on_modules_ran"):
        on = record.get(key)
        counts = [on.get(m) for m in check.modules] if isinstance(on, dict) else [None]
        if not all(isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in counts):
            raise InvalidResult("no count of the hooks on named modules")
        out.append(counts)
    return out[0], out[1]
