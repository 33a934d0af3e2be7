stats = []


class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        local = torch.sin(x) + x * torch.cos(x)
        with torch.no_grad():
            stats.append(local.abs().max().item())   # only a record, outside the math
        return grad * local


(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
print(len(stats), "backward calls")
