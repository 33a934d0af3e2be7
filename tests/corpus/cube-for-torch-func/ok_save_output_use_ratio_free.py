# save both input and output; the derivative from them: 3 * out / x would divide by x, so use x*x
class Cube(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        y = x.pow(3)
        return y

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(output, *inputs)

    @staticmethod
    def backward(ctx, dy):
        y, x = ctx.saved_tensors
        dx = dy * x * x
        dx = dx * 3
        return dx


g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
