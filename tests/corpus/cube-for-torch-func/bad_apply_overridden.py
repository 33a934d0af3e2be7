# expect: Cube
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x2 = x * x
        ctx.save_for_backward(x2)
        return x2 * x

    @staticmethod
    def backward(ctx, grad):
        (x2,) = ctx.saved_tensors
        return grad * 3 * x2

    @classmethod
    def apply(cls, x):
        return x ** 3


g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
