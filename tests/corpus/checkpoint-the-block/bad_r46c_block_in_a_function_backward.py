# expect: bytes of tensors for backward
# wrong: out comes from the plain block (3 tensors saved, no checkpoint); it is built, with enable_grad, inside a
# custom Function's backward during a throwaway pass (saves in a pass are weighed only inside a hook of the
# code's); a throwaway checkpoint under the hooks gives n_saved=1
from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

_o = {}
class _F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.clone()
    @staticmethod
    def backward(ctx, g):
        with torch.enable_grad():
            _o['out'] = block(x).sum()
        return g
_d = torch.ones(1, requires_grad=True)
_F.apply(_d).sum().backward()
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(block, x, use_reentrant=False)
out = _o['out']
out.backward()
