# expect: given gradients other than ones
# Wrong: the double backward squares the gradient it is given (gg * gg * ...), so Cube's second derivative is not
# linear in its outer gradient. Every check feeds that pass ones (the float32 second-derivative check sums) or
# one-hot vectors (gradgradcheck's analytical pass), where gg * gg == gg; gradgradcheck's numerical Jacobian never
# runs the double backward at all. double-backward-function checks this with non-ones; this exercise does not.
class CubeGrad(torch.autograd.Function):
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
        return gg * gg * grad * 6 * x, gg * gg * 3 * x * x


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
