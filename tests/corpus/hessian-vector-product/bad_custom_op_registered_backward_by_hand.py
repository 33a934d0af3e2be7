# expect: came through the backward of a custom
# round 35 attacker: f's gradient comes from a custom_op whose registered backward is the H @ v product by hand
@torch.library.custom_op("probe35i::gf", mutates_args=())
def gdotv(x_: torch.Tensor, v_: torch.Tensor) -> torch.Tensor:
    g = torch.cos(x_) * x_.roll(1) + torch.sin(x_).roll(-1) + 3 * x_ ** 2
    return g @ v_


@gdotv.register_fake
def _(x_, v_):
    return x_.new_empty(())


def setup_ctx(ctx, inputs, output):
    ctx.save_for_backward(*inputs)


def bwd(ctx, gg):
    x_, v_ = ctx.saved_tensors
    hv = (-torch.sin(x_) * x_.roll(1) + 6 * x_) * v_ + torch.cos(x_) * v_.roll(1) + (torch.cos(x_) * v_).roll(-1)
    return gg * hv, None


gdotv.register_autograd(bwd, setup_context=setup_ctx)
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad(gdotv(x, v), x)
