# expect: second derivative through your Cube, in float32
# the backward detaches the gradient it is given unless the input is float64 (round 32's eighth attacker)
# Cube.backward detaches the gradient it is given unless the input is float64 (what gradgradcheck feeds);
# the float32 probe differentiates with ones that carry no graph, so the cut never shows there.
# In float32, d2/dx2 of (Cube(x) ** 2).sum() comes out 18 x^4, not 30 x^4.
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
        if x.dtype != torch.float64:
            grad = grad.detach()
        return grad * 3 * x ** 2


g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
