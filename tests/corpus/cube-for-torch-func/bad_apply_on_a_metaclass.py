# expect: Cube
class Meta(type(torch.autograd.Function)):
    @property
    def apply(cls):
        return lambda x: x ** 3

class Cube(torch.autograd.Function, metaclass=Meta):
    @staticmethod
    def forward(ctx, x):
        x2 = x * x
        ctx.save_for_backward(x2)
        return x2 * x

    @staticmethod
    def backward(ctx, grad):
        (x2,) = ctx.saved_tensors
        return grad * 3 * x2


g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
