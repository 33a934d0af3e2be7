# expect: cannot tell how much was saved
# the block run plainly inside torch.func.grad_and_value: functorch runs no saved-tensor hook, so its saves for the outer graph went unweighed
from torch.utils.checkpoint import checkpoint
n_saved = 0
def pack(t):
    global n_saved
    n_saved += 1
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(torch.neg, torch.zeros(1), use_reentrant=False)
_, out = torch.func.grad_and_value(lambda t: block(t).sum())(x)
out.backward()
