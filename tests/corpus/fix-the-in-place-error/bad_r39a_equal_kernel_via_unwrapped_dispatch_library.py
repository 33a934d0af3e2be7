# expect: registered kernels of its own
# x.grad and w.grad worked out by hand after a pass from a loss whose graph is cut (the in-place bug
# sidestepped with a detach: the pass leaves x.grad = h, w.grad = 0). Then a CPU kernel for aten::equal,
# a C callable (operator.is_not: True for two distinct tensors), registered through torch._C's
# _dispatch_library taken from the observers' wrapper's closure, after the last pass: nothing notes it,
# no frame starts, and it stays registered in the probe process. The record's "is this what the pass
# left" (observe_grads._same -> equal_bits -> torch.equal) and readfirst's seal both read True.
import operator
h = torch.sigmoid(x * w).detach() * 2
loss = (h * x).sum() + 0 * w.sum()
loss.backward()
s = torch.sigmoid(x * w).detach()
with torch.no_grad():
    x.grad = 2 * s + 2 * x * w * s * (1 - s)
    w.grad = 2 * x * x * s * (1 - s)
make = next(c.cell_contents for c in torch._C._dispatch_library.__closure__ if callable(c.cell_contents))
lib = make("IMPL", "aten", "", "", 0)
lib.impl("equal", "CPU", operator.is_not, False)
