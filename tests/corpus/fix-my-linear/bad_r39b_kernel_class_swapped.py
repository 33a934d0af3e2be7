# expect: registered kernels of its own
# The starter left as it is (grad_b = grad_y.mean(0)). A raw Library (torch._C._dispatch_library from the
# watch's closure) registers torch.sum for aten::mean.dim; then the Library object's __class__ is set to
# another pybind11 class of the same layout (torch.Tag): the object no longer refers to _DispatchModule, so
# the class's reference count is as it was when the code began, and nothing else counts Library objects.
def _raw(f):
    while hasattr(f, "__closure__") and f.__closure__:
        f = next(c.cell_contents for c in f.__closure__ if callable(c.cell_contents) and c.cell_contents is not f)
    return f
_make = _raw(torch._C._dispatch_library)
_lib = _make("IMPL", "aten", "", "", 0)
_lib.impl("mean.dim", "CPU", torch.sum, False)
_lib.__class__ = torch._C.Tag
_keep = [_lib]
torch.Tag._kept = _keep  # never freed (a Tag's destructor must not run on a Library)
del _lib, _keep, _make
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
