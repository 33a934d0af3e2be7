def local_derivative(x):
    # d/dx [x sin x] = sin x + x cos x, built from autograd ops so it can be differentiated again
    return torch.sin(x) + x * torch.cos(x)


class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * local_derivative(x)

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
