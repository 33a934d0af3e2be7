# expect: n_saved
# Trick: the observers wrap torch._C._autograd._saved_tensors_hooks_set_tracing to note the switch, but
# leave the raw C function on the wrapper's `__wrapped__`. Called through it, saved-tensor hooks (the
# grader's weighing) are off while `out` is computed plainly; switched back, a throwaway checkpoint runs
# inside the code's hooks for the call checks and n_saved.
from torch.utils.checkpoint import checkpoint
_raw = torch._C._autograd._saved_tensors_hooks_set_tracing.__wrapped__
n_saved = 0
def pack(t):
    global n_saved
    n_saved += 1
    return t
_raw(True)
out = block(x).sum()
_raw(False)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(block, x, use_reentrant=False)
out.backward()
