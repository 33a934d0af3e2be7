class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.inp = x   # kept as an attribute instead of save_for_backward
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        x = ctx.inp
        return grad * (torch.sin(x) + x * torch.cos(x))

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
