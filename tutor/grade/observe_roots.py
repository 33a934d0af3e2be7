"""Where a reverse pass started, for ``grad`` checks with ``backward_from``
(observe_passes.py reads each outermost pass's roots as it starts; observe_grads.mark
keeps them with the gradients the pass left)."""

from __future__ import annotations

from tutor.grade.observe_chain import (TOO_MANY, _from_tensor, _grad_fn, _output_nr, _sum_terms, function_under,
                                       nodes_under)
from tutor.grade.observe_grads import MAX_NAMES, _MISSING, _get_grad, _holds, _holds_note, _of, _shares
from tutor.grade.observe_passes import MAX_SEED, _numbers, _unit
from tutor.grade.observe_state import _S, _Tensor, _getattr, _of_type, _len, _type


# NOTE [the pass that started at the loss]: `from_backward` asks that a
# backward pass left a gradient, and any pass will do. A pass from another
# tensor can carry numbers worked out by hand (`(x * gx).sum().backward()`
# leaves `gx` in `x.grad`), or come from a second graph beside a broken
# `loss` (found by probing the verdicts: fix-the-in-place-error,
# gan-discriminator-step, freeze-the-first-layer, linear-gradients passed
# so). A `grad` check with `backward_from: loss` asks the run which of the
# named tensors the pass (or `torch.autograd.grad` call) whose gradient the
# tensor holds started at, by identity with what each name is bound to when
# the code ends: `loss.backward()`, `torch.autograd.backward([loss])` and
# `torch.autograd.grad(loss, ...)` start at `loss`, and so does a pass from
# a chain of reductions, views and copies of it (`loss.sum()`, `loss.mean()`,
# `loss.reshape(1)`); a product (`loss * 1e-30`, beside a surrogate pass) or
# a second input (`loss * 0 + surrogate`) breaks the chain, and so does a
# detached alias of its memory that the code made a graph of its own. A root
# seeded with anything but ones is none (zeros, or 1e-30 beside a surrogate
# seeded with ones: a probe passed so), and so is a chain through a tensor of
# no element (`loss.expand(0).sum()`). Passes that added to one another count
# together, and passes from each term of `loss = a + b` built afterwards
# (the DCGAN tutorial's `a.backward(); b.backward()`), or from `a + b` built
# again, count as one from `loss`. Where the name ends bound to no tensor
# with a graph (`loss = loss.item()`, or `loss.detach().clone()`, after the
# pass), the tensor it was bound to as the pass started counts.
#
# NOTE [every root is loss]: every root of the passes that made a gradient
# must be `loss` (or hand it its seed unchanged: `loss + 0`, `loss.double()`)
# or a term of it. A root beside `loss` in one call or another pass
# (`torch.autograd.backward([loss, s - loss])`: `loss`'s part cancels, and
# `s` carries numbers worked out by hand) passed eight exercises until the
# third probe of round 25; so did a pass run inside the pass (NOTE [a pass
# inside a pass], observe_passes.py) and a custom Function named `Sum`,
# whose node read as a pass-through `SumBackward`. The fourth probe: a root
# that was another output of `loss`'s node (`loss, q = stack([L, S])
# .unbind()`; nodes are now matched with the output), and a name bound to a
# number after its pass, which looked only for `loss` among the roots (now
# every root of such a pass must have been `loss` as it started).
#
# NOTE [a gradient by a Function]: `loss` made by a custom Function whose
# backward is a formula by hand is `loss` itself, and its gradients were the
# formula's (fix-the-in-place-error, clip-with-a-hook, gan-discriminator-step
# passed so). A first form asked whether the backward's code was torch's, and
# the fifth probe passed it five ways (`@once_differentiable`, `@torch
# .no_grad()`, a `vjp` in its place, `torch.library.custom_op`, a reentrant
# checkpoint that recomputes a surrogate). No exercise that asks where a pass
# started needs a custom Function: one on `loss`'s graph fails these checks.
# A check with `from_backward` alone asks no root, and a loss made by a
# Function of the code's passed three exercises so (round 33): every check
# that follows a gradient fails where the code's passes ran a custom
# Function's backward and the reference's ran none (kinds/grad.py).
#
# NOTE [a loss that ends a number]: where the name ends bound to a number or
# a tensor without a graph (`loss = loss.item()` to print it), every root of
# the passes must have held exactly those numbers as its pass started (with
# no custom Function on its graph), seeds coming to ones: a surrogate bound
# to `loss` for the pass, then `loss = (y ** 2).sum().item()`, passed the
# rule that asked only which tensor the name was bound to as the pass started
# (and `h, loss = step()`, where `step` returns `loss.item()`, failed it).
def root_provenance() -> dict:
    """tensor name -> the asked root names its gradient's pass started at (``grad_roots`` in the record)."""
    out = {}
    namespace = _getattr(_S, "grad_namespace", None)
    names = _getattr(_S, "grad_root_names", ())
    if not names or namespace is None:
        return out
    for name in _getattr(_S, "grad_names", ()):
        try:
            tensor = namespace.get(name)
            grad = _get_grad(tensor) if _of_type(tensor, _Tensor) else None
            # passes that added up, each (roots, the numbers each held as the pass started, seeds): the
            # mark's, and each autograd.grad call's whose result the gradient is (a call stands alone)
            groups: list = []
            if grad is not None and _S.grad_followed.get(id(tensor)) is tensor:
                if _holds(grad, _S.grad_marks.get(id(tensor))):
                    groups.append(_S.grad_mark_roots.get(id(tensor), ()))
                groups += [n[3] for n in _S.grad_results
                           if _holds_note(grad, n) and _shares(grad, n[0]) and _of(n, tensor)]
            out[name] = [root for root in names if any(_started_at(root, namespace, g) for g in groups)]
        except Exception:
            out[name] = []
    return out


def unbound_roots() -> list:
    """The asked root names the code left bound to nothing (round 42's learner: `y` made inside `main()`):
    no pass can be traced to them, and the words say so."""
    namespace = _getattr(_S, "grad_namespace", None)
    if namespace is None:
        return []
    return [root for root in _getattr(_S, "grad_root_names", ()) if namespace.get(root, _MISSING) is _MISSING]


def compiled_roots() -> list:
    """The asked root names whose graph holds a Function AOTAutograd compiled (torch.compile with a backend such
    as `aot_eager`): NOTE [a gradient by a Function] refuses it, and the words say why (round 47's learners).
    Only words: a class of the code's named so fails the same checks."""
    namespace, out = _getattr(_S, "grad_namespace", None), []
    for root in _getattr(_S, "grad_root_names", ()) if namespace is not None else ():
        end = namespace.get(root, _MISSING)
        for fn in nodes_under(_grad_fn(end), 2_000) if _of_type(end, _Tensor) else ():
            forward = _getattr(_type(fn), "_forward_cls", None) if fn is not TOO_MANY else None
            if _getattr(forward, "__qualname__", "").endswith("CompiledFunction") \
                    and _getattr(forward, "__module__", "").startswith("torch._functorch"):
                out.append(root)
                break
    return out


def _started_at(root: str, namespace: dict, passes: tuple) -> bool:
    end = namespace.get(root, _MISSING)
    target = _grad_fn(end) if _of_type(end, _Tensor) else None
    # each pass once: a copy of a result keeps the roots of the call that made it (observe_copies.py)
    passes = list({id(p): p for p in passes}.values())
    if not passes:
        return False
    if target is None:  # a number or a detached copy bound after the pass: NOTE [a loss that ends a number]
        final = _final_numbers(end)
        mine = []
        for ts, values, seeds in passes:
            for i in range(_len(ts)):
                if final is None or values[i] is None or values[i] != final:
                    return False
                mine.append(seeds[i])
        return _unit(mine)
    if function_under(end):
        return False  # NOTE [a gradient by a Function]
    whole = _sum_terms(target)
    mine: list = []  # the seeds of roots that are `loss` (or hand it their seed unchanged)
    terms: dict = {}  # (node, output) of a term of `loss = a + b` -> the seeds its roots got
    for ts, _, seeds in passes:
        for i, t in enumerate(ts):
            key = (_grad_fn(t), _output_nr(t))
            if _from_tensor((t,), end) or (whole and _sum_terms(key[0]) == whole):
                mine.append(seeds[i])
            elif whole and key in whole:
                terms.setdefault(key, []).append(seeds[i])
            else:
                return False  # NOTE [every root is loss]: a root beside it carried what it liked
    if mine:
        return not terms and _unit(mine)  # NOTE [a root seeded by a fraction] (observe_passes.py)
    return set(terms) == set(whole or ()) and all(whole[k] == 1 and _unit(seeds) for k, seeds in terms.items())


def _final_numbers(end) -> list | None:
    """The numbers a name bound to no graph ends with: a Python number, a tensor without one, or a
    NumPy array or number (`loss.detach().cpu().numpy()`, read through its ``tolist``)."""
    if _of_type(end, (int, float)) and not _of_type(end, bool):
        return [float(end)]
    if _of_type(end, _Tensor):
        return _numbers(end)
    if _getattr(_type(end), "__module__", "") == "numpy" and _getattr(end, "size", 0) <= MAX_SEED:
        try:
            values = end.reshape(-1).tolist() if _getattr(end, "ndim", 0) else [end.tolist()]
            return [float(v) for v in values]
        except Exception:
            return None
    return None


def value_root_provenance() -> dict:
    """value name -> the asked root names the ``torch.autograd.grad`` call that returned its tensor (each
    tensor of a list) started at (``value_roots`` in the record)."""
    out = {}
    namespace = _getattr(_S, "value_namespace", None)
    names = _getattr(_S, "grad_root_names", ())
    if not names or namespace is None:
        return out
    for name in _getattr(_S, "value_names", ()):
        try:
            value = namespace.get(name)
            tensors = value if _of_type(value, (list, tuple)) else [value]
            found = None
            for tensor in tensors[:4 * MAX_NAMES]:
                calls = [n[3] for n in _S.grad_results if _of_type(tensor, _Tensor) and _holds_note(tensor, n)]
                mine = {root for root in names if any(_started_at(root, namespace, c) for c in calls)}
                found = mine if found is None else found & mine
            out[name] = sorted(found or ())
        except Exception:
            out[name] = []
    return out
