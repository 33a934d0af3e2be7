# expect: grad of x
# a known false pass: a reentrant checkpoint's first and only recompute returns the forward's values through a graph of its own (docs/grading.md)
# The gradient of block is worked out by hand inside the reentrant recompute: it returns a tensor with
# block's value whose only graph is t * g (g: the chain rule written out), so autograd never
# differentiates block; x.grad holds the formula's numbers.
from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

def blk(t):
    if torch.is_grad_enabled():             # the recompute, in the backward pass
        with torch.no_grad():
            s, c = torch.sin(t), torch.cos(torch.sin(t))
            g = (1 - torch.tanh(c) ** 2) * (-torch.sin(s)) * torch.cos(t)   # d block / dt, by hand
            v = torch.tanh(c)
        p = t * g
        return v + (p - p.detach())
    return block(t)

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = checkpoint(blk, x, use_reentrant=True).sum()
out.backward()
