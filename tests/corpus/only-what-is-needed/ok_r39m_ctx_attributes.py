class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.x, ctx.k = x, k      # kept as attributes, not save_for_backward
        return x * k

    @staticmethod
    def backward(ctx, grad):
        gx = gk = None
        if ctx.needs_input_grad[0]:
            work.append("x")
            gx = grad * ctx.k
        if ctx.needs_input_grad[1]:
            work.append("k")
            gk = torch.tensordot(grad, ctx.x, dims=1)
        return gx, gk

ScaleBy.apply(x, k).sum().backward()
