# expect: gradgradcheck
# computes the derivative in forward and saves it
class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        local = torch.sin(x) + x * torch.cos(x)
        ctx.save_for_backward(x, local)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        x, local = ctx.saved_tensors
        return grad * local

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)

