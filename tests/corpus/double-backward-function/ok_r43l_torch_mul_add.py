class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.mul(x, torch.sin(x))

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        local = torch.addcmul(torch.sin(x), x, torch.cos(x))
        return torch.mul(grad, local)

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
print(g1, g2)
