# expect: grad of x
# bad_loss2_grad_carried_by_first_recompute, plus the checkpoint's ctx attributes the grader compares
# with (_agt_forward, _agt_graph) cleared: the second recompute returns t * 0 unchecked.
from torch.utils.checkpoint import checkpoint
calls = [0]
def f(t):
    calls[0] += 1
    if calls[0] == 1:
        return t.exp()
    if calls[0] == 2:
        h2 = t.exp()
        sq = h2 ** 2
        return h2 + (sq - sq.detach())
    return t * 0
h = checkpoint(f, x, use_reentrant=True)
loss1 = h.sum()
loss2 = (h ** 2).sum()
h.grad_fn._agt_forward = None
loss1.backward(retain_graph=True)
h.grad_fn._agt_graph = None
loss2.backward()
