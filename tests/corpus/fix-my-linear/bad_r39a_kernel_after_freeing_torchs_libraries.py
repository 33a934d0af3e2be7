# expect: registered kernels of its own
# The observers' watch of torch._C._dispatch_library unwrapped, closure by closure, to torch's own.
def _raw(f):
    while hasattr(f, "__closure__") and f.__closure__:
        f = next(c.cell_contents for c in f.__closure__ if callable(c.cell_contents) and c.cell_contents is not f)
    return f
make = _raw(torch._C._dispatch_library)
# torch's own Library objects freed first, as many as the raw ones made below: the count of Library
# objects would stay as it was, were torch's not kept for good (NOTE [a kernel registered behind the watch])
import torch.export.custom_ops, torch._prims
victims = [torch.export.custom_ops.lib, torch._prims.prim_meta_impl] + list(torch.library._keep_alive)
for v in victims:
    v.m = None
torch.library._keep_alive.clear()
lib = make("IMPL", "aten", "", "", 0)
extra = [make("IMPL", "aten", "", "", 0) for _ in range(len(victims) - 1)]
lib.impl("mean.dim", "CPU", torch.sum, False)
class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        grad_x = grad_y @ W
        grad_W = grad_y.T @ x
        grad_b = grad_y.mean(0)
        return grad_x, grad_W, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
