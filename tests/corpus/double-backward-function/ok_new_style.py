class XSin(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * torch.sin(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (torch.sin(x) + torch.mul(x, torch.cos(x)))

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
