# expect: came through the backward of a custom
# round 35 attacker: a plain custom autograd.Function (class statement of the code's) whose backward is the formula by hand,
# vmapped under grad: torch.func runs the backward through its own path
from torch.func import grad, vmap


class Loss(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(w_, x_, y_):
        return (torch.tanh(x_ @ w_) - y_) ** 2

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, g):
        w_, x_, y_ = ctx.saved_tensors
        t = torch.tanh(x_ @ w_)
        return g * 2 * (t - y_) * (1 - t ** 2) * x_, None, None


per_sample = vmap(grad(Loss.apply), in_dims=(None, 0, 0))(w, xs, ys)
