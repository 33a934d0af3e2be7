# expect: cannot tell how much was saved
# Trick: the observers weigh saves through their saved-tensor hooks, pushed on torch's default-hooks
# stack before the code. The code pops them with the raw C call (unwatched), computes `out` plainly
# (block's intermediates saved, unweighed), pushes the grader's own pair back, and runs a throwaway
# checkpoint inside its hooks for the call checks and n_saved.
import sys
from torch.utils.checkpoint import checkpoint
_A = torch._C._autograd
_os = sys.modules["tutor.grade.observe_saved"]
n_saved = 0
def pack(t):
    global n_saved
    n_saved += 1
    return t
_A._pop_saved_tensors_default_hooks()
out = block(x).sum()
_A._push_saved_tensors_default_hooks(_os._pack, _os._unpack)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(block, x, use_reentrant=False)
out.backward()
