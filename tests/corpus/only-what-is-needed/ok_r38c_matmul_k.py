class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        out = [None, None]
        if ctx.needs_input_grad[0]:
            work.append("x")
            out[0] = grad * k
        if ctx.needs_input_grad[1]:
            work.append("k")
            out[1] = grad @ x      # 1-D @ 1-D gives a 0-d tensor, like k
        return out[0], out[1]

ScaleBy.apply(x, k).sum().backward()
