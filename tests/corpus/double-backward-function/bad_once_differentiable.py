# expect: gradgradcheck
from torch.autograd.function import once_differentiable

class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (torch.sin(x) + x * torch.cos(x))

g2 = (2 * torch.cos(x) - x * torch.sin(x)).detach()
