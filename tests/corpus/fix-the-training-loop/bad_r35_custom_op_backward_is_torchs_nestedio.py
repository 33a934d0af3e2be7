# expect: came through the backward of a custom
# a torch.library.custom_op whose registered backward is torch's own NestedIOFunction.backward (a function of
# torch's file, so following `_backward_fn` finds nothing of the code's); it calls `ctx.backward_extended`, which the
# code's setup_context (never read) puts on the ctx: the MSE gradient by hand
from torch.autograd.function import NestedIOFunction


@torch.library.custom_op("probe35j::mse", mutates_args=())
def mse(X_: torch.Tensor, w_: torch.Tensor, y_: torch.Tensor) -> torch.Tensor:
    return ((X_ @ w_ - y_) ** 2).mean()


@mse.register_fake
def _(X_, w_, y_):
    return X_.new_empty(())


def _hand(X_, w_, y_):
    def bwd(g):
        return (None, g * 2 * X_.T @ (X_ @ w_ - y_) / X_.shape[0], None)
    return bwd


def setup_ctx(ctx, inputs, output):
    ctx.backward_extended = _hand(*[t.detach() for t in inputs])
    ctx._nested_output = (0,)  # one gradient in, as is


mse.register_autograd(NestedIOFunction.backward, setup_context=setup_ctx)
losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = mse(X, w, y)
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
