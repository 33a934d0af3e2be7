# expect: bytes of tensors for backward
# wrong: out comes from the plain block (3 tensors saved, no checkpoint); built, with enable_grad, inside the
# backward of a Function whose code carries a torch file name, during a throwaway pass (saves in a pass are
# not weighed; the Function reads as torch's); a throwaway checkpoint under the hooks gives n_saved=1
import os as _os
from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

_o = {}
_src = '''
class _F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.clone()
    @staticmethod
    def backward(ctx, g):
        with torch.enable_grad():
            _o['out'] = block(x).sum()
        return g
'''
exec(compile(_src, _os.path.join(_os.path.dirname(torch.__file__), "autograd", "function.py"), "exec"), globals())
_d = torch.ones(1, requires_grad=True)
_F.apply(_d).sum().backward()
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(block, x, use_reentrant=False)
out = _o['out']
out.backward()
