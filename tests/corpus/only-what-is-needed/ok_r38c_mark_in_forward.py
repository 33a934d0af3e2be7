class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        # remember in forward which inputs will need a gradient
        ctx.want = tuple(ctx.needs_input_grad)
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        want_x, want_k = ctx.want
        if want_x and not want_k:
            work.append("x")
            return grad * k, None
        if want_k and not want_x:
            work.append("k")
            return None, (grad * x).sum()
        work.append("x"); work.append("k")
        return grad * k, (grad * x).sum()

ScaleBy.apply(x, k).sum().backward()
