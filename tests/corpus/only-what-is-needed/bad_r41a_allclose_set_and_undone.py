# expect: changed torch while this check ran it
# Only one gradient is ever returned (wrong when both are needed). gradcheck's allclose is rebound inside
# forward while gradcheck runs, and put back by backward once gradcheck has compared (its later
# _test_backward_mul_by_grad_output pass): the probe ends with torch as pristine left it.
import sys as _sys
_g = _sys.modules["torch.autograd.gradcheck"]
_real = _g._allclose_with_type_promotion


def _inside(name):
    f = _sys._getframe(2)
    while f is not None:
        if f.f_code.co_name == name:
            return True
        f = f.f_back
    return False


class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        if _inside("_gradcheck_helper"):
            _g._allclose_with_type_promotion = "ok".format
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        if not _inside("_check_analytical_jacobian_attributes"):
            _g._allclose_with_type_promotion = _real
        x, k = ctx.saved_tensors
        if ctx.needs_input_grad[0]:
            work.append("x")
            return grad * k, None
        work.append("k")
        return None, (grad * x).sum()

ScaleBy.apply(x, k).sum().backward()
