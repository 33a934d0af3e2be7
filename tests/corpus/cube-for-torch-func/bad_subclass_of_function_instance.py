# expect: subclass of
# Cube rebound to a function object that has an apply
class _Cube(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        return x ** 3

    @staticmethod
    def setup_context(ctx, inputs, output):
        x2 = inputs[0] * inputs[0]
        ctx.save_for_backward(x2)

    @staticmethod
    def backward(ctx, grad):
        (x2,) = ctx.saved_tensors
        return grad * 3 * x2

def Cube(t):
    return t ** 3
Cube.apply = lambda t: t ** 3

g = torch.func.grad(lambda t: _Cube.apply(t).sum())(x)
ys = torch.func.vmap(_Cube.apply)(xs)
