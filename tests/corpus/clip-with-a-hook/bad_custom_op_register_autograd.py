# expect: grad of w
# loss is a torch.library custom_op whose register_autograd backward is the clipped chain rule by hand
# (the generated Function's backward lives in torch's folder); an idle hook on y for the count
y = x * w
y.register_hook(lambda g: g)

@torch.library.custom_op("probe32::sqloss", mutates_args=())
def sqloss(x_: torch.Tensor, w_: torch.Tensor) -> torch.Tensor:
    return ((x_ * w_) ** 2).sum()

@sqloss.register_fake
def _(x_, w_):
    return x_.new_empty(())

def setup_context(ctx, inputs, output):
    ctx.save_for_backward(*inputs)

def bwd(ctx, g):
    x_, w_ = ctx.saved_tensors
    dy = (2 * x_ * w_).clamp(-0.5, 0.5)
    return g * dy * w_, g * dy * x_

sqloss.register_autograd(bwd, setup_context=setup_context)
loss = sqloss(x, w)
loss.backward()
