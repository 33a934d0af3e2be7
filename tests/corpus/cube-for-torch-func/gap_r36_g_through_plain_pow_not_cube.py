# expect: value of g
# a known false pass (round 36's attacker): `g` from `torch.func.grad` of `t ** 3`, not of Cube (the checks run Cube themselves)
# a correct Cube exists and is vmapped, but g comes from torch.func.grad of plain t ** 3, not of Cube
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
        return grad * 3 * x ** 2


g = torch.func.grad(lambda t: (t ** 3).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
