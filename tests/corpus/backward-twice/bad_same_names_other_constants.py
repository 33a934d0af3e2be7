# expect: 4 graph nodes
# loss2's gradient by hand (2*exp(2x)) carried by loss1's pass; loss2's pass adds nothing.
# Both recomputes return exp(t) + (p - p.detach()), p = t * g: same values, same node names;
# only the constant g differs (2*exp(2t) first, -exp(t) second).
from torch.utils.checkpoint import checkpoint
calls = [0]
def f(t):
    calls[0] += 1
    if calls[0] == 1:
        return t.exp()
    with torch.no_grad():
        g = 2 * torch.exp(2 * t) if calls[0] == 2 else -torch.exp(t)
    p = t * g
    return t.exp() + (p - p.detach())
h = checkpoint(f, x, use_reentrant=True)
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
loss2.backward()
