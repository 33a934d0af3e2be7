# expect: grad of x
import torch.utils.checkpoint as cp
n = [0]
def f(x):
    n[0] += 1
    if n[0] == 1:
        return torch.tanh(x) * x.cumsum(0)
    # checkpoint's recompute: the saved tensors become what the hand-derived VJP needs
    with torch.no_grad():
        t = torch.tanh(x)
        G = v * x.cumsum(0) * (1 - t * t) + (v * t).flip(0).cumsum(0).flip(0)   # v @ J by hand
    z = torch.zeros_like(x).requires_grad_()
    c = (G / v).requires_grad_()
    return torch.tanh(z) * c
y = cp.checkpoint(f, x, use_reentrant=False)
y.backward(gradient=v)
