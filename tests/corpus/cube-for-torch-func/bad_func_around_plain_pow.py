# expect: func.
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * 3 * x ** 2


# Cube still refuses torch.func, so go around it
g = torch.func.grad(lambda t: (t ** 3).sum())(x)
ys = torch.func.vmap(lambda t: t ** 3)(xs)
