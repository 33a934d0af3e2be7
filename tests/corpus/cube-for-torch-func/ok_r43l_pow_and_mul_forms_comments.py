# PyTorch 2 style: forward without ctx, setup_context saves, vmap rule generated.
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * x * x

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return 3 * x.pow(2) * grad_out

    generate_vmap_rule = True


g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
