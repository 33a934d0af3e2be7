class Cube(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(inp):
        squared = inp * inp
        cubed = squared * inp
        return cubed

    @staticmethod
    def setup_context(ctx, inputs, output):
        inp, = inputs
        ctx.save_for_backward(inp)

    @staticmethod
    def backward(ctx, grad_out):
        inp, = ctx.saved_tensors
        local = 3.0 * inp.pow(2)
        return grad_out * local


def main():
    g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
    ys = torch.func.vmap(Cube.apply)(xs)
    return g, ys

if __name__ == "__main__":
    g, ys = main()
    print(g.shape, ys.shape)
