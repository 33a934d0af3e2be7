from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

from torch.utils.checkpoint import noop_context_fn


def same_block(t):
    s = torch.sin(t)
    c = torch.cos(s)
    return torch.tanh(c)


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = checkpoint(same_block, x, use_reentrant=False, context_fn=noop_context_fn).sum(dim=0)
out.backward()
