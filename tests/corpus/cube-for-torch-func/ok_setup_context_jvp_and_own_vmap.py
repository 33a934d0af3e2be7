# round 31's learner probe: setup_context with jvp and a vmap of its own
from torch.autograd import Function


class Cube(Function):
    @staticmethod
    def forward(x: torch.Tensor) -> torch.Tensor:
        return torch.pow(x, 3)

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, = inputs
        ctx.save_for_backward(x)
        ctx.save_for_forward(x)

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return 3 * x.square() * grad

    @staticmethod
    def jvp(ctx, x_t):
        x, = ctx.saved_tensors
        return 3 * x.square() * x_t

    @staticmethod
    def vmap(info, in_dims, x):
        return Cube.apply(x), in_dims[0]


g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
