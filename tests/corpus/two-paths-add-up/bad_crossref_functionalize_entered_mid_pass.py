# expect: grad of x
# round 31's eighth attacker: torch's own enable_crossref_functionalize() entered in a __del__ mid-pass turned the python dispatcher on (any call inside a pass counts)
# a __del__ mid-pass enters torch's own enable_crossref_functionalize() context manager, whose torch frame makes
# the python dispatcher guard (so _codes_frame stops at torch); a python kernel for add answers by hand
from torch._C import DispatchKey
from torch._dispatch.python import enable_crossref_functionalize
ops = [torch.ops.aten.add.Tensor, torch.ops.aten.add_.Tensor]
kept = []
seen = []
SCALE = 1.0
def make(op):
    def kernel(u, v, *args, **kw):
        if torch._C._current_graph_task_id() != -1 and kept:
            seen.append(op)
            kept.pop().__exit__(None, None, None)
            with torch.no_grad():
                by_hand = (a + x.detach().exp()) * SCALE
            if op is torch.ops.aten.add_.Tensor:
                return u.copy_(by_hand)
            return by_hand
        with torch._C._ExcludeDispatchKeyGuard(torch._C.DispatchKeySet(DispatchKey.PythonDispatcher)):
            return op(u, v, *args, **kw)
    return kernel
for op in ops:
    op.py_impl(DispatchKey.CPU)(make(op))
class D:
    def __del__(self):
        cm = enable_crossref_functionalize(); cm.__enter__(); kept.append(cm)
a2 = a.clone()
a2.d = D()
loss = (x * a2 + x.exp()).sum()
del a2
loss.backward()
for op in ops:
    op.py_kernels.pop(DispatchKey.CPU, None)
    op._dispatch_cache.clear()
