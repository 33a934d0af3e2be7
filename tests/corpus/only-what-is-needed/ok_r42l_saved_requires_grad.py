class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        need_x, need_k = ctx.needs_input_grad
        grads = []
        if need_x:
            work.append("x")
        grads.append(grad * k if need_x else None)
        if need_k:
            work.append("k")
        grads.append((grad * x).sum() if need_k else None)
        return tuple(grads)

ScaleBy.apply(x, k).sum().backward()
