# expect: work
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        work.append("x")
        work.append("k")
        grad_x = grad * k if ctx.needs_input_grad[0] else None
        grad_k = (grad * x).sum() if ctx.needs_input_grad[1] else None
        return grad_x, grad_k

ScaleBy.apply(x, k).sum().backward()
