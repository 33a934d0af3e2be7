# expect: through your XSin
# earns: 0
class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        with torch.no_grad():
            local = torch.sin(x) + x * torch.cos(x)
        return grad * local

g2 = (2 * torch.cos(x) - x * torch.sin(x)).detach()
