# expect: your code saved 96 bytes of tensors for backward
# wrong: out comes from the plain block (3 tensors saved, no checkpoint); it is built inside a hook of a
# throwaway backward pass, where saves are not weighed; a throwaway checkpoint under the hooks gives n_saved=1
from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

_o = {}
def _hk(g):
    with torch.enable_grad():
        _o['out'] = block(x).sum()
_d = torch.ones(1, requires_grad=True)
_d.register_hook(_hk)
(_d * 1).sum().backward()
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(block, x, use_reentrant=False)
out = _o['out']
out.backward()
