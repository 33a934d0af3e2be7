# expect: `forward` takes only the inputs, no `ctx`
class Cube(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(ctx, x):
        return x ** 3

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * 3 * x ** 2


g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
