# ok: gradients cleared first, needs_input_grad, the gradient printed after the last line
x.grad = None
k.grad = None


class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        need_x, need_k = ctx.needs_input_grad
        grad_x = grad_k = None
        if need_x:
            work.append("x")
            grad_x = grad * k
        if need_k:
            work.append("k")
            grad_k = (grad * x).sum()
        return grad_x, grad_k

ScaleBy.apply(x, k).sum().backward()
print(work, x.grad, k.grad)
