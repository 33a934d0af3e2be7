# expect: came through the backward of a custom
# round 35 attacker: each micro-batch's loss is a custom_op whose registered backward is the linear-MSE gradient by hand
@torch.library.custom_op("probe35i::mb", mutates_args=())
def mb(out: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
    return ((out - yb) ** 2).mean() / 4


@mb.register_fake
def _(out, yb):
    return out.new_empty(())


def setup_ctx(ctx, inputs, output):
    ctx.save_for_backward(*inputs)


def bwd(ctx, g):
    out, yb = ctx.saved_tensors
    return g * 2 * (out - yb) / out.numel() / 4, None


mb.register_autograd(bwd, setup_context=setup_ctx)
for xb, yb in zip(X.split(2), y.split(2)):
    mb(model(xb), yb).backward()
