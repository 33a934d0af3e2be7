class Cube(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        return x * x * x

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, *grads):
        (grad,) = grads
        (x,) = ctx.saved_tensors
        return grad.mul(x.pow(2)).mul(3.0)


g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
print("g  =", g)
print("6x =", 6 * x)
assert torch.allclose(g, 3 * x ** 2)
