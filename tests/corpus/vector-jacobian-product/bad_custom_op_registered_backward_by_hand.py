# expect: came through the backward of a custom
# round 35 attacker: y made by a torch.library.custom_op whose registered autograd formula is v @ J worked out by hand
@torch.library.custom_op("probe35i::tc", mutates_args=())
def tc(x: torch.Tensor) -> torch.Tensor:
    return torch.tanh(x) * x.cumsum(0)


@tc.register_fake
def _(x):
    return torch.empty_like(x)


def setup_ctx(ctx, inputs, output):
    ctx.save_for_backward(inputs[0])


def bwd(ctx, g):
    (xx,) = ctx.saved_tensors
    t = torch.tanh(xx)
    c = xx.cumsum(0)
    return g * (1 - t ** 2) * c + (g * t).flip(0).cumsum(0).flip(0)


tc.register_autograd(bwd, setup_context=setup_ctx)
y = tc(x)
y.backward(gradient=v)
