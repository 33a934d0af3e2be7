# expect: came through the backward of a custom
# caught since round 35: code of the code's that a pass ran outside its hooks (NOTE [the code's own code in a pass])
# out computed plainly (not checkpointed) under hooks pushed through torch's private API; a checkpoint run thrown away
from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(block, x, use_reentrant=False)
n_saved = 0
torch._C._autograd._push_saved_tensors_default_hooks(lambda t: t, lambda t: t)
try:
    out = block(x).sum()
finally:
    torch._C._autograd._pop_saved_tensors_default_hooks()
n_saved = 1
out.backward()
