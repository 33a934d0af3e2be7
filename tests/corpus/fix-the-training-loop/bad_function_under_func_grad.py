# expect: came through the backward of a custom
# round 35 attacker: each step's gradient from torch.func.grad of a custom Function whose backward is the MSE gradient by hand
from torch.func import grad


class Mse(torch.autograd.Function):
    @staticmethod
    def forward(w_, X_, y_):
        return ((X_ @ w_ - y_) ** 2).mean()

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, gg):
        w_, X_, y_ = ctx.saved_tensors
        return gg * 2 * X_.T @ (X_ @ w_ - y_) / X_.shape[0], None, None


losses, grads = [], []
gf = grad(Mse.apply)
for step in range(5):
    gw = gf(w.detach(), X, y)
    grads.append(gw)
    with torch.no_grad():
        losses.append(((X @ w - y) ** 2).mean().item())
        w -= 0.1 * gw
