from torch import *  # noqa: F403
from torch.autograd import Function


class ScaleBy(Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return mul(x, k)

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        need_x, need_k = ctx.needs_input_grad
        gx = gk = None
        if need_x:
            work.append("x")
            gx = mul(grad, k)
        if need_k:
            work.append("k")
            gk = dot(grad, x)
        return gx, gk


ScaleBy.apply(x, k).sum().backward()
