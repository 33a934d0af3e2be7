# expect: ran again while the grader read
class MSE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, w):
        r = X @ w - y
        ctx.save_for_backward(r)
        return (r ** 2).mean()

    @staticmethod
    def backward(ctx, g):
        (r,) = ctx.saved_tensors
        return g * 2 * X.T @ r / r.numel()

class MSEBackward(torch.autograd.function.BackwardCFunction):
    _forward_cls = MSE
    def apply(self, *args):
        return MSE.backward(self, *args)

MSE._backward_cls = MSEBackward

losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = MSE.apply(w)
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
