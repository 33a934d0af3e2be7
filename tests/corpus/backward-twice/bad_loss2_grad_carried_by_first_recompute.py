# expect: grad of x
# loss2's gradient never goes through the shared graph: the first pass's reentrant recompute returns
# h2 + (h2**2 - (h2**2).detach()) (a second h, and loss2's work on it, reaching the recompute's outputs,
# so its nodes are taken off), carrying both losses' gradients; the second pass's recompute returns t * 0,
# so loss2.backward() adds nothing.
from torch.utils.checkpoint import checkpoint
calls = [0]
def f(t):
    calls[0] += 1
    if calls[0] == 1:                       # the forward, under no_grad
        return t.exp()
    if calls[0] == 2:                       # the recompute in loss1's pass
        h2 = t.exp()                        # h, computed a second time
        sq = h2 ** 2
        return h2 + (sq - sq.detach())      # value h2; gradient of loss1 + loss2
    return t * 0                            # the recompute in loss2's pass: no gradient
h = checkpoint(f, x, use_reentrant=True)
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
loss2.backward()
