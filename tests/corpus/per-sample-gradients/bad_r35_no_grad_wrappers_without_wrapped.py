# expect: came through the backward of a custom
# the corpus's no_grad-decorated Function, with `__wrapped__` deleted from each torch wrapper: the wrappers are
# functions of torch's file, the reader follows `__wrapped__` only, and their closures hold the hand formula
from torch.func import grad, vmap


def _fwd(w_, x_, y_):
    return (torch.tanh(x_ @ w_) - y_) ** 2


def _ctx(ctx, inputs, output):
    ctx.save_for_backward(*inputs)


def _bwd(ctx, g):
    w_, x_, y_ = ctx.saved_tensors
    t = torch.tanh(x_ @ w_)
    return g * 2 * (t - y_) * (1 - t ** 2) * x_, None, None


def _bare(fn):
    wrapper = torch.no_grad()(fn)
    del wrapper.__wrapped__
    return staticmethod(wrapper)


Loss = type("Loss", (torch.autograd.Function,), {
    "generate_vmap_rule": True,
    "forward": _bare(_fwd),
    "setup_context": _bare(_ctx),
    "backward": _bare(_bwd),
})
per_sample = vmap(grad(Loss.apply), in_dims=(None, 0, 0))(w, xs, ys)
