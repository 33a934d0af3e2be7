# expect: changed torch while this check ran it
# Only one gradient is ever returned (wrong when both are needed). Round 40a's rebinding of
# torch.autograd.gradcheck._allclose_with_type_promotion, done inside forward: the probes' gradcheck calls
# forward (for its output) after pristine has put the module back, and nothing puts it back again.
import sys as _sys


class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        _sys.modules["torch.autograd.gradcheck"]._allclose_with_type_promotion = "ok".format
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
