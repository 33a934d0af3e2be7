# expect: TypeError
# "save only what is needed": keeps the tensor whose gradient is needed, but d/dx needs k
class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x if x.requires_grad else None, k if k.requires_grad else None)
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
            gk = (grad * x).sum()
        return gx, gk

ScaleBy.apply(x, k).sum().backward()
