# expect: gradcheck
# Only one gradient is ever returned (wrong when both are needed); torch.autograd.gradcheck's module-level
# `_allclose_with_type_promotion` (a module pristine does not put back) is rebound to a C callable that is
# always truthy, so the probes' gradcheck passes whatever the backward returns.
import sys as _sys
_sys.modules["torch.autograd.gradcheck"]._allclose_with_type_promotion = "ok".format


class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        # only one of them ever needs a gradient
        if ctx.needs_input_grad[0]:
            work.append("x")
            return grad * k, None
        work.append("k")
        return None, (grad * x).sum()

ScaleBy.apply(x, k).sum().backward()
