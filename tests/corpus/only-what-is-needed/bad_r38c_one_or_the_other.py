# expect: gradcheck
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        # only one of them ever needs a gradient
        if ctx.needs_input_grad[0]:
            work.append("x")
            return grad * k, None
        work.append("k")
        return None, (grad * x).sum()

ScaleBy.apply(x, k).sum().backward()
