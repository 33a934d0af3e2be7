# expect: value of w
import torch.utils.checkpoint as cp
losses, grads = [], []
N = X.shape[0]
def make_f():
    calls = [0]
    def f(w):
        calls[0] += 1
        if calls[0] == 1:
            return ((X @ w - y) ** 2).mean()
        # checkpoint's recompute: same ops, saved tensors chosen so the gradient is the hand formula
        with torch.no_grad():
            g = 2.0 / N * X.T @ (X @ w - y)        # d loss / dw by hand
            Xp = torch.zeros_like(X); Xp[0] = g
            R = torch.zeros_like(y); R[0] = N / 2
        Wp = torch.zeros_like(w).requires_grad_()
        R.requires_grad_()
        _ = Xp @ Wp
        return (R ** 2).mean()
    return f
for step in range(5):
    w.grad = None
    loss = cp.checkpoint(make_f(), w, use_reentrant=False)
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
