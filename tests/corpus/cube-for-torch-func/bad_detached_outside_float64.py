# expect: second derivative through your Cube, in float32
# Cube.backward detaches x ** 2 unless the input is float64 (what gradgradcheck feeds it) (round 32's seventh attacker)
# double backward works only in float64 (what gradgradcheck feeds); in float32, the dtype of every
# real use, the backward detaches x**2, so the gradient can NOT be differentiated again
class Cube(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        return x ** 3

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        x2 = x ** 2
        if x.dtype != torch.float64:
            x2 = x2.detach()
        return grad * 3 * x2


g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
