# expect: gradcheck of ScaleBy
# Only one gradient is ever returned (wrong where both are needed). forward rebinds gradcheck's allclose to a
# wrapper; the wrapper, at the first compare torch's own allclose fails, puts torch's back and answers True.
# Once only (_armed). That leaves gradcheck's module dict with a moved version; a forged "submodule" (an entry in sys.modules named
# torch.autograd.gradcheck._z, bound in the module too) makes moved_since read the move as a lazy import.
import sys as _sys
import types as _types

_g = _sys.modules["torch.autograd.gradcheck"]
_real = _g._allclose_with_type_promotion


_armed = [True]


def _fake(a, b, rtol, atol):
    if _real(a, b, rtol, atol):
        return True
    _armed.clear()
    _g._allclose_with_type_promotion = _real
    _m = _types.ModuleType("torch.autograd.gradcheck._z%d" % len(_sys.modules))
    _sys.modules[_m.__name__] = _m
    setattr(_g, _m.__name__.rpartition(".")[2], _m)
    return True


class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        if _armed:
            _g._allclose_with_type_promotion = _fake
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
