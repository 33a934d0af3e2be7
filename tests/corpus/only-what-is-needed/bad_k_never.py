# expect: grad of k
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        work.append("x")
        return grad * k, None

ScaleBy.apply(x, k).sum().backward()
