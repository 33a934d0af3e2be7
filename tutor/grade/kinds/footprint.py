"""``footprint``: limits on the autograd work the learner's code created
(graph nodes, bytes saved for backward, the largest autograd result)."""

from __future__ import annotations

from tutor.grade.kinds.base import Context, InvalidResult, Kind, Verdict, observed_record
from tutor.grade.kinds.calls import api_words
from tutor.grade.kinds.words import plural, size
from tutor.i18n import N_, _
from tutor.pack.checks import FootprintCheck


class Footprint(Kind):
    name = "footprint"
    model = FootprintCheck

    def label(self, check) -> str:
        parts = []
        if check.max_nodes is not None:
            parts.append(_("no autograd graph") if check.max_nodes == 0
                         else _("at most {n} graph nodes").format(n=check.max_nodes))
        if check.max_saved_bytes is not None:
            parts.append(_("at most {size} saved for backward").format(size=size(check.max_saved_bytes)))
        if check.max_numel is not None:
            parts.append(_("no autograd result over {n} elements").format(n=check.max_numel))
        if check.max_unneeded_grads is not None:
            parts.append(_("no gradient returned that nothing needs") if check.max_unneeded_grads == 0
                         else _("at most {n} gradients returned that nothing needs").format(n=check.max_unneeded_grads))
        return _("footprint: {limits}").format(limits=", ".join(parts))

    def observe(self, check):
        # Counting saved bytes needs a saved-tensor hook: only when asked.
        return {"saved": True} if check.max_saved_bytes is not None else {}

    def mutant(self, check):
        if check.max_nodes is not None:
            return (f"\n_m = torch.zeros(1, requires_grad=True)\nfor _ in range({check.max_nodes + 1}):\n"
                    f"    _m = _m * 1\n")
        if check.max_numel is not None and check.max_numel < 50_000_000:
            return (f"\n_m = torch.zeros({check.max_numel + 1}, requires_grad=True)\n"
                    f"torch.autograd.grad((_m * 1).sum(), _m)\n")
        if check.max_saved_bytes is not None and check.max_saved_bytes < 200_000_000:
            return (f"\n_m = torch.zeros({check.max_saved_bytes // 4 + 1}, requires_grad=True)\n"
                    f"_n = (_m * _m).sum()\n")
        return None

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        record = observed_record(ctx.observed)
        expected = ctx.expected_observed if isinstance(ctx.expected_observed, dict) else {}
        if check.max_nodes is not None:
            if record.get("nodes") is None and record.get("threads_left"):  # NOTE [work in a thread]
                return False, _("your code left a thread running when it ended, so the autograd work that thread "
                                "does cannot be counted. Wait for every thread you start (`t.join()`) before your "
                                "code ends.")
            nodes = _count(record, "nodes")
            if nodes > check.max_nodes:
                if check.max_nodes == 0:
                    return False, _("your code built an autograd graph ({nodes}) where this exercise asks for none. "
                                    "Compute inside `with torch.no_grad():` (or torch.inference_mode()) so that autograd "
                                    "records nothing; calling .detach() afterwards is too late, the graph was already "
                                    "built.").format(nodes=plural(nodes, N_("{n} node"), N_("{n} nodes")))
                ref = expected.get("nodes")
                created = plural(nodes, N_("{n} autograd graph node"), N_("{n} autograd graph nodes"))
                if isinstance(ref, int):
                    text = _("your code created {nodes}; this exercise allows at most {max} (the reference creates "
                             "{ref}).").format(nodes=created, max=check.max_nodes, ref=ref)
                else:
                    text = _("your code created {nodes}; this exercise allows at most {max}.").format(
                        nodes=created, max=check.max_nodes)
                # a printed `h.mean().item()` is a node too (found by probing: correct answers that logged)
                return False, _("{text} Record only what the gradient needs: every operation on a tensor that "
                                "requires grad adds a node, a printed `.mean()` too. Compute what needs no gradient "
                                "(logging, statistics) under torch.no_grad() or from `.detach()`, and avoid computing "
                                "the same thing twice.").format(text=text)
        if check.max_saved_bytes is not None:
            unweighed = record.get("saves_unweighed")  # NOTE [saves past the weighing] (observe_compile.py)
            if isinstance(unweighed, str) and unweighed.replace("_", "a").replace(".", "a").isalnum():
                return False, _("your code ran {api}, under which what autograd keeps for backward is kept past "
                                "the hooks that weigh it, so this check cannot tell how much was saved, even where "
                                "it only checked an answer. Build the graph with plain torch operations (and "
                                "torch.utils.checkpoint where the exercise asks), and check answers here without "
                                "torch.func.").format(api=api_words(unweighed))
            saved = _count(record, "saved_bytes")
            if saved > check.max_saved_bytes:
                ref = expected.get("saved_bytes")
                if isinstance(ref, int):
                    text = _("your code saved {size} of tensors for backward; this exercise allows at most {max} (the "
                             "reference saves {ref}).").format(size=size(saved), max=size(check.max_saved_bytes),
                                                               ref=size(ref))
                else:
                    text = _("your code saved {size} of tensors for backward; this exercise allows at most "
                             "{max}.").format(size=size(saved), max=size(check.max_saved_bytes))
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
        if check.max_unneeded_grads is not None:  # NOTE [gradients nobody needs] (observe_calls.py)
            unneeded = _count(record, "unneeded_grads")
            if unneeded > check.max_unneeded_grads:
                return False, _("a custom Function's backward in your code returned {grads} for inputs that need "
                                "none; this exercise allows {max}. Where `ctx.needs_input_grad[i]` is False, return "
                                "None in place i, and do not compute that gradient at all.").format(
                    grads=plural(unneeded, N_("{n} gradient"), N_("{n} gradients")), max=check.max_unneeded_grads)
        return True, ""


def _count(record: dict, key: str) -> int:
    value = record.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidResult(f"the run could not measure {key.replace('_', ' ')}")
    return value
