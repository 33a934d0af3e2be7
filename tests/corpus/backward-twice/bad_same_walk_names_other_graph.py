# expect: 4 graph nodes
# h computed a second time inside loss1's pass, and loss2's work done on it there (its nodes on the
# recompute's outputs' graph: taken off the count); loss2's own pass adds nothing. Both recomputes
# return exp(t) bit for bit and their graphs walk as Add, Sub, Pow, Exp, but they are other graphs:
#   1st: h2 + (h2**2 - (h2**2).detach())   -> d/dt = h2 + 2*h2**2  (loss1's and loss2's gradient)
#   2nd: e.detach() + (q - q), q = e**2     -> d/dt = 0
from torch.utils.checkpoint import checkpoint
calls = [0]
def f(t):
    calls[0] += 1
    if calls[0] == 1:
        return t.exp()
    e = t.exp()
    q = e ** 2
    if calls[0] == 2:
        return e + (q - q.detach())
    return e.detach() + (q - q)
h = checkpoint(f, x, use_reentrant=True)
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
loss2.backward()
