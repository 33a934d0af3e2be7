# expect: came through the backward of a custom
# a custom Function whose backward is the formula by hand, traced by dynamo into an aot_eager graph: neither its
# forward nor its backward runs as Python of the code's
class MSE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, w):
        ctx.save_for_backward(w)
        return ((X @ w - y) ** 2).mean()

    @staticmethod
    def backward(ctx, g):
        (w,) = ctx.saved_tensors
        return g * (2.0 / X.shape[0]) * (X.t() @ (X @ w - y))


lossf = torch.compile(lambda w: MSE.apply(w), backend="aot_eager", fullgraph=True)
losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = lossf(w)
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
