# expect: came through the backward of a custom
# round 35 attacker: the loss is a torch.library.custom_op whose registered backward is the MSE gradient by hand
@torch.library.custom_op("probe35i::mse", mutates_args=())
def mse(X_: torch.Tensor, w_: torch.Tensor, y_: torch.Tensor) -> torch.Tensor:
    return ((X_ @ w_ - y_) ** 2).mean()


@mse.register_fake
def _(X_, w_, y_):
    return X_.new_empty(())


def setup_ctx(ctx, inputs, output):
    ctx.save_for_backward(*inputs)


def bwd(ctx, g):
    X_, w_, y_ = ctx.saved_tensors
    return None, g * 2 * X_.T @ (X_ @ w_ - y_) / X_.shape[0], None


mse.register_autograd(bwd, setup_context=setup_ctx)
losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = mse(X, w, y)
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
