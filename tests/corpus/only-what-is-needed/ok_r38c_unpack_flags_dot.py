class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        need_x, need_k = ctx.needs_input_grad
        gx = gk = None
        if need_k:
            work.append("k")
            gk = torch.dot(grad, x)
        if need_x:
            work.append("x")
            gx = torch.mul(grad, k)
        return gx, gk

ScaleBy.apply(x, k).sum().backward()
