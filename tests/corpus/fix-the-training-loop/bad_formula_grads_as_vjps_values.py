# expect: autograd did not compute
# no autograd: each step's gradient is the formula 2/N X^T (Xw - y), returned as the primal output of
# torch.func.vjp (five calls satisfy "autograd computes each step's gradient"; no pullback is called)
from torch.func import vjp
losses, grads = [], []
for step in range(5):
    wd = w.detach()
    g, _pullback = vjp(lambda t: 2 * X.T @ (X @ t - y) / len(y), wd)
    grads.append(g)
    losses.append(((X @ wd - y) ** 2).mean().item())
    with torch.no_grad():
        w -= 0.1 * g
