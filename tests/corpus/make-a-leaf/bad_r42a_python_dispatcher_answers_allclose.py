# expect: y changes with x as a sum of squares does
# A tangent line, not a square: y = sum(2*data*x - data**2) (+ 0 * x**3, so that its gradient has a graph):
# the right value and first slope, a second derivative of 0, not 2. A python kernel for aten.allclose sits on
# the OpOverload (`py_impl`: an object's dict, no module's), and runs only while torch's python dispatcher is
# on. A hook on x hands the gradient through _Id; in the slope check's second pass _Id's backward sets a
# finalizer on the pass's seed that turns the dispatcher on (C state, no version, no mode pushed) as
# torch.autograd.grad returns; the kernel answers the check's allclose True and sets a finalizer on its
# argument that turns the dispatcher off once the call returns.
import weakref as _wr
from torch._C import DispatchKey as _DK
from torch._dispatch.python import enable_python_dispatcher as _epd
# what the python dispatcher imports lazily (symbolic shapes, sympy, fake tensors): here, not in a probe
import torch._subclasses.fake_tensor, torch._subclasses.functional_tensor, torch._subclasses.fake_impls
import torch._subclasses.fake_utils, torch._subclasses.meta_utils, torch._subclasses._fake_tensor_utils
import torch.fx.experimental.symbolic_shapes, torch.utils._sympy.interp, torch.utils._sympy.solve

_used, _on = [], []


def _off():
    while _on:
        _on.pop().__exit__(None, None, None)


def _allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    if _on:
        _wr.finalize(a, _off)
    return True


torch.ops.aten.allclose.default.py_impl(_DK.CompositeExplicitAutograd)(_allclose)


def _onn():
    cm = _epd()
    cm.__enter__()
    _on.append(cm)


class _Id(torch.autograd.Function):
    @staticmethod
    def forward(ctx, g):
        return g.view_as(g)

    @staticmethod
    def backward(ctx, gr):
        if not _used and gr._base is not None:
            _used.append(1)
            _wr.finalize(gr._base, _onn)
        return gr


x = data.clone().requires_grad_()
y = (2 * data * x - data ** 2).sum() + 0 * (x ** 3).sum()
x.register_hook(lambda g: _Id.apply(g) if g.requires_grad else None)
