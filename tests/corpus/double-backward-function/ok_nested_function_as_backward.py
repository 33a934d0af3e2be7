# round 31's learner probe: a second Function as the backward
class XSinGrad(torch.autograd.Function):
    """d/dx of x*sin(x), times grad, with its own backward."""
    @staticmethod
    def forward(ctx, x, grad):
        ctx.save_for_backward(x, grad)
        return grad * (torch.sin(x) + x * torch.cos(x))

    @staticmethod
    def backward(ctx, gg):
        x, grad = ctx.saved_tensors
        d2 = 2 * torch.cos(x) - x * torch.sin(x)
        return gg * grad * d2, gg * (torch.sin(x) + x * torch.cos(x))


class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return XSinGrad.apply(x, grad)

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
