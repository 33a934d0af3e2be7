# expect: came through the backward of a custom
class _Fwd:
    def __call__(self, ctx, w):
        r = X @ w - y
        ctx.save_for_backward(r)
        return (r ** 2).mean()

class _Bwd:
    def __call__(self, ctx, g):
        (r,) = ctx.saved_tensors
        return g * 2 * X.T @ r / r.numel()

class MSE(torch.autograd.Function):
    forward = _Fwd()
    backward = _Bwd()

losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = MSE.apply(w)
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
