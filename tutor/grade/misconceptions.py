"""Common torch errors, mapped to the misconception behind them.

Matching on message text is used here only to *explain*; verdicts never
depend on it (torch's wording changes between releases).
"""

from __future__ import annotations

from tutor.i18n import N_, _

# (id, needles, explanation): the id names the misconception in reports
# (a class report groups failures by it); it never changes with the wording.
_RULES: list[tuple[str, tuple[str, ...], str]] = [
    (
        "backward-twice",
        ("backward through the graph a second time", "Trying to backward through the graph"),
        N_("backward() frees the graph's saved tensors as it goes, so a second backward through the same graph "
           "fails. Pass retain_graph=True to the first backward() if you really need two, or rebuild the graph "
           "by recomputing the forward pass."),
    ),
    (
        "leaf-in-place",
        ("a leaf Variable that requires grad is being used in an in-place operation",),
        N_("You changed a leaf that requires grad in place (like x += 1 or x.add_(1)). Autograd cannot track that. "
           "Update it under torch.no_grad(), or compute a new tensor (x = x + 1) instead."),
    ),
    (
        "saved-tensor-changed",
        ("modified by an inplace operation",),
        N_("A tensor that an operation saved for its backward was changed in place afterwards (its version "
           "counter moved on), so its gradient can no longer be computed. Use an out-of-place operation "
           "(y = y * 2 instead of y *= 2) or clone() before changing it."),
    ),
    (
        # round 36's learner: a pack hook with no `return` reads as the unpack hook's fault in torch's words
        "saved-tensor-hooks-return",
        ("Output of saved tensor unpack_hook expected to be a Tensor",),
        N_("What a pack hook returns is what its unpack hook is given, and the unpack hook must return a "
           "tensor. A pack hook without `return` hands the unpack hook None: return the tensor (or what "
           "unpack turns back into it) from the pack hook, and a tensor from the unpack hook."),
    ),
    (
        "backward-of-a-tensor",
        ("grad can be implicitly created only for scalar outputs",),
        N_("backward() without arguments works only on a single number. For a tensor with several elements, "
           "reduce it first (y.sum().backward()) or pass the vector to multiply by: y.backward(gradient=v)."),
    ),
    (
        # round 38's learner: `with torch.no_grad:` and `with torch.autograd.detect_anomaly:`
        "context-manager-not-called",
        ("object does not support the context manager protocol",),
        N_("What follows `with` must be a context manager, an object: torch.no_grad, torch.enable_grad, "
           "torch.inference_mode and torch.autograd.detect_anomaly are classes, so call them, with the "
           "parentheses: `with torch.no_grad():`."),
    ),
    (
        "no-graph",
        ("does not require grad and does not have a grad_fn",),
        N_("The tensor you differentiate (with backward() or torch.autograd.grad) is not connected to anything "
           "that requires grad: it was computed from tensors that do not, under torch.no_grad(), or cut from "
           "its graph by .detach() (or .data). Create your inputs with requires_grad=True (or call "
           ".requires_grad_()), and differentiate the tensor itself: detach a copy only to print it."),
    ),
    (
        "unused-input",
        ("One of the differentiated Tensors appears to not have been used in the graph",),
        N_("torch.autograd.grad was asked for the gradient of a tensor that the output does not depend on. "
           "Check that the output is computed from it, or pass allow_unused=True."),
    ),
    (
        "hook-shape",
        ("hook", "has changed the size of value"),
        N_("A gradient hook must return None (keep the gradient) or a tensor of the same shape as the gradient "
           "it received; a post-accumulate hook (`register_post_accumulate_grad_hook`) must return None."),
    ),
    (
        "inference-tensor",
        ("Inference tensors cannot be saved for backward",),
        N_("Tensors created under torch.inference_mode() can never take part in autograd. Use torch.no_grad() "
           "if you need them later, or create them outside inference mode."),
    ),
    (
        "numpy-of-graph",
        ("Can't call numpy() on Tensor that requires grad",),
        N_("A tensor that requires grad must be detached before converting it: x.detach().numpy()."),
    ),
    (
        "compile-needs-room",  # round 41's learner: inductor's C++ build in a run's 64 MiB /tmp
        ("No space left on device",),
        N_("torch.compile's default backend (inductor) builds C++ code in /tmp, and a graded run's /tmp is small: "
           "it ran out of room. Compile with backend=\"eager\", which builds no C++ (and keeps each "
           "operation's own backward, which the checks follow), or leave torch.compile out: the check judges what "
           "your code computes, not how fast."),
    ),
    (
        "torchscript-autograd",  # round 47's attacker: torch.autograd.grad called in a scripted function
        ("Compiled functions can't take variable number of arguments", "tutor/grade/"),
        N_("TorchScript cannot compile this function here: a graded run watches torch's autograd calls "
           "(torch.autograd.grad, backward), and TorchScript cannot compile the watch. Leave @torch.jit.script off "
           "the function that calls them: the checks judge what your code computes, not how fast."),
    ),
    (
        # round 43's learners: a pause for Enter left at the end; memory read from /proc; checkpoint's debug mode
        "no-keyboard",
        ("EOF when reading a line",),
        N_("A graded run has no keyboard: input() has nothing to read, so it fails. Take input() out (or write "
           "the value in your code); the checks read what your code leaves in its variables."),
    ),
    (
        "no-proc",
        ("No such file or directory", "/proc/"),
        N_("A graded run has no /proc (it runs in a sandbox), so reading /proc/self/... fails. To measure "
           "memory, use resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, or leave the measurement out: "
           "the checks judge what your code computes."),
    ),
    (
        "no-proc",
        ("path to exe",),
        N_("This part of torch reads /proc/self/exe, and a graded run has no /proc (it runs in a sandbox): "
           "torch's checkpoint with debug=True needs it. Leave debug=True out of the code you hand in."),
    ),
    (
        # round 43's learners: doctest.testmod(), cProfile; sqlite3 on a file; (below) DataLoader workers, asyncio
        "grader-machinery",
        ("is not available in a grading run",),
        N_("The grader keeps some of Python's machinery for itself while it grades: tracing and profiling "
           "(sys.settrace, sys.setprofile, which doctest, cProfile, coverage and debuggers use) and gc's lists "
           "of objects. Run those on your own machine, and leave them out of the code you hand in."),
    ),
    (
        "sandboxed",
        ("access permission denied",),
        N_("A graded run is sandboxed, and sqlite cannot use a database file there. Use an in-memory database "
           "(sqlite3.connect(\":memory:\")), or leave the database out: the checks read your variables."),
    ),
    (
        # round 42's learner: a right fix that left its own `gradcheck(...)` on the setup's float32 tensors
        "gradcheck-float32",
        ("Jacobian mismatch",),
        N_("gradcheck compares the gradients your backward computes with finite differences, and in float32 "
           "those differ by more than its tolerances even where the backward is right. Give it float64 tensors "
           "(`x.double().requires_grad_()`), or leave the call out: the checks run gradcheck themselves, in "
           "float64. In float64, a mismatch means the backward is wrong."),
    ),
    (
        # round 42's learner: `w.grad.zero_()` before the first backward of a training loop
        "grad-none-before-backward",
        ("'NoneType' object has no attribute 'zero_'",),
        N_("A tensor's .grad is None until a backward pass first reaches it, so `.grad.zero_()` before the "
           "first backward fails. Clear the gradients after each step instead, or set `w.grad = None` (what "
           "`optimizer.zero_grad()` does), or guard it: `if w.grad is not None: w.grad.zero_()`."),
    ),
    (
        "no-requires-grad",
        ("element 0 of tensors does not require grad",),
        N_("The tensor you differentiate (with backward() or torch.autograd.grad) does not require grad: it was "
           "computed from tensors that do not require grad, under torch.no_grad(), or cut from its graph by "
           ".detach() (or .data)."),
    ),
]


_CREATE_GRAPH = N_(
    "The gradient you differentiate a second time was computed without create_graph=True, so it is a plain "
    "tensor with no graph of its own. Pass create_graph=True to the first torch.autograd.grad() (or "
    "backward()) so that its result can be differentiated again."
)

# The first call was a backward() without create_graph: the second's tensor may come from a gradient of it
# (`x.grad`) or from a tensor cut off the graph (round 39's learner: `loss2 = (h.detach() ** 2).sum()` in
# backward-twice read "pass create_graph=True", where nothing was differentiated twice).
_SECOND_PASS_NO_GRAPH = N_(
    "The tensor your second backward pass starts from has no graph: it was computed from a tensor cut off "
    "the graph (`.detach()`, `.data`, or under `torch.no_grad()`), or from a gradient of the first pass "
    "(`x.grad`), which has a graph only when that pass ran with create_graph=True. Compute it from the "
    "tensors of the graph itself."
)

# The first call recorded a graph, and what was differentiated next had none: cut in between (round 32's
# learner detached g1 to print it, and read the words for inputs made without requires_grad).
_GRAPH_CUT = N_(
    "The first differentiation recorded a graph of its own (create_graph=True), but the gradient you "
    "differentiate a second time has none: it was cut from that graph in between, by .detach() (or .data), "
    "or recomputed under torch.no_grad(). Differentiate the gradient the first call returned; to print it, "
    "print it or a detached copy, and keep the original."
)


_GRAPH_CUT_IN_FUNCTION = N_(
    "The first differentiation asked for a graph (create_graph=True), but the gradient it returned has none: "
    "the backward of your custom Function computed it without one: from `.data` or `.detach()` of what it "
    "saved, under torch.no_grad(), or from numbers worked out in forward and saved. Compute the backward's result with torch operations on the tensors "
    "you saved (`ctx.save_for_backward` inputs), so that autograd can differentiate it again."
)


_FORWARD_WITH_CTX = N_(
    "If this comes from a custom Function's `apply`: with `setup_context` defined (the PyTorch 2 style), "
    "`forward` takes only the inputs, no `ctx`, and torch binds `apply`'s arguments to them. Write "
    "`def forward(x):` and save what backward needs in `setup_context(ctx, inputs, output)`. (The older "
    "style keeps `forward(ctx, x)` and has no `setup_context`.)"
)
_FORWARD_WITHOUT_CTX = N_(
    "If this comes from a custom Function's `apply`: without `setup_context`, torch calls `forward(ctx, "
    "*inputs)`, so `forward` must take `ctx` first. Either add `ctx` back (`def forward(ctx, x):`, the older "
    "style), or keep `def forward(x):` and add `setup_context(ctx, inputs, output)` (the PyTorch 2 style)."
)


def _ran_a_custom_backward(observed) -> bool:
    calls = observed.get("calls") if isinstance(observed, dict) else None
    return isinstance(calls, list) and any(
        isinstance(item, list) and len(item) == 4 and item[0] == "autograd.Function.backward"
        and isinstance(item[3], int) and item[3] > 0 for item in calls)


def _first_create_graph(observed) -> bool | str | None:
    """Whether the run's first gradient call passed create_graph, when another one followed; else None.
    "backward": a backward() without it (which returns no gradient to differentiate)."""
    if not isinstance(observed, dict):
        return None
    order = observed.get("order")
    if not isinstance(order, list):
        return None
    gradient_calls = [item for item in order
                      if isinstance(item, list) and len(item) >= 3 and item[0] in ("backward", "autograd.grad")]
    if len(gradient_calls) < 2 or not isinstance(gradient_calls[0][2], bool):
        return None
    if gradient_calls[0][:3] == ["backward", False, False]:
        return "backward"
    return gradient_calls[0][2]


def diagnose(error_type: str, message: str, observed: dict | None = None) -> tuple[str, str] | None:
    """(id, explanation) of the misconception behind an error; ``observed``
    is the run's record of the autograd calls it made (observe.py), when
    there is one."""
    if not isinstance(message, str):
        return None
    no_graph = ("does not require grad and does not have a grad_fn" in message
                or "element 0 of tensors does not require grad" in message)
    rebound = observed.get("rebound_frozen") if isinstance(observed, dict) else None
    if no_graph and isinstance(rebound, list) and rebound and all(isinstance(n, str) for n in rebound):
        # `w = w - lr * w.grad` under no_grad: a new tensor that needs no gradient (found by probing the
        # verdicts: it read as a missing create_graph=True)
        return "rebound-leaf", _(
            "Your code bound {names} to a new tensor that does not require grad (computed under "
            "torch.no_grad(), or from .detach()), so what is computed from it has no graph. Update the "
            "tensor in place instead (`w -= lr * w.grad` under torch.no_grad()), or make the new one a leaf "
            "that requires grad (`.requires_grad_()`).").format(names=", ".join(f"`{n}`" for n in rebound[:6]))
    first_create_graph = _first_create_graph(observed) if no_graph else None
    if first_create_graph == "backward":
        return "second-pass-no-graph", _(_SECOND_PASS_NO_GRAPH)
    if first_create_graph is False:
        return "missing-create-graph", _(_CREATE_GRAPH)
    if first_create_graph and _ran_a_custom_backward(observed):
        # the gradient came out of the code's own Function (double-backward-function): its backward made
        # it without a graph, and the words for a gradient detached in between blamed the wrong code
        return "graph-cut", _(_GRAPH_CUT_IN_FUNCTION)
    if first_create_graph:
        return "graph-cut", _(_GRAPH_CUT)
    for rule, needles, explanation in _RULES:
        if all(needle in message for needle in needles):
            return rule, _(explanation)
    if error_type == "TypeError" and message.startswith("missing a required argument"):
        # inspect's wording: torch binds apply's arguments to forward's signature where setup_context is
        # defined (round 33's learner, cube-for-torch-func: `forward(ctx, x)` beside `setup_context`)
        return "function-style", _(_FORWARD_WITH_CTX)
    if error_type == "TypeError" and ".forward() takes" in message and "positional argument" in message:
        return "function-style", _(_FORWARD_WITHOUT_CTX)
    if error_type == "NameError":
        return "undefined-name", _("A name your code uses is not defined. The setup's variables keep their names; "
                                   "check the spelling.")
    if error_type == "PermissionError":
        return "sandboxed", _("A graded run is sandboxed: it may not start other processes (a DataLoader with "
                              "num_workers above 0, multiprocessing, subprocess), open sockets (asyncio, the "
                              "network), or write outside its own folder. Use num_workers=0 and plain loops, or leave "
                              "that part out: the checks read what your code computes.")
    if error_type == "SystemExit" and message.strip() == "2":
        return "stopped-the-program", _("Your code stopped with exit status 2, as an argument parser does when a "
                                        "required argument is missing: a graded run gets no command-line arguments. "
                                        "Give every option a default.")
    if error_type in ("SystemExit", "KeyboardInterrupt"):
        return "stopped-the-program", _("Your code stopped the program. Remove the call to exit() / sys.exit() and "
                                        "let it run to the end.")
    return None


def explain(error_type: str, message: str, observed: dict | None = None) -> str | None:
    """The misconception behind an error, in words (``diagnose`` without the id)."""
    found = diagnose(error_type, message, observed)
    return found[1] if found else None
