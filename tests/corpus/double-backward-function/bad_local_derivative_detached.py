# expect: no `grad_fn`
class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        local = (torch.sin(x) + x * torch.cos(x)).detach()
        return grad * local
(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
