# expect: work
# backward right but records nothing; work appended after from the flags of x and k
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        gx = grad * k if ctx.needs_input_grad[0] else None
        gk = (grad * x).sum() if ctx.needs_input_grad[1] else None
        return gx, gk

ScaleBy.apply(x, k).sum().backward()
work += [n for n, t in (("x", x), ("k", k)) if t.grad is not None]
