# expect: y changes with x as a sum of squares does
# A tangent line, not a square: y = sum(2*data*x - data**2) (+ 0 * x**3, so that its gradient has a graph):
# the right value and first slope, a second derivative of 0, not 2. No pass can leave a dispatch mode on (the
# engine puts its thread's state back), so: a hook on x hands back the gradient through _Id; in the slope
# check's second pass, _Id's backward finds the pass's seed (the base of the gradient it is given) and sets a
# finalizer on it, which pushes a TorchDispatchMode as torch.autograd.grad returns. The mode answers the check's
# failing torch.allclose True, and a finalizer on that allclose's argument pops it once the call returns: the
# probe ends with no mode on and no dict of torch's changed.
import weakref as _wr
from torch.utils._python_dispatch import TorchDispatchMode as _TDM

_used = []


def _pop():
    if torch._C._len_torch_dispatch_stack():
        torch._C._pop_torch_dispatch_stack(None)


class _Yes(_TDM):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        if func is torch.ops.aten.allclose.default and not out and _used == [1]:
            _used.append(_wr.finalize(args[0], _pop))
            return True
        return out


def _push():
    torch._C._push_on_torch_dispatch_stack(_Yes())


_push()  # the first op under a mode imports torch._dynamo: here, not in a probe
torch.allclose(data, data)
_pop()


class _Id(torch.autograd.Function):
    @staticmethod
    def forward(ctx, g):
        return g.view_as(g)

    @staticmethod
    def backward(ctx, gr):
        if not _used and gr._base is not None:
            _used.append(1)
            _wr.finalize(gr._base, _push)
        return gr


x = data.clone().requires_grad_()
y = (2 * data * x - data ** 2).sum() + 0 * (x ** 3).sum()
x.register_hook(lambda g: _Id.apply(g) if g.requires_grad else None)
