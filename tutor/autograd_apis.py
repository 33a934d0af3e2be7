"""The autograd APIs a ``calls`` check can count, by the names packs use.

Dependency-free on purpose: the pack format (tutor/pack/checks.py), the
run's observers (tutor/grade/observe.py) and the grader's wording all read
this one list.
"""

CALL_APIS = (
    "backward", "autograd.grad",
    "autograd.functional.jacobian", "autograd.functional.hessian", "autograd.functional.vjp",
    "autograd.functional.jvp", "autograd.functional.hvp", "autograd.functional.vhp",
    "func.grad", "func.grad_and_value", "func.vmap", "func.jacrev", "func.jacfwd", "func.hessian",
    "func.vjp", "func.jvp", "func.linearize", "func.functional_call", "checkpoint",
    "forward_ad.make_dual", "autograd.graph.saved_tensors_hooks", "autograd.Function.backward",
    # a torch.func gradient transform's function and a vmapped one, one run inside the other (NOTE [a gradient with vmap])
    "func.grad_with_vmap",
    # a checkpoint called while saved-tensor hooks are on (NOTE [a checkpoint under the code's hooks])
    "checkpoint.under_saved_tensors_hooks",
)

# Not a `calls` API: what the run's record counts of the reverse passes' runs of the backward of a Function
# class of the code's, not torch's (a reentrant checkpoint's, a module hook's): kinds/calls.py,
# NOTE [a gradient by a Function] (observe_roots.py).
FUNCTION_BACKWARD_RUN = "Function.backward in a pass"

# Not a `calls` API either: a reverse pass that raised (an error in a backward, torch's in-place check), counted
# by the record for the words of a gradient that is None (kinds/grad.py).
PASS_RAISED = "a reverse pass that raised"
