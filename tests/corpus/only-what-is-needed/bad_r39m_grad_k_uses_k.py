# expect: gradcheck
# d(x*k)/dk taken as k instead of x
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
            gk = (grad * k).sum()
        return gx, gk

ScaleBy.apply(x, k).sum().backward()
