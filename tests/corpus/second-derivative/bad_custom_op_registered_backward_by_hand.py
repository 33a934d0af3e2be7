# expect: came through the backward of a custom
# round 35 attacker: g1 by autograd with create_graph; g2 by a custom_op whose registered backward is d2y/dx2 by hand
@torch.library.custom_op("probe35i::d1", mutates_args=())
def d1(x_: torch.Tensor) -> torch.Tensor:
    return torch.cos(x_) * x_ ** 2 + 2 * x_ * torch.sin(x_)


@d1.register_fake
def _(x_):
    return torch.empty_like(x_)


def setup_ctx(ctx, inputs, output):
    ctx.save_for_backward(inputs[0])


def bwd(ctx, g):
    (x_,) = ctx.saved_tensors
    return g * (2 * torch.sin(x_) + 4 * x_ * torch.cos(x_) - x_ ** 2 * torch.sin(x_))


d1.register_autograd(bwd, setup_context=setup_ctx)
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(d1(x), x)
