# expect: grad of x
# loss2's gradient is worked out by hand (2 * exp(2x)) and slipped in through the first pass's reentrant
# recompute (p - p.detach(), p = t * g: a node on the outputs' graph, taken off the count); loss2's own
# pass goes through a recompute that returns t * 0 and adds nothing.
from torch.utils.checkpoint import checkpoint
calls = [0]
def f(t):
    calls[0] += 1
    if calls[0] == 1:
        return t.exp()
    if calls[0] == 2:
        g = 2 * torch.exp(2 * t.detach())   # d loss2 / d x, by hand
        p = t * g
        return t.exp() + (p - p.detach())
    return t * 0
h = checkpoint(f, x, use_reentrant=True)
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
loss2.backward()
