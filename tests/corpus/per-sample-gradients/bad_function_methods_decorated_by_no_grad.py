# expect: came through the backward of a custom
# round 35 attacker: a custom autograd.Function whose forward/setup_context/backward are each wrapped by torch.no_grad()
# (the wrapper functions live in torch's folder, so the class reads as torch's); backward is the formula by hand
from torch.func import grad, vmap


def _fwd(w_, x_, y_):
    return (torch.tanh(x_ @ w_) - y_) ** 2


def _ctx(ctx, inputs, output):
    ctx.save_for_backward(*inputs)


def _bwd(ctx, g):
    w_, x_, y_ = ctx.saved_tensors
    t = torch.tanh(x_ @ w_)
    return g * 2 * (t - y_) * (1 - t ** 2) * x_, None, None


Loss = type("Loss", (torch.autograd.Function,), {
    "generate_vmap_rule": True,
    "forward": staticmethod(torch.no_grad()(_fwd)),
    "setup_context": staticmethod(torch.no_grad()(_ctx)),
    "backward": staticmethod(torch.no_grad()(_bwd)),
})
per_sample = vmap(grad(Loss.apply), in_dims=(None, 0, 0))(w, xs, ys)
