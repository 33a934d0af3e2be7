class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (torch.sin(x) + x * torch.cos(x))


x.register_hook(lambda g: print("grad reaching x:", g))
(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
g1.register_hook(lambda g: print("grad reaching g1:", g))
(g2,) = torch.autograd.grad(g1.sum(), x)
