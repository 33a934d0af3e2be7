# expect: gradcheck
class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        # let autograd do the derivative (but grad mode is off in a plain backward)
        (gx,) = torch.autograd.grad(x * torch.sin(x), x, grad, create_graph=True)
        return gx

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
