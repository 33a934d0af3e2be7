class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        out = torch.sin(x)
        out.mul_(x)            # in place on our own result (forward runs without a graph)
        return out

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        local = x * torch.cos(x)
        local.add_(torch.sin(x))   # x * cos(x) saved its inputs, not its result
        return grad * local


(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
