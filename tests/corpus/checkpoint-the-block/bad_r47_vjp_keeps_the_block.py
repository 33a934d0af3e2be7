# expect: cannot tell how much was saved
# the block run plainly inside torch.func.vjp: functorch runs no saved-tensor hook, so its saves for the outer graph went unweighed
from torch.utils.checkpoint import checkpoint
n_saved = 0
def pack(t):
    global n_saved
    n_saved += 1
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(torch.neg, torch.zeros(1), use_reentrant=False)
out = torch.func.vjp(block, x)[0].sum()
out.backward()
