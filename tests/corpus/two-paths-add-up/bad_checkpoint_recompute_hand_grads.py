# expect: graph of loss
import torch.utils.checkpoint as cp
calls = [0]
def f(x):
    calls[0] += 1
    if calls[0] == 1:
        return (x * a + x.exp()).sum()
    # recompute: Mul saves `a`'s slot, Exp saves its result; fill them with the hand formula and zeros
    with torch.no_grad():
        total = a + x.exp()            # d loss / dx worked out by hand
    return (x * total + torch.full_like(x, -float("inf")).requires_grad_().exp()).sum()
loss = cp.checkpoint(f, x, use_reentrant=False)
loss.backward()
