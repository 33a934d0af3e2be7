class Cube(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        return x ** 3

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * grad * x * x

t64 = torch.randn(4, dtype=torch.float64, requires_grad=True)
assert torch.autograd.gradcheck(Cube.apply, (t64,))
assert torch.autograd.gradgradcheck(Cube.apply, (t64,))

g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
