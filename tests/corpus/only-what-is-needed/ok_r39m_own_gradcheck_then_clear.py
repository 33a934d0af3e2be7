class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        gx = gk = None
        if ctx.needs_input_grad[0]:
            work.append("x")
            gx = grad * k
        if ctx.needs_input_grad[1]:
            work.append("k")
            gk = (grad * x).sum()
        return gx, gk

# my own check first, on float64 copies; then forget what it recorded
xd = x.detach().double().requires_grad_()
kd = k.detach().double().requires_grad_()
assert torch.autograd.gradcheck(ScaleBy.apply, (xd, kd))
work.clear()

ScaleBy.apply(x, k).sum().backward()
