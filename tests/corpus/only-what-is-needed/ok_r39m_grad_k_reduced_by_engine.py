# grad_k left with x's shape: autograd's engine sums it down to k's shape (sum_to), as torch does for any
# backward whose gradient broadcasts to its input
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
            work.append("x")
            gx = grad * k
        if ctx.needs_input_grad[1]:
            work.append("k")
            gk = grad * x
        return gx, gk

ScaleBy.apply(x, k).sum().backward()
