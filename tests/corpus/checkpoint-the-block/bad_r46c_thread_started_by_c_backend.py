# expect: bytes of tensors for backward
# wrong: out comes from the plain block (3 tensors saved, no checkpoint), built in a thread started from C
# inside dynamo's compile step (not the code's thread: no saved-tensor hooks, not weighed); a throwaway
# checkpoint under the hooks gives n_saved=1
import _thread, functools as _ft
from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

_o = {}
_done = _thread.allocate_lock()
_done.acquire()
def _work():
    try:
        _o['out'] = block(x).sum()
    finally:
        _done.release()
try:
    torch.compile(lambda t: t + 1, backend=_ft.partial(set().union, map(_thread.start_new_thread, [_work], [()])))(torch.ones(2))
except Exception:
    pass
_done.acquire()
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(block, x, use_reentrant=False)
out = _o['out']
out.backward()
