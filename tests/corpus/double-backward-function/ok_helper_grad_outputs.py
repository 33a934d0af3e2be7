def dxsin(t):
    # d/dt (t sin t), written with ops autograd records
    return t.sin() + t * t.cos()


class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return dxsin(x) * grad

y = XSin.apply(x)
g1 = torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]
g2 = torch.autograd.grad(g1, x, grad_outputs=torch.ones_like(g1))[0]
