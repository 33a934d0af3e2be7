class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        need_x, need_k = ctx.needs_input_grad[:2]
        grad_x = grad_k = None
        if need_x:
            work.append("x")
            grad_x = grad * k
        if need_k:
            work.append("k")
            grad_k = torch.sum(grad * x)
        return grad_x, grad_k

ScaleBy.apply(x, k).sum().backward()
