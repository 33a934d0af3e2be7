# expect: grad of w
import torch.utils.checkpoint as cp
y = x * w
y.register_hook(lambda g: g)
calls = [0]
def f(t):
    calls[0] += 1
    if calls[0] > 1:  # checkpoint's recompute in backward: save a different y
        with torch.no_grad():
            t2 = (2 * t).clamp(-0.5, 0.5) / 2
        t = t2.requires_grad_()
    return (t ** 2).sum()
loss = cp.checkpoint(f, y, use_reentrant=False)
loss.backward()
