class XSinGrad(torch.autograd.Function):
    """d/dx (x sin x) times grad, as a Function of (grad, x) with its own backward."""

    @staticmethod
    def forward(ctx, grad, x):
        ctx.save_for_backward(grad, x)
        return grad * (torch.sin(x) + x * torch.cos(x))

    @staticmethod
    def backward(ctx, gg):
        grad, x = ctx.saved_tensors
        local = torch.sin(x) + x * torch.cos(x)
        second = 2 * torch.cos(x) - x * torch.sin(x)
        return gg * local, gg * grad * second


class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return XSinGrad.apply(grad, x)


(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
