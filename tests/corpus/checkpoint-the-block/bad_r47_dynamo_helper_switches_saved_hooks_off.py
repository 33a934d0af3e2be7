# expect: cannot tell how much was saved
# dynamo's own helper turns every saved-tensor hook off (the one torch.compile uses while it traces): the block
# runs plainly, keeping all it saves, and no hook weighs it
import torch._dynamo.utils
from torch.utils.checkpoint import checkpoint

n_saved = 0


def pack(t):
    global n_saved
    n_saved += 1
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(torch.neg, torch.zeros(1), use_reentrant=False)
    with torch._dynamo.utils._disable_saved_tensors_hooks_during_tracing():
        out = block(x).sum()
out.backward()
