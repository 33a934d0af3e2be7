# expect: cannot tell how much was saved
# trick: no checkpoint of block at all: block runs plainly and saves all its intermediates, but with
# torch._C._autograd._saved_tensors_hooks_set_tracing(True) autograd skips the default saved-tensor hooks
# (the grader's weighing hook and the code's own `pack`), so footprint weighs 0 bytes and n_saved stays 0.
# A throwaway checkpoint call under the hooks satisfies the calls checks.
from torch.utils.checkpoint import checkpoint
n_saved = 0
def pack(t):
    global n_saved
    n_saved += 1
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(torch.neg, torch.zeros(1), use_reentrant=False)
    torch._C._autograd._saved_tensors_hooks_set_tracing(True)
    out = block(x).sum()
    torch._C._autograd._saved_tensors_hooks_set_tracing(False)
out.backward()
