# expect: grad of x
# round 31's seventh attacker: the python dispatcher's guard made by copy.copy from a __reduce_ex__ of the code's, in a __del__ mid-pass
# the python dispatcher guard made by copy.py's frame (copy.copy of an object whose __reduce_ex__ names
# torch._C._EnablePythonDispatcher), inside a __del__ the engine runs mid-pass; a python kernel for add
import copy
from torch._C import DispatchKey
ops = [torch.ops.aten.add.Tensor, torch.ops.aten.add_.Tensor]
kept = []
seen = []
SCALE = 1.0
class R:
    def __reduce_ex__(self, proto):
        return (torch._C._EnablePythonDispatcher, ())
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
        kept.append(copy.copy(R()))
a2 = a.clone()
a2.d = D()
loss = (x * a2 + x.exp()).sum()
del a2
loss.backward()
for op in ops:
    op.py_kernels.pop(DispatchKey.CPU, None)
    op._dispatch_cache.clear()
