# expect: gradcheck of ScaleBy
# Only one gradient is ever returned (wrong where both are needed). A python kernel for aten.allclose is put
# on the OpOverload (`py_impl`: an object's dict, no module's): it runs only while torch's python dispatcher
# is on. forward, when both inputs need a gradient (gradcheck), turns the dispatcher on (C state, no
# version); the kernel answers True, and the next forward after a compare that really failed (gradcheck's
# undefined-gradient test) turns it off again: the check ends with it off.
from torch._C import DispatchKey as _DK
from torch._dispatch.python import enable_python_dispatcher as _epd

_on, _lied = [], []


def _allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    if not bool(torch.isclose(a, b, rtol, atol, equal_nan).all()):
        _lied.append(1)
    return True


torch.ops.aten.allclose.default.py_impl(_DK.CompositeExplicitAutograd)(_allclose)
# what the python dispatcher imports lazily (symbolic shapes, sympy, fake tensors): here, not in a probe
import torch._subclasses.fake_tensor, torch._subclasses.functional_tensor, torch._subclasses.fake_impls
import torch._subclasses.fake_utils, torch._subclasses.meta_utils, torch._subclasses._fake_tensor_utils
import torch.fx.experimental.symbolic_shapes, torch.utils._sympy.interp, torch.utils._sympy.solve


class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        if _lied and _on:
            _on.pop().__exit__(None, None, None)
        if x.requires_grad and k.requires_grad and not _on and not _lied:
            cm = _epd()
            cm.__enter__()
            _on.append(cm)
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        if ctx.needs_input_grad[0]:
            work.append("x")
            return grad * k, None
        work.append("k")
        return None, (grad * x).sum()

ScaleBy.apply(x, k).sum().backward()
