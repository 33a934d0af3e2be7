class CubeGrad(torch.autograd.Function):
    # grad * 3 x^2, itself differentiable
    generate_vmap_rule = True

    @staticmethod
    def forward(x, grad):
        return grad * 3 * x * x

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, gg):
        x, grad = ctx.saved_tensors
        return gg * grad * 6 * x, gg * 3 * x * x


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
        return CubeGrad.apply(x, grad)


g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
