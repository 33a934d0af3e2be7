# expect: gradgradcheck
class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        s, c = torch.sin(x), torch.cos(x)
        ctx.save_for_backward(x, s, c)   # reuse sin and cos in backward
        return x * s

    @staticmethod
    def backward(ctx, grad):
        x, s, c = ctx.saved_tensors
        return grad * (s + x * c)

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
