# expect: grad of x
import torch.utils.checkpoint as cp
calls = [0]
def f(x, w):
    calls[0] += 1
    with torch.no_grad():
        s = torch.sigmoid(x * w)
        h0 = 2 * s
        if calls[0] == 1:      # the forward: P = h, Q = 0, so loss == sum(h * x)
            P, Q = h0, torch.zeros_like(w)
        else:                  # the recompute: the gradients worked out by hand
            P = h0 + x * 2 * s * (1 - s) * w
            Q = x * 2 * s * (1 - s) * x
    P, Q = torch._neg_view(-P), torch._neg_view(-Q)   # neg bit: the digest cannot read them
    return (x * P + w * Q).sum()
h = torch.sigmoid(x * w) * 2
loss = cp.checkpoint(f, x, w, use_reentrant=False)
loss.backward()
