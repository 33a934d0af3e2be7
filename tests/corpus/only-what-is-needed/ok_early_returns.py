class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        nx, nk = ctx.needs_input_grad
        if nx and not nk:
            work.append("x")
            return grad * k, None
        if nk and not nx:
            work.append("k")
            return None, (grad * x).sum()
        work.append("x")
        work.append("k")
        return grad * k, (grad * x).sum()

ScaleBy.apply(x, k).sum().backward()
