# expect: Where gradcheck fails too, the local derivative itself is wrong
class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        # "double backward needs the second derivative", so return it
        return grad * (2 * torch.cos(x) - x * torch.sin(x))

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
