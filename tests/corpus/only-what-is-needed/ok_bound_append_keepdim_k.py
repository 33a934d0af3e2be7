record = work.append   # the same list, bound once


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
            record("x")
            gx = grad * k
        if ctx.needs_input_grad[1]:
            record("k")
            gk = torch.dot(grad, x).reshape(k.shape)
        return gx, gk

ScaleBy.apply(x, k).sum().backward()
