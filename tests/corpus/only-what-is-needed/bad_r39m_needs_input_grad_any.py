# expect: work
# one flag for both: computes both whenever any is needed
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        if not any(ctx.needs_input_grad):
            return None, None
        work.append("x")
        work.append("k")
        return grad * k, (grad * x).sum()

ScaleBy.apply(x, k).sum().backward()
