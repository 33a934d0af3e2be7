# expect: grad of x
import math
import torch.utils.checkpoint as cp
calls = [0]
def f(x, w):
    calls[0] += 1
    if calls[0] == 1:                      # the forward: the starter's code, in-place op kept
        h = torch.sigmoid(x * w)
        h.mul_(2)
        return h, (h * x).sum()
    # checkpoint's recompute: same ops, on numbers chosen so the saved tensors carry the hand formulas
    with torch.no_grad():
        s = torch.sigmoid(x * w)
        gx = 2 * s + x * 2 * s * (1 - s) * w
        gw = x * 2 * s * (1 - s) * x
    A = gw.clone().requires_grad_()
    B = torch.zeros_like(x).requires_grad_()
    C = torch.full_like(x, math.log(1 / 3)).requires_grad_()
    H = gx.clone().requires_grad_()
    X2 = torch.full_like(x, 2.0).requires_grad_()
    _ = A * B
    S = torch.sigmoid(C)
    S.mul_(2)
    return S, (H * X2).sum()
h, loss = cp.checkpoint(f, x, w, use_reentrant=False)
loss.backward()
