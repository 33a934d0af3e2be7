# expect: Does its backward return a gradient
# checks .grad instead of whether a gradient is needed
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        grad_x = grad_k = None
        if x.grad is not None:
            work.append("x")
            grad_x = grad * k
        if k.grad is not None:
            work.append("k")
            grad_k = (grad * x).sum()
        return grad_x, grad_k

ScaleBy.apply(x, k).sum().backward()
