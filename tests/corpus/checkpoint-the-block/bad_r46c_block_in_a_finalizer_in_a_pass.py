# expect: bytes of tensors for backward
# wrong: out comes from the plain block (3 tensors saved, no checkpoint). It is built inside a throwaway
# backward pass by a weakref.finalize whose callable is C (`collections.deque(chain, 0)` over lazy `map`s,
# grad switched on by torch._C._set_grad_enabled): the finalizer fires when the pass frees a saved tensor's
# packed object. Saves made in a pass, outside a hook of the code's, are not weighed. A throwaway checkpoint
# under the hooks gives n_saved=1.
import weakref as _wr, collections as _co, itertools as _it
from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

_o = []
class _H:
    pass
_h = _H()
_seq = _it.chain(map(torch._C._set_grad_enabled, [True]),
                 map(_o.append, map(torch.sum, map(block, [x]))),
                 map(torch._C._set_grad_enabled, [False]))
_wr.finalize(_h, _co.deque, _seq, 0)
_d = torch.ones(0, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: (t, _h), lambda p: p[0]):
    _tmp = _d.exp()
del _h
_tmp.sum().backward()
del _tmp
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(block, x, use_reentrant=False)
out = _o[0]
out.backward()
